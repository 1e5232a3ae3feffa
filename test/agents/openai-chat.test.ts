import { describe, expect, it } from 'vitest';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import {
  ModelAuthFailed,
  ModelBadResponse,
  ModelConnectionError,
  ModelEmptyContent,
  ModelError,
  ModelNotFound,
  ModelQuotaExceeded,
  ModelRateLimited,
  ModelRequestCancelled,
  ModelRequestRejected,
  ModelServerError,
  ModelTimeout,
  toModelFailureInfo,
} from '../../src/agents/model-errors.js';
import { completeChat, type CompleteChatOptions } from '../../src/agents/openai-chat.js';
import { constantReply, startOpenAiStub, type StubReply } from '../support/openai-stub.js';
import { useStubModel } from '../support/stub-model.js';

const API_KEY = 'sk-test-key-0123456789abcdef';

const model = useStubModel();

/** Scripts one reply, makes one call, and returns the thrown error (failing if none). */
async function failureFor(reply: StubReply, options: Partial<CompleteChatOptions> = {}): Promise<ModelError> {
  model.stub.setHandler(constantReply(reply));
  const error = await completeChat(model.settings, API_KEY, 'prompt', { timeoutMs: 5000, ...options }).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  expect(model.stub.requests).toHaveLength(1); // the SDK must not retry behind Temporal's back
  expect((error as Error).message).not.toContain(API_KEY);
  return error as ModelError;
}

describe('completeChat: request', () => {
  it('sends the upstream body, bearer key and one request; returns content, usage and model', async () => {
    const tuned = loadRealAgentSettings(
      {
        SMI_MODEL: 'stub-model',
        SMI_API_BASE_URL: model.stub.baseUrl,
        SMI_TEMPERATURE: '0.3',
        SMI_MAX_TOKENS: '256',
        SMI_THINKING: 'enabled',
        SMI_CLEAR_THINKING: 'false',
        SMI_RESPONSE_FORMAT: 'json_object',
      },
      {},
    );
    model.stub.setHandler(
      constantReply({
        content: '{"key_types": []}',
        usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
        model: 'served-model',
      }),
    );
    const result = await completeChat(tuned, API_KEY, 'the prompt', { timeoutMs: 5000 });

    expect(result).toEqual({
      content: '{"key_types": []}',
      usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
      finishReason: 'stop',
      model: 'served-model',
    });
    expect(model.stub.requests).toHaveLength(1);
    const [request] = model.stub.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body).toEqual({
      model: 'stub-model',
      temperature: 0.3,
      max_tokens: 256,
      thinking: { type: 'enabled', clear_thinking: false },
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: expect.stringContaining('JSON') },
        { role: 'user', content: 'the prompt' },
      ],
    });
  });

  it('leaves optional fields out when they are not configured', async () => {
    model.stub.setHandler(constantReply({ content: '[]' }));
    await completeChat(model.settings, API_KEY, 'p', { timeoutMs: 5000 });
    const body = model.stub.requests[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['messages', 'model', 'temperature']);
  });

  it('records zero usage when the server sends none', async () => {
    model.stub.setHandler(constantReply({ content: '[]', usage: null }));
    const result = await completeChat(model.settings, API_KEY, 'p', { timeoutMs: 5000 });
    expect(result.usage).toEqual({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
  });

  it('falls back to choices[0].text for legacy-shaped answers', async () => {
    model.stub.setHandler(
      constantReply({
        status: 200,
        body: { choices: [{ index: 0, text: '["0x1::m::S"]', finish_reason: 'stop' }] },
      }),
    );
    const result = await completeChat(model.settings, API_KEY, 'p', { timeoutMs: 5000 });
    expect(result.content).toBe('["0x1::m::S"]');
    expect(result.model).toBe('stub-model');
  });
});

