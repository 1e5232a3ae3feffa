// A scripted OpenAI-compatible server for a test file, with model settings pointing at it.
// Started before the file's tests, closed after them; its request log is cleared before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { startOpenAiStub, type RunningOpenAiStub } from './openai-stub.js';
import type { RealAgentSettings } from '../../src/contracts/agent-settings.js';

export interface StubModel {
  stub: RunningOpenAiStub;
  settings: RealAgentSettings;
}

export function useStubModel(): StubModel {
  const model = {} as StubModel;
  beforeAll(async () => {
    model.stub = await startOpenAiStub();
    model.settings = loadRealAgentSettings(
      { SMI_MODEL: 'stub-model', SMI_API_BASE_URL: model.stub.baseUrl },
      {},
    );
  });
  afterAll(() => model.stub.close());
  beforeEach(() => {
    model.stub.requests.length = 0;
  });
  return model;
}
