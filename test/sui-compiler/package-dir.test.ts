// Reading a Move package from disk, and the Move.toml subset. Each bad input must give one clear line.
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MovePackageError, readMovePackage } from '../../src/move-compiler/package.js';
import { MoveTomlError, parseMoveToml } from '../../src/move-compiler/move-toml.js';

const MANIFEST = `[package]
name = "Demo" # the package
edition = "2024"

[dependencies]
Sui = { git = "https://github.com/MystenLabs/sui.git", subdir = "crates/sui-framework/packages/sui-framework", rev = "framework/mainnet" }

[dependencies.Extra]
local = "../extra"

[addresses]
demo = "0x0"
"quoted" = "0x2"

[dev-addresses]
demo = "0x42"
`;

const dirs: string[] = [];
function packageDir(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'move-pkg-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function failure(dir: string): Promise<string> {
  const error: unknown = await readMovePackage(dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MovePackageError);
  const message = (error as Error).message;
  expect(message).not.toContain('\n');
  return message;
}

describe('parseMoveToml', () => {
  it('reads name, edition, addresses, dev addresses and dependency names', () => {
    expect(parseMoveToml(MANIFEST)).toEqual({
      packageName: 'Demo',
      edition: '2024',
      addresses: { demo: '0x0', quoted: '0x2' },
      devAddresses: { demo: '0x42' },
      dependencies: ['Sui', 'Extra'],
    });
  });

  it('names the line of a malformed entry', () => {
    expect(() => parseMoveToml('[package]\nname = "x"\nthis is not toml\n')).toThrow(/^Move\.toml line 3: /);
    expect(() => parseMoveToml('[package]\nname = "x\n')).toThrow(MoveTomlError);
    expect(() => parseMoveToml('[addresses]\na = "0x1"\n')).toThrow("[package] has no 'name'");
  });
});

describe('readMovePackage', () => {
  it('reads Move.toml and every .move file under sources/, with package-relative paths', async () => {
    const dir = packageDir({
      'Move.toml': MANIFEST,
      'sources/b.move': 'module demo::b;\n',
      'sources/nested/a.move': 'module demo::a;\n',
      'sources/notes.txt': 'not Move',
      'tests/t.move': 'module demo::t;\n',
    });
    const pkg = await readMovePackage(dir);
    expect(pkg).toEqual({
      name: 'Demo',
      edition: '2024',
      addresses: { demo: '0x0', quoted: '0x2' },
      dependencies: ['Sui', 'Extra'],
      files: [
        { path: 'sources/b.move', text: 'module demo::b;\n' },
        { path: 'sources/nested/a.move', text: 'module demo::a;\n' },
      ],
    });
  });

  it('refuses a directory without Move.toml', async () => {
    expect(await failure(packageDir({ 'sources/a.move': '' }))).toMatch(/^no Move\.toml in /);
  });

  it('refuses a malformed Move.toml, naming the line', async () => {
    expect(await failure(packageDir({ 'Move.toml': '[package]\nname = \n', 'sources/a.move': '' }))).toMatch(
      /^malformed Move\.toml line 2: /,
    );
  });

  it('refuses a package without sources', async () => {
    expect(await failure(packageDir({ 'Move.toml': MANIFEST }))).toMatch(
      /^no Move sources: .*sources is missing$/,
    );
    expect(await failure(packageDir({ 'Move.toml': MANIFEST, 'sources/readme.md': '' }))).toMatch(
      /^no Move sources: no \.move file/,
    );
  });

  it('refuses a file that is not UTF-8, naming it', async () => {
    const dir = packageDir({
      'Move.toml': MANIFEST,
      'sources/bad.move': Buffer.from([0x6d, 0xff, 0xfe, 0x0a]),
    });
    expect(await failure(dir)).toBe('sources/bad.move is not valid UTF-8');
  });

  it('refuses a file over 1 MB, saying the limit', async () => {
    const dir = packageDir({ 'Move.toml': MANIFEST, 'sources/big.move': `// ${'x'.repeat(1024 * 1024)}\n` });
    expect(await failure(dir)).toMatch(
      /^sources\/big\.move is \d+ bytes; a source file may be at most 1048576 bytes \(1 MB\)$/,
    );
  });

  it('refuses symbolic links, which could reach outside sources/', async () => {
    const outside = packageDir({ 'secret.move': 'module x::y;\n' });
    const dir = packageDir({ 'Move.toml': MANIFEST, 'sources/a.move': 'module demo::a;\n' });
    symlinkSync(join(outside, 'secret.move'), join(dir, 'sources', 'link.move'));
    expect(await failure(dir)).toBe(
      'sources/link.move is a symbolic link; sources must be regular files inside sources/',
    );
    const linkedSources = packageDir({ 'Move.toml': MANIFEST });
    symlinkSync(outside, join(linkedSources, 'sources'));
    expect(await failure(linkedSources)).toMatch(/sources is a symbolic link$/);
  });
});
