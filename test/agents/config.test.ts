import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_BASE_URL,
  findApiKey,
  isOpenRouter,
  loadRealAgentSettings,
  resolveApiKey,
} from '../../src/agents/config.js';
import { completeChat } from '../../src/agents/openai-chat.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';

const MODEL = { SMI_MODEL: 'test-model' };

function settings(env: Record<string, string>, dotenv: Record<string, string> = {}) {
  return loadRealAgentSettings({ ...MODEL, ...env }, dotenv);
}

describe('agent settings and key: resolution and precedence', () => {
  it('uses defaults when only key and model are set', () => {
    const env = { SMI_API_KEY: 'sk-process-123456', SMI_MODEL: 'm' };
    expect(resolveApiKey(env, {})).toBe('sk-process-123456');
    expect(loadRealAgentSettings(env, {})).toEqual({
      provider: 'openai_compatible',
      base_url: DEFAULT_BASE_URL,
      model: 'm',
      temperature: 0,
      max_tokens: null,
      thinking: null,
      response_format: null,
      clear_thinking: null,
      min_request_timeout_s: null,
      max_request_retries: null,
      pricing: null,
    });
  });

  it('lets .env beat the process env for ordinary keys', () => {
    const s = settings({ SMI_MODEL: 'from-process', SMI_TEMPERATURE: '1.5' }, { SMI_MODEL: 'from-dotenv' });
    expect(s.model).toBe('from-dotenv');
    expect(s.temperature).toBe(1.5);
  });

  it('lets the process env beat .env for SMI_API_BASE_URL and SMI_API_KEY', () => {
    const processEnv = {
      ...MODEL,
      SMI_API_BASE_URL: 'http://process/v1/',
      SMI_API_KEY: 'process-key-aaaaaa',
    };
    const dotenv = { SMI_API_BASE_URL: 'http://dotenv/v1', SMI_API_KEY: 'dotenv-key-bbbbbb' };
    expect(loadRealAgentSettings(processEnv, dotenv).base_url).toBe('http://process/v1');
    expect(resolveApiKey(processEnv, dotenv)).toBe('process-key-aaaaaa');
  });

  it('walks priority lists: the first key set in either source wins, empty values do not count', () => {
    const s = settings(
      { SMI_MODEL: '', OPENAI_MODEL: 'openai-model', OPENAI_BASE_URL: 'http://openai-base/v1' },
      { OPENROUTER_BASE_URL: 'https://openrouter.ai/api/v1///' },
    );
    expect(s.model).toBe('openai-model');
    expect(s.base_url).toBe('https://openrouter.ai/api/v1');
  });

  it('falls back to the process value when the .env value is empty', () => {
    expect(settings({ SMI_THINKING: 'enabled' }, { SMI_THINKING: '' }).thinking).toBe('enabled');
  });

  it('orders API keys: process SMI, .env SMI, then each fallback with .env first', () => {
    expect(findApiKey({ SMI_API_KEY: 'p' }, { SMI_API_KEY: 'd' })).toBe('p');
    expect(findApiKey({ OPENAI_API_KEY: 'p-openai' }, { SMI_API_KEY: 'd' })).toBe('d');
    expect(findApiKey({ OPENAI_API_KEY: 'p-openai' }, { OPENAI_API_KEY: 'd-openai' })).toBe('d-openai');
    expect(findApiKey({ OPENAI_API_KEY: 'p-openai' }, { OPENROUTER_API_KEY: 'd-router' })).toBe('p-openai');
    expect(findApiKey({ ZHIPUAI_API_KEY: 'p-zhipu' }, { ZAI_API_KEY: 'd-zai' })).toBe('d-zai');
    expect(findApiKey({ ZHIPUAI_API_KEY: 'p-zhipu' }, {})).toBe('p-zhipu');
    expect(findApiKey({ SMI_API_KEY: '' }, {})).toBeNull();
  });

  it('reports a missing key and a missing model with upstream messages', () => {
    expect(() => resolveApiKey({}, {})).toThrow(
      new ConfigError('missing API key (set SMI_API_KEY, OPENROUTER_API_KEY, or OPENAI_API_KEY)'),
    );
    expect(() => loadRealAgentSettings({ SMI_API_KEY: 'k' }, {})).toThrow(
      'missing model (set SMI_MODEL or OPENAI_MODEL)',
    );
  });

  it('resolves settings without any key (the CLI side)', () => {
    expect(loadRealAgentSettings({ OPENAI_MODEL: 'x' }, {}).model).toBe('x');
  });
});

