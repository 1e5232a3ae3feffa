// `smi-bench compare` on runs the CLI made over the shared corpus with mock agents. Expected values by hand:
// mock-perfect predicts the truth (F1 1.0 everywhere); mock-empty predicts nothing, which scores F1 1.0 on a
// package without `key` structs (both sets empty) and 0.0 on one with them; which packages have them is
// read from the golden interface files. Phase II: mock-perfect hits every target (hit rate 1.0 where there
// are targets, 0.0 where there are none) and counts as dry-run ok; mock-empty hits nothing. Three
// baseline-search runs over one ids file of two packages: `--samples 25 --seed 0` and `--samples 0 --seed 7`
// both take the whole file (25 is more than it has, 0 means all), so they chose the same packages;
// `--samples 1` takes only its first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { sharedCorpusRun, smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR, PROJECT_ROOT, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const work = mkdtempSync(join(tmpdir(), 'smi-compare-'));
const logDir = join(work, 'logs');
let worker: ChildProcess;
let env: Record<string, string>;

/** Whether each shared package has `key` structs, in id order (the order of a sampled run's rows). */
const hasKeyStructs = readdirSync(join(PROJECT_ROOT, 'test', 'fixtures', 'interface'))
  .sort()
  .map((file) => {
    const iface = JSON.parse(
      readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'interface', file), 'utf8'),
    ) as {
      modules: Record<string, { structs: Record<string, { abilities: string[] }> }>;
    };
    return Object.values(iface.modules).some((m) =>
      Object.values(m.structs).some((s) => s.abilities.includes('key')),
    );
  });
const withKeys = hasKeyStructs.filter(Boolean).length;
const n = hasKeyStructs.length;
const idsFile = join(work, 'two.txt');
/** 0x1 and the wrapper coin package. */
const IDS = Object.keys(SHARED_PACKAGE_DIRS).filter((_, i) => i === 0 || i === 3);

beforeAll(async () => {
  env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.compare };
  worker = spawnWorker(env);
  const run = (phase: string, agent: string, runId: string, ...extra: string[]) =>
    sharedCorpusRun(env, logDir, [phase, agent, runId, ...extra]);
  const results = await Promise.all([
    run('phase1', 'mock-perfect', 'p1-perfect'),
    run('phase1', 'mock-empty', 'p1-empty'),
    run('phase1', 'mock-perfect', 'p1-perfect-seed3', '--seed', '3'),
    run('phase2', 'mock-perfect', 'p2-perfect'),
    run('phase2', 'mock-empty', 'p2-empty'),
    run('phase2', 'mock-empty', 'p2-empty-sender', '--sender', '0x5'),
    run('phase2', 'mock-empty', 'local-empty', '--simulation-mode', 'local'),
    run('phase2', 'baseline-search', 'local-baseline', '--simulation-mode', 'local'),
  ]);
  for (const r of results) expect(r.exitCode, String(r.stderr)).toBe(0);
  writeFileSync(idsFile, IDS.join('\n') + '\n');
  const byIds = (runId: string, samples: string, seed: string) =>
    smiBench(
      [
        'phase2',
        ...['--corpus-root', CORPUS_DIR, '--package-ids-file', idsFile, '--agent', 'baseline-search'],
        ...['--samples', samples, '--seed', seed, '--run-id', runId, '--log-dir', logDir, '--no-progress'],
      ],
      env,
    );
  const idsRuns = await Promise.all([
    byIds('ids-25-seed0', '25', '0'),
    byIds('ids-all-seed7', '0', '7'),
    byIds('ids-first', '1', '0'),
  ]);
  for (const r of idsRuns) expect(r.exitCode, String(r.stderr)).toBe(0);
}, 240_000);
afterAll(async () => {
  await stopProcess(worker);
});

const compare = (...args: string[]) => smiBench(['compare', '--log-dir', logDir, ...args], env);

