// Configuration of the OpenAI-compatible agent, resolved from the process environment and a parsed .env file.
// Settings (everything but the key) may travel in Temporal workflow history; the key is resolved separately
// by whoever makes the HTTP call, so it never leaves that process.

import type { ModelPricing } from '../core/cost.js';
import { ConfigError } from './config-error.js';
import type { LOCAL_PROVIDER, LocalModelFile } from './local-model.js';
import { clamp, isSet, parseBoolWord, parseFloatLoose, parseIntLoose, type EnvSource } from './env-values.js';

export { ConfigError } from './config-error.js';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const SUPPORTED_PROVIDER = 'openai_compatible';
/** Used when `max_request_retries` is not configured. */
export const DEFAULT_MAX_REQUEST_RETRIES = 6;

/** Everything needed to call the model except the secret key. Safe to record in workflow history. */
export interface RealAgentSettings {
  /** `local_gguf`: a GGUF file run in-process by the worker (`--agent local-llm`); base_url is its file URL. */
  provider: typeof SUPPORTED_PROVIDER | typeof LOCAL_PROVIDER;
  base_url: string;
  model: string;
  temperature: number;
  /** null: not sent, the server decides. */
  max_tokens: number | null;
  /** Sent as `thinking: {type}` when set (e.g. `enabled`, `disabled`). */
  thinking: string | null;
  response_format: 'json_object' | null;
  clear_thinking: boolean | null;
  /** Lower bound for a single request's timeout; null means none. */
  min_request_timeout_s: number | null;
  /** null means the default (6). */
  max_request_retries: number | null;
  /** How a call's cost is known; null or absent: it is not (no price given). */
  pricing?: ModelPricing | null;
  /** Answer from the answer cache when the same request was answered before (the CLI decides). */
  cache_answers?: boolean;
  /** The variable that holds this model's key in the workers' environment (evaluation sets); absent: SMI_API_KEY and its fallbacks. */
  api_key_env?: string;
  /** Requests per second never exceeded, per worker process (an evaluation set's `requests_per_second`). */
  requests_per_second?: number;
  /** Ask for each phase's answer schema (`--structured`: `response_format` json_schema; always for local models). */
  structured?: boolean;
  /** The GGUF file of a local model and its identity (provider `local_gguf`). */
  local_model?: LocalModelFile;
}

/** Where the process environment beats .env ("operator override"); for every other key .env wins. */
const PROCESS_ENV_WINS = new Set(['SMI_API_KEY', 'SMI_API_BASE_URL']);

/** A setting's value and where it was found, so that messages can name the variable to fix. */
export interface LocatedValue {
  value: string;
  variable: string;
  from: 'environment' | 'dotenv' | 'config';
}

/** `SMI_API_BASE_URL from the environment`, `OPENAI_BASE_URL from the dotenv file`. */
export function describeLocation(located: LocatedValue): string {
  if (located.from === 'config') return `${located.variable} in the set's config`;
  return `${located.variable} from the ${located.from === 'dotenv' ? 'dotenv file' : 'environment'}`;
}

/**
 * Walks `keys` in priority order and takes the first one set in either source.
 * For that key .env wins over the process environment, except for the operator-override keys.
 */
export function locateEnvValue(
  processEnv: EnvSource,
  dotenv: EnvSource,
  ...keys: string[]
): LocatedValue | null {
  for (const variable of keys) {
    const fromProcess = processEnv[variable];
    const fromDotenv = dotenv[variable];
    if (!isSet(fromProcess) && !isSet(fromDotenv)) continue;
    const processFirst = PROCESS_ENV_WINS.has(variable);
    const useProcess = processFirst ? isSet(fromProcess) : !isSet(fromDotenv);
    return useProcess
      ? { value: fromProcess as string, variable, from: 'environment' }
      : { value: fromDotenv as string, variable, from: 'dotenv' };
  }
  return null;
}

export function resolveEnvValue(processEnv: EnvSource, dotenv: EnvSource, ...keys: string[]): string | null {
  return locateEnvValue(processEnv, dotenv, ...keys)?.value ?? null;
}

/** The variables that name the endpoint, in upstream's order. */
export const BASE_URL_VARIABLES = [
  'SMI_API_BASE_URL',
  'OPENROUTER_BASE_URL',
  'OPENAI_BASE_URL',
  'OPENAI_API_BASE',
];

const FALLBACK_KEY_NAMES = ['OPENAI_API_KEY', 'OPENROUTER_API_KEY', 'ZAI_API_KEY', 'ZHIPUAI_API_KEY'];

/** The API key in upstream order: process SMI_API_KEY, .env SMI_API_KEY, then each fallback (.env first). */
export function locateApiKey(processEnv: EnvSource, dotenv: EnvSource): LocatedValue | null {
  const candidates: [string | undefined, string, LocatedValue['from']][] = [
    [processEnv.SMI_API_KEY, 'SMI_API_KEY', 'environment'],
    [dotenv.SMI_API_KEY, 'SMI_API_KEY', 'dotenv'],
  ];
  for (const name of FALLBACK_KEY_NAMES)
    candidates.push([dotenv[name], name, 'dotenv'], [processEnv[name], name, 'environment']);
  const found = candidates.find(([value]) => isSet(value));
  return found ? { value: found[0] as string, variable: found[1], from: found[2] } : null;
}

