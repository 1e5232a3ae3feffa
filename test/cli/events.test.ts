// `smi-bench events`: a finished run's events and rows queried by kind and package (the run's packages are
// the shared corpus's four), upstream's golden events file read as a run's (expected lines derived by hand
// from the file: 1700000000 is 2023-11-14 22:13:20 UTC), upstream's golden Phase II rows as a run's
// packages.jsonl, and a run followed while its events are written, until its run_finished line.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorkers } from '../../src/worker.js';
import { smiBench } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR, UPSTREAM_DATA_DIR } from '../support/paths.js';
import { startTestWorkers, temporalAddress } from '../support/temporal.js';

const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const CORPUS_IDS = [
  '0x0000000000000000000000000000000000000000000000000000000000000001',
  '0x0000000000000000000000000000000000000000000000000000000000000002',
  '0x0000000000000000000000000000000000000000000000000000000000000003',
  WRAPPER,
];

const work = mkdtempSync(join(tmpdir(), 'smi-events-'));
const logDir = join(work, 'logs');
let workers: RunningWorkers;

beforeAll(async () => {
  workers = await startTestWorkers(TEST_NAMESPACES.events);
});
afterAll(async () => workers?.shutdown());

describe('events of a finished run', () => {
  beforeAll(async () => {
    const run = await smiBench(
      [
        'phase1',
        '--corpus-root',
        CORPUS_DIR,
        '--samples',
        '0',
        '--agent',
        'mock-perfect',
        '--run-id',
        'ev',
        '--log-dir',
        logDir,
        '--no-progress',
      ],
      { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.events },
    );
    expect(run.exitCode, String(run.stderr)).toBe(0);
  });

  it('filters by kind: one package_finished per package of the corpus', async () => {
    const run = await smiBench(['events', 'ev', '--log-dir', logDir, '--kind', 'package_finished']);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const lines = String(run.stdout).trim().split('\n');
    expect(lines).toHaveLength(4);
    const ids = lines.map((l) => /package_finished {2}(0x[0-9a-f]+)/.exec(l)![1]!).sort();
    expect(ids).toEqual(CORPUS_IDS);
    expect(String(run.stderr).trim()).toBe('4 events');
  });

  it('filters by package, and prints stored lines with --json', async () => {
    const run = await smiBench(['events', join(logDir, 'ev'), '--package', '0x358e', '--json']);
    const events = String(run.stdout)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; package_id: string });
    expect(events.map((e) => e.event)).toEqual(['package_started', 'package_finished']);
    expect(new Set(events.map((e) => e.package_id))).toEqual(new Set([WRAPPER]));
  });

  it('prints the rows with --rows: one per package, with its scores; --package and --json as for events', async () => {
    const run = await smiBench(['events', 'ev', '--log-dir', logDir, '--rows']);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const lines = String(run.stdout).trim().split('\n').sort();
    // mock-perfect answers the truth: every score is 1 (an empty truth answered empty counts as perfect).
    expect(lines).toEqual(CORPUS_IDS.map((id) => `${id}  precision=1 recall=1 f1=1`));
    expect(String(run.stderr).trim()).toBe('4 rows');
    const one = await smiBench([
      'events',
      'ev',
      '--log-dir',
      logDir,
      '--rows',
      '--package',
      '0x358e',
      '--json',
    ]);
    const stored = readFileSync(join(logDir, 'ev', 'packages.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.includes(WRAPPER));
    expect(String(one.stdout).trim().split('\n')).toEqual(stored);
  });

  it('refuses --kind with --rows, in one line', async () => {
    const run = await smiBench(['events', 'ev', '--log-dir', logDir, '--rows', '--kind', 'package_finished']);
    expect(run.exitCode).toBe(2);
    expect(String(run.stderr).trim()).toBe(
      'error: --kind filters events; rows (--rows) are filtered with --package',
    );
  });

  it('names a run that is not there, in one line', async () => {
    const run = await smiBench(['events', 'nothing-here', '--log-dir', logDir]);
    expect(run.exitCode).toBe(2);
    expect(String(run.stderr).trim()).toBe(`error: no run directory nothing-here (looked in ${logDir})`);
  });
});

