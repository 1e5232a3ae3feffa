import { describe, expect, it } from 'vitest';
import { ModelBadResponse, toModelFailureInfo } from '../../src/agents/model-errors.js';
import { completeChat } from '../../src/agents/openai-chat.js';
import { constantReply } from '../support/openai-stub.js';
import { useStubModel } from '../support/stub-model.js';

const API_KEY = 'sk-test-key-0123456789abcdef';
const model = useStubModel();
const CAP = 64 * 1024;

describe('model response body cap (real HTTP server)', () => {
  it('turns a body over the cap into a non-retryable ModelBadResponse', async () => {
    // 200 KB of content: the JSON body is larger still, so well over the 64 KiB cap.
    model.stub.setHandler(constantReply({ content: 'x'.repeat(200 * 1024) }));
    const error = await completeChat(model.settings, API_KEY, 'p', {
      timeoutMs: 5000,
      maxResponseBytes: CAP,
    }).then(
      () => expect.unreachable(),
      (e: unknown) => e as ModelBadResponse,
    );
    expect(error).toBeInstanceOf(ModelBadResponse);
    expect(error.message).toContain(`response body is larger than ${CAP} bytes`);
    expect(toModelFailureInfo(error).nonRetryable).toBe(true);
    expect(model.stub.requests).toHaveLength(1);
  });

  it('accepts a body under the cap', async () => {
    model.stub.setHandler(constantReply({ content: 'y'.repeat(10 * 1024) }));
    const result = await completeChat(model.settings, API_KEY, 'p', {
      timeoutMs: 5000,
      maxResponseBytes: CAP,
    });
    expect(result.content).toBe('y'.repeat(10 * 1024));
  });
});
