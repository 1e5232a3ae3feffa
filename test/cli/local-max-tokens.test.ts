// `--agent local-llm` answers are 256 tokens at most unless the user sets SMI_LOCAL_LLM_MAX_TOKENS, in the
// shell or the dotenv file. SMI_MAX_TOKENS, an endpoint's setting that a dotenv file often holds, leaves
// the local model alone: its usual values would not fit the small model's context beside any prompt.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runModelSettings } from '../../src/cli/run-common.js';
import { withoutLocalModel } from '../support/local-model.js';

type Options = Parameters<typeof runModelSettings>[1];
const LOCAL = { agent: 'local-llm' } as Options;
let saved: string | undefined;

beforeEach(() => {
  saved = process.env['SMI_LOCAL_LLM_MAX_TOKENS'];
  delete process.env['SMI_LOCAL_LLM_MAX_TOKENS'];
});
afterEach(() => {
  if (saved === undefined) delete process.env['SMI_LOCAL_LLM_MAX_TOKENS'];
  else process.env['SMI_LOCAL_LLM_MAX_TOKENS'] = saved;
});

describe.skipIf(withoutLocalModel)('the local model’s answer length', () => {
  it('is 256 tokens by default, whatever SMI_MAX_TOKENS says', async () => {
    expect((await runModelSettings(true, LOCAL, {}))?.max_tokens).toBe(256);
    expect((await runModelSettings(true, LOCAL, { SMI_MAX_TOKENS: '4096' }))?.max_tokens).toBe(256);
  });

  // As for every setting but the key and the endpoint, a dotenv file's value wins over the shell's.
  it('follows SMI_LOCAL_LLM_MAX_TOKENS from the shell, and from the dotenv file before it', async () => {
    process.env['SMI_LOCAL_LLM_MAX_TOKENS'] = '1000';
    expect((await runModelSettings(true, LOCAL, {}))?.max_tokens).toBe(1000);
    expect((await runModelSettings(true, LOCAL, { SMI_LOCAL_LLM_MAX_TOKENS: '64' }))?.max_tokens).toBe(64);
  });
});
