// The SMI_* variables parse once into typed values: defaults when unset or empty, bounds kept, and a bad
// value refused with its variable's name and the form it must take. Expected values come from docs/configuration.md's
// table and the forms each variable is documented to accept.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { readConfig } from '../../src/config/read.js';

describe('readConfig', () => {
  it('gives the documented defaults when nothing is set, and an empty value counts as unset', () => {
    for (const env of [{}, { SMI_TEMPORAL_PORT: '', SMI_VM_HEAP_MB: '', SMI_LLM_CONCURRENCY: '' }]) {
      const config = readConfig(env);
      expect(config.SMI_HOME).toBe('.smi-bench');
      expect(config.SMI_TEMPORAL_PORT).toBe(7233);
      expect(config.SMI_TEMPORAL_UI_PORT).toBe(8233);
      expect(config.SMI_SDK_LOG_LEVEL).toBe('WARN');
      expect(config.SMI_LLM_CONCURRENCY).toBe(32);
      expect(config.SMI_IO_CONCURRENCY).toBe(8);
      expect(config.SMI_SIM_CONCURRENCY).toBe(8);
      expect(config.SMI_VM_HEAP_MB).toBe(512);
      expect(config.SMI_VM_TIMEOUT_SECONDS).toBe(60);
      expect(config.SMI_VM_THREADS).toBeUndefined();
      expect(config.SMI_COMPILER_THREADS).toBeUndefined();
      expect(config.SMI_COST_FROM_PROVIDER).toBe(false);
    }
  });

  it('reads numbers, words in any case where the form allows, and URLs', () => {
    const config = readConfig({
      SMI_VM_THREADS: '4',
      SMI_VM_HEAP_MB: ' 40 ',
      SMI_SDK_LOG_LEVEL: 'info',
      SMI_LLM_RATE_PER_SECOND: '0.5',
      SMI_DEFAULT_RPC_URL: 'http://127.0.0.1:9000',
      SMI_CLEAR_THINKING: 'Off',
    });
    expect(config.SMI_VM_THREADS).toBe(4);
    expect(config.SMI_VM_HEAP_MB).toBe(40);
    expect(config.SMI_SDK_LOG_LEVEL).toBe('INFO');
    expect(config.SMI_LLM_RATE_PER_SECOND).toBe(0.5);
    expect(config.SMI_DEFAULT_RPC_URL).toBe('http://127.0.0.1:9000');
    expect(config.SMI_CLEAR_THINKING).toBe(false);
  });

  it.each([
    ['SMI_VM_THREADS', 'abc', 'SMI_VM_THREADS must be a whole number from 1 to 256, got "abc"'],
    ['SMI_VM_THREADS', '0', 'SMI_VM_THREADS must be a whole number from 1 to 256, got "0"'],
    ['SMI_VM_THREADS', '2.5', 'SMI_VM_THREADS must be a whole number from 1 to 256, got "2.5"'],
    ['SMI_VM_HEAP_MB', '8', 'SMI_VM_HEAP_MB must be a whole number from 16 to 65536, got "8"'],
    ['SMI_TEMPORAL_PORT', '70000', 'SMI_TEMPORAL_PORT must be a port number (1 to 65535), got "70000"'],
    ['SMI_LLM_CONCURRENCY', '-3', 'SMI_LLM_CONCURRENCY must be a whole number from 1 to 1024, got "-3"'],
    ['SMI_LLM_RATE_PER_SECOND', '0', 'SMI_LLM_RATE_PER_SECOND must be a number above 0, got "0"'],
    [
      'SMI_SDK_LOG_LEVEL',
      'loud',
      'SMI_SDK_LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN, ERROR, got "loud"',
    ],
    [
      'SMI_DEFAULT_RPC_URL',
      'ftp://node',
      'SMI_DEFAULT_RPC_URL must be an http:// or https:// URL, got "ftp://node"',
    ],
    ['SMI_RESPONSE_FORMAT', 'json_schema', 'SMI_RESPONSE_FORMAT must be json_object, got "json_schema"'],
    [
      'SMI_CLEAR_THINKING',
      'maybe',
      'SMI_CLEAR_THINKING must be true/false, yes/no, on/off or 1/0, got "maybe"',
    ],
    [
      'SMI_PRICE_INPUT_PER_MTOK',
      'cheap',
      'SMI_PRICE_INPUT_PER_MTOK must be a price in US dollars per million tokens, got "cheap"',
    ],
  ])('refuses %s=%j, naming it and the accepted form', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });

  it('names every bad variable in one error', () => {
    expect(() => readConfig({ SMI_VM_THREADS: 'abc', SMI_IO_CONCURRENCY: 'many' })).toThrow(
      'SMI_IO_CONCURRENCY must be a whole number from 1 to 1024, got "many"; ' +
        'SMI_VM_THREADS must be a whole number from 1 to 256, got "abc"',
    );
  });

  it('reads only the variables asked for', () => {
    expect(
      readConfig({ SMI_VM_THREADS: 'abc', SMI_IO_CONCURRENCY: '3' }, {}, ['SMI_IO_CONCURRENCY']),
    ).toEqual({
      SMI_IO_CONCURRENCY: 3,
    });
  });

  it('keeps upstream’s lenient model numbers: unreadable values fall back, all are clamped', () => {
    const lenient = (env: Record<string, string>) =>
      readConfig(env, {}, ['SMI_MAX_TOKENS', 'SMI_TEMPERATURE']);
    expect(lenient({ SMI_MAX_TOKENS: 'lots', SMI_TEMPERATURE: 'abc' })).toEqual({
      SMI_MAX_TOKENS: 4096,
      SMI_TEMPERATURE: 0,
    });
    expect(lenient({ SMI_MAX_TOKENS: '999999', SMI_TEMPERATURE: '5' })).toEqual({
      SMI_MAX_TOKENS: 100_000,
      SMI_TEMPERATURE: 2,
    });
  });

  it('takes each variable from where its source says: dotenv first, the shell first, the shell only', () => {
    const env = {
      SMI_MODEL: 'shell',
      SMI_API_BASE_URL: 'http://shell/v1',
      SMI_HOME: '/shell',
      SMI_SENDER: '0x1',
    };
    const dotenv = {
      SMI_MODEL: 'file',
      SMI_API_BASE_URL: 'http://file/v1',
      SMI_HOME: '/file',
      SMI_SENDER: '0x2',
    };
    const config = readConfig(env, dotenv);
    expect(config.SMI_MODEL).toBe('file');
    expect(config.SMI_API_BASE_URL).toBe('http://shell/v1');
    expect(config.SMI_HOME).toBe('/shell');
    expect(config.SMI_SENDER).toBe('0x2');
    // An empty value in the winning place does not hide the other one.
    expect(readConfig({ SMI_MODEL: 'shell' }, { SMI_MODEL: '' }).SMI_MODEL).toBe('shell');
  });
});
