// `smi-bench events RUN` (upstream's tail_events.py and query_benchmark_logs.py): a run's events from its
// events.jsonl, filtered by kind and package, or followed as they are written until the run finishes;
// with --rows, its rows from packages.jsonl the same way. Reads the run directory only: no server needed.
import { existsSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { runPaths } from '../run-store/paths.js';
import { UsageError } from '../usage-error.js';
import type { CliIO } from './run-common.js';

export interface EventsOptions {
  logDir: string;
  kind?: string[];
  package?: string;
  follow: boolean;
  json: boolean;
  /** Rows (packages.jsonl) instead of events. */
  rows?: boolean;
  /** How often a followed file is read again. */
  pollMs?: number;
}

type Event = Record<string, unknown> & { event?: unknown; t?: unknown; package_id?: unknown };
type Row = Record<string, unknown> & { package_id?: unknown; score?: unknown };

const SHOWN_FIRST = ['event', 't', 'i', 'package_id'];
const FINISHED = 'run_finished';

/** A run directory given as a path, or a run id under --log-dir. */
function runDirOf(run: string, logDir: string): string {
  const asPath = resolve(run);
  if (existsSync(asPath) && statSync(asPath).isDirectory()) return asPath;
  const underLogDir = resolve(logDir, run);
  if (existsSync(underLogDir)) return underLogDir;
  throw new UsageError(`no run directory ${run} (looked in ${resolve(logDir)})`);
}

function matches(e: Event, opts: EventsOptions): boolean {
  if (!opts.rows && opts.kind && opts.kind.length > 0 && !opts.kind.includes(String(e.event))) return false;
  if (opts.package && !String(e.package_id ?? '').startsWith(opts.package)) return false;
  return true;
}

const value = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The numbers a row is read by: Phase I's scores, Phase II's hits and stage, the sandbox's rate. */
const ROW_SCORE_KEYS = ['precision', 'recall', 'f1', 'created_hits', 'targets'];
const ROW_KEYS = ['tier_b_rate', 'failure_stage', 'abort_category'];

/** `0x2…  created_hits=3 targets=36 failure_stage=partial_hit`, then its error or time-out if it has one. */
function describeRow(r: Row): string {
  const score = typeof r.score === 'object' && r.score !== null ? (r.score as Record<string, unknown>) : {};
  const parts = [
    ...ROW_SCORE_KEYS.filter((k) => score[k] !== undefined).map((k) => `${k}=${value(score[k])}`),
    ...ROW_KEYS.filter((k) => r[k] !== undefined && r[k] !== null).map((k) => `${k}=${value(r[k])}`),
    ...(r.timed_out === true ? ['timed_out=true'] : []),
    ...(r.error !== undefined && r.error !== null ? [`error=${value(r.error)}`] : []),
  ];
  return `${String(r.package_id)}${parts.length ? `  ${parts.join(' ')}` : ''}`;
}

/** `12:03:04  package_finished  0x2…  created_hits=3 targets=36`. */
function describe(e: Event): string {
  const time = typeof e.t === 'number' ? new Date(e.t * 1000).toISOString().slice(11, 19) : '--:--:--';
  const rest = Object.entries(e)
    .filter(([key]) => !SHOWN_FIRST.includes(key))
    .map(([key, v]) => `${key}=${value(v)}`);
  const pkg = typeof e.package_id === 'string' ? `  ${e.package_id}` : '';
  return `${time}  ${String(e.event)}${pkg}${rest.length ? `  ${rest.join(' ')}` : ''}`;
}

/** Reads the complete lines added since `offset`; a line still being written waits for the next read. */
async function readNew(file: string, offset: number): Promise<{ lines: string[]; offset: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= offset) return { lines: [], offset };
    const buffer = Buffer.alloc(size - offset);
    await handle.read(buffer, 0, buffer.length, offset);
    const text = buffer.toString('utf8');
    const end = text.lastIndexOf('\n') + 1;
    return {
      lines: text.slice(0, end).split('\n').filter(Boolean),
      offset: offset + Buffer.byteLength(text.slice(0, end)),
    };
  } finally {
    await handle.close();
  }
}

export async function runEvents(run: string, opts: EventsOptions, io: CliIO): Promise<number> {
  if (opts.rows && opts.kind && opts.kind.length > 0)
    throw new UsageError('--kind filters events; rows (--rows) are filtered with --package');
  const runDir = runDirOf(run, opts.logDir);
  const paths = runPaths(runDir);
  const file = opts.rows ? paths.packages : paths.events;
  if (!existsSync(file) && !opts.follow)
    throw new UsageError(
      `${runDir} has no ${opts.rows ? 'packages.jsonl' : 'events.jsonl'} (a run started with --no-log writes ` +
        'none); `smi-bench status` and `smi-bench results` read its rows',
    );
  let offset = 0;
  let shown = 0;
  for (;;) {
    // Every line is written before the result: a result seen before reading means the read got them all.
    const over = existsSync(paths.result);
    const read = existsSync(file) ? await readNew(file, offset) : { lines: [], offset };
    offset = read.offset;
    let finished = false;
    for (const line of read.lines) {
      let entry: Event;
      try {
        entry = JSON.parse(line) as Event;
      } catch {
        continue; // a torn line of a crashed writer: the run's rows/ are the source of truth
      }
      if (!opts.rows && entry.event === FINISHED) finished = true;
      if (!matches(entry, opts)) continue;
      shown++;
      io.out(opts.json ? line : opts.rows ? describeRow(entry) : describe(entry));
    }
    if (!opts.follow || finished || over) break;
    await new Promise((done) => setTimeout(done, opts.pollMs ?? 500));
  }
  const noun = opts.rows ? 'row' : 'event';
  if (!opts.json) io.log(`${shown} ${noun}${shown === 1 ? '' : 's'}`);
  return 0;
}