const ID1 = '0x0000000000000000000000000000000000000000000000000000000000000001';
const ID2 = '0x0000000000000000000000000000000000000000000000000000000000000002';

describe("upstream's golden files (spec §26.3, §26.2)", () => {
  const golden = readFileSync(join(UPSTREAM_DATA_DIR, 'golden', 'events_golden.jsonl'), 'utf8');
  const runDir = join(work, 'golden');
  beforeAll(() => {
    mkdirSync(runDir);
    writeFileSync(join(runDir, 'events.jsonl'), golden);
    const phase2 = JSON.parse(
      readFileSync(join(UPSTREAM_DATA_DIR, 'golden', 'phase2_golden_run.json'), 'utf8'),
    ) as { packages: object[] };
    writeFileSync(
      join(runDir, 'packages.jsonl'),
      phase2.packages.map((p) => JSON.stringify(p) + '\n').join(''),
    );
  });

  it('describes each of the six events: time, event, package, then the other fields in file order', async () => {
    const run = await smiBench(['events', runDir]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(String(run.stdout).trim().split('\n')).toEqual([
      '22:13:20  run_started  started_at_unix_seconds=1700000000 agent=mock-empty seed=42',
      `22:13:20  package_started  ${ID1}`,
      `22:13:21  package_finished  ${ID1}  elapsed_seconds=0.5 f1=1`,
      `22:13:21  package_started  ${ID2}`,
      `22:13:22  package_finished  ${ID2}  elapsed_seconds=0.3 f1=0.6666666666666666`,
      '22:13:22  run_finished  finished_at_unix_seconds=1700000002 packages_total=2 avg_f1=0.75',
    ]);
    expect(String(run.stderr).trim()).toBe('6 events');
  });

  it('gives the stored lines unchanged with --json, filtered by kind and package', async () => {
    const all = await smiBench(['events', runDir, '--json']);
    // (execa drops the output's last newline)
    expect(`${String(all.stdout)}\n`).toBe(golden);
    const one = await smiBench(['events', runDir, '--json', '--kind', 'package_finished', '--package', ID2]);
    expect(String(one.stdout)).toBe(golden.split('\n')[4]);
  });

  it("reads upstream's Phase II rows: hits and targets, and the error of the failed one", async () => {
    const run = await smiBench(['events', runDir, '--rows']);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(String(run.stdout).trim().split('\n')).toEqual([
      `${ID1}  created_hits=1 targets=2`,
      `${ID2}  created_hits=0 targets=1 error=dry-run failed: InsufficientGas`,
    ]);
  });
});

describe('following a run', () => {
  it('prints events as they are written and stops at run_finished', async () => {
    const runDir = join(work, 'live');
    mkdirSync(runDir);
    const file = join(runDir, 'events.jsonl');
    writeFileSync(file, '{"event": "run_started", "t": 1}\n');
    const follow = smiBench(['events', runDir, '--follow', '--json']);
    await new Promise((r) => setTimeout(r, 1500));
    appendFileSync(file, '{"event": "package_started", "i": 0, "package_id": "0xa", "t": 2}\n');
    // A line written in two parts is read once it is whole.
    appendFileSync(file, '{"event": "package_finished", "i": 0, ');
    await new Promise((r) => setTimeout(r, 700));
    appendFileSync(file, '"package_id": "0xa", "t": 3}\n{"event": "run_finished", "t": 4}\n');
    const run = await follow;
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const events = String(run.stdout)
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { event: string }).event);
    expect(events).toEqual(['run_started', 'package_started', 'package_finished', 'run_finished']);
  });
});
