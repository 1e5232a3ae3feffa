// Output of perf scripts: a table for people on stdout, and a JSON record in perf/results for later
// comparison, stamped with the machine's state (the machine is shared, so its load matters).
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { PROJECT_ROOT, RESULTS_DIR } from './project.js';

export type Cell = string | number;

/** Prints an aligned table; numbers are right-aligned. */
export function printTable(title: string, headers: string[], rows: Cell[][]): void {
  const text = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? fmt(cell) : cell)));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[], numeric: boolean[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(
    line(
      headers,
      headers.map(() => false),
    ) + '\n',
  );
  process.stdout.write(widths.map((w) => '-'.repeat(w)).join('  ') + '\n');
  rows.forEach((row, r) => {
    process.stdout.write(
      line(
        text[r]!,
        row.map((cell) => typeof cell === 'number'),
      ) + '\n',
    );
  });
}

/** Three significant digits at most, without exponent notation for the sizes we print. */
export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 100 || Number.isInteger(n)) return n.toFixed(0);
  if (abs >= 10) return n.toFixed(1);
  if (abs >= 1) return n.toFixed(2);
  return n.toPrecision(3);
}

/** A ratio printed as `0.123 (1/8.1)` or `8.10×`, whichever reads better. */
export function fmtRatio(r: number): string {
  return r < 1 ? `${r.toFixed(3)} (1/${(1 / r).toFixed(1)})` : `${r.toFixed(2)}×`;
}

export function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** What a run-all summary shows for a script: one line per figure, and the verdict if it has a target. */
export interface Summary {
  lines: string[];
  pass: boolean | null;
}

function machine() {
  const list = cpus();
  return {
    cpus: list.length,
    cpu_model: list[0]?.model ?? null,
    loadavg_1m: loadavg()[0],
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

function git(): { commit: string | null; dirty: boolean | null } {
  try {
    const run = (...args: string[]) =>
      execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return { commit: run('rev-parse', 'HEAD').trim(), dirty: run('status', '--porcelain').trim() !== '' };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** Captures the machine's state now, so the record shows how loaded it was at the start. */
export function startRecord(name: string, options: Record<string, unknown>) {
  return { name, started_at: new Date().toISOString(), machine_at_start: machine(), git: git(), options };
}

/** Writes `perf/results/<name>-<timestamp>.json` and says where. */
export function writeRecord(
  base: ReturnType<typeof startRecord>,
  data: Record<string, unknown>,
  summary: Summary,
): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = base.started_at.replace(/[:.]/g, '-');
  const path = join(RESULTS_DIR, `${base.name}-${stamp}.json`);
  const record = {
    ...base,
    finished_at: new Date().toISOString(),
    machine_at_end: machine(),
    summary,
    ...data,
  };
  writeFileSync(path, JSON.stringify(record, null, 2) + '\n');
  process.stdout.write(`\nrecord: ${relative(PROJECT_ROOT, path)}\n`);
  // run-all asks each script, through this variable, where its record went.
  const list = process.env[RECORD_LIST_ENV];
  if (list) appendFileSync(list, path + '\n');
  return path;
}

/** Names a file to which writeRecord appends the path of each record it writes. */
export const RECORD_LIST_ENV = 'SMI_PERF_RECORD_LIST';
