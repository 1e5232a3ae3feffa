// Phase I end to end on the real Temporal server and the real shared corpus, with the mock agents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_DIR } from '../support/paths.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { connectClient, startTestRun, startTestWorkers, uniqueRunId } from '../support/temporal.js';
import type { RunningWorkers } from '../../src/worker.js';
import type { Client } from '@temporalio/client';
import type { Phase1RunInput } from '../../src/contracts/phase1-options.js';
import { progressQuery, setConcurrencyUpdate } from '../../src/workflows/run-api.js';
import { makeSyntheticCorpus } from '../support/synthetic-corpus.js';
import { testRunInput } from '../support/run-input.js';
import type { Phase1Agent } from '../../src/contracts/agents.js';

let workers: RunningWorkers;
let client: Client;
let closeClient: () => Promise<void>;
const logDir = mkdtempSync(join(tmpdir(), 'smi-phase1-mock-'));

beforeAll(async () => {
  workers = await startTestWorkers(TEST_NAMESPACES.mockAgents);
  ({ client, close: closeClient } = await connectClient(TEST_NAMESPACES.mockAgents));
});
afterAll(async () => {
  await closeClient();
  await workers.shutdown();
});

function input(agent: Phase1Agent, overrides: Partial<Phase1RunInput> = {}): Phase1RunInput {
  const runId = uniqueRunId(agent);
  return testRunInput({
    runId,
    logDir,
    corpusRoot: CORPUS_DIR,
    options: { agent },
    input: { outFile: join(logDir, `${runId}.json`), ...overrides },
  });
}

interface ResultJson {
  schema_version: number;
  samples: number;
  agent: string;
  aggregate: { avg_f1: number; avg_precision: number; avg_recall: number; errors: number };
  packages: {
    package_id: string;
    truth_key_types: number;
    predicted_key_types: number;
    error: string | null;
    score: { tp: number; fp: number; fn: number; f1: number; precision: number; recall: number };
    truth_key_types_list: string[];
  }[];
  _checksum: string;
}

function readResult(path: string): ResultJson {
  return JSON.parse(readFileSync(path, 'utf8')) as ResultJson;
}

