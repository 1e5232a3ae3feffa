// Writes the Phase I results / checkpoint file text.
// NOT for workflow code: it depends on checksum.ts, which imports node:crypto.
import type { Phase1RunResult } from '../../core/types.js';
import { formatCheckpointJson } from '../../run-store/checksum.js';
import { phase1ResultToPy } from '../../core/phase1-result.js';

/** Upstream's schema_version 1 file: sorted keys, indent 2, Python floats, `_checksum`, trailing newline. */
export function formatPhase1ResultJson(result: Phase1RunResult): string {
  return formatCheckpointJson(phase1ResultToPy(result));
}
