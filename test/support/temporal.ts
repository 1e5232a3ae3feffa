// Test access to the real Temporal dev server started by global-setup.ts.
import { afterAll, beforeAll, inject } from 'vitest';
import { Client, Connection, type WorkflowHandleWithFirstExecutionRunId } from '@temporalio/client';
import { TASK_QUEUES, runWorkflowId } from '../../src/temporal/names.js';
import { readProcessConfig } from '../../src/config/process-config.js';
import { startWorkers, workerSettings, type RunningWorkers } from '../../src/worker.js';
import type { benchmarkRun } from '../../src/workflows/benchmark-run.js';
import type { RunInput } from '../../src/contracts/run.js';

export function temporalAddress(): string {
  return inject('temporalAddress');
}

export async function connectClient(
  namespace: string,
): Promise<{ client: Client; close: () => Promise<void> }> {
  const connection = await Connection.connect({ address: temporalAddress() });
  return { client: new Client({ connection, namespace }), close: () => connection.close() };
}

/** Workers with the settings of this test process's environment (a file may set SMI_VM_HEAP_MB first). */
export async function startTestWorkers(namespace: string, apiKey = 'test-key'): Promise<RunningWorkers> {
  const config = readProcessConfig(process.env);
  return startWorkers(workerSettings(temporalAddress(), namespace, { resolveApiKey: () => apiKey }, config));
}

/**
 * A test file's client and in-process workers on `namespace`, ready from beforeAll on. After the file's
 * tests the workers stop, then the client closes, then `cleanup` runs (the file's stubs, say).
 */
export function useTestWorkers(
  namespace: string,
  cleanup?: () => Promise<void>,
): { readonly client: Client; readonly workers: RunningWorkers } {
  const state = {} as { client: Client; workers: RunningWorkers; close: () => Promise<void> };
  beforeAll(async () => {
    ({ client: state.client, close: state.close } = await connectClient(namespace));
    state.workers = await startTestWorkers(namespace);
  });
  afterAll(async () => {
    await state.workers.shutdown();
    await state.close();
    await cleanup?.();
  });
  return state;
}

/** Starts a run of any phase, as the CLI does but without its checks. */
export async function startTestRun(
  client: Client,
  input: RunInput,
): Promise<WorkflowHandleWithFirstExecutionRunId<typeof benchmarkRun>> {
  return client.workflow.start<typeof benchmarkRun>('benchmarkRun', {
    workflowId: runWorkflowId(input.phase, input.runId),
    taskQueue: TASK_QUEUES.orchestration,
    args: [input],
  });
}

let counter = 0;
/** Run ids unique across test files sharing one server. */
export function uniqueRunId(prefix: string): string {
  counter++;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}