describe('Phase I with mock agents on the shared corpus', () => {
  it('mock-perfect scores F1 = 1.0 for every package', async () => {
    const run = input('mock-perfect');
    const out = await (await startTestRun(client, run)).result();
    expect(out.total).toBe(4);
    const result = readResult(run.outFile!);
    expect(result.schema_version).toBe(1);
    expect(result.samples).toBe(4);
    expect(result.packages.map((p) => p.package_id)).toEqual(
      [...result.packages.map((p) => p.package_id)].sort(),
    );
    for (const row of result.packages) {
      expect(row.error).toBeNull();
      expect(row.score.f1).toBe(1);
      expect(row.predicted_key_types).toBe(row.truth_key_types);
    }
    // The Sui framework (0x2) has many key structs; the stdlib (0x1) has none.
    const byId = Object.fromEntries(result.packages.map((p) => [p.package_id.slice(-2), p]));
    expect(byId['02']!.truth_key_types).toBeGreaterThan(10);
    expect(byId['01']!.truth_key_types).toBe(0);
    expect(byId['02']!.truth_key_types_list).toContain(
      '0x0000000000000000000000000000000000000000000000000000000000000002::coin::Coin',
    );
    expect(result.aggregate).toMatchObject({ avg_f1: 1, avg_precision: 1, avg_recall: 1, errors: 0 });
    // Floats are written the Python way (1.0), and the file carries upstream's 8-hex checksum.
    expect(readFileSync(run.outFile!, 'utf8')).toContain('"avg_f1": 1.0');
    expect(result._checksum).toMatch(/^[0-9a-f]{8}$/);
  });

  it('mock-empty gives upstream edge-case scores: 1.0 when there is nothing to find, else 0', async () => {
    const run = input('mock-empty');
    await (await startTestRun(client, run)).result();
    const result = readResult(run.outFile!);
    for (const row of result.packages) {
      const expected = row.truth_key_types === 0 ? 1 : 0;
      expect(row.score).toMatchObject({ precision: expected, recall: expected, f1: expected, tp: 0, fp: 0 });
      expect(row.score.fn).toBe(row.truth_key_types);
    }
    // 0x1 (the stdlib) and wrapper_coin have no key structs; 0x2 and 0x3 have many.
    const nothingToFind = result.packages
      .filter((r) => r.truth_key_types === 0)
      .map((r) => r.package_id.slice(0, 4));
    expect(nothingToFind).toEqual(['0x00', '0x35']);
    expect(result.aggregate.avg_f1).toBe(0.5);
  });

  it('writes upstream run-directory files', async () => {
    const run = input('mock-noisy', { concurrency: 1 });
    await (await startTestRun(client, run)).result();
    const events = readFileSync(join(run.runDir, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const names = events.map((e: { event: string }) => e.event);
    expect(names[0]).toBe('run_started');
    expect(names.at(-1)).toBe('run_finished');
    expect(names.filter((n: string) => n === 'package_started')).toHaveLength(4);
    expect(names.filter((n: string) => n === 'package_finished')).toHaveLength(4);
    const packages = readFileSync(join(run.runDir, 'packages.jsonl'), 'utf8').trim().split('\n');
    expect(packages).toHaveLength(4);
    expect(packages[0]).toMatch(/^\{"attempts": /); // sorted keys, Python separators
    const metadata = JSON.parse(readFileSync(join(run.runDir, 'run_metadata.json'), 'utf8'));
    expect(metadata).toMatchObject({
      schema_version: 1,
      benchmark: 'phase1_key_struct_discovery',
      agent: 'mock-noisy',
    });
  });

  it('continues as new when a history has started its share of packages, losing nothing', async () => {
    const run = input('mock-perfect', { packagesPerHistory: 1, concurrency: 2 });
    const handle = await startTestRun(client, run);
    const out = await handle.result();
    expect(out.total).toBe(4);
    expect(out.aggregate.avg_f1).toBe(1);
    const first = await client.workflow.getHandle(handle.workflowId, handle.firstExecutionRunId).describe();
    expect(first.status.name).toBe('CONTINUED_AS_NEW');
    const lines = readFileSync(join(run.runDir, 'packages.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
  });

  it('answers progress queries and takes a new concurrency limit while running', async () => {
    const synthetic = await makeSyntheticCorpus(16);
    const run = input('mock-perfect', { corpusRoot: synthetic.root, concurrency: 1 });
    const handle = await startTestRun(client, run);
    await expect(handle.executeUpdate(setConcurrencyUpdate, { args: [0] })).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/concurrency must be an integer from 1/) },
    });
    expect(await handle.executeUpdate(setConcurrencyUpdate, { args: [6] })).toBe(6);
    const progress = await handle.query(progressQuery);
    expect(progress).toMatchObject({ runId: run.runId, concurrency: 6 });
    expect(progress.running.length).toBeLessThanOrEqual(6);
    const out = await handle.result();
    expect(out.total).toBe(16);
    const done = await handle.query(progressQuery);
    expect(done).toMatchObject({ phase: 'done', total: 16, completed: 16, errors: 0, means: { f1: 1 } });
  });

  it('refuses to continue a run directory with other settings instead of mixing two runs', async () => {
    const first = input('mock-perfect');
    await (await startTestRun(client, first)).result();
    const other = { ...first, options: { ...first.options, agent: 'mock-empty' as const } };
    const handle = await client.workflow.start('benchmarkRun', {
      workflowId: `${first.runId}-restarted-differently`,
      taskQueue: 'smi-orchestration',
      args: [other],
    });
    await expect(handle.result()).rejects.toMatchObject({
      cause: { cause: { message: expect.stringMatching(/agent was "mock-perfect", now "mock-empty"/) } },
    });
    const lines = readFileSync(join(first.runDir, 'packages.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
  });
});
