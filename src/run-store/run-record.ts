// run_metadata.json (upstream's) and selection.json (ours): what a run is and which packages it covers.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { pyDumps } from '../core/pyjson.js';
import { atomicWriteFile } from './atomic-write.js';
import { runPaths } from './paths.js';
import type { IdMismatch } from '../package-store/discover.js';
import type { RunInput } from '../contracts/run.js';
import type { Phase } from '../contracts/phases.js';

/** Upstream's run_metadata.json: common fields, the phase's own (see activities/phase*.ts), and our run id. */
export interface RunMetadata {
  schema_version: 1;
  benchmark: string;
  started_at_unix_seconds: number;
  agent: string;
  seed: number;
  argv: string[];
  run_id: string;
  [field: string]: unknown;
}

export interface SelectionRecord {
  run_id: string;
  phase: Phase;
  /** Every setting the run's rows depend on; see runIdentity. */
  identity: RunIdentity;
  corpus_root: string;
  agent: string;
  model: string | null;
  seed: number;
  samples: number;
  dataset: string | null;
  /** basename of the ids file, as upstream reports it */
  target_ids_file: string | null;
  /** ids of the file that exist in the corpus, counted before batching */
  target_ids_total: number | null;
  total: number;
  started_at_unix_seconds: number;
  /** ids listed in the ids file that the corpus does not have */
  unknown_ids: string[];
  /** corpus directories that are not usable packages, with the reason */
  skipped: { dir: string; reason: string }[];
  /** packages filed under another id than metadata.json's, which is the id used; absent in older runs */
  id_mismatches?: IdMismatch[];
}

/**
 * What a run is: every setting that decides its rows, flattened to `name: value` pairs. Starting the same
 * run id again is refused when any of them differs, rather than mixing two runs' rows (upstream refused to
 * resume a checkpoint from another agent or seed). Long strings (a prompt template) are kept as a hash.
 */
export type RunIdentity = Record<string, string | number | boolean | null>;

const LONGEST_KEPT_STRING = 200;

export function runIdentity(input: RunInput): RunIdentity {
  const identity: RunIdentity = {
    phase: input.phase,
    corpus_root: input.corpusRoot,
    samples: input.samples,
    target_ids_file: input.idsFile,
  };
  if (input.packageIds) identity['package_ids'] = input.packageIds.join(',');
  flattenInto(identity, 'options', input.options);
  // Only when off, so that runs started before --no-log existed keep their identity.
  if (input.writeLogs === false) identity['write_logs'] = false;
  return identity;
}

function flattenInto(out: RunIdentity, prefix: string, value: unknown): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flattenInto(out, `${prefix}.${k}`, v);
  } else if (typeof value === 'string' && value.length > LONGEST_KEPT_STRING) {
    out[prefix] = `sha256:${createHash('sha256').update(value).digest('hex')}`;
  } else if (value === undefined) {
    out[prefix] = null;
  } else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
    out[prefix] = value as string | number | boolean | null;
  } else {
    out[prefix] = JSON.stringify(value);
  }
}

/** Why a run id cannot continue with these settings, one line per difference (empty when it can). */
export function identityMismatches(recorded: RunIdentity, wanted: RunIdentity): string[] {
  const keys = [...new Set([...Object.keys(recorded), ...Object.keys(wanted)])].sort();
  return keys
    .filter((k) => (recorded[k] ?? null) !== (wanted[k] ?? null))
    .map((k) => `${k} was ${JSON.stringify(recorded[k] ?? null)}, now ${JSON.stringify(wanted[k] ?? null)}`);
}

export async function writeRunMetadata(runDir: string, metadata: RunMetadata): Promise<void> {
  await atomicWriteFile(runPaths(runDir).metadata, pyDumps(metadata, { indent: 2, sortKeys: true }) + '\n');
}

export async function writeSelection(runDir: string, selection: SelectionRecord): Promise<void> {
  await atomicWriteFile(runPaths(runDir).selection, JSON.stringify(selection, null, 2) + '\n');
}

export async function readSelection(runDir: string): Promise<SelectionRecord | null> {
  return readJsonIfExists<SelectionRecord>(runPaths(runDir).selection);
}

export async function readRunMetadata(runDir: string): Promise<RunMetadata | null> {
  return readJsonIfExists<RunMetadata>(runPaths(runDir).metadata);
}

async function readJsonIfExists<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
