// Configuration of the OpenAI-compatible agent, resolved from the process environment and a parsed .env file.
// Settings (everything but the key) may travel in Temporal workflow history; the key is resolved separately
// by whoever makes the HTTP call, so it never leaves that process.

import type { ModelPricing, RealAgentSettings } from '../contracts/agent-settings.js';
import { ConfigError } from '../config/config-error.js';
import type { EnvSource } from '../config/env-values.js';
import {
  BASE_URL_VARIABLES,
  findApiKey,
  locateEnvValue,
  MODEL_NAME_VARIABLES,
  resolveEnvValue,
} from '../config/locate.js';
import { readConfig } from '../config/read.js';
import { DEFAULT_BASE_URL, type SmiConfig, type VariableName } from '../config/variables.js';
import type { LOCAL_MAX_TOKENS_VARIABLE } from './local-model.js';

export { ConfigError } from '../config/config-error.js';
export { DEFAULT_BASE_URL } from '../config/variables.js';
// Where a setting is found is the configuration room's; the agent's callers ask here.
export {
  BASE_URL_VARIABLES,
  describeLocation,
  findApiKey,
  locateApiKey,
  locateEnvValue,
  resolveEnvValue,
  type LocatedValue,
} from '../config/locate.js';

/** Used when `max_request_retries` is not configured. */
export const DEFAULT_MAX_REQUEST_RETRIES = 6;

/** The key in `variable` when a model names one (evaluation sets), else upstream's order. */
export function resolveApiKey(processEnv: EnvSource, dotenv: EnvSource, variable?: string): string {
  if (variable) {
    const named = locateEnvValue(processEnv, dotenv, variable);
    if (!named) throw new ConfigError(`missing API key: ${variable} is not set`);
    return named.value;
  }
  const key = findApiKey(processEnv, dotenv);
  if (key === null) {
    throw new ConfigError('missing API key (set SMI_API_KEY, OPENROUTER_API_KEY, or OPENAI_API_KEY)');
  }
  return key;
}

/** The settings read here; the model and endpoint also have other tools' names, the key is each worker's. */
const MODEL_SETTINGS = [
  'SMI_PROVIDER',
  'SMI_TEMPERATURE',
  'SMI_MAX_TOKENS',
  'SMI_THINKING',
  'SMI_RESPONSE_FORMAT',
  'SMI_CLEAR_THINKING',
  'SMI_MIN_REQUEST_TIMEOUT_SECONDS',
  'SMI_MIN_REQUEST_TIMEOUT_S',
  'SMI_MAX_REQUEST_RETRIES',
  'SMI_PRICE_INPUT_PER_MTOK',
  'SMI_PRICE_OUTPUT_PER_MTOK',
  'SMI_COST_FROM_PROVIDER',
] as const satisfies readonly VariableName[];

/**
 * Resolves and validates every setting except the key, from the environment and dotenv file its entry
 * point read. Invalid choices fail here, not on each request.
 */
export function loadRealAgentSettings(processEnv: EnvSource, dotenv: EnvSource): RealAgentSettings {
  const config = readConfig(processEnv, dotenv, MODEL_SETTINGS);
  // Other tools' names are fallbacks, after smi-bench's own in either source.
  const model = resolveEnvValue(processEnv, dotenv, ...MODEL_NAME_VARIABLES);
  if (model === null) throw new ConfigError('missing model (set SMI_MODEL or OPENAI_MODEL)');
  const baseUrl = resolveEnvValue(processEnv, dotenv, ...BASE_URL_VARIABLES);

  return {
    provider: config.SMI_PROVIDER,
    base_url: (baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
    model,
    temperature: config.SMI_TEMPERATURE,
    max_tokens: config.SMI_MAX_TOKENS ?? null,
    thinking: config.SMI_THINKING ?? null,
    response_format: config.SMI_RESPONSE_FORMAT ?? null,
    clear_thinking: config.SMI_CLEAR_THINKING ?? null,
    min_request_timeout_s: config.SMI_MIN_REQUEST_TIMEOUT_SECONDS ?? config.SMI_MIN_REQUEST_TIMEOUT_S ?? null,
    max_request_retries: config.SMI_MAX_REQUEST_RETRIES ?? null,
    pricing: pricing(config),
  };
}

/** A price per million input and output tokens (both, in US dollars), or the provider's reported cost. */
function pricing(
  config: Pick<
    SmiConfig,
    'SMI_PRICE_INPUT_PER_MTOK' | 'SMI_PRICE_OUTPUT_PER_MTOK' | 'SMI_COST_FROM_PROVIDER'
  >,
): ModelPricing | null {
  const input = config.SMI_PRICE_INPUT_PER_MTOK;
  const output = config.SMI_PRICE_OUTPUT_PER_MTOK;
  if (config.SMI_COST_FROM_PROVIDER) {
    if (input !== undefined || output !== undefined)
      throw new ConfigError(
        'use either SMI_COST_FROM_PROVIDER or SMI_PRICE_INPUT_PER_MTOK and SMI_PRICE_OUTPUT_PER_MTOK, not both',
      );
    return { source: 'provider' };
  }
  if (input === undefined && output === undefined) return null;
  if (input === undefined || output === undefined)
    throw new ConfigError(
      `${input === undefined ? 'SMI_PRICE_INPUT_PER_MTOK' : 'SMI_PRICE_OUTPUT_PER_MTOK'} is missing: ` +
        'a price needs both, in US dollars per million tokens',
    );
  return { source: 'price-table', input_per_million_usd: input, output_per_million_usd: output };
}

export function isOpenRouter(baseUrl: string): boolean {
  return baseUrl.toLowerCase().includes('openrouter.ai');
}

/** The local model's answer length given in the shell or the dotenv file (clamped to 1–100,000), else `fallback`. */
export function maxTokensSetting(
  processEnv: EnvSource,
  dotenv: EnvSource,
  variable: typeof LOCAL_MAX_TOKENS_VARIABLE,
  fallback: number,
): number {
  return readConfig(processEnv, dotenv, [variable])[variable] ?? fallback;
}
