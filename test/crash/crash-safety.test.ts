// Crash safety: `kill -9` the worker halfway through a run, or the Temporal server itself, then start it
// again. The run must complete with the same result as an uninterrupted run, and no package that had
// finished before the crash may be computed again (the model server counts its requests per package).
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { stopProcess } from '../support/cli.js';
import { CrashLab, killHard } from '../support/crash-lab.js';
import { makeSyntheticCorpus, type SyntheticCorpus } from '../support/synthetic-corpus.js';
import { testRunInput } from '../support/run-input.js';
import { TASK_QUEUES, runWorkflowId } from '../../src/temporal/names.js';
import type { benchmarkRun } from '../../src/workflows/benchmark-run.js';
import type { Phase1RunInput } from '../../src/workflows/phase1-types.js';
import type { Phase1PackageRow } from '../../src/core/types.js';

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

function finishedPackages(runId: string): string[] {
  const rowsDir = join(dir, 'logs', runId, 'rows');
  if (!existsSync(rowsDir)) return [];
  return readdirSync(rowsDir)
    .filter((f) => f.endsWith('.json'))
    .map(
      (f) => (JSON.parse(readFileSync(join(rowsDir, f), 'utf8')) as { row: Phase1PackageRow }).row.package_id,
    );
}

async function waitForRows(runId: string, n: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (finishedPackages(runId).length < n) {
    if (Date.now() > deadline) throw new Error(`run ${runId} did not reach ${n} rows`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Rows without what legitimately differs between two runs (timing). */
function comparable(runId: string): Omit<Phase1PackageRow, 'elapsed_seconds'>[] {
  const text = readFileSync(join(dir, 'logs', runId, 'result.json'), 'utf8');
  return (JSON.parse(text) as { packages: Phase1PackageRow[] }).packages.map(
    ({ elapsed_seconds: _e, ...rest }) => rest,
  );
}

function requestsSince(offset: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of stub.requests.slice(offset))
    if (r.packageId) counts.set(r.packageId, (counts.get(r.packageId) ?? 0) + 1);
  return counts;
}

function expectNoDuplicateLines(runId: string): void {
  const lines = readFileSync(join(dir, 'logs', runId, 'packages.jsonl'), 'utf8')
    .trim()
    .split('\n');
  const ids = lines.map((l) => (JSON.parse(l) as { package_id: string }).package_id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(corpus.size);
}

/** Waits for a run to close, riding out a server that is down for a while. */
async function resultOf(runId: string): Promise<void> {
  const handle = client.workflow.getHandle(runWorkflowId('phase1', runId));
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      await handle.result();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
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
    await waitForRows('worker-crash', 8);
    await killHard(first);
    const doneBeforeCrash = finishedPackages('worker-crash');
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
    await waitForRows('server-crash', 8);
    await killHard(lab.server.process);
    const doneBeforeCrash = finishedPackages('server-crash');
    expect(doneBeforeCrash.length).toBeLessThan(corpus.size);

    await lab.restartServer();
    await resultOf('server-crash');
    expect(comparable('server-crash')).toEqual(baseline);
    const counts = requestsSince(offset);
    for (const id of doneBeforeCrash) expect(counts.get(id), `package ${id} was asked again`).toBe(1);
    expectNoDuplicateLines('server-crash');
  });
});
