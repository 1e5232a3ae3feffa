// The run logs under stress: many row files, a crash mid-append, several processes appending at once.
// Child processes run the built code (dist/, as `npm test` builds it) so they are real, separate writers.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { phase1Record } from '../../src/benchmarks/phase1/record.js';
import type { Phase1PackageRow } from '../../src/core/types.js';
import { appendEvents } from '../../src/run-store/events.js';
import { rowPath, runPaths } from '../../src/run-store/paths.js';
import { readStoredRows, recordRow, type StoredRow } from '../../src/run-store/rows.js';
import { PROJECT_ROOT } from '../support/paths.js';

const PHASE1_ROWS = phase1Record.rowLog;

const DIST_RUN_STORE = join(PROJECT_ROOT, 'dist', 'src', 'run-store');

function stored(index: number): StoredRow<Phase1PackageRow> {
  const row: Phase1PackageRow = {
    package_id: `0x${(index + 1).toString(16)}`,
    truth_key_types: 1,
    predicted_key_types: 1,
    score: { tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f1: 1, missing_sample: [], extra_sample: [] },
    error: null,
    elapsed_seconds: 0.5,
    attempts: 1,
    max_structs_used: 1,
    timed_out: false,
  };
  return { index, row, started_at_unix_seconds: 100, finished_at_unix_seconds: 101 };
}

function lines(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').slice(0, -1);
}

/** Runs an ES module snippet in a child node process; `$dist` is replaced by the built run-store folder. */
function runNode(source: string, { fdLimit }: { fdLimit?: number } = {}) {
  const script = source.replaceAll('$dist', DIST_RUN_STORE);
  const limit = fdLimit ? `ulimit -n ${fdLimit} && ` : '';
  return execa('bash', ['-c', `${limit}exec node --input-type=module -e "$0"`, script], { reject: false });
}

describe('readStoredRows', () => {
  it('reads 1 500 row files with only 256 file descriptors', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'smi-rows-'));
    mkdirSync(runPaths(runDir).rows, { recursive: true });
    for (let i = 0; i < 1500; i++) writeFileSync(rowPath(runDir, i), JSON.stringify(stored(i)) + '\n');
    const child = await runNode(
      `import { readStoredRows } from '$dist/rows.js';
       const rows = await readStoredRows(${JSON.stringify(runDir)});
       console.log(rows.length, rows.every((r, i) => r.index === i));`,
      { fdLimit: 256 },
    );
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('1500 true');
    expect((await readStoredRows(runDir)).map((s) => s.index)).toEqual([...Array(1500).keys()]);
  });
});

describe('recordRow after a crash mid-append', () => {
  it('drops the broken last line of packages.jsonl and events.jsonl before appending', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'smi-rows-'));
    await recordRow(runDir, stored(0), PHASE1_ROWS);
    const { packages, events } = runPaths(runDir);
    const first = { packages: lines(packages), events: lines(events) };
    // The crash: package 0x2's row file was written, its packages.jsonl line only half.
    writeFileSync(rowPath(runDir, 1), JSON.stringify(stored(1)) + '\n');
    appendFileSync(packages, '{"attempts": 1, "elapsed_se');
    appendFileSync(events, '{"event": "package_st');

    await recordRow(runDir, stored(1), PHASE1_ROWS); // the retried activity
    await recordRow(runDir, stored(1), PHASE1_ROWS); // and a second retry writes nothing
    await recordRow(runDir, stored(2), PHASE1_ROWS);

    const packageLines = lines(packages).map((l) => JSON.parse(l) as { package_id: string });
    expect(packageLines.map((p) => p.package_id)).toEqual(['0x1', '0x2', '0x3']);
    expect(lines(packages).slice(0, 1)).toEqual(first.packages);
    const eventLines = lines(events).map((l) => JSON.parse(l) as { event: string; i: number });
    expect(eventLines.map((e) => `${e.event} ${e.i}`)).toEqual([
      'package_started 1',
      'package_finished 1',
      'package_started 2',
      'package_finished 2',
      'package_started 3',
      'package_finished 3',
    ]);
    expect(lines(events).slice(0, 2)).toEqual(first.events);
  });
});

describe('several processes appending to one run', () => {
  it('loses, duplicates and interleaves no line', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'smi-logs-'));
    const writers = 4;
    const perWriter = 1000;
    // Every 100th event carries 1 MB, more than Node writes in one call, so an unguarded append is torn.
    const children = Array.from({ length: writers }, (_, w) =>
      runNode(
        `import { appendEvents } from '$dist/events.js';
         for (let n = 0; n < ${perWriter}; n++) {
           const pad = n % 100 === 0 ? 'x'.repeat(1 << 20) : '';
           await appendEvents(${JSON.stringify(runDir)}, [{ t: 1, event: 'e', fields: { w: ${w}, n, pad } }]);
         }`,
      ),
    );
    for (const child of await Promise.all(children)) expect(child.stderr).toBe('');

    const seen = lines(runPaths(runDir).events).map((l) => {
      const e = JSON.parse(l) as { w: number; n: number; pad: string };
      expect(e.pad.length).toBe(e.n % 100 === 0 ? 1 << 20 : 0);
      return `${e.w}/${e.n}`;
    });
    const expected = Array.from({ length: writers }, (_, w) =>
      Array.from({ length: perWriter }, (_, n) => `${w}/${n}`),
    ).flat();
    expect(seen).toHaveLength(expected.length);
    expect(new Set(seen)).toEqual(new Set(expected));
  }, 120_000);

  it('appends nothing for an empty batch', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'smi-logs-'));
    await appendEvents(runDir, []);
    expect(() => readFileSync(runPaths(runDir).events)).toThrow(/ENOENT/);
  });
});
