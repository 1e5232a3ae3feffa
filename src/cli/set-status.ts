// `smi-bench status SET_ID` for an evaluation set: its state and the model × phase matrix.
import type { Client } from '@temporalio/client';
import type { evalSet } from '../workflows/eval-set.js';
import { evalSetCellsQuery, type EvalSetCellState } from '../workflows/eval-set-types.js';
import { cellView, formatMatrix } from './set-matrix.js';

export const evalSetWorkflowId = (setId: string) => `smi/set/${setId}`;

/** The set's lines, or null when no set has this id. */
export async function setStatusLines(client: Client, setId: string): Promise<string[] | null> {
  const handle = client.workflow.getHandle<typeof evalSet>(evalSetWorkflowId(setId));
  const description = await handle.describe().catch(() => null);
  if (!description) return null;
  const status = description.status.name;
  const states: EvalSetCellState[] | null =
    status === 'RUNNING'
      ? await handle.query(evalSetCellsQuery).catch(() => null)
      : status === 'COMPLETED'
        ? await handle.result()
        : null;
  const lines = [`evaluation set ${setId}: ${status} (started ${description.startTime.toISOString()})`];
  if (!states) {
    lines.push(
      status === 'RUNNING'
        ? '  no worker answered; start `smi-bench worker` processes, or run the same eval-set command again'
        : '  run the same eval-set command again to go on',
    );
    return lines;
  }
  lines.push(...formatMatrix(await Promise.all(states.map((s) => cellView(client, s))), setId));
  return lines;
}
