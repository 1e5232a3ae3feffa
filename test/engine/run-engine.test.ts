// The run engine's own guarantees, on the real Temporal server: the concurrency in force survives
// continue-as-new, a package whose result cannot be recorded fails the run instead of hanging it, and
// package workflows carry their run's search attributes plus their package id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { createQueueActivities } from '../../src/activities/index.js';
import { SEARCH_ATTRIBUTES, TASK_QUEUES, runWorkflowId } from '../../src/temporal/names.js';
import { workflowSourcePath } from '../../src/temporal/workflow-bundle.js';
import type { RunningWorkers } from '../../src/worker.js';
import { setConcurrencyUpdate } from '../../src/workflows/run-api.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub } from '../support/openai-stub.js';
import { testRunInput } from '../support/run-input.js';
import { makeSyntheticCorpus } from '../support/synthetic-corpus.js';
import {
  connectClient,
  startTestRun,
  startTestWorkers,
  temporalAddress,
  uniqueRunId,
} from '../support/temporal.js';

const namespace = TEST_NAMESPACES.engine;
let client: Client;
let closeClient: () => Promise<void>;
const logDir = mkdtempSync(join(tmpdir(), 'smi-engine-'));

beforeAll(async () => {
  ({ client, close: closeClient } = await connectClient(namespace));
});
afterAll(async () => {
  await closeClient();
});

/** The most requests that were in flight at once among those started in [from, to). */
function maxOverlap(spans: { start: number; end: number }[]): number {
  let best = 0;
  for (const s of spans)
    best = Math.max(best, spans.filter((o) => o.start <= s.start && o.end > s.start).length);
  return best;
}

describe('run engine', () => {
  let workers: RunningWorkers;
  beforeAll(async () => {
    workers = await startTestWorkers(namespace);
  });
  afterAll(async () => {
    await workers.shutdown();
  });

  it('keeps a concurrency set by update across continue-as-new', async () => {
    const corpus = await makeSyntheticCorpus(12);
    const spans: { start: number; end: number }[] = [];
    const stub = await startOpenAiStub({
      handler: () => {
        const start = Date.now();
        spans.push({ start, end: start + 400 });
        return { content: '{"key_types": []}', delayMs: 400 };
      },
    });
    try {
      const input = testRunInput({
        runId: uniqueRunId('engine-can'),
        logDir,
        corpusRoot: corpus.root,
        input: { concurrency: 1, packagesPerHistory: 4 },
        options: {
          agent: 'real-openai-compatible',
          agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
        },
      });
      const handle = await startTestRun(client, input);
      expect(await handle.executeUpdate(setConcurrencyUpdate, { args: [3] })).toBe(3);
      const out = await handle.result();
      expect(out.total).toBe(12);
      let executions = 0;
      for await (const _ of client.workflow.list({ query: `WorkflowId = '${handle.workflowId}'` }))
        executions++;
      expect(executions).toBeGreaterThanOrEqual(3); // 12 packages, 4 per history
      // The last history's packages (the last 4 requests) still ran 3 at a time, not 1.
      expect(spans).toHaveLength(12);
      expect(maxOverlap(spans.slice(-4))).toBe(3);
      expect(maxOverlap(spans)).toBeLessThanOrEqual(3);
    } finally {
      await stub.close();
    }
  });

  it('starts no package after --max-run-seconds and reports the packages it ran', async () => {
    const corpus = await makeSyntheticCorpus(8);
    const stub = await startOpenAiStub({ handler: () => ({ content: '{"key_types": []}', delayMs: 500 }) });
    try {
      const input = testRunInput({
        runId: uniqueRunId('engine-deadline'),
        logDir,
        corpusRoot: corpus.root,
        input: { concurrency: 1, maxRunSeconds: 1.2 },
        options: {
          agent: 'real-openai-compatible',
          agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
        },
      });
      const out = await (await startTestRun(client, input)).result();
      // one package at a time, each ≥ 0.5 s: at most three can start within 1.2 s, and at least one did
      expect(out.total).toBeGreaterThanOrEqual(1);
      expect(out.total).toBeLessThanOrEqual(3);
      expect(stub.requests.length).toBe(out.total);
    } finally {
      await stub.close();
    }
  });

  it('gives package workflows the run attributes and their package id', async () => {
    const input = testRunInput({
      runId: uniqueRunId('engine-attrs'),
      logDir,
      corpusRoot: (await makeSyntheticCorpus(2)).root,
    });
    const handle = await client.workflow.start('benchmarkRun', {
      workflowId: runWorkflowId('phase1', input.runId),
      taskQueue: TASK_QUEUES.orchestration,
      args: [input],
      typedSearchAttributes: [
        { key: SEARCH_ATTRIBUTES.runId, value: input.runId },
        { key: SEARCH_ATTRIBUTES.phase, value: 'phase1' },
      ],
    });
    await handle.result();
    const children: (string | undefined)[] = [];
    const query = `SmiRunId = '${input.runId}' AND SmiPackageId IS NOT NULL`;
    // Visibility is eventually consistent: wait for both children to be listed.
    for (let i = 0; i < 50 && children.length < 2; i++) {
      children.length = 0;
      for await (const w of client.workflow.list({ query }))
        children.push(w.typedSearchAttributes.get(SEARCH_ATTRIBUTES.packageId));
      if (children.length < 2) await new Promise((r) => setTimeout(r, 200));
    }
    expect(children).toHaveLength(2);
    expect(children.every((id) => typeof id === 'string' && id.startsWith('0x'))).toBe(true);
  });
});

describe('run engine when rows cannot be recorded', () => {
  it('fails the run with the reason instead of hanging', async () => {
    const connection = await NativeConnection.connect({ address: temporalAddress() });
    const broken = async (): Promise<never> => {
      throw ApplicationFailure.nonRetryable('disk full (simulated)', 'InvalidRunInput');
    };
    const activities = {
      ...(await createQueueActivities()).io,
      recordPackageResult: broken,
      recordFailedPackage: broken,
    };
    const common = { connection, namespace: TEST_NAMESPACES.engineFaults, activities };
    const workers = await Promise.all([
      Worker.create({ ...common, taskQueue: TASK_QUEUES.orchestration, workflowsPath: workflowSourcePath() }),
      Worker.create({ ...common, taskQueue: TASK_QUEUES.io }),
    ]);
    const running = Promise.all(workers.map((w) => w.run()));
    const { client: faultClient, close } = await connectClient(TEST_NAMESPACES.engineFaults);
    try {
      const input = testRunInput({
        runId: uniqueRunId('engine-fault'),
        logDir,
        corpusRoot: (await makeSyntheticCorpus(2)).root,
      });
      const handle = await startTestRun(faultClient, input);
      await expect(handle.result()).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/could not be recorded: .*disk full/) },
      });
    } finally {
      await close();
      for (const w of workers) w.shutdown();
      await running;
      await connection.close();
    }
  });
});
