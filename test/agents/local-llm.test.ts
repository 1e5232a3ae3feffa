// The local model, run by node-llama-cpp in this process: the real SmolLM2-135M that scripts/install-model.sh
// installs (CI installs it; the test fails there without it). Each phase's schema constrains a tiny model's
// answer to the phase's shape; a prompt too long for the context, a file that is not the run's, and the
// token accounting are checked against independent facts (the script's pinned sum, the file's size).
import { copyFileSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GbnfJsonSchema } from 'node-llama-cpp';
import { afterAll, describe, expect, it } from 'vitest';
import { answerSchema, type AnswerFormat, type AnswerVocabulary } from '../../src/agents/answer-schemas.js';
import { LocalModels } from '../../src/agents/local-llm.js';
import {
  DEFAULT_LOCAL_MODEL_PATH,
  describeLocalModel,
  localModelSettings,
} from '../../src/agents/local-model-file.js';
import { ConfigError } from '../../src/config/config-error.js';
import { ModelContextExceeded, ModelSlotWaitExceeded, ModelTimeout } from '../../src/agents/model-errors.js';
import { parseModelAnswer } from '../../src/core/model-answer.js';
import { PINNED_MODEL_SHA256, withoutLocalModel } from '../support/local-model.js';

const models = new LocalModels(1);
afterAll(() => models.dispose());

const ask = async (
  prompt: string,
  format: AnswerFormat | null,
  maxTokens = 120,
  vocabulary: AnswerVocabulary = {},
) =>
  models.complete(await describeLocalModel(DEFAULT_LOCAL_MODEL_PATH), prompt, {
    answer: format ? answerSchema(format, vocabulary) : null,
    maxTokens,
    timeoutMs: 60_000,
  });

