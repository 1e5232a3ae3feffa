// The layout of a run directory. Upstream's three files first, then what smi-bench adds.
import { join } from 'node:path';

export function runPaths(runDir: string) {
  return {
    /** upstream: run configuration, written once at the start */
    metadata: join(runDir, 'run_metadata.json'),
    /** upstream: append-only event log */
    events: join(runDir, 'events.jsonl'),
    /** upstream: one line per finished package */
    packages: join(runDir, 'packages.jsonl'),
    /** the selected packages, in processing order, one JSON line each (paged by the run workflow) */
    manifest: join(runDir, 'manifest.jsonl'),
    /** what selection learned: totals, unknown ids, skipped corpus directories */
    selection: join(runDir, 'selection.json'),
    /** one file per finished package, named by its index: the source of truth for results */
    rows: join(runDir, 'rows'),
    /** content-addressed blobs: interface JSON, prompts, raw model answers */
    artifacts: join(runDir, 'artifacts'),
    /** the Phase I result JSON (schema_version 1) */
    result: join(runDir, 'result.json'),
  };
}

export function rowPath(runDir: string, index: number): string {
  return join(runPaths(runDir).rows, `${String(index).padStart(6, '0')}.json`);
}

/** A finished evaluation set's result file, beside its runs' directories. */
export function setResultPath(logDir: string, setId: string): string {
  return join(logDir, `${setId}.set_result.json`);
}
