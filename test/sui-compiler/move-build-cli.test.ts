// `smi-bench move build`, run in-process through its command function: Sui's compiler builds the package
// against stubs made from the corpus's bytecode, into the build layout of `sui move build`; failures exit 1
// with Sui's diagnostic text and a failure line; bad input is one line.
import {
  existsSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runMoveBuild } from '../../src/cli/move-command.js';
import { CORPUS_DIR, PROJECT_ROOT, SHARED_PACKAGE_DIRS } from '../support/paths.js';

const HELPERS = join(PROJECT_ROOT, 'test', 'sui-compiler', 'helpers');
const WRAPPER_COIN = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
/** The corpus's folder of 0x1, 0x2 and 0x3: a framework directory of its own. */
const FRAMEWORK_DIR = join(SHARED_PACKAGE_DIRS[`0x${'0'.repeat(63)}2`]!, '..');

function captureIo(): {
  io: { out(line: string): void; log(line: string): void };
  out: string[];
  err: string[];
} {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (line) => out.push(line), log: (line) => err.push(line) }, out, err };
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'move-build-'));
  dirs.push(dir);
  return dir;
}

/** A package directory with this Move.toml and one source, `sources/m.move`. */
function writePackage(moveToml: string, source: string): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'sources'));
  writeFileSync(join(dir, 'Move.toml'), moveToml);
  writeFileSync(join(dir, 'sources', 'm.move'), source);
  return dir;
}

/** Every path under `dir`, sorted. */
const listTree = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

