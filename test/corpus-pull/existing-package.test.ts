// What `corpus pull` finds where it would write a package is read as any corpus is: a FIFO in place of
// metadata.json, bcs.json or a module is no copy of the package, and reading it never blocks (a FIFO with
// no writer would block the pull for ever).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { existingPackage, holdsExactly } from '../../src/corpus-pull/existing-package.js';

const ID = `0x${'ab'.repeat(32)}`;
const MODULE = new Uint8Array([0xa1, 0x1c, 0xeb, 0x0b, 6, 0, 0, 0]);

function packageFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'smi-existing-'));
  mkdirSync(join(root, ID.slice(0, 4), ID.slice(4), 'bytecode_modules'), { recursive: true });
  return root;
}
const folderOf = (root: string) => join(root, ID.slice(0, 4), ID.slice(4));

/** The package's metadata.json and bcs.json (one module, `m`, of MODULE's bytes); the folder. */
function writeTables(root: string): string {
  const dir = folderOf(root);
  writeFileSync(join(dir, 'metadata.json'), JSON.stringify({ id: ID }));
  writeFileSync(
    join(dir, 'bcs.json'),
    JSON.stringify({ moduleMap: { m: Buffer.from(MODULE).toString('base64') }, linkageTable: {} }),
  );
  return dir;
}

describe('what a pull finds in its output folder', () => {
  it('is no package where metadata.json is a FIFO', () => {
    const root = packageFolder();
    execFileSync('mkfifo', [join(folderOf(root), 'metadata.json')]);
    expect(existingPackage(root, ID)).toEqual({ kind: 'foreign', why: 'it has no readable metadata.json' });
  });

  it('is not whole where a module is a FIFO, and holds nothing exactly', () => {
    const root = packageFolder();
    const dir = writeTables(root);
    execFileSync('mkfifo', [join(dir, 'bytecode_modules', 'm.mv')]);
    expect(existingPackage(root, ID)).toEqual({ kind: 'partial' });
    const files = new Map([
      ['metadata.json', Buffer.from(JSON.stringify({ id: ID }))],
      [join('bytecode_modules', 'm.mv'), Buffer.from(MODULE)],
    ]);
    expect(holdsExactly(dir, files)).toBe(false);
  });

  it('is whole where the module is the bytes bcs.json names', () => {
    const root = packageFolder();
    writeFileSync(join(writeTables(root), 'bytecode_modules', 'm.mv'), MODULE);
    expect(existingPackage(root, ID)).toEqual({ kind: 'whole', links: [] });
  });
});