describe('smi-bench compare', () => {
  it('ranks Phase I runs, with the paired test on the packages both ran', async () => {
    const res = await compare('p1-empty', 'p1-perfect', '--format', 'json');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const [board] = JSON.parse(String(res.stdout)) as {
      phase: string;
      comparable: boolean;
      paired: { packages: number; difference: number; p_value: number };
      entries: { run: string; score: number; errors: number; packages: number }[];
    }[];
    expect(board!.phase).toBe('phase1');
    expect(board!.comparable).toBe(true);
    expect(board!.entries.map((e) => e.run)).toEqual(['p1-perfect', 'p1-empty']);
    expect(board!.entries[0]!.score).toBe(1);
    expect(board!.entries[1]!.score).toBeCloseTo((n - withKeys) / n, 12);
    // empty − perfect: −1 on each package with key structs, 0 elsewhere; p = 2 / 2^withKeys (exact test)
    expect(board!.paired.packages).toBe(n);
    expect(board!.paired.difference).toBeCloseTo(-withKeys / n, 12);
    expect(board!.paired.p_value).toBe(2 / 2 ** withKeys);
  });

  it('computes upstream’s Phase II columns', async () => {
    const res = await compare('p2-perfect', 'p2-empty', '--format', 'tsv');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const [header, ...rows] = String(res.stdout)
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    const col = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(col(rows[0]!, 'run')).toBe('p2-perfect');
    // mock-perfect simulates nothing, and mock-empty's every plan is empty: no ok-rate to show (an empty
    // column is left out).
    expect(col(rows[0]!, 'plans_executed')).toBe('0');
    expect(header).not.toContain('dry_run_ok_rate');
    expect(col(rows[1]!, 'empty_plans')).toBe(String(n));
    expect(col(rows[0]!, 'any_hit_rate')).toBe((withKeys / n).toFixed(4));
    expect(col(rows[0]!, 'macro_avg_hit_rate')).toBe((withKeys / n).toFixed(4));
    expect(col(rows[0]!, 'micro_hit_rate')).toBe('1.0000');
    expect(col(rows[1]!, 'macro_avg_hit_rate')).toBe('0.0000');
    expect(col(rows[1]!, 'hits')).toBe('0');
    expect(col(rows[0]!, 'hits')).toBe(col(rows[0]!, 'targets'));
  });

  it('flags runs that are not comparable, and writes csv, md and the terminal table', async () => {
    const res = await compare('p1-perfect', 'p1-perfect-seed3');
    expect(res.exitCode).toBe(0);
    expect(String(res.stdout)).toContain('warning: these runs are not comparable; they differ in:');
    expect(String(res.stdout)).toContain('options.seed: p1-perfect=0, p1-perfect-seed3=3');
    expect(String(res.stderr)).toContain('not comparable');
    const csv = await compare('p1-perfect', 'p1-empty', '--format', 'csv', '--out', join(work, 'board.csv'));
    expect(csv.exitCode).toBe(0);
    const lines = readFileSync(join(work, 'board.csv'), 'utf8').trim().split('\n');
    expect(
      lines[0]!.startsWith('rank,run,model,agent,packages,f1,ci95_low,ci95_high,precision,recall,'),
    ).toBe(true);
    expect(lines).toHaveLength(3);
    const md = await compare('p1-perfect', 'p2-perfect', '--format', 'md');
    expect(String(md.stdout)).toContain('### Phase I');
    expect(String(md.stdout)).toContain('### Phase II');
    expect(String(md.stdout)).toContain('| rank | run | model |');
  });

  it('ranks an agent that tried above mock-empty when hits tie, whatever the order runs are given in', async () => {
    // In `local`, mock-empty's empty plans execute without failing and create nothing: no hit, as
    // baseline-search, whose one-call plans execute on the framework packages (0x2 has public functions
    // whose arguments it can make up). Its ok-rates are over those plans; mock-empty has none to rate.
    for (const order of [
      ['local-empty', 'local-baseline'],
      ['local-baseline', 'local-empty'],
    ]) {
      const res = await compare(...order, '--format', 'json');
      expect(res.exitCode, String(res.stderr)).toBe(0);
      const [board] = JSON.parse(String(res.stdout)) as {
        entries: { run: string; score: number; columns: Record<string, number | null> }[];
      }[];
      expect(board!.entries.map((e) => e.run)).toEqual(['local-baseline', 'local-empty']);
      const [baseline, empty] = board!.entries;
      expect(baseline!.score).toBe(empty!.score);
      expect(baseline!.columns['plans_executed']).toBeGreaterThan(0);
      expect(empty!.columns).toMatchObject({
        hits: 0,
        plans_executed: 0,
        empty_plans: n,
        dry_run_ok_rate: null,
        exec_ok_rate: null,
      });
    }
  });

  it('flags runs whose sender differs', async () => {
    const res = await compare('p2-empty', 'p2-empty-sender', '--format', 'json');
    const [board] = JSON.parse(String(res.stdout)) as { comparable: boolean; differences: string[] }[];
    expect(board!.comparable).toBe(false);
    expect(board!.differences).toEqual([
      expect.stringMatching(/^options\.sender: p2-empty=0x[0-9a-f]+, p2-empty-sender=0x5$/),
    ]);
  });

  it('compares runs over one ids file that took the same packages, whatever their samples and seed', async () => {
    const same = await compare('ids-25-seed0', 'ids-all-seed7', '--format', 'json');
    expect(same.exitCode, String(same.stderr)).toBe(0);
    const [board] = JSON.parse(String(same.stdout)) as { comparable: boolean; differences: string[] }[];
    expect(board!.differences).toEqual([]);
    expect(board!.comparable).toBe(true);
    expect(String(same.stderr)).not.toContain('not comparable');
    const fewer = await compare('ids-25-seed0', 'ids-first');
    expect(String(fewer.stdout)).toContain('packages_selected: ids-25-seed0=2, ids-first=1');
    expect(String(fewer.stderr)).toContain('(1 setting differs; see the output)');
  });

  it('refuses what it cannot read, in one line', async () => {
    const missing = await compare('no-such-run');
    expect(missing.exitCode).toBe(2);
    expect(String(missing.stderr)).toMatch(
      /^error: no-such-run: no result file, run directory, finished run or evaluation set/m,
    );
    const other = join(work, 'sandbox.json');
    writeFileSync(other, JSON.stringify({ benchmark: 'benchmark_local', aggregate: {} }));
    const wrong = await compare(other);
    expect(wrong.exitCode).toBe(2);
    expect(String(wrong.stderr)).toContain(
      'is not a result compare reads: a Phase I result (schema_version 1, with packages), a Phase II result',
    );
  });
});
