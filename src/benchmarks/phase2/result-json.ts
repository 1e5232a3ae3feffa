// Writes the Phase II results / checkpoint file text.
// NOT for workflow code: it depends on checksum.ts, which imports node:crypto.
import { formatCheckpointJson } from '../../run-store/checksum.js';
import { phase2ResultToPy, type Phase2RunResult } from '../../core/phase2/result.js';

/** schema_version 2: sorted keys, indent 2, Python floats, `_checksum` as Phase I, trailing newline. */
export function formatPhase2ResultJson(result: Phase2RunResult): string {
  return formatCheckpointJson(phase2ResultToPy(result));
}
