// Phase I with the real OpenAI-compatible agent, over real HTTP to a scripted model server on 127.0.0.1,
// orchestrated by the real Temporal server. One scripted behaviour per demo package.
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import {
  repliesByPackage,
  startOpenAiStub,
  type RunningOpenAiStub,
  type StubHandler,
  type StubReply,
} from '../support/openai-stub.js';
import { makeDemoCorpus, type DemoCorpus } from '../support/demo-truth.js';
import { runHistoryText } from '../support/history-text.js';
import { testRunInput } from '../support/run-input.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { connectClient, startTestRun, startTestWorkers, uniqueRunId } from '../support/temporal.js';
import type { RunningWorkers } from '../../src/worker.js';
import type { Phase1PackageRow } from '../../src/core/types.js';
import type { Phase1RunInput } from '../../src/contracts/phase1-options.js';

let workers: RunningWorkers;
let client: Client;
let closeClient: () => Promise<void>;
let stub: RunningOpenAiStub;
let demo: DemoCorpus;

interface StoredTrace {
  row: Phase1PackageRow;
  trace: {
    interfaceSha: string;
    prompts: { promptSha: string; answerSha: string | null; structsIncluded: number }[];
  };
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** Answers with the truth after `failures` scripted failures. */
function failThenAnswer(failures: StubReply[], truth: string[]): StubHandler {
  let calls = 0;
  return () => failures[calls++] ?? { content: JSON.stringify({ key_types: truth }) };
}

beforeAll(async () => {
  demo = await makeDemoCorpus();
  const t = (name: string) => demo.truth.get(demo.idOf(name))!;
  stub = await startOpenAiStub({
    apiKey: 'sk-test-123456',
    handler: repliesByPackage({
      // prose around a fenced JSON answer holding the right types
      [demo.idOf('shop')]: {
        content: `Sure! Here are the key structs:\n\`\`\`json\n${JSON.stringify({ key_types: t('shop') })}\n\`\`\`\nHope it helps.`,
      },
      // two empty answers: the struct budget is halved twice (200 → 100 → 50), then the model answers
      [demo.idOf('vault')]: failThenAnswer(
        [{ content: '' }, { content: '', finishReason: 'length' }],
        t('vault'),
      ),
      // rate limited once, with Retry-After
      [demo.idOf('gold_coin')]: failThenAnswer(
        [{ status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down' } } }],
        t('gold_coin'),
      ),
      // the key is refused: a permanent error, not retried
      [demo.idOf('math_utils')]: { status: 401, body: { error: { message: 'invalid api key' } } },
      // never answers within the per-package time limit
      [demo.idOf('hero_game')]: { hangMs: 60_000 },
      // no JSON at all
      [demo.idOf('marketplace')]: { content: 'I believe the Listing struct is the one with key.' },
    }),
  });
  workers = await startTestWorkers(TEST_NAMESPACES.realAgent, 'sk-test-123456');
  ({ client, close: closeClient } = await connectClient(TEST_NAMESPACES.realAgent));
});
afterAll(async () => {
  await closeClient();
  await workers.shutdown();
  await stub.close();
});

function realInput(logDir: string, baseUrl = stub.baseUrl): Phase1RunInput {
  return testRunInput({
    runId: uniqueRunId('real'),
    logDir,
    corpusRoot: demo.root,
    input: { concurrency: 6, outFile: join(logDir, 'result.json') },
    options: {
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings({ SMI_MODEL: 'stub-model', SMI_API_BASE_URL: baseUrl }, {}),
      // Room for vault's three calls on a loaded 2-core CI machine; hero_game's 60 s hang still passes it.
      perPackageTimeoutSeconds: 15,
    },
  });
}

describe('Phase I with a real agent against a local OpenAI-compatible server', () => {
  it('records the right rows and errors for each scripted behaviour', async () => {
    const logDir = mkdtempSync(join(tmpdir(), 'smi-real-'));
    const input = realInput(logDir);
    const out = await (await startTestRun(client, input)).result();
    expect(out.total).toBe(6);
    const result = JSON.parse(readFileSync(input.outFile!, 'utf8')) as {
      packages: Phase1PackageRow[];
      aggregate: { errors: number; usage: { total_tokens: number } };
    };
    const row = (name: string) => result.packages.find((p) => p.package_id === demo.idOf(name))!;
    const requests = stub.countByPackage();
    const calls = (name: string) => requests.get(demo.idOf(name)) ?? 0;

    expect(row('shop')).toMatchObject({ error: null, attempts: 1, max_structs_used: 200, timed_out: false });
    expect(row('shop').score.f1).toBe(1);
    expect(row('shop').usage!.total_tokens).toBeGreaterThan(0);

    expect(row('vault')).toMatchObject({ error: null, attempts: 3, max_structs_used: 50, timed_out: false });
    expect(row('vault').score.f1).toBe(1);
    expect(calls('vault')).toBe(3);

    expect(row('gold_coin')).toMatchObject({ error: null, attempts: 1, timed_out: false });
    expect(row('gold_coin').score.f1).toBe(1);
    expect(calls('gold_coin')).toBe(2);
    const [first, second] = stub.requests.filter((r) => r.packageId === demo.idOf('gold_coin'));
    expect(second!.time - first!.time).toBeGreaterThanOrEqual(900); // waited for Retry-After

    expect(row('math_utils').error).toMatch(/authentication failed \(401\)/);
    expect(row('math_utils')).toMatchObject({ attempts: 1, timed_out: false, predicted_key_types: 0 });
    expect(calls('math_utils')).toBe(1); // upstream retried this six times

    expect(row('hero_game')).toMatchObject({ timed_out: true, predicted_key_types: 0 });
    // upstream's words for a request cut off by the package deadline
    expect(row('hero_game').error).toBe('real-agent call failed: per-call timeout exceeded');

    expect(row('marketplace').error).toMatch(/real-agent call failed/);
    expect(calls('marketplace')).toBe(1);

    expect(result.aggregate.errors).toBe(3);
    const summed = result.packages.reduce((n, p) => n + (p.usage?.total_tokens ?? 0), 0);
    expect(result.aggregate.usage.total_tokens).toBe(summed);
    // Every request carried the key from the worker's environment; none carried it in workflow history.
    expect(stub.requests.every((r) => r.headers.authorization === 'Bearer sk-test-123456')).toBe(true);
    const stored = await runHistoryText(client, 'phase1', input.runId);
    expect(stored).toContain(demo.idOf('vault')); // the search does see the packages' payloads
    expect(stored).not.toContain('sk-test');
  });

  it('keeps in each stored row the hashes of every prompt sent and answer received', async () => {
    const vault = demo.idOf('vault');
    const answer = JSON.stringify({ key_types: demo.truth.get(vault) });
    const own = await startOpenAiStub({
      handler: repliesByPackage({
        [vault]: failThenAnswer([{ content: '' }, { content: '' }], demo.truth.get(vault)!),
      }),
    });
    const logDir = mkdtempSync(join(tmpdir(), 'smi-real-'));
    const input = realInput(logDir, own.baseUrl);
    await (await startTestRun(client, input)).result().finally(() => own.close());
    const stored = readdirSync(join(input.runDir, 'rows'))
      .map((f) => JSON.parse(readFileSync(join(input.runDir, 'rows', f), 'utf8')) as StoredTrace)
      .find((s) => s.row.package_id === vault)!;
    // what the model server received for this package, hashed here, independently of the artifact store
    const sent = own.requests.filter((r) => r.packageId === vault).map((r) => sha256(r.prompt));
    expect(sent).toHaveLength(3);
    const prompts = stored.trace.prompts;
    expect(prompts.map((p) => p.promptSha)).toEqual(sent);
    // two empty answers (failed calls: nothing stored), then the truth
    expect(prompts.map((p) => p.answerSha)).toEqual([null, null, sha256(answer)]);
    expect(prompts.map((p) => p.structsIncluded).every((n) => n > 0)).toBe(true);
    // each hash names a file of the run's artifact store that holds exactly that text
    for (const { promptSha } of prompts) {
      const text = readFileSync(join(input.runDir, 'artifacts', promptSha.slice(0, 2), promptSha.slice(2)));
      expect(sha256(text)).toBe(promptSha);
    }
    expect(stored.trace.interfaceSha).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reports the struct budget of the last request sent, as upstream does', async () => {
    const silent = await startOpenAiStub({ handler: () => ({ content: '' }) });
    try {
      const logDir = mkdtempSync(join(tmpdir(), 'smi-real-'));
      const input = testRunInput({
        runId: uniqueRunId('real-empty'),
        logDir,
        corpusRoot: demo.root,
        input: { samples: 1 },
        options: {
          agent: 'real-openai-compatible',
          agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: silent.baseUrl }, {}),
        },
      });
      await (await startTestRun(client, input)).result();
      const [line] = readFileSync(join(input.runDir, 'packages.jsonl'), 'utf8').trim().split('\n');
      const row = JSON.parse(line!) as Phase1PackageRow;
      // four requests with 200, 100, 50 and 25 structs; the last one sent had 25 (not a halved 12)
      expect(silent.requests).toHaveLength(4);
      expect(row).toMatchObject({ attempts: 4, max_structs_used: 25, timed_out: false });
      expect(row.error).toMatch(/^real-agent call failed: /);
    } finally {
      await silent.close();
    }
  });
});
