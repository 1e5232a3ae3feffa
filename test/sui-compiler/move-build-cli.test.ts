// `smi-bench move build`, run in-process through its command function: the build layout of
// `sui move build`, exit statuses, and one-line errors for bad input.
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runMoveBuild } from '../../src/cli/move-command.js';
import { CORPUS_DIR, PROJECT_ROOT } from '../support/paths.js';

const HELPERS = resolve(PROJECT_ROOT, 'test', 'move-compiler', 'helpers');

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

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('move build', () => {
  it('writes <out>/<package>/bytecode_modules/<module>.mv and exits 0', async () => {
    const outDir = tempDir();
    const { io, err } = captureIo();
    const status = await runMoveBuild(
      join(HELPERS, '01-coin-basics'),
      { corpusRoot: CORPUS_DIR, outDir },
      io,
    );
    expect(err.join('\n')).toMatch(/^Built CoinBasics: 1 module in /);
    expect(status).toBe(0);
    const module = join(outDir, 'CoinBasics', 'bytecode_modules', 'coin_basics.mv');
    // Every Move module starts with the magic bytes a1 1c eb 0b.
    expect([...readFileSync(module).subarray(0, 4)]).toEqual([0xa1, 0x1c, 0xeb, 0x0b]);
  });

  it('prints the diagnostics and a failure line, and exits 1, when the source has errors', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sources'));
    writeFileSync(join(dir, 'Move.toml'), '[package]\nname = "Broken"\n\n[addresses]\nbroken = "0x0"\n');
    writeFileSync(
      join(dir, 'sources', 'm.move'),
      'module broken::m;\nfun a() { let x = ; }\nfun b(: u64) {}\n',
    );
    const { io, err } = captureIo();
    expect(await runMoveBuild(dir, { corpusRoot: CORPUS_DIR }, io)).toBe(1);
    const text = err.join('\n');
    expect(text).toContain('error[E01002]: unexpected token\n  ┌─ sources/m.move:2:19\n');
    expect(text).toContain('  ┌─ sources/m.move:3:7\n');
    expect(err[err.length - 1]).toBe('Failed to build Move package: 2 errors');
    expect(existsSync(join(dir, 'build'))).toBe(false);
  });

  it('reports bad input in one line and exits 1', async () => {
    const missing = join(tempDir(), 'nothing-here');
    const { io, err } = captureIo();
    expect(await runMoveBuild(missing, {}, io)).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^error: no Move\.toml in /);
  });

  it('refuses a Move.toml dependency it cannot provide, in one line, before compiling', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sources'));
    writeFileSync(
      join(dir, 'Move.toml'),
      '[package]\nname = "Needs"\n\n[dependencies]\nSui = { git = "x", rev = "y" }\nOracles = { local = "../oracles" }\n\n[addresses]\nneeds = "0x0"\n',
    );
    writeFileSync(join(dir, 'sources', 'm.move'), 'module needs::m;\n');
    const { io, err } = captureIo();
    expect(await runMoveBuild(dir, { corpusRoot: CORPUS_DIR }, io)).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^error: Move\.toml names the dependency Oracles, which this build cannot provide/,
    );
    // With a target, that one dependency stands for it (the framework names are always provided).
    const withTarget = captureIo();
    const wrapperCoin = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
    expect(await runMoveBuild(dir, { corpusRoot: CORPUS_DIR, target: wrapperCoin }, withTarget.io)).toBe(0);
  });

  it('refuses a --target that is not in the corpus, in one line', async () => {
    const { io, err } = captureIo();
    const status = await runMoveBuild(
      join(HELPERS, '01-coin-basics'),
      { corpusRoot: CORPUS_DIR, target: '0xdead' },
      io,
    );
    expect(status).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^error: .*dead/);
  });
});
