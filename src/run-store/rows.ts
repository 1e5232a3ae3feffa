// Finished packages. Each row is written to rows/<index>.json first (the source of truth), then appended to
// upstream's packages.jsonl and events.jsonl. Recording is idempotent: an activity retried after a crash
// finds the row file and only completes what the crash interrupted, so no line is written twice.
import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Phase1PackageRow } from '../core/types.js';
import { formatPhase1PackageLine } from '../core/phase1-result.js';
import { pyFloat } from '../core/pyjson.js';
import { mapLimited } from '../corpus/map-limited.js';
import { appendLines } from './append-lines.js';
import { atomicWriteFile } from './atomic-write.js';
import { appendEvents } from './events.js';
import { rowPath, runPaths } from './paths.js';

// Row files read at once: enough to hide latency, far below the usual limit of 1 024 open descriptors.
const READ_CONCURRENCY = 32;

export interface StoredRow {
  index: number;
  row: Phase1PackageRow;
  started_at_unix_seconds: number;
  finished_at_unix_seconds: number;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

export async function readStoredRow(runDir: string, index: number): Promise<StoredRow | null> {
  const path = rowPath(runDir, index);
  if (!(await exists(path))) return null;
  return JSON.parse(await readFile(path, 'utf8')) as StoredRow;
}

/** All finished rows, in processing order. */
export async function readStoredRows(runDir: string): Promise<StoredRow[]> {
  const dir = runPaths(runDir).rows;
  if (!(await exists(dir))) return [];
  const names = (await readdir(dir)).filter((n) => /^\d+\.json$/.test(n)).sort();
  const rows = await mapLimited(
    names,
    READ_CONCURRENCY,
    async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredRow,
  );
  return rows.sort((a, b) => a.index - b.index);
}

export async function recordRow(runDir: string, stored: StoredRow): Promise<void> {
  const path = rowPath(runDir, stored.index);
  if (await exists(path)) {
    if (await packagesLogHas(runDir, stored.row.package_id)) return;
  } else {
    await atomicWriteFile(path, JSON.stringify(stored) + '\n');
  }
  const { row } = stored;
  // packages.jsonl carries upstream's fields (never the type lists) plus token usage.
  await appendLines(runPaths(runDir).packages, formatPhase1PackageLine(row));
  const i = stored.index + 1;
  await appendEvents(runDir, [
    {
      t: stored.started_at_unix_seconds,
      event: 'package_started',
      fields: { package_id: row.package_id, i },
    },
    {
      t: stored.finished_at_unix_seconds,
      event: 'package_finished',
      fields: {
        package_id: row.package_id,
        i,
        elapsed_seconds: row.elapsed_seconds === null ? null : pyFloat(row.elapsed_seconds),
        error: row.error,
        timed_out: row.timed_out,
      },
    },
  ]);
}

async function packagesLogHas(runDir: string, packageId: string): Promise<boolean> {
  const path = runPaths(runDir).packages;
  if (!(await exists(path))) return false;
  const text = await readFile(path, 'utf8');
  return text.split('\n').some((l) => lineRecordsPackage(l, packageId));
}

/** A line a crash left unfinished records nothing, so the package is appended again. */
function lineRecordsPackage(line: string, packageId: string): boolean {
  try {
    return (JSON.parse(line) as { package_id?: string } | null)?.package_id === packageId;
  } catch {
    return false;
  }
}