/** Every Move module starts with the magic bytes a1 1c eb 0b. */
const magic = (path: string) => [...readFileSync(path).subarray(0, 4)];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('move build', () => {
  it('writes <out>/<package>/bytecode_modules/<module>.mv and exits 0 (framework from --framework-dir)', async () => {
    const outDir = tempDir();
    const { io, err } = captureIo();
    const status = await runMoveBuild(
      join(HELPERS, '01-coin-basics'),
      { frameworkDir: FRAMEWORK_DIR, outDir },
      io,
    );
    expect(err.join('\n')).toMatch(/^Built CoinBasics: 1 module in /);
    expect(status).toBe(0);
    expect(magic(join(outDir, 'CoinBasics', 'bytecode_modules', 'coin_basics.mv'))).toEqual([
      0xa1, 0x1c, 0xeb, 0x0b,
    ]);
  });

  it('builds against a corpus --target, named target_pkg in the sources', async () => {
    const outDir = tempDir();
    const { io, err } = captureIo();
    const status = await runMoveBuild(
      join(HELPERS, '28-wrapper-coin-target'),
      { corpusRoot: CORPUS_DIR, target: WRAPPER_COIN, outDir },
      io,
    );
    expect(err.join('\n')).toMatch(/^Built WrapperCoinTarget: 1 module in /);
    expect(status).toBe(0);
    expect(magic(join(outDir, 'WrapperCoinTarget', 'bytecode_modules', 'probe.mv'))).toEqual([
      0xa1, 0x1c, 0xeb, 0x0b,
    ]);
  });

  it("prints Sui's diagnostics and a failure line counting the errors, and exits 1", async () => {
    const dir = writePackage(
      '[package]\nname = "Broken"\nedition = "2024"\n\n[addresses]\nbroken = "0x0"\n',
      'module broken::m;\nfun a() { let x = ; }\nfun b(: u64) {}\n',
    );
    const { io, err } = captureIo();
    expect(await runMoveBuild(dir, { corpusRoot: CORPUS_DIR }, io)).toBe(1);
    const text = err.join('\n');
    expect(text).toContain('error[E01002]: unexpected token\n  ┌─ sources/m.move:2:19\n');
    expect(text).toContain('error[E01002]: unexpected token\n  ┌─ sources/m.move:3:7\n');
    // Sui also warns that a and b are never called; warnings are not counted.
    expect(text).toContain('warning[W09008]: unused function');
    expect(err[err.length - 1]).toBe('Failed to build Move package: 2 errors');
    expect(existsSync(join(dir, 'build'))).toBe(false);
  });

  it('reports bad input in one line and exits 2, as every command does', async () => {
    const missing = join(tempDir(), 'nothing-here');
    const noPackage = captureIo();
    expect(await runMoveBuild(missing, { corpusRoot: CORPUS_DIR }, noPackage.io)).toBe(2);
    expect(noPackage.err).toHaveLength(1);
    expect(noPackage.err[0]).toMatch(/^error: no Move\.toml in /);
    // The framework stubs are made from bytecode: without a place to read it there is nothing to build on.
    const noFramework = captureIo();
    expect(await runMoveBuild(join(HELPERS, '01-coin-basics'), {}, noFramework.io)).toBe(2);
    expect(noFramework.err).toEqual([
      'error: give --corpus-root or --framework-dir: the framework stubs are made from its bytecode',
    ]);
  });

  it('refuses a package name that is not a Move identifier, and writes nothing anywhere', async () => {
    // The name names the output folder: `../../x` would put it two folders above build/, beside the package.
    const base = tempDir();
    const dir = join(base, 'a', 'pkg');
    mkdirSync(join(dir, 'sources'), { recursive: true });
    writeFileSync(join(dir, 'sources', 'm.move'), 'module x::m;\n');
    writeFileSync(join(dir, 'Move.toml'), '');
    const before = listTree(base);
    for (const name of ['../../x', 'x/y', '9lives', '_', '', 'a-b']) {
      writeFileSync(join(dir, 'Move.toml'), `[package]\nname = "${name}"\nedition = "2024"\n`);
      const { io, err } = captureIo();
      expect(await runMoveBuild(dir, { corpusRoot: CORPUS_DIR }, io)).toBe(2);
      expect(err).toEqual([
        `error: Move.toml in ${dir}: the [package] name ${JSON.stringify(name)} is not a Move identifier ` +
          '(letters, digits and _, starting with a letter, or with _ and one more character); Sui refuses it too',
      ]);
      expect(listTree(base)).toEqual(before);
    }
    // Sui's rule lets these through: `_` with one more character, letters, digits.
    writeFileSync(
      join(dir, 'Move.toml'),
      '[package]\nname = "_x9"\nedition = "2024"\n\n[addresses]\nx = "0x0"\n',
    );
    const { io } = captureIo();
    expect(await runMoveBuild(dir, { corpusRoot: CORPUS_DIR }, io)).toBe(0);
    expect(existsSync(join(dir, 'build', '_x9', 'bytecode_modules', 'm.mv'))).toBe(true);
  });

  it("reports Sui's refusal of the package itself (an unknown edition) as such, not as a crash", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sources'));
    writeFileSync(join(dir, 'Move.toml'), '[package]\nname = "Future"\nedition = "2099"\n');
    writeFileSync(join(dir, 'sources', 'm.move'), 'module future::m;\n');
    const { io, err } = captureIo();
    expect(await runMoveBuild(dir, { corpusRoot: CORPUS_DIR }, io)).toBe(1);
    expect(err[0]).toContain("Invalid Move edition '2099'");
    expect(err[err.length - 1]).toBe('Failed to build Move package: manifest');
  });

  it("provides the framework for the Move.toml's own Sui dependency, and refuses one it cannot provide", async () => {
    const toml = (dependencies: string) =>
      `[package]\nname = "Needs"\nedition = "2024"\n\n[dependencies]\n${dependencies}\n\n[addresses]\nneeds = "0x0"\n`;
    const source =
      'module needs::m;\n\npublic fun zero(): u64 { sui::balance::zero<sui::sui::SUI>().destroy_zero(); 0 }\n';
    const sui =
      'Sui = { git = "https://github.com/MystenLabs/sui.git", subdir = "crates/sui-framework/packages/sui-framework", rev = "framework/mainnet" }';
    const built = captureIo();
    const outDir = tempDir();
    expect(
      await runMoveBuild(writePackage(toml(sui), source), { corpusRoot: CORPUS_DIR, outDir }, built.io),
    ).toBe(0);
    expect(built.err.join('\n')).toMatch(/^Built Needs: 1 module in /);

    const refused = captureIo();
    const withLocal = writePackage(toml(`${sui}\nOracles = { local = "../oracles" }`), source);
    expect(await runMoveBuild(withLocal, { corpusRoot: CORPUS_DIR, target: WRAPPER_COIN }, refused.io)).toBe(
      1,
    );
    expect(refused.err).toHaveLength(2);
    expect(refused.err[0]).toMatch(/^local dependency Oracles \(\.\.\/oracles\) of Needs is not available/);
    expect(refused.err[1]).toBe('Failed to build Move package: dependencies');
  });

  it('refuses a --target that is not in the corpus, naming it, before compiling', async () => {
    const { io, err } = captureIo();
    const status = await runMoveBuild(
      join(HELPERS, '01-coin-basics'),
      { corpusRoot: CORPUS_DIR, target: '0xdead' },
      io,
    );
    expect(status).toBe(1);
    expect(err).toHaveLength(2);
    expect(err[0]).toMatch(/has no package 0x0+dead \(the target\): fetch it into the corpus$/);
    expect(err[1]).toBe('Failed to build Move package: dependencies');
  });
});
