// `smi-bench sandbox` as a user meets it: bad input refused before anything starts with a message that says
// what to do, upstream flags that do not apply refused with the reason, and a whole run on the real corpus
// followed by `status` and `results`.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const WRAPPER_COIN = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const work = mkdtempSync(join(tmpdir(), 'smi-sandbox-cli-'));

/** A corpus holding wrapper_coin alone: no Move framework in it. */
function corpusWithoutFramework(): string {
  const root = join(work, 'no-framework');
  const dir = join(root, '0x35', WRAPPER_COIN.slice(4));
  mkdirSync(join(dir, 'bytecode_modules'), { recursive: true });
  const source = SHARED_PACKAGE_DIRS[WRAPPER_COIN]!;
  copyFileSync(join(source, 'metadata.json'), join(dir, 'metadata.json'));
  for (const m of ['wrapper_coin.mv', 'freshx.mv'])
    copyFileSync(join(source, 'bytecode_modules', m), join(dir, 'bytecode_modules', m));
  return root;
}

const sandbox = (...extra: string[]) => ['sandbox', '--output', join(work, 'out.jsonl'), ...extra];
/** Commands expected to stop before a run: in a scratch folder, so a wrong start would leave nothing here. */
const refused = (...extra: string[]) => smiBench(sandbox(...extra), {}, work);

describe('sandbox: refused before a run starts', () => {
  it('a corpus without the Move framework, and no --framework-dir', async () => {
    const res = await refused('--corpus-root', corpusWithoutFramework());
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('the Move framework is incomplete');
    expect(res.stderr).toContain('give --framework-dir DIR');
  });

  it('a --framework-dir that does not exist', async () => {
    const missing = join(work, 'nowhere');
    const res = await refused('--corpus-root', CORPUS_DIR, '--framework-dir', missing);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(`error: framework directory not found: ${missing}`);
  });

  it('a corpus root that does not exist', async () => {
    const res = await refused('--corpus-root', join(work, 'no-corpus'));
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('corpus root not found');
  });

  it.each([
    ['--no-ptb', 'legacy VM-harness path is not reproduced'],
    ['--restricted-state', 'empty function'],
    ['--random-seed=deadbeef', 'never connects the seed'],
    ['--max-chain-depth=3', 'fixed depth'],
    ['--no-phase-errors', 'rows always use stages A1–B2'],
  ])('upstream flag %s: refused with the reason', async (flag, why) => {
    const res = await refused('--corpus-root', CORPUS_DIR, flag);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(`${flag.split('=')[0]} does not apply to smi-bench sandbox`);
    expect(res.stderr).toContain(why);
  });

  it('--help explains the command and lists the upstream flags it refuses', async () => {
    const res = await smiBench(['sandbox', '--help']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toContain('--framework-dir <dir>');
    expect(res.stdout).toContain('benchmark_local.jsonl');
    for (const flag of ['--use-ptb', '--no-ptb', '--no-mm2', '--max-chain-depth', '--random-seed'])
      expect(res.stdout).toMatch(new RegExp(`refused with the reason:.*${flag}[,. ]`));
  });
});

describe('sandbox: a run on a Temporal server with a worker', () => {
  const env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.sandboxCli };
  const logDir = join(work, 'logs');
  let worker: ChildProcess;
  beforeAll(() => {
    worker = spawnWorker(env);
  });
  afterAll(async () => {
    await stopProcess(worker);
  });

  it('runs wrapper_coin to Tier B; status and results read the finished run', async () => {
    const output = join(work, 'wrapper.jsonl');
    const runId = `sandbox-cli-${process.pid}`;
    const res = await smiBench(
      [
        'sandbox',
        '--corpus-root',
        CORPUS_DIR,
        '--package-id',
        WRAPPER_COIN,
        '--output',
        output,
        '--run-id',
        runId,
        '--log-dir',
        logDir,
      ],
      env,
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(res.stdout).toContain('Sandbox finished: 1 package, 0 with errors');
    expect(res.stdout).toContain('functions 4 · tier_b_hit 4');
    const rows = readFileSync(output, 'utf8').trim().split('\n');
    expect(rows).toHaveLength(4);
    expect(readFileSync(join(logDir, runId, 'benchmark_local.jsonl'), 'utf8')).toBe(
      readFileSync(output, 'utf8'),
    );

    const status = await smiBench(['status', runId, '--log-dir', logDir]);
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain(`run ${runId}: COMPLETED`);
    expect(status.stdout).toContain('avg_tier_b_rate 1.0000');

    const resultFile = join(work, 'result.json');
    const results = await smiBench(['results', runId, '--out', resultFile, '--log-dir', logDir]);
    expect(results.exitCode).toBe(0);
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as {
      aggregate: { outcomes: { tier_b_hit: number } };
    };
    expect(result.aggregate.outcomes.tier_b_hit).toBe(4);
  });

  it('a --package-id the corpus does not have: one line, before any workflow', async () => {
    const missing = `0x${'dd'.repeat(32)}`;
    const res = await smiBench(
      sandbox('--corpus-root', CORPUS_DIR, '--package-id', missing, '--log-dir', logDir),
      env,
      undefined,
      { keepFinalNewline: true },
    );
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toBe(`error: --package-id ${missing}: not in the corpus ${CORPUS_DIR}\n`);
  });

  it('a --package-id as users write it (no 0x, upper case) names the corpus package', async () => {
    const output = join(work, 'short-id.jsonl');
    const res = await smiBench(
      [
        ...['sandbox', '--corpus-root', CORPUS_DIR, '--package-id', WRAPPER_COIN.slice(2).toUpperCase()],
        ...[
          '--tier-a-only',
          '--output',
          output,
          '--log-dir',
          logDir,
          '--run-id',
          `sandbox-short-${process.pid}`,
        ],
      ],
      env,
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const rows = readFileSync(output, 'utf8').trim().split('\n');
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(JSON.parse(row)).toMatchObject({ target_package: WRAPPER_COIN });
  });
});
