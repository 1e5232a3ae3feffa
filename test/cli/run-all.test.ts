// `smi-bench run-all` (upstream §24.1) over the shared corpus, as one pipeline: Phase I with mock-empty,
// the executable-subset manifest, Phase II with baseline-search over it. Expected values from the spec's
// rules and the corpus: 4 packages, ids in id order; the manifest's `--limit N` takes the first N by id;
// the packages with a baseline candidate (a public entry function with supported arguments) are 0x2 and
// 0x3, so with --samples 2 (0x1 and 0x2) only 0x2 is selected.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_SENDER } from '../../src/benchmarks/phase2/workflow/sender.js';
import type { RunningWorkers } from '../../src/worker.js';
import { smiBench } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { startTestWorkers, temporalAddress } from '../support/temporal.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const SYSTEM = '0x0000000000000000000000000000000000000000000000000000000000000003';

const work = mkdtempSync(join(tmpdir(), 'smi-run-all-'));
let workers: RunningWorkers;
beforeAll(async () => {
  workers = await startTestWorkers(TEST_NAMESPACES.pipelines);
});
afterAll(async () => workers?.shutdown());

const env = () => ({ TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.pipelines });
const runAll = (out: string, ...extra: string[]) =>
  smiBench(
    [
      'run-all',
      '--corpus-root',
      CORPUS_DIR,
      '--out-dir',
      out,
      '--log-dir',
      join(work, 'logs'),
      '--no-progress',
      ...extra,
    ],
    env(),
  );
const json = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { packages: { package_id: string }[] };

describe('run-all', () => {
  it('runs Phase I, the manifest and Phase II over the manifest, into a nested out dir', async () => {
    const out = join(work, 'nested', 'all');
    const run = await runAll(out, '--samples', '0');
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const phase1 = json(join(out, 'phase1.json'));
    expect(phase1).toMatchObject({ agent: 'mock-empty' });
    expect(phase1.packages).toHaveLength(4);
    expect(readFileSync(join(out, 'phase2_ids.txt'), 'utf8')).toBe(`${SUI}\n${SYSTEM}\n`);
    expect(Object.keys(json(join(out, 'phase2_plan.json'))).sort()).toEqual([SUI, SYSTEM]);
    const report = json(join(out, 'phase2_viability.json')) as unknown as {
      schema_version: number;
      stats: Record<string, number>;
    };
    expect(report.schema_version).toBe(1);
    expect(report.stats).toMatchObject({ packages_total: 4, packages_selected: 2 });
    const phase2 = json(join(out, 'phase2_execution.json'));
    // no --sender: build-only, with Phase II's offline default sender (upstream's was 0x0; see sender.ts)
    expect(phase2).toMatchObject({
      agent: 'baseline-search',
      simulation_mode: 'build-only',
      sender: OFFLINE_SENDER,
    });
    expect(phase2.packages.map((p) => p.package_id)).toEqual([SUI, SYSTEM]);
    expect(String(run.stdout)).toMatch(
      /run-all finished:\n {2}phase1: 4 packages.*\n {2}manifest: 2 ids.*\n {2}phase2: 2 packages/,
    );
  });

  it('--samples N reaches Phase I as N and the manifest as --limit N', async () => {
    const out = join(work, 'two');
    const run = await runAll(out, '--samples', '2', '--sender', '0x0');
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(json(join(out, 'phase1.json')).packages).toHaveLength(2);
    expect(readFileSync(join(out, 'phase2_ids.txt'), 'utf8')).toBe(`${SUI}\n`);
    expect(json(join(out, 'phase2_execution.json'))).toMatchObject({ simulation_mode: 'build-only' });
  });

  it('refuses bad flags in one line, starting nothing', async () => {
    const out = join(work, 'refused');
    const negative = await runAll(out, '--samples', '-1');
    expect(negative.exitCode).toBe(2);
    expect(String(negative.stderr).trim()).toBe('error: --samples must be 0 or more, got -1');
    const missing = await smiBench(
      ['run-all', '--corpus-root', join(work, 'nowhere'), '--out-dir', out],
      env(),
    );
    expect(missing.exitCode).toBe(2);
    expect(String(missing.stderr).trim()).toBe(`error: corpus root not found: ${join(work, 'nowhere')}`);
    expect(existsSync(out)).toBe(false);
  });
});