export function findApiKey(processEnv: EnvSource, dotenv: EnvSource): string | null {
  return locateApiKey(processEnv, dotenv)?.value ?? null;
}

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

/** Resolves and validates every setting except the key. Invalid choices fail here, not on each request. */
export function loadRealAgentSettings(processEnv: EnvSource, dotenv: EnvSource): RealAgentSettings {
  const get = (...keys: string[]) => resolveEnvValue(processEnv, dotenv, ...keys);

  const provider = get('SMI_PROVIDER') ?? SUPPORTED_PROVIDER;
  if (provider !== SUPPORTED_PROVIDER) throw new ConfigError(`unsupported provider: ${provider}`);

  const model = get('SMI_MODEL', 'OPENAI_MODEL');
  if (model === null) throw new ConfigError('missing model (set SMI_MODEL or OPENAI_MODEL)');

  const baseUrl = get(...BASE_URL_VARIABLES);

  return {
    provider: SUPPORTED_PROVIDER,
    base_url: (baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
    model,
    temperature: clamp(parseFloatLoose(get('SMI_TEMPERATURE') ?? '') ?? 0, 0, 2),
    max_tokens: optionalNumber(get('SMI_MAX_TOKENS'), parseIntLoose, 4096, 1, 100_000),
    thinking: get('SMI_THINKING'),
    response_format: parseResponseFormat(get('SMI_RESPONSE_FORMAT')),
    clear_thinking: parseClearThinking(get('SMI_CLEAR_THINKING')),
    min_request_timeout_s: optionalNumber(
      get('SMI_MIN_REQUEST_TIMEOUT_SECONDS', 'SMI_MIN_REQUEST_TIMEOUT_S'),
      parseFloatLoose,
      60,
      1,
      3600,
    ),
    max_request_retries: optionalNumber(get('SMI_MAX_REQUEST_RETRIES'), parseIntLoose, 6, 0, 20),
    pricing: parsePricing(
      get('SMI_PRICE_INPUT_PER_MTOK'),
      get('SMI_PRICE_OUTPUT_PER_MTOK'),
      get('SMI_COST_FROM_PROVIDER'),
    ),
  };
}

/**
 * A price per million input and output tokens (both, in US dollars), or the provider's reported cost.
 * New settings, so strict: a price that does not parse is refused rather than read as 0.
 */
function parsePricing(
  input: string | null,
  output: string | null,
  fromProvider: string | null,
): ModelPricing | null {
  const provider = fromProvider === null ? false : parseBoolWord(fromProvider);
  if (provider === null)
    throw new ConfigError(`invalid SMI_COST_FROM_PROVIDER=${JSON.stringify(fromProvider)} (use true/false)`);
  if (provider) {
    if (input !== null || output !== null)
      throw new ConfigError('use either SMI_COST_FROM_PROVIDER or SMI_PRICE_INPUT/OUTPUT_PER_MTOK, not both');
    return { source: 'provider' };
  }
  if (input === null && output === null) return null;
  const price = (name: string, raw: string | null) => {
    const value = raw === null ? null : parseFloatLoose(raw);
    if (value === null || !Number.isFinite(value) || value < 0)
      throw new ConfigError(
        `${name} must be a price in US dollars per million tokens, got ${JSON.stringify(raw)}`,
      );
    return value;
  };
  return {
    source: 'price-table',
    input_per_million_usd: price('SMI_PRICE_INPUT_PER_MTOK', input),
    output_per_million_usd: price('SMI_PRICE_OUTPUT_PER_MTOK', output),
  };
}

export function isOpenRouter(baseUrl: string): boolean {
  return baseUrl.toLowerCase().includes('openrouter.ai');
}

/** An answer-length variable given in the shell or the dotenv file (1–100,000), else `fallback`. */
export function maxTokensSetting(
  processEnv: EnvSource,
  dotenv: EnvSource,
  variable: string,
  fallback: number,
): number {
  return (
    optionalNumber(resolveEnvValue(processEnv, dotenv, variable), parseIntLoose, fallback, 1, 100_000) ??
    fallback
  );
}

function optionalNumber(
  raw: string | null,
  parse: (text: string) => number | null,
  fallback: number,
  min: number,
  max: number,
): number | null {
  if (raw === null) return null;
  return clamp(parse(raw) ?? fallback, min, max);
}

function parseResponseFormat(raw: string | null): 'json_object' | null {
  if (raw === null) return null;
  if (raw !== 'json_object') {
    throw new ConfigError(
      `unsupported SMI_RESPONSE_FORMAT=${JSON.stringify(raw)} (only json_object is supported)`,
    );
  }
  return raw;
}

function parseClearThinking(raw: string | null): boolean | null {
  if (raw === null) return null;
  const value = parseBoolWord(raw);
  if (value === null) {
    throw new ConfigError(
      `invalid SMI_CLEAR_THINKING=${JSON.stringify(raw)} (use true/false, yes/no, on/off or 1/0)`,
    );
  }
  return value;
}
