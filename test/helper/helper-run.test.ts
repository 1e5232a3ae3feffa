// The helper benchmark end to end on a real Temporal server, with real corpus bytecode and an
// OpenAI-compatible stub answering a scripted conversation (the helpers and why they score as they do:
// test/support/helper-answers.ts).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import type { HelperRow } from '../../src/core/helper/row.js';
import {
  HELPER_DEFAULT_OPTIONS,
  type HelperOptions,
  type HelperRunInput,
} from '../../src/contracts/helper-options.js';
import { answer, BROKEN_SHOP, GOOD_SHOP, helperAnswer, MOVE_TOML } from '../support/helper-answers.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub, type StubReply } from '../support/openai-stub.js';
import { DEPENDENCY_IDS, makeDependencyCorpus } from '../support/dependency-corpus.js';
import { CORPUS_DIR } from '../support/paths.js';
import { runInputFor } from '../support/run-input.js';
import { startTestRun, uniqueRunId, useTestWorkers } from '../support/temporal.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const namespace = TEST_NAMESPACES.helper;
const stubs: RunningOpenAiStub[] = [];

const temporal = useTestWorkers(namespace, async () => {
  for (const stub of stubs) await stub.close();
});

async function scriptedStub(script: StubReply[]): Promise<{ stub: RunningOpenAiStub; prompts: string[] }> {
  const prompts: string[] = [];
  const stub = await startOpenAiStub({
    handler: (req) => {
      prompts.push(req.prompt);
      return script[prompts.length - 1] ?? { status: 500, body: 'script exhausted' };
    },
  });
  stubs.push(stub);
  return { stub, prompts };
}

function helperInput(prefix: string, packageId: string, options: Partial<HelperOptions>): HelperRunInput {
  const runId = uniqueRunId(prefix);
  return runInputFor(
    'helper',
    { ...HELPER_DEFAULT_OPTIONS, corpusRoot: CORPUS_DIR },
    {
      runId,
      logDir: mkdtempSync(join(tmpdir(), `smi-${prefix}-`)),
      corpusRoot: CORPUS_DIR,
      input: { packageIds: [packageId] },
      options,
    },
  );
}

interface HelperResult {
  aggregate: Record<string, unknown>;
  packages: HelperRow[];
}

async function runToResult(input: HelperRunInput): Promise<HelperResult> {
  const output = await (await startTestRun(temporal.client, input)).result();
  expect(output.total).toBe(1);
  return JSON.parse(readFileSync(join(input.runDir, 'result.json'), 'utf8')) as HelperResult;
}

