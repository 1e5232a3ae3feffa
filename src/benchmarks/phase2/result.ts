// Builds the Phase II result (schema_version 2) from what a run directory holds, as phase1-result.ts
// does for Phase I. The simulation settings come from run_metadata.json, where they carry upstream's names.
import { basename } from 'node:path';
import { aggregatePhase2, type Phase2RunResult } from '../../core/phase2/result.js';
import type { Phase2Row } from '../../core/phase2/row.js';
import { readRunMetadata, readSelection } from '../../run-store/run-record.js';
import { readStoredRows } from '../../run-store/rows.js';

export async function buildPhase2Result(
  runDir: string,
  finishedAtUnixSeconds: number,
): Promise<Phase2RunResult> {
  const [selection, metadata] = await Promise.all([readSelection(runDir), readRunMetadata(runDir)]);
  if (!selection || !metadata)
    throw new Error(`${runDir} holds no prepared run (selection.json or run_metadata.json is missing)`);
  const rows = (await readStoredRows<Phase2Row>(runDir)).map((s) => s.row);
  return {
    schema_version: 2,
    started_at_unix_seconds: selection.started_at_unix_seconds,
    finished_at_unix_seconds: finishedAtUnixSeconds,
    corpus_root_name: basename(selection.corpus_root),
    samples: rows.length,
    seed: selection.seed,
    agent: selection.agent,
    // Upstream's validator wants a string; a mode that talks to no RPC endpoint records an empty one.
    rpc_url: typeof metadata['rpc_url'] === 'string' ? metadata['rpc_url'] : '',
    sender: String(metadata['sender']),
    gas_budget: Number(metadata['gas_budget']),
    gas_coin: typeof metadata['gas_coin'] === 'string' ? metadata['gas_coin'] : null,
    simulation_mode: String(metadata['simulation_mode']),
    aggregate: aggregatePhase2(rows),
    packages: rows,
  };
}
