// Crash safety: `kill -9` the worker halfway through a run, or the Temporal server itself, then start it
// again. The run must complete with the same result as an uninterrupted run, and no package that had
// finished before the crash may be computed again (the model server counts its requests per package).
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { stopProcess } from '../support/cli.js';
import { CrashLab, killHard } from '../support/crash-lab.js';
import { makeSyntheticCorpus, type SyntheticCorpus } from '../support/synthetic-corpus.js';
import { testRunInput } from '../support/run-input.js';
import {
  comparableRows,
  finishedPackages,
  requestsPerPackage,
  waitForRows,
  waitForWorkflow,
} from '../support/run-checks.js';
import { TASK_QUEUES, runWorkflowId } from '../../src/temporal/names.js';
import type { benchmarkRun } from '../../src/workflows/benchmark-run.js';
import type { Phase1RunInput } from '../../src/contracts/phase1-options.js';

let lab: CrashLab;
let dir: string;
let client: Client;
let stub: RunningOpenAiStub;
let corpus: SyntheticCorpus;

beforeAll(async () => {
  lab = await CrashLab.open('smi-crash-');
  ({ dir, client } = lab);
  corpus = await makeSyntheticCorpus(24);
  // A deterministic, imperfect answer per package, after a delay so the run takes a few seconds.
  stub = await startOpenAiStub({
    handler: (req) => {
      const truth = corpus.truth.get(req.packageId ?? '') ?? [];
      return { content: JSON.stringify({ key_types: [...truth.slice(1), '0xdead::m::Fake'] }), delayMs: 250 };
    },
  });
});

afterAll(async () => {
  await lab?.close();
  await stub?.close();
});

function input(runId: string): Phase1RunInput {
  return testRunInput({
    runId,
    logDir: join(dir, 'logs'),
    corpusRoot: corpus.root,
    input: { concurrency: 3 },
    options: {
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings({ SMI_MODEL: 'stub-model', SMI_API_BASE_URL: stub.baseUrl }, {}),
    },
  });
}

async function start(runId: string) {
  return client.workflow.start<typeof benchmarkRun>('benchmarkRun', {
    workflowId: runWorkflowId('phase1', runId),
    taskQueue: TASK_QUEUES.orchestration,
    args: [input(runId)],
  });
}

const runDirOf = (runId: string) => join(dir, 'logs', runId);
const comparable = (runId: string) => comparableRows(join(runDirOf(runId), 'result.json'));
const requestsSince = (offset: number) => requestsPerPackage(stub.requests.slice(offset));
const resultOf = (runId: string) => waitForWorkflow(client, runWorkflowId('phase1', runId), 180_000);

function expectNoDuplicateLines(runId: string): void {
  const lines = readFileSync(join(runDirOf(runId), 'packages.jsonl'), 'utf8')
    .trim()
    .split('\n');
  const ids = lines.map((l) => (JSON.parse(l) as { package_id: string }).package_id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(corpus.size);
}

describe('crash safety', () => {
  let baseline: ReturnType<typeof comparable>;

  it('an uninterrupted run (the baseline)', async () => {
    const worker = lab.startWorker();
    const offset = stub.requests.length;
    await (await start('baseline')).result();
    baseline = comparable('baseline');
    expect(baseline).toHaveLength(corpus.size);
    expect([...requestsSince(offset).values()].every((n) => n === 1)).toBe(true);
    await stopProcess(worker);
  });

  it('survives kill -9 of the worker', async () => {
    const first = lab.startWorker();
    const offset = stub.requests.length;
    await start('worker-crash');
    await waitForRows(runDirOf('worker-crash'), 8);
    await killHard(first);
    const doneBeforeCrash = finishedPackages(runDirOf('worker-crash'));
    expect(doneBeforeCrash.length).toBeLessThan(corpus.size);

    lab.startWorker();
    await resultOf('worker-crash');
    expect(comparable('worker-crash')).toEqual(baseline);
    const counts = requestsSince(offset);
    for (const id of doneBeforeCrash) expect(counts.get(id), `package ${id} was asked again`).toBe(1);
    expectNoDuplicateLines('worker-crash');
  });

  it('survives kill -9 of the Temporal server, restarted on its database file', async () => {
    const offset = stub.requests.length;
    await start('server-crash');
    await waitForRows(runDirOf('server-crash'), 8);
    await killHard(lab.server.process);
    const doneBeforeCrash = finishedPackages(runDirOf('server-crash'));
    expect(doneBeforeCrash.length).toBeLessThan(corpus.size);

    await lab.restartServer();
    await resultOf('server-crash');
    expect(comparable('server-crash')).toEqual(baseline);
    const counts = requestsSince(offset);
    for (const id of doneBeforeCrash) expect(counts.get(id), `package ${id} was asked again`).toBe(1);
    expectNoDuplicateLines('server-crash');
  });
});
