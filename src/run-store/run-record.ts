// run_metadata.json (upstream's) and selection.json (ours): what a run is and which packages it covers.
import { readFile } from 'node:fs/promises';
import { pyDumps } from '../core/pyjson.js';
import { atomicWriteFile } from './atomic-write.js';
import { runPaths } from './paths.js';

export interface RunMetadata {
  schema_version: 1;
  benchmark: 'phase1_key_struct_discovery';
  started_at_unix_seconds: number;
  agent: string;
  seed: number;
  corpus_root: string;
  argv: string[];
  /** smi-bench additions: */
  run_id: string;
  model: string | null;
}

export interface SelectionRecord {
  run_id: string;
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
}

/** The parts of a run's definition that must not change when the same run id is started again. */
export type RunIdentity = Pick<
  SelectionRecord,
  'corpus_root' | 'agent' | 'model' | 'seed' | 'samples' | 'target_ids_file'
>;

/**
 * Why a run id cannot continue with these settings (empty when it can). Upstream refused to resume a
 * checkpoint from another agent or seed; continuing with other settings would mix two runs' rows.
 */
export function identityMismatches(recorded: SelectionRecord, wanted: RunIdentity): string[] {
  const keys: (keyof RunIdentity)[] = ['corpus_root', 'agent', 'model', 'seed', 'samples', 'target_ids_file'];
  return keys
    .filter((k) => recorded[k] !== wanted[k])
    .map((k) => `${k} was ${JSON.stringify(recorded[k])}, now ${JSON.stringify(wanted[k])}`);
}

export async function writeRunMetadata(runDir: string, metadata: RunMetadata): Promise<void> {
  await atomicWriteFile(runPaths(runDir).metadata, pyDumps(metadata, { indent: 2, sortKeys: true }) + '\n');
}

export async function writeSelection(runDir: string, selection: SelectionRecord): Promise<void> {
  await atomicWriteFile(runPaths(runDir).selection, JSON.stringify(selection, null, 2) + '\n');
}

export async function readSelection(runDir: string): Promise<SelectionRecord | null> {
  try {
    return JSON.parse(await readFile(runPaths(runDir).selection, 'utf8')) as SelectionRecord;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
