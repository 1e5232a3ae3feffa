// The model's progressive-exposure loop, end to end: real Temporal, the real 0x2 framework bytecode, and an
// OpenAI-compatible stub on 127.0.0.1 that answers a scripted conversation. One package, two plan attempts:
//   attempt 1: need_more (three-part target) → need_more (two-part target: the whole module) → 429, then a
//              repeated request (loop detection) → loop prompt → a plan in a fence amid prose, needing
//              normalization, with a result reference to a later call: a causality error, and a schema
//              violation, so it is never simulated;
//   attempt 2: the retry prompt, carrying that failure → a plan that creates two key objects.
// Expected hits come from the framework's source: `kiosk::default` is
//   entry fun default(ctx) { let (kiosk, cap) = new(ctx); transfer::transfer(cap, ctx.sender());
//                            transfer::share_object(kiosk); }
// so it creates exactly 0x2::kiosk::Kiosk and 0x2::kiosk::KioskOwnerCap, both `key` structs of 0x2.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub, type StubReply } from '../support/openai-stub.js';
import { runHistoryText } from '../support/history-text.js';
import { CORPUS_DIR } from '../support/paths.js';
import { phase2TestInput } from '../support/phase2-input.js';
import { startTestRun, uniqueRunId, useTestWorkers } from '../support/temporal.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const namespace = TEST_NAMESPACES.phase2Model;
let stub: RunningOpenAiStub | undefined;

const temporal = useTestWorkers(namespace, async () => {
  await stub?.close();
});

const json = (value: unknown): StubReply => ({
  content: JSON.stringify(value),
  usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
});

const BROKEN_PLAN =
  'Here is my plan:\n```json\n' +
  JSON.stringify({
    calls: [
      { target: '0x2::kiosk::default' },
      {
        target: '0x2::transfer::public_share_object',
        type_args: ['0x2::kiosk::Kiosk'],
        args: [{ result: 3 }],
      },
      {
        target: '0x2::transfer::public_transfer',
        type_args: ['0x2::kiosk::KioskOwnerCap'],
        args: [{ nested_result: ['0', 1] }, { address: 'AB' }],
      },
    ],
  }) +
  '\n```\nIt shares the kiosk.';

const SCRIPT: StubReply[] = [
  json({ need_more: ['0x2::kiosk::default'], reason: 'see the constructor' }),
  json({ need_more: ['0x2::kiosk'] }),
  { status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '0' } },
  json({ need_more: ['0x2::kiosk', '0x2::kiosk::default'] }),
  { content: BROKEN_PLAN, usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 } },
  json({ calls: [{ target: '0x2::kiosk::default', type_args: [], args: [] }] }),
];

describe('Phase II planning loop (real-openai-compatible)', () => {
  it('runs need_more rounds, loop detection, normalization, causality, the retry prompt and a 429', async () => {
    const prompts: string[] = [];
    stub = await startOpenAiStub({
      handler: (req) => {
        prompts.push(req.prompt);
        return SCRIPT[prompts.length - 1] ?? { status: 500, body: 'script exhausted' };
      },
    });
    const logDir = mkdtempSync(join(tmpdir(), 'smi-p2-loop-'));
    const idsFile = join(logDir, 'ids.txt');
    writeFileSync(idsFile, `${SUI}\n`);
    const input = phase2TestInput({
      runId: uniqueRunId('p2-loop'),
      logDir,
      corpusRoot: CORPUS_DIR,
      input: { idsFile, samples: 1 },
      options: {
        agent: 'real-openai-compatible',
        agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
        maxPlanAttempts: 2,
        maxPlanningCalls: 10,
        maxHeuristicVariants: 1,
      },
    });
    const output = await (await startTestRun(temporal.client, input)).result();
    expect(output.errors).toBe(0);
    expect(prompts).toHaveLength(SCRIPT.length);

    // Round 1 shows the package's entry functions first; round 2 focuses on kiosk::default; round 3 (a
    // two-part target) shows the whole kiosk module, e.g. its `place` and `take` functions.
    expect(prompts[1]).toContain('default');
    expect(prompts[1]).not.toMatch(/\bplace\b/);
    expect(prompts[2]).toMatch(/\bplace\b/);
    expect(prompts[2]).toMatch(/\btake\b/);
    // The 429 was retried with the same prompt; the repeated request then got the loop prompt.
    expect(prompts[3]).toBe(prompts[2]);
    expect(prompts[4]).not.toBe(prompts[3]);
    // Attempt 2 uses the retry prompt, which names why the first plan failed.
    expect(prompts[5]).toContain('does not follow the schema');

    const result = JSON.parse(readFileSync(join(input.runDir, 'result.json'), 'utf8')) as {
      packages: Record<string, unknown>[];
      aggregate: Record<string, number>;
    };
    const row = result.packages[0]!;
    expect(row['plan_attempts']).toBe(2);
    expect(row['score']).toMatchObject({ created_hits: 2, created_distinct: 2 });
    expect(row['created_object_types_list']).toEqual([
      `${SUI}::kiosk::Kiosk`,
      `${SUI}::kiosk::KioskOwnerCap`,
    ]);
    // The first plan: an index as a string and an address without 0x were corrected; call 1 refers to
    // the result of call 3, which does not exist yet (upstream's causality text).
    expect(row['formatting_corrections']).toEqual([
      'call[2].args[0]: nested_result_string_to_int',
      'call[2].args[1]: address_missing_0x_prefix',
    ]);
    expect(row['formatting_corrections_histogram']).toEqual({
      nested_result_string_to_int: 1,
      address_missing_0x_prefix: 1,
    });
    expect(row['causality_valid']).toBe(false);
    expect(row['causality_errors']).toEqual([
      "Causality violation in call 1: references result 3 which hasn't been produced yet",
      // upstream checks the plan as the model wrote it, before normalization
      'Nested result index in call 2, arg 0 must be an integer (got str)',
    ]);
    expect(row['schema_violation_count']).toBe(1);
    expect(row['schema_violation_attempts_until_first_valid']).toBe(2);
    expect(row['semantic_failure_count']).toBe(0);
    // Five answered calls at 100 + 10 tokens each (the 429 had none).
    expect(row['usage']).toEqual({ prompt_tokens: 500, completion_tokens: 50, total_tokens: 550 });
    expect(result.aggregate['total_prompt_tokens']).toBe(500);
    // The workers' API key reached the stub and nothing Temporal stored.
    expect(stub.requests.every((r) => r.headers.authorization === 'Bearer test-key')).toBe(true);
    expect(await runHistoryText(temporal.client, 'phase2', input.runId)).not.toContain('test-key');
  });
});
