// What the end of a run says first, over the shared corpus with mock agents: Phase I its F1, Phase II its
// hit rates, then what its plans were; upstream's partial-credit rubric comes last, labelled as what it is.
// Expected values by hand: mock-empty predicts no key struct (Phase I F1 1.0 on a package without `key`
// structs, 0.0 on one with them, spec harness.md §6) and plans `{"calls": []}` for every package (§7.3), a
// plan with no calls: in `local` it executes without failing and creates nothing. Which packages have key
// structs is read from the golden interface files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Result } from 'execa';
import { sharedCorpusRun, smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { goldenKeyTypes } from '../support/golden-keys.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const logDir = join(mkdtempSync(join(tmpdir(), 'smi-headlines-')), 'logs');
const ids = Object.keys(SHARED_PACKAGE_DIRS);
const withKeys = ids.filter((id) => goldenKeyTypes(id).length > 0);
let env: Record<string, string>;
let worker: ChildProcess;
let phase1: Result;
let phase2: Result;

beforeAll(async () => {
  env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.headlines };
  worker = spawnWorker(env);
  const run = (phase: string, runId: string, ...extra: string[]) =>
    sharedCorpusRun(env, logDir, [phase, 'mock-empty', runId, ...extra]);
  [phase1, phase2] = await Promise.all([
    run('phase1', 'h1'),
    run('phase2', 'h2', '--simulation-mode', 'local'),
  ]);
  expect(phase1.exitCode, String(phase1.stderr)).toBe(0);
  expect(phase2.exitCode, String(phase2.stderr)).toBe(0);
}, 240_000);
afterAll(async () => {
  await stopProcess(worker);
});

/** The line after `… finished: …`: the headline numbers. */
const headline = (out: string) =>
  out.split('\n')[out.split('\n').findIndex((l) => / finished: /.test(l)) + 1];

describe('the end of a run', () => {
  it('Phase I leads with F1', () => {
    const f1 = ((ids.length - withKeys.length) / ids.length).toFixed(4);
    expect(headline(String(phase1.stdout))).toMatch(new RegExp(`^ {2}avg F1 ${f1} · avg precision `));
  });

  it('Phase II leads with hit rates, counts empty plans as empty plans, and labels upstream’s rubric', () => {
    const out = String(phase2.stdout);
    expect(headline(out)).toBe('  avg hit rate 0.0000 · micro hit rate 0.0000 · max hit rate 0.0000');
    expect(out).toContain(
      `  packages with hits 0 · plans with calls: 0 built, 0 executed, 0 without failing · empty plans ${ids.length}`,
    );
    expect(out).toContain(
      `  where packages stopped: no targets ${ids.length - withKeys.length} · empty plan ${withKeys.length}`,
    );
    expect(out).not.toContain('avg partial credit');
    const lines = out.split('\n');
    const rubric = lines.findIndex((l) =>
      l.startsWith(
        "  upstream's partial-credit rubric (steps reached, not targets created; ranks nothing): ",
      ),
    );
    // Below the numbers that rank, just above the result's path.
    expect(rubric).toBe(lines.findIndex((l) => l.startsWith('  result: ')) - 1);
  });

  it('Phase II rows say empty plan, not an ok dry run that created nothing', () => {
    const result = JSON.parse(readFileSync(join(logDir, 'h2', 'result.json'), 'utf8')) as {
      packages: Record<string, unknown>[];
    };
    for (const row of result.packages) {
      expect(row['plan_calls']).toBe(0);
      if (!withKeys.includes(String(row['package_id']))) continue;
      expect(row).toMatchObject({
        failure_stage: 'empty_plan',
        failure: { code: 'E501', phase: 'validation' },
        scoring_criteria: { compiles: true, imports_target: false, score: 0.25 },
      });
    }
  });

  it('results and status name the hit rate first and leave the rubric out', async () => {
    const status = await smiBench(['status', 'h2', '--log-dir', logDir], env);
    expect(status.exitCode, String(status.stderr)).toBe(0);
    expect(String(status.stdout)).toMatch(/^ {2}avg_hit_rate 0\.0000 · max_hit_rate 0\.0000$/m);
    expect(String(status.stdout)).not.toContain('avg_partial_credit');
  });
});