describe.skipIf(withoutLocalModel)('local model (node-llama-cpp, SmolLM2-135M)', () => {
  it('is described by the file the setup script installed: its size and pinned SHA-256', async () => {
    const file = await describeLocalModel(DEFAULT_LOCAL_MODEL_PATH);
    expect(file).toEqual({
      path: DEFAULT_LOCAL_MODEL_PATH,
      file_name: 'SmolLM2-135M-Instruct.Q4_1.gguf',
      size_bytes: statSync(DEFAULT_LOCAL_MODEL_PATH).size,
      sha256: PINNED_MODEL_SHA256,
    });
    const settings = localModelSettings(file);
    expect(settings).toMatchObject({ provider: 'local_gguf', structured: true, cache_answers: false });
  });

  it('answers Phase I in shape under its grammar, with tokens counted and a cost of 0', async () => {
    const answer = await ask(
      'Which of these Sui Move structs have the key ability? 0x2::coin::Coin, 0x2::balance::Balance. ' +
        'Answer {"key_types": [...]}.',
      'phase1_key_types',
    );
    // Whatever the tiny model believes, the answer is the list Phase I reads.
    expect(Array.isArray(parseModelAnswer('key_types', answer.content))).toBe(true);
    expect(answer.usage.prompt_tokens).toBeGreaterThan(20);
    expect(answer.usage.completion_tokens).toBeGreaterThan(0);
    expect(answer.usage.total_tokens).toBe(answer.usage.prompt_tokens + answer.usage.completion_tokens);
    expect(answer.usage.cost_usd).toBe(0);
    expect(answer.model).toBe('SmolLM2-135M-Instruct.Q4_1.gguf');
  });

  it('answers Phase II planning with a plan or a need_more request', async () => {
    const answer = await ask(
      'Plan a Sui transaction that creates a 0x2::coin::Coin: answer {"calls": [...]} or {"need_more": [...]}.',
      'phase2_planning',
      // Room for the longest plan the schema allows a tiny model to ramble through.
      1000,
    );
    expect(answer.finishReason).toBe('stop');
    const reply = JSON.parse(answer.content) as Record<string, unknown>;
    expect('calls' in reply || 'need_more' in reply).toBe(true);
  });

  it('names only the structs the prompt lists, fully qualified, under a bound grammar', async () => {
    // The names SmolLM2 gave unbound on the demo corpus: bare struct and field names.
    const listed = ['0xa11ce::vault::Vault', '0xa11ce::vault::Receipt', '0xa11ce::item::Item'];
    const answer = await ask(
      'Which of these Sui Move structs have the key ability? Item { id: UID, vault_id: ID }, ' +
        'Vault { id: UID }, Receipt { amount: u64 }. Answer {"key_types": [...]}.',
      'phase1_key_types',
      120,
      { types: listed },
    );
    const named = parseModelAnswer('key_types', answer.content) as string[];
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(listed).toContain(name);
  });

  it('lists no more names than its answer can hold, so a model that repeats one still finishes', async () => {
    // Six structs under a 64-hex address, as the demo corpus names them: about 60 tokens each.
    const address = '0xe77023d6ed3807546bc946ed4e37ebb431b0eebcbf3ba63311aa8634d71b4541';
    const listed = ['Item', 'Shop', 'Receipt', 'Listing', 'Vault', 'Ticket'].map(
      (s) => `${address}::shop::${s}`,
    );
    const file = await describeLocalModel(DEFAULT_LOCAL_MODEL_PATH);
    const fit = await models.namesThatFit(file, listed, 256);
    expect(fit).toBeGreaterThanOrEqual(2);
    expect(fit).toBeLessThan(listed.length);
    const answer = await models.complete(
      file,
      `List every struct of this package: ${listed.join(', ')}. Answer {"key_types": [...]}.`,
      { answer: answerSchema('phase1_key_types', { types: listed }, fit), maxTokens: 256, timeoutMs: 60_000 },
    );
    expect(answer.finishReason).toBe('stop');
    const named = parseModelAnswer('key_types', answer.content) as string[];
    expect(named.length).toBeLessThanOrEqual(fit);
    for (const name of named) expect(listed).toContain(name);
  });

  it('turns every answer schema into a grammar, free or bound to names, up to none', async () => {
    const { llama } = (await models.load(await describeLocalModel(DEFAULT_LOCAL_MODEL_PATH))).model;
    const bound = { types: ['0x1::m::S'], functions: ['0x1::m::f'], requestable: ['0x1::m'] };
    for (const format of ['phase1_key_types', 'phase2_planning', 'helper_payload'] as const)
      for (const vocabulary of [{}, bound, { types: [], functions: [], requestable: [] }])
        for (const maxNames of [Infinity, 0])
          await expect(
            llama.createGrammarForJsonSchema<GbnfJsonSchema>(
              answerSchema(format, vocabulary, maxNames).schema,
            ),
          ).resolves.toBeDefined();
  });

  it('refuses a prompt that does not fit its context, before evaluating it', async () => {
    const long = 'struct Field { value: u64 }\n'.repeat(800);
    await expect(ask(long, 'phase1_key_types')).rejects.toBeInstanceOf(ModelContextExceeded);
  });

  it('refuses a file that is not the one the run was started with', async () => {
    const file = await describeLocalModel(DEFAULT_LOCAL_MODEL_PATH);
    const copy = join(mkdtempSync(join(tmpdir(), 'smi-gguf-')), file.file_name);
    copyFileSync(DEFAULT_LOCAL_MODEL_PATH, copy);
    const other = { ...file, path: copy, sha256: '0'.repeat(64) };
    await expect(
      models.complete(other, 'hi', { answer: null, maxTokens: 8, timeoutMs: 10_000 }),
    ).rejects.toThrow(ConfigError);
  });

  it('counts a call’s time from its slot: waiting for a busy one is bounded apart, in its own words', async () => {
    const one = new LocalModels(1);
    try {
      const file = await describeLocalModel(DEFAULT_LOCAL_MODEL_PATH);
      await one.load(file);
      // The first call holds the only slot for its 300 tokens (several seconds here).
      const long = one.complete(file, 'Write a long story about a ship.', {
        answer: null,
        maxTokens: 300,
        timeoutMs: 120_000,
      });
      // Waits for the slot longer than its own 2 s of generation: the wait does not count against it.
      const patientStarted = Date.now();
      const patient = one.complete(file, 'hi', {
        answer: null,
        maxTokens: 4,
        timeoutMs: 2000,
        slotWaitMs: 120_000,
      });
      // May wait 1 s only: it ends as a busy machine, naming the local model, not as a slow model.
      const started = Date.now();
      const hurried = one.complete(file, 'hi', {
        answer: null,
        maxTokens: 4,
        timeoutMs: 60_000,
        slotWaitMs: 1000,
      });
      await expect(hurried).rejects.toBeInstanceOf(ModelSlotWaitExceeded);
      await expect(hurried).rejects.toThrow(
        /^the local model SmolLM2-135M-Instruct\.Q4_1\.gguf had no free generation slot within 1 s \(1 generation/,
      );
      expect(Date.now() - started).toBeLessThan(5000);
      await long;
      await expect(patient).resolves.toMatchObject({ model: 'SmolLM2-135M-Instruct.Q4_1.gguf' });
      expect(Date.now() - patientStarted).toBeGreaterThan(2000);
      // A generation over its own time is a timeout that names the local model.
      await expect(
        one.complete(file, 'Write a long story about a ship.', {
          answer: null,
          maxTokens: 400,
          timeoutMs: 1000,
        }),
      ).rejects.toThrow(
        new ModelTimeout({
          baseUrl: file.path,
          timeoutMs: 1000,
          localModel: 'SmolLM2-135M-Instruct.Q4_1.gguf',
        }),
      );
      // the slot is free again: the queue holds no dead waiter
      await expect(
        one.complete(file, 'hi', { answer: null, maxTokens: 4, timeoutMs: 60_000 }),
      ).resolves.toBeDefined();
    } finally {
      await one.dispose();
    }
  });

  it('says how to install a missing model', async () => {
    await expect(describeLocalModel(join(tmpdir(), 'no-such-model.gguf'))).rejects.toThrow(
      /local model not found: .*--model-path/,
    );
  });
});

describe('a node-llama-cpp that cannot start on this machine', () => {
  it('is a configuration error, tried again by the next call, and disposing still works', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'smi-gguf-')), 'tiny.gguf');
    writeFileSync(file, 'not really a model');
    let starts = 0;
    const library = {
      LlamaLogLevel: { error: 'error' },
      getLlama: () => {
        starts++;
        return Promise.reject(new Error('no prebuilt binary fits this machine'));
      },
    } as unknown as typeof import('node-llama-cpp');
    const models = new LocalModels(1, () => Promise.resolve(library));
    const described = await describeLocalModel(file);
    for (let call = 1; call <= 2; call++)
      await expect(models.load(described)).rejects.toThrow(
        new ConfigError('node-llama-cpp cannot start on this worker: no prebuilt binary fits this machine'),
      );
    expect(starts).toBe(2);
    await expect(models.dispose()).resolves.toBeUndefined();
  });
});
