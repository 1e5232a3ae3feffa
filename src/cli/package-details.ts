// What each running package of a run is doing, for `smi-bench status`: package workflows carry their run's
// search attributes, and Phase II's planning loop keeps its position (plan attempt, planning call) in the
// workflow's current details, which Temporal's built-in metadata query returns.
import type { Client } from '@temporalio/client';
import { workflowMetadataQuery } from '@temporalio/workflow';
import { SEARCH_ATTRIBUTES } from '../temporal/names.js';

const SHOWN = 10;
const QUERY_TIMEOUT_MS = 2000;

export async function runningPackageLines(client: Client, runId: string): Promise<string[]> {
  const query =
    `${SEARCH_ATTRIBUTES.runId.name} = ${JSON.stringify(runId)} AND ExecutionStatus = "Running"` +
    ` AND ${SEARCH_ATTRIBUTES.packageId.name} IS NOT NULL`;
  const lines: string[] = [];
  for await (const execution of client.workflow.list({ query, pageSize: SHOWN })) {
    if (lines.length === SHOWN) {
      lines.push('…');
      break;
    }
    const packageId =
      execution.typedSearchAttributes.get(SEARCH_ATTRIBUTES.packageId) ?? execution.workflowId;
    const details = await currentDetails(client, execution.workflowId, execution.runId);
    lines.push(`${packageId}${details ? `: ${details}` : ''}`);
  }
  return lines;
}

async function currentDetails(client: Client, workflowId: string, runId: string): Promise<string> {
  try {
    const handle = client.workflow.getHandle(workflowId, runId);
    const metadata = await client.connection.withDeadline(Date.now() + QUERY_TIMEOUT_MS, () =>
      handle.query(workflowMetadataQuery),
    );
    return metadata.currentDetails ?? '';
  } catch {
    return ''; // no worker answered in time: the package is listed without details
  }
}