describe('loadRealAgentSettings: parsing and clamping', () => {
  it.each([
    ['0.7', 0.7],
    [' 1 ', 1],
    ['5', 2],
    ['-1', 0],
    ['abc', 0],
    ['inf', 2],
    ['nan', 0],
  ])('temperature %j → %d', (raw, expected) => {
    expect(settings({ SMI_TEMPERATURE: raw }).temperature).toBe(expected);
  });

  it.each([
    ['512', 512],
    ['0', 1],
    ['999999', 100_000],
    ['12.5', 4096],
    ['lots', 4096],
  ])('max_tokens %j → %d', (raw, expected) => {
    expect(settings({ SMI_MAX_TOKENS: raw }).max_tokens).toBe(expected);
  });

  it.each([
    [{ SMI_MIN_REQUEST_TIMEOUT_SECONDS: '30' }, 30],
    [{ SMI_MIN_REQUEST_TIMEOUT_S: '0.2' }, 1],
    [{ SMI_MIN_REQUEST_TIMEOUT_S: '99999' }, 3600],
    [{ SMI_MIN_REQUEST_TIMEOUT_SECONDS: 'soon', SMI_MIN_REQUEST_TIMEOUT_S: '5' }, 60],
  ])('min_request_timeout_s %j → %d', (env, expected) => {
    expect(settings(env).min_request_timeout_s).toBe(expected);
  });

  it.each([
    ['3', 3],
    ['-2', 0],
    ['50', 20],
    ['x', 6],
  ])('max_request_retries %j → %d', (raw, expected) => {
    expect(settings({ SMI_MAX_REQUEST_RETRIES: raw }).max_request_retries).toBe(expected);
  });

  it('accepts json_object and rejects any other SMI_RESPONSE_FORMAT at load time', () => {
    expect(settings({ SMI_RESPONSE_FORMAT: 'json_object' }).response_format).toBe('json_object');
    expect(() => settings({ SMI_RESPONSE_FORMAT: 'json_schema' })).toThrow(ConfigError);
    expect(() => settings({ SMI_RESPONSE_FORMAT: 'json_schema' })).toThrow(
      'SMI_RESPONSE_FORMAT must be json_object, got "json_schema"',
    );
  });

  it.each([
    ['TRUE', true],
    [' yes ', true],
    ['on', true],
    ['0', false],
    ['Off', false],
    ['n', false],
  ])('clear_thinking %j → %s', (raw, expected) => {
    expect(settings({ SMI_CLEAR_THINKING: raw }).clear_thinking).toBe(expected);
  });

  it('rejects an unreadable SMI_CLEAR_THINKING', () => {
    expect(() => settings({ SMI_CLEAR_THINKING: 'maybe' })).toThrow(
      'SMI_CLEAR_THINKING must be true/false, yes/no, on/off or 1/0, got "maybe"',
    );
  });

  it('rejects providers other than openai_compatible', () => {
    expect(() => settings({ SMI_PROVIDER: 'anthropic' })).toThrow(
      'SMI_PROVIDER must be openai_compatible, got "anthropic"',
    );
    expect(settings({ SMI_PROVIDER: 'openai_compatible' }).provider).toBe('openai_compatible');
  });
});

describe('derived flags', () => {
  it('detects OpenRouter like upstream', () => {
    expect(isOpenRouter('https://OpenRouter.ai/api/v1')).toBe(true);
    expect(isOpenRouter('https://api.openai.com/v1')).toBe(false);
  });
});

describe('OpenRouter headers over HTTP', () => {
  let stub: RunningOpenAiStub;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(() => stub.close());

  it('sends the attribution headers only to OpenRouter base URLs', async () => {
    // A path containing "openrouter.ai" on the local stub makes the base URL count as OpenRouter.
    const routed = settings({ SMI_API_BASE_URL: `${stub.baseUrl.replace('/v1', '')}/openrouter.ai/v1` });
    const plain = settings({ SMI_API_BASE_URL: stub.baseUrl });
    await completeChat(routed, 'k', 'hi', { timeoutMs: 5000 }).catch(() => undefined);
    await completeChat(plain, 'k', 'hi', { timeoutMs: 5000 });

    const [toRouter, toPlain] = stub.requests;
    expect(toRouter?.headers['http-referer']).toBe(
      'https://github.com/MystenLabs/sui-move-interface-extractor',
    );
    expect(toRouter?.headers['x-title']).toBe('Sui Move Interface Extractor Benchmark');
    expect(toPlain?.headers['http-referer']).toBeUndefined();
    expect(toPlain?.headers['x-title']).toBeUndefined();
  });
});