describe('completeChat: HTTP failures map to the taxonomy, one request each', () => {
  it('400 → ModelRequestRejected (permanent) with status and body prefix', async () => {
    const error = await failureFor({
      status: 400,
      body: { error: { message: 'max_tokens is too large', type: 'invalid_request_error' } },
    });
    expect(error).toBeInstanceOf(ModelRequestRejected);
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(400);
    expect(error.message).toContain('(400)');
    expect(error.message).toContain('max_tokens is too large');
  });

  it.each([401, 403])('%d → ModelAuthFailed naming SMI_API_KEY', async (status) => {
    const error = await failureFor({
      status,
      body: { error: { message: 'bad key', code: 'invalid_api_key' } },
    });
    expect(error).toBeInstanceOf(ModelAuthFailed);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain(
      `authentication failed (${status}) at ${model.stub.baseUrl}: check SMI_API_KEY`,
    );
  });

  it('scrubs the key when the server echoes it back', async () => {
    const error = await failureFor({ status: 401, body: `Incorrect API key provided: ${API_KEY}` });
    expect(error.message).toContain('<redacted>');
    expect(error.bodyPrefix).not.toContain(API_KEY);
  });

  it('404 → ModelNotFound with the URL', async () => {
    const error = await failureFor({ status: 404, body: 'Not Found' });
    expect(error).toBeInstanceOf(ModelNotFound);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain(`(404): ${model.stub.baseUrl}/chat/completions`);
    expect(error.message).toContain('Not Found');
  });

  it('429 with Retry-After seconds → ModelRateLimited with retryAfterMs', async () => {
    const error = await failureFor({
      status: 429,
      headers: { 'retry-after': '2' },
      body: { error: { message: 'slow down' } },
    });
    expect(error).toBeInstanceOf(ModelRateLimited);
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBe(2000);
    expect(toModelFailureInfo(error)).toMatchObject({
      type: 'ModelRateLimited',
      nonRetryable: false,
      nextRetryDelayMs: 2000,
    });
  });

  it('429 with an HTTP-date Retry-After → delay until that date', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    const error = await failureFor({ status: 429, headers: { 'retry-after': at } });
    expect(error).toBeInstanceOf(ModelRateLimited);
    expect(error.retryAfterMs).toBeGreaterThan(25_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('429 prefers retry-after-ms and has no delay without headers', async () => {
    const withMs = await failureFor({
      status: 429,
      headers: { 'retry-after-ms': '1500', 'retry-after': '9' },
    });
    expect(withMs.retryAfterMs).toBe(1500);
    model.stub.requests.length = 0;
    const without = await failureFor({ status: 429, body: { error: { message: 'rate limited' } } });
    expect(without.retryAfterMs).toBeNull();
  });

  it.each([
    { error: { code: '1113', message: 'Insufficient balance or no resource package. Please recharge.' } },
    {
      error: {
        message: 'You exceeded your current quota',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
    },
  ])('429 with a billing message → ModelQuotaExceeded (permanent)', async (body) => {
    const error = await failureFor({ status: 429, body, headers: { 'retry-after': '1' } });
    expect(error).toBeInstanceOf(ModelQuotaExceeded);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('provider quota/billing error (429)');
  });

  it.each([500, 502, 503])('%d → ModelServerError (retryable)', async (status) => {
    const error = await failureFor({ status, body: 'upstream\nexploded' });
    expect(error).toBeInstanceOf(ModelServerError);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain(`(${status})`);
    expect(error.bodyPrefix).toBe('upstream exploded');
  });

  it('cuts long bodies to 400 characters', async () => {
    const error = await failureFor({ status: 500, body: 'x'.repeat(1000) });
    expect(error.bodyPrefix).toHaveLength(400);
    expect(error.message).not.toContain('x'.repeat(401));
  });
});

describe('completeChat: timeouts, dropped connections, odd answers', () => {
  it('a slow answer beyond the timeout → ModelTimeout, promptly', async () => {
    const started = Date.now();
    const error = await failureFor({ hangMs: 10_000 }, { timeoutMs: 1000 });
    expect(error).toBeInstanceOf(ModelTimeout);
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('a body that stalls after the headers still times out', async () => {
    const started = Date.now();
    const error = await failureFor({ content: '[]', stallBodyMs: 10_000 }, { timeoutMs: 1000 });
    expect(error).toBeInstanceOf(ModelTimeout);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('min_request_timeout_s raises the per-request timeout', async () => {
    const patient = { ...model.settings, min_request_timeout_s: 3 };
    model.stub.setHandler(constantReply({ content: '[]', delayMs: 1500 }));
    const result = await completeChat(patient, API_KEY, 'p', { timeoutMs: 500 });
    expect(result.content).toBe('[]');
  });

  it('a dropped connection → ModelConnectionError (retryable)', async () => {
    const error = await failureFor({ destroy: true });
    expect(error).toBeInstanceOf(ModelConnectionError);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain(model.stub.baseUrl);
  });

  it('an unreachable server → ModelConnectionError', async () => {
    const closed = await startOpenAiStub();
    await closed.close();
    const gone = { ...model.settings, base_url: closed.baseUrl };
    const error = await completeChat(gone, API_KEY, 'p', { timeoutMs: 2000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelConnectionError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('an aborted signal cancels the request and rethrows the caller’s reason', async () => {
    model.stub.setHandler(constantReply({ hangMs: 10_000 }));
    const controller = new AbortController();
    const reason = new Error('activity cancelled');
    setTimeout(() => controller.abort(reason), 200);
    const error = await completeChat(model.settings, API_KEY, 'p', {
      timeoutMs: 5000,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBe(reason);

    const plain = new AbortController();
    plain.abort();
    const cancelled = await completeChat(model.settings, API_KEY, 'p', {
      timeoutMs: 5000,
      signal: plain.signal,
    }).catch((e: unknown) => e);
    expect(cancelled).toBeInstanceOf(ModelRequestCancelled);
  });

  it.each<[string, StubReply]>([
    ['no choices', { status: 200, body: { id: 'x', object: 'chat.completion' } }],
    ['empty choices', { status: 200, body: { choices: [] } }],
    ['a non-JSON body', { status: 200, body: '<html>proxy error</html>' }],
    ['invalid JSON', { status: 200, body: '{"choices": [', headers: { 'content-type': 'application/json' } }],
    [
      'choice without message or text',
      { status: 200, body: { choices: [{ index: 0, finish_reason: 'stop' }] } },
    ],
  ])('%s → ModelBadResponse (permanent)', async (_label, reply) => {
    const error = await failureFor(reply);
    expect(error).toBeInstanceOf(ModelBadResponse);
    expect(error.retryable).toBe(false);
  });

  it('non-string content → ModelBadResponse naming the content type', async () => {
    const error = await failureFor({
      status: 200,
      body: { choices: [{ index: 0, message: { role: 'assistant', content: 42 }, finish_reason: 'stop' }] },
    });
    expect(error).toBeInstanceOf(ModelBadResponse);
    expect(error.message).toContain('unexpected response content type');
  });

  it('empty content → ModelEmptyContent mentioning "empty content"', async () => {
    const error = await failureFor({ content: '  \n ' });
    expect(error).toBeInstanceOf(ModelEmptyContent);
    expect((error as ModelEmptyContent).hitMaxTokens).toBe(false);
    expect(error.message).toBe('model returned empty content');
    expect(error.retryable).toBe(false);
  });

  it('empty content cut off by max_tokens → hitMaxTokens and "hit max_tokens", keeping usage', async () => {
    const error = (await failureFor({
      content: null,
      finishReason: 'length',
      usage: { prompt_tokens: 5, completion_tokens: 4096, total_tokens: 4101 },
    })) as ModelEmptyContent;
    expect(error).toBeInstanceOf(ModelEmptyContent);
    expect(error.hitMaxTokens).toBe(true);
    expect(error.message).toContain('empty content');
    expect(error.message).toContain('hit max_tokens');
    expect(error.usage).toEqual({ prompt_tokens: 5, completion_tokens: 4096, total_tokens: 4101 });
    expect(toModelFailureInfo(error).details).toMatchObject({ hitMaxTokens: true });
  });
});
