// `smi-bench events`: a finished run's events queried by kind and package (the run's packages are the
// shared corpus's four), and a run followed while its events are written, until its run_finished line.
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorkers } from '../../src/worker.js';
import { smiBench } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
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

  it('names a run that is not there, in one line', async () => {
    const run = await smiBench(['events', 'nothing-here', '--log-dir', logDir]);
    expect(run.exitCode).toBe(2);
    expect(String(run.stderr).trim()).toBe(`error: no run directory nothing-here (looked in ${logDir})`);
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
