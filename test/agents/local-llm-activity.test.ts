// The model activity with a local model, as a worker runs it: the stored prompt goes to the GGUF model in
// this process, the answer is stored and parsed. An answer cut by the token budget is recorded as malformed
// with that reason and the tokens it cost (nothing is lost: the cut answer is in the artifact store too).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApplicationFailure, type Logger } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createLlmActivities } from '../../src/activities/llm.js';
import type { ModelAnswer } from '../../src/workflow-kit/model-call.js';
import { LocalModels } from '../../src/agents/local-llm.js';
import {
  DEFAULT_LOCAL_MODEL_PATH,
  describeLocalModel,
  localModelSettings,
} from '../../src/agents/local-model-file.js';
import { getArtifact, putArtifact } from '../../src/run-store/artifacts.js';
import { runPaths } from '../../src/run-store/paths.js';
import { withoutLocalModel } from '../support/local-model.js';

const quiet: Logger = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
const models = new LocalModels(1);
const activities = createLlmActivities({ resolveApiKey: () => 'unused' }, undefined, models);
afterAll(() => models.dispose());

async function complete(maxTokens: number) {
  const runDir = join(mkdtempSync(join(tmpdir(), 'smi-local-activity-')), 'run');
  const store = runPaths(runDir).artifacts;
  const promptSha = await putArtifact(store, 'Which of 0x2::coin::Coin and 0x2::balance::Balance have key?');
  const settings = {
    ...localModelSettings(await describeLocalModel(DEFAULT_LOCAL_MODEL_PATH)),
    max_tokens: maxTokens,
  };
  const env = new MockActivityEnvironment(
    { startToCloseTimeoutMs: 60_000, scheduleToCloseTimeoutMs: 60_000, scheduledTimestampMs: Date.now() },
    { logger: quiet },
  );
  const call: Promise<ModelAnswer> = env.run(activities.complete, {
    runDir,
    promptSha,
    settings,
    expect: 'key_types' as const,
    format: 'phase1_key_types' as const,
  });
  return { call, store };
}

describe.skipIf(withoutLocalModel)('the model activity with a local model', () => {
  it('stores and parses the answer, with its tokens at a cost of 0', async () => {
    const { call, store } = await complete(120);
    const answer = await call;
    expect(Array.isArray(answer.parsed)).toBe(true);
    expect(answer.usage.completion_tokens).toBeGreaterThan(0);
    expect(answer.usage.cost_usd).toBe(0);
    expect(JSON.parse(await getArtifact(store, answer.answerSha))).toHaveProperty('key_types');
  });

  it('records an answer cut by the token budget as malformed, saying so, with its tokens', async () => {
    const { call, store } = await complete(4);
    const failure = await call.then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(ApplicationFailure);
    const { type, message, nonRetryable, details } = failure as ApplicationFailure;
    expect(type).toBe('ModelMalformedOutput');
    expect(nonRetryable).toBe(true);
    expect(message).toMatch(/^answer cut at the token limit \(max_tokens 4\): .*\(content starts: "\{/s);
    const detail = details?.[0] as { usage: { completion_tokens: number }; answerSha: string };
    expect(detail.usage.completion_tokens).toBe(4);
    // the cut answer is kept, for its page to show
    expect(await getArtifact(store, detail.answerSha)).toMatch(/^\{/);
  });
});
