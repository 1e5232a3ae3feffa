// Everything Temporal stored about a run: the histories of the run workflow (every execution) and of its
// package workflows, as text with every payload decoded, to search for what must never be there.
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { runWorkflowId } from '../../src/temporal/names.js';
import type { Phase } from '../../src/contracts/phases.js';

export async function runHistoryText(client: Client, phase: Phase, runId: string): Promise<string> {
  const id = runWorkflowId(phase, runId);
  const texts: string[] = [];
  const query = `WorkflowId = "${id}" OR WorkflowId STARTS_WITH "${id}/"`;
  for await (const execution of client.workflow.list({ query })) {
    const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
    const json = historyToJSON(history);
    texts.push(json);
    // Payload data is base64 in the JSON form of a history.
    for (const m of json.matchAll(/"data":\s*"([A-Za-z0-9+/=]+)"/g))
      texts.push(Buffer.from(m[1]!, 'base64').toString('utf8'));
  }
  if (texts.length === 0) throw new Error(`no histories found for ${id}`);
  return texts.join('\n');
}
