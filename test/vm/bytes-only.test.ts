// The VM takes packages as bytes: finding and reading package folders is the package store's
// (src/package-store/), so no file of the VM opens the file system or reaches up into the store.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const VM_DIR = join(import.meta.dirname, '../../src/vm');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('src/vm reads no folders', () => {
  it('imports neither the file system nor the package store', () => {
    const files = sources(VM_DIR);
    expect(files.length).toBeGreaterThan(20);
    const offending = files.filter((file) =>
      /from '(node:fs|node:fs\/promises|fs|[./]+\/package-store\/[^']*|[./]+\/corpus\/[^']*)'/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(offending).toEqual([]);
  });
});
