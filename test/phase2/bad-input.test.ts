// Phase II on bad input: broken packages get error rows and the run goes on; a model that answers
// without any JSON costs the attempt, not the package, and the next attempt's retry prompt says why.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import type { RunningWorkers } from '../../src/worker.js';
import { BAD_CORPUS_IDS, makeBadCorpus, type BadCorpus } from '../support/bad-corpus.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { phase2TestInput } from '../support/phase2-input.js';
import { connectClient, startTestRun, startTestWorkers, uniqueRunId } from '../support/temporal.js';
import type { Phase2Options } from '../../src/contracts/phase2-options.js';

const namespace = TEST_NAMESPACES.phase2Model;
const logDir = mkdtempSync(join(tmpdir(), 'smi-p2-bad-'));
let client: Client;
let closeClient: () => Promise<void>;
let workers: RunningWorkers;
let corpus: BadCorpus;
let stub: RunningOpenAiStub | undefined;

beforeAll(async () => {
  ({ client, close: closeClient } = await connectClient(namespace));
  workers = await startTestWorkers(namespace);
  corpus = await makeBadCorpus();
});
afterAll(async () => {
  await workers.shutdown();
  await closeClient();
  await stub?.close();
});

interface Result {
  packages: { package_id: string; error: string | null; plan_attempts: number }[];
  aggregate: Record<string, number>;
}

async function run(options: Partial<Phase2Options>) {
  const input = phase2TestInput({
    runId: uniqueRunId('p2-bad'),
    logDir,
    corpusRoot: corpus.root,
    input: { idsFile: corpus.idsFile, samples: 0 },
    options,
  });
  const output = await (await startTestRun(client, input)).result();
  const result = JSON.parse(readFileSync(join(input.runDir, 'result.json'), 'utf8')) as Result;
  const selection = JSON.parse(readFileSync(join(input.runDir, 'selection.json'), 'utf8')) as {
    unknown_ids: string[];
  };
  return { output, result, selection, byId: new Map(result.packages.map((p) => [p.package_id, p])) };
}

describe('Phase II on bad input', () => {
  it('a plan file that is broken when a package reads it fails the package at once', async () => {
    // The CLI refuses such a file; here it is broken behind its back. Retried, each package used to spend
    // ~45 s of backoff inside one workflow task (the SDK warning every 8 s) before giving up.
    const planFile = join(logDir, 'broken-plans.txt');
    writeFileSync(planFile, 'not json\n');
    const input = phase2TestInput({
      runId: uniqueRunId('p2-broken-plans'),
      logDir,
      corpusRoot: CORPUS_DIR,
      options: { agent: 'mock-planfile', planFile },
    });
    const started = Date.now();
    const output = await (await startTestRun(client, input)).result();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output.errors).toBe(4);
    const result = JSON.parse(readFileSync(join(input.runDir, 'result.json'), 'utf8')) as Result;
    expect(result.packages.map((p) => p.package_id).sort()).toEqual(Object.keys(SHARED_PACKAGE_DIRS).sort());
    for (const row of result.packages)
      expect(row.error).toBe(
        `--plan-file must be a JSON object mapping package_id -> PTB spec: ${planFile} ` +
          `(not JSON: Unexpected token 'o', "not json " is not valid JSON)`,
      );
  });

  it('records broken packages as error rows and finishes the run', async () => {
    const { output, result, selection, byId } = await run({ agent: 'baseline-search' });
    expect(result.packages.map((p) => p.package_id)).toEqual([
      BAD_CORPUS_IDS.good,
      BAD_CORPUS_IDS.corruptModule,
      BAD_CORPUS_IDS.emptyModules,
    ]);
    expect(byId.get(BAD_CORPUS_IDS.good)!.error).toBeNull();
    expect(byId.get(BAD_CORPUS_IDS.corruptModule)!.error).toMatch(/invalid bytecode in .*\.mv/);
    expect(byId.get(BAD_CORPUS_IDS.emptyModules)!.error).toMatch(/no \.mv files found/);
    expect(output.errors).toBe(2);
    expect(result.aggregate['errors']).toBe(2);
    expect(selection.unknown_ids).toEqual([BAD_CORPUS_IDS.unknown]);
  });

  it('a model answer without JSON fails the attempt and is named in the retry prompt', async () => {
    stub = await startOpenAiStub({ handler: () => ({ content: 'I would rather not plan anything today.' }) });
    const { byId } = await run({
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
      maxPlanAttempts: 2,
    });
    const good = byId.get(BAD_CORPUS_IDS.good)!;
    expect(good.error).toBeNull();
    expect(good.plan_attempts).toBe(2);
    // Only the readable package asked the model: two attempts, one call each.
    expect(stub.requests).toHaveLength(2);
    const [first, second] = stub.requests.map((r) => r.prompt);
    expect(first).not.toContain('I would rather not');
    // The retry prompt quotes the failure, which quotes the start of the answer.
    expect(second).toContain('I would rather not plan anything today.');
  });
});
