// Reading a Move package from disk, and what the build adds to its Move.toml. Each bad input must give one
// clear line.
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packageName, withBuildDependencies } from '../../src/sui-compiler/manifest.js';
import { MovePackageError, readMovePackage } from '../../src/sui-compiler/package-dir.js';

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

describe('Move.toml', () => {
  it('reads the package name, whatever the comments', () => {
    expect(packageName(MANIFEST)).toBe('Demo');
    expect(packageName('[addresses]\nname = "not this"\n')).toBeNull();
  });

  it("puts the build's dependencies and addresses in, leaving out the package's own framework entries", () => {
    const toml = withBuildDependencies(MANIFEST.replace('demo = "0x0"', 'demo = "0x0"\ntarget_pkg = "0x9"'), {
      dependencies: { target_pkg: '{ local = "t" }' },
      addresses: {},
    });
    expect(toml).toContain(
      '[dependencies]\ntarget_pkg = { local = "t" }\n\n[dependencies.Extra]\nlocal = "../extra"',
    );
    expect(toml).not.toContain('MystenLabs');
    expect(toml).not.toContain('target_pkg = "0x9"');
    expect(toml).toContain('demo = "0x0"');
  });

  it('drops a whole [dependencies.Sui] table and sets target_pkg where the build says', () => {
    const own =
      '[package]\nname = "h"\n\n[dependencies.Sui]\ngit = "https://github.com/MystenLabs/sui.git"\nrev = "framework/testnet"\n\n[addresses]\nh = "0x0"\ntarget_pkg = "0x5"\n';
    expect(withBuildDependencies(own, { dependencies: {}, addresses: { target_pkg: '0x2' } })).toBe(
      '[package]\nname = "h"\n\n[addresses]\ntarget_pkg = "0x2"\nh = "0x0"\n',
    );
  });

  it("leaves out any dependency on Sui's repository, whatever its alias, and keeps other repositories", () => {
    const own = [
      '[package]',
      'name = "h"',
      '',
      '[dependencies]',
      'Framework = { git = "git@github.com:MystenLabs/sui.git", subdir = "crates/sui-framework/packages/sui-framework", rev = "main" }',
      'Lib = { git = "https://github.com/MystenLabs/sui-lib.git", rev = "main" }',
      '',
    ].join('\n');
    expect(withBuildDependencies(own, { dependencies: {}, addresses: {} })).toBe(
      '[package]\nname = "h"\n\n[dependencies]\nLib = { git = "https://github.com/MystenLabs/sui-lib.git", rev = "main" }\n',
    );
  });

  it('makes the sections it needs when there are none', () => {
    const toml = withBuildDependencies('[package]\nname = "h"\n', {
      dependencies: { target_pkg: '{ local = "t" }' },
      addresses: {},
    });
    expect(toml).toBe('[package]\nname = "h"\n\n[dependencies]\ntarget_pkg = { local = "t" }\n');
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
      moveToml: MANIFEST,
      files: [
        { path: 'sources/b.move', text: 'module demo::b;\n' },
        { path: 'sources/nested/a.move', text: 'module demo::a;\n' },
      ],
    });
  });

  it('refuses a directory without Move.toml', async () => {
    expect(await failure(packageDir({ 'sources/a.move': '' }))).toMatch(/^no Move\.toml in /);
  });

  it('refuses a Move.toml without a package name', async () => {
    expect(await failure(packageDir({ 'Move.toml': '[package]\nname = \n', 'sources/a.move': '' }))).toMatch(
      /^Move\.toml in .* has no \[package\] name$/,
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
      /sources\/big\.move has \d+ bytes, more than the 1048576 allowed for a source file \(1 MB\)$/,
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
