// The store's one writer: a package lands whole under the layout's place for its id, replacing an earlier
// one entirely, and leaves no staging folder behind.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutIdOf, packageDirFor } from '../../src/package-store/layout.js';
import { writePackage } from '../../src/package-store/write-package.js';

const ID = '0xAB' + 'c'.repeat(62);

describe('writePackage', () => {
  it('files a package under 0x<2 hex>/<62 hex>, replaces it whole, and leaves no staging behind', async () => {
    const root = mkdtempSync(join(tmpdir(), 'store-write-'));
    const first = await writePackage(root, {
      packageId: ID,
      modules: [
        { name: 'a', bytes: Uint8Array.of(1) },
        { name: 'b', bytes: Uint8Array.of(2) },
      ],
    });
    const dir = join(root, '0xab', 'c'.repeat(62));
    expect(first).toEqual({ package_id: ID.toLowerCase(), package_dir: dir });
    expect(packageDirFor(root, ID)).toBe(dir);
    expect(layoutIdOf(dir)).toBe(ID.toLowerCase());

    await writePackage(root, {
      packageId: ID,
      modules: [{ name: 'c', bytes: Uint8Array.of(3) }],
      metadata: { v: 2 },
    });
    expect(readdirSync(join(dir, 'bytecode_modules'))).toEqual(['c.mv']);
    expect(JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8'))).toEqual({
      id: ID.toLowerCase(),
      v: 2,
    });
    expect(readdirSync(join(root, '0xab'))).toEqual(['c'.repeat(62)]);
  });

  it('keeps a relative root relative in the layout, and absolute in what it returns', async () => {
    const root = relative(process.cwd(), mkdtempSync(join(tmpdir(), 'store-rel-')));
    expect(packageDirFor(root, '0x2')).toBe(join(root, '0x00', '0'.repeat(61) + '2'));
    const written = await writePackage(root, {
      packageId: '0x2',
      modules: [{ name: 'm', bytes: Uint8Array.of(0) }],
    });
    expect(written.package_dir).toBe(join(process.cwd(), root, '0x00', '0'.repeat(61) + '2'));
  });
});