describe('smi-bench helper on the run engine', () => {
  it("a helper that crashes Sui's compiler is that attempt's build error, and the next attempt builds", async () => {
    // 20,000 nested parentheses overflow the compiler's stack: a crash, not one of Sui's diagnostics.
    const deep = `module helper::shop;\n\npublic fun deep(): u64 { ${'('.repeat(20_000)}1${')'.repeat(20_000)} }\n`;
    const { stub, prompts } = await scriptedStub([
      helperAnswer({ 'sources/shop.move': deep }),
      helperAnswer({ 'sources/shop.move': GOOD_SHOP }),
    ]);
    const input = helperInput('helper-crash', SUI, {
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
    });
    const row = (await runToResult(input)).packages[0]!;
    const crash = "error: Sui's compiler crashed: Maximum call stack size exceeded";
    expect(row.build_errors).toEqual([[crash], []]);
    expect(row.build_diagnostics[0]).toEqual([]);
    expect(prompts[1]).toContain(crash);
    expect(row.successful_attempt).toBe(2);
    expect(row.error).toBeNull();
    expect(row.score).toMatchObject({ created_hits: 2 });
  });

  it('gives the build errors back to the model, whose second helper builds and creates two key types', async () => {
    const { stub, prompts } = await scriptedStub([
      helperAnswer({ 'sources/shop.move': BROKEN_SHOP }),
      helperAnswer({ 'sources/shop.move': GOOD_SHOP }),
    ]);
    const input = helperInput('helper-stub', SUI, {
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
    });
    const result = await runToResult(input);
    expect(prompts).toHaveLength(2);
    // The first prompt says what is true here and shows the target's interface and key types.
    expect(prompts[0]).toContain('target_pkg');
    expect(prompts[0]).toContain(
      'public fun new(&mut 0x2::tx_context::TxContext): (0x2::kiosk::Kiosk, 0x2::kiosk::KioskOwnerCap)',
    );
    expect(prompts[0]).toContain(`- ${SUI}::kiosk::Kiosk`);
    // The second carries both of Sui's diagnostics, each with its file, line and column, Sui's full report,
    // and the previous answer.
    expect(prompts[1]).toContain(
      'sources/shop.move:7:15: error[E04007]: incompatible types: Invalid type annotation',
    );
    expect(prompts[1]).toContain(
      "sources/shop.move:9:36: error[E04023]: invalid method call: Invalid method call. No known method 'senderx'",
    );
    expect(prompts[1]).toContain('Given: integer\n');
    expect(prompts[1]).toContain('┌─ sources/shop.move:9:36');
    expect(prompts[1]).toContain('ctx.senderx()');
    expect(prompts[1]).toContain('attempt 1: build failed');

    const row = result.packages[0]!;
    expect(row.attempts).toBe(2);
    expect(row.successful_attempt).toBe(2);
    expect(row.validation).toEqual({ ok: true, errors: [] });
    expect(row.build_errors[0]).toHaveLength(2);
    expect(row.build_errors[1]).toEqual([]);
    expect(row.build_diagnostics[0]!.filter((d) => d.severity === 'error')).toEqual([
      expect.objectContaining({ code: 'E04007', file: 'sources/shop.move', line: 7, column: 15 }),
      expect.objectContaining({ code: 'E04023', file: 'sources/shop.move', line: 9, column: 36 }),
    ]);
    expect(row.entrypoints).toHaveLength(1);
    expect(row.entrypoints[0]).toMatchObject({ status: 'tier_b_hit', abort_code: null });
    expect(row.entrypoints[0]!.target).toMatch(/::shop::open_kiosk$/);
    expect(row.entrypoints[0]!.target_modules_accessed).toContain('0x2::kiosk');
    expect(row.score).toMatchObject({ created_hits: 2, created_distinct: 2 });
    expect(row.ok).toBe(true);
    expect(row.failure_stage).toBe('targets_created');
    expect(row.usage).toEqual({ prompt_tokens: 2000, completion_tokens: 400, total_tokens: 2400 });
    expect(result.aggregate).toMatchObject({
      packages: 1,
      ok: 1,
      ok_rate: 1,
      hits: 2,
      errors: 0,
      tokens: 2400,
    });

    // Sources, diagnostics and the trace are in the run's artifact store, named by the row file's trace.
    const stored = JSON.parse(
      readFileSync(join(input.runDir, 'rows', readdirSync(join(input.runDir, 'rows'))[0]!), 'utf8'),
    ) as {
      trace: { attempts: { sourcesSha: string | null; problemsSha: string | null }[]; runTraceSha: string };
    };
    const artifact = (sha: string) =>
      readFileSync(join(input.runDir, 'artifacts', sha.slice(0, 2), sha.slice(2)), 'utf8');
    expect(artifact(stored.trace.attempts[0]!.problemsSha!)).toContain('┌─ sources/shop.move:7:15');
    expect(artifact(stored.trace.attempts[1]!.sourcesSha!)).toContain('open_kiosk');
    expect(artifact(stored.trace.runTraceSha)).toContain('kiosk::Kiosk');
  });

  it('records an invalid payload as a failed attempt with its reason, and tells the model', async () => {
    const { stub, prompts } = await scriptedStub([
      answer([1, 2]),
      helperAnswer({ 'sources/../escape.move': GOOD_SHOP }),
      helperAnswer({ 'sources/shop.move': GOOD_SHOP }),
    ]);
    const input = helperInput('helper-invalid', SUI, {
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
    });
    const row = (await runToResult(input)).packages[0]!;
    expect(prompts[1]).toContain('the answer must be one JSON object (helper_pkg_v1), not a list');
    expect(prompts[2]).toContain('"sources/../escape.move" has a "." or ".." segment');
    expect(row.attempt_history.map((a) => a.outcome)).toEqual([
      'invalid_payload',
      'invalid_payload',
      'built',
    ]);
    expect(row.successful_attempt).toBe(3);
    expect(row.error).toBeNull();
    expect(row.failure_stage).toBe('targets_created');
  });

  it('stops at --max-attempts with the last attempt’s reason (--single-shot)', async () => {
    const { stub } = await scriptedStub([answer({ move_toml: MOVE_TOML })]);
    const input = helperInput('helper-single', SUI, {
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
      maxAttempts: 1,
    });
    const row = (await runToResult(input)).packages[0]!;
    expect(row.attempts).toBe(1);
    expect(row.validation).toEqual({
      ok: false,
      errors: ['"files" must be an object mapping sources/*.move paths to their text'],
    });
    expect(row.failure_stage).toBe('invalid_payload');
    expect(row.ok).toBe(false);
  });

  it('refuses a target whose dependency the corpus lacks before asking the model, naming what to fetch', async () => {
    const root = await makeDependencyCorpus();
    const { stub, prompts } = await scriptedStub([helperAnswer({ 'sources/shop.move': GOOD_SHOP })]);
    const input = runInputFor(
      'helper',
      { ...HELPER_DEFAULT_OPTIONS, corpusRoot: root },
      {
        runId: uniqueRunId('helper-missing-dep'),
        logDir: mkdtempSync(join(tmpdir(), 'smi-helper-missing-dep-')),
        corpusRoot: root,
        input: { packageIds: [DEPENDENCY_IDS.needsAbsent] },
        options: {
          agent: 'real-openai-compatible',
          agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
        },
      },
    );
    const row = (await runToResult(input)).packages[0]!;
    // No model call, no attempt: the row says why, naming the id the user must fetch.
    expect(prompts).toEqual([]);
    expect(row.attempts).toBe(0);
    expect(row.error).toBe(
      `the corpus ${root} lacks a package the target needs: fetch ${DEPENDENCY_IDS.absent} into the corpus`,
    );
    expect(row.failure_stage).toBe('package_error');
    expect(row.ok).toBe(false);
  });

  it('helper-file: a hand-written helper for wrapper_coin, function by function', async () => {
    const input = helperInput('helper-file', WRAPPER, {
      agent: 'helper-file',
      helperDir: resolve(import.meta.dirname, 'fixtures', 'wrapper-probe'),
    });
    const result = await runToResult(input);
    const row = result.packages[0]!;
    expect(row.successful_attempt).toBe(1);
    expect(
      row.entrypoints.map((e) => [e.target.split('::').slice(1).join('::'), e.status, e.abort_code]),
    ).toEqual([
      ['probe::coin_through_target', 'tier_b_hit', null],
      ['probe::marker_only', 'tier_b_hit', null],
      ['probe::always_aborts', 'aborted', 7],
    ]);
    expect(row.entrypoints[0]!.target_modules_accessed).toEqual([`${WRAPPER}::wrapper_coin`]);
    expect(row.entrypoints[1]!.target_modules_accessed).toEqual([]);
    // wrapper_coin declares no key type: nothing to create, but the target was touched.
    expect(row.score).toMatchObject({ targets: 0, created_hits: 0 });
    expect(row.failure_stage).toBe('target_touched');
    expect(row.ok).toBe(true);
    expect(row.usage.total_tokens).toBe(0);
  });
});
