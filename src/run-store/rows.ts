// Finished packages. Each row is written to rows/<index>.json first (the source of truth), then appended to
// upstream's packages.jsonl and events.jsonl. Recording is idempotent: an activity retried after a crash
// finds the row file and only completes what the crash interrupted, so no line is written twice.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mapLimited } from '../corpus/map-limited.js';
import { appendLines } from './append-lines.js';
import { atomicWriteFile } from './atomic-write.js';
import { appendEvents, type EventFields } from './events.js';
import { rowPath, runPaths } from './paths.js';

// Row files read at once: enough to hide latency, far below the usual limit of 1 024 open descriptors.
const READ_CONCURRENCY = 32;

/** What every phase's row has. */
export interface BaseRow {
  package_id: string;
  error: string | null;
}

export interface StoredRow<Row extends BaseRow = BaseRow> {
  index: number;
  row: Row;
  /** Artifact hashes behind the row (interface, prompts, answers): traceable after history retention. */
  trace?: Record<string, unknown>;
  /** The `resume --retry-errors` round that computed the row; absent for the run's first computation. */
  round?: string;
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

export async function readStoredRow<Row extends BaseRow>(
  runDir: string,
  index: number,
): Promise<StoredRow<Row> | null> {
  const path = rowPath(runDir, index);
  if (!(await exists(path))) return null;
  return JSON.parse(await readFile(path, 'utf8')) as StoredRow<Row>;
}

const ROW_FILE = /^\d+\.json$/;

/** All finished rows, in processing order. */
export async function readStoredRows<Row extends BaseRow>(runDir: string): Promise<StoredRow<Row>[]> {
  const dir = runPaths(runDir).rows;
  if (!(await exists(dir))) return [];
  const names = (await readdir(dir)).filter((n) => ROW_FILE.test(n)).sort();
  const rows = await mapLimited(
    names,
    READ_CONCURRENCY,
    async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredRow<Row>,
  );
  return rows.sort((a, b) => a.index - b.index);
}

/**
 * The same, read with blocking calls: several times faster over thousands of rows, for a command that has
 * nothing else to do meanwhile (`status` of a set). Row files are named by zero-padded index.
 */
export function readStoredRowsSync<Row extends BaseRow>(runDir: string): StoredRow<Row>[] {
  const dir = runPaths(runDir).rows;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => ROW_FILE.test(n))
    .sort()
    .map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as StoredRow<Row>);
}

/** How many rows are recorded, without reading them. */
export function countStoredRows(runDir: string): number {
  const dir = runPaths(runDir).rows;
  return existsSync(dir) ? readdirSync(dir).filter((n) => ROW_FILE.test(n)).length : 0;
}

/** How a phase writes its row into upstream's logs. */
export interface RowLogFormat<Row extends BaseRow> {
  /** The packages.jsonl line, newline included. */
  packageLine(row: Row): string;
  /** Fields of the `package_finished` event besides package_id and i. */
  finishedFields(row: Row): EventFields;
}

/** Writes the row file and, unless `writeLogs` is false (`--no-log`), upstream's log lines for it. */
export async function recordRow<Row extends BaseRow>(
  runDir: string,
  stored: StoredRow<Row>,
  format: RowLogFormat<Row>,
  writeLogs = true,
): Promise<void> {
  const existing = await readStoredRow<Row>(runDir, stored.index);
  if (existing && existing.round === stored.round) {
    // A retried activity: the row file is the truth; finish only what a crash left undone.
    stored = existing;
    if (!writeLogs || (await packagesLogHasLine(runDir, format.packageLine(existing.row)))) return;
  } else {
    // A new row, or a --retry-errors round replacing an errored one (the logs keep both lines).
    await atomicWriteFile(rowPath(runDir, stored.index), JSON.stringify(stored) + '\n');
    if (!writeLogs) return;
  }
  const { row } = stored;
  await appendLines(runPaths(runDir).packages, format.packageLine(row));
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
      fields: { package_id: row.package_id, i, ...format.finishedFields(row) },
    },
  ]);
}

/** Whether packages.jsonl has this exact line; a line a crash left unfinished never matches. */
async function packagesLogHasLine(runDir: string, line: string): Promise<boolean> {
  const path = runPaths(runDir).packages;
  if (!(await exists(path))) return false;
  const text = await readFile(path, 'utf8');
  return text.startsWith(line) || text.includes('\n' + line);
}
