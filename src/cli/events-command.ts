// `smi-bench events RUN` (upstream's tail_events.py, query_benchmark_logs.py and phase2_status.py): a run's
// events from its events.jsonl, filtered by kind and package, or followed as they are written until the
// run finishes. Reads the run directory only, so it needs no server.
import { existsSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { runPaths } from '../run-store/paths.js';
import { UsageError } from './errors.js';
import type { CliIO } from './run-common.js';

export interface EventsOptions {
  logDir: string;
  kind?: string[];
  package?: string;
  follow: boolean;
  json: boolean;
  /** How often a followed file is read again. */
  pollMs?: number;
}

type Event = Record<string, unknown> & { event?: unknown; t?: unknown; package_id?: unknown };

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
  if (opts.kind && opts.kind.length > 0 && !opts.kind.includes(String(e.event))) return false;
  if (opts.package && !String(e.package_id ?? '').startsWith(opts.package)) return false;
  return true;
}

/** `12:03:04  package_finished  0x2…  created_hits=3 targets=36`. */
function describe(e: Event): string {
  const time = typeof e.t === 'number' ? new Date(e.t * 1000).toISOString().slice(11, 19) : '--:--:--';
  const rest = Object.entries(e)
    .filter(([key]) => !SHOWN_FIRST.includes(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
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
  const runDir = runDirOf(run, opts.logDir);
  const file = runPaths(runDir).events;
  if (!existsSync(file) && !opts.follow)
    throw new UsageError(
      `${runDir} has no events.jsonl (a run started with --no-log writes none); \`smi-bench status\` reads its rows`,
    );
  let offset = 0;
  let shown = 0;
  for (;;) {
    const read = existsSync(file) ? await readNew(file, offset) : { lines: [], offset };
    offset = read.offset;
    let finished = false;
    for (const line of read.lines) {
      let event: Event;
      try {
        event = JSON.parse(line) as Event;
      } catch {
        continue; // a torn line of a crashed writer: the log's rows are the source of truth
      }
      if (event.event === FINISHED) finished = true;
      if (!matches(event, opts)) continue;
      shown++;
      io.out(opts.json ? line : describe(event));
    }
    if (!opts.follow || finished || existsSync(runPaths(runDir).result)) break;
    await new Promise((done) => setTimeout(done, opts.pollMs ?? 500));
  }
  if (!opts.json) io.log(`${shown} event${shown === 1 ? '' : 's'}`);
  return 0;
}
