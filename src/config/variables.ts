// Every SMI_* environment variable smi-bench reads, in one zod schema: its form (type and bounds), default,
// where it is read from and what it means. The README's Configuration table is checked against it.
import { z } from 'zod';
import {
  httpUrl,
  lenientDecimal,
  lenientWholeNumber,
  oneOf,
  port,
  positiveDecimal,
  price,
  text,
  wholeNumber,
  yesNo,
  type Form,
} from './forms.js';

/**
 * Where a value is found. `environment`: the process environment only (read by each process at its start).
 * The others are model and run settings, also read from the dotenv file of the command that starts a run:
 * `dotenv-first` (the file wins, as upstream), `environment-first` (the operator's shell wins, as upstream,
 * for the key and the endpoint), `dotenv` (the file only, as upstream).
 */
export type Source = 'environment' | 'dotenv-first' | 'environment-first' | 'dotenv';

export interface VariableMeta {
  description: string;
  /** What a value must look like: `a whole number from 1 to 1024`. */
  accepts: string;
  source: Source;
  /** The default as the README says it (`the cores`), when there is one. */
  defaultText?: string;
}

/** The metadata of each variable's schema. */
export const variableMeta = z.registry<VariableMeta>();

type Meta = Omit<VariableMeta, 'accepts' | 'defaultText'>;

/** A variable without a default: undefined when unset or empty. */
function optional<T>(form: Form<T>, meta: Meta, defaultText?: string) {
  const schema = z.preprocess(unsetWhenEmpty, form.schema.optional());
  schema.register(variableMeta, { ...meta, accepts: form.accepts, ...(defaultText ? { defaultText } : {}) });
  return schema;
}

/** A variable with a default, given when it is unset or empty. */
function withDefault<T>(form: Form<T>, fallback: T, meta: Meta) {
  const schema = z.preprocess(unsetWhenEmpty, form.schema.optional()).transform((value) => value ?? fallback);
  schema.register(variableMeta, { ...meta, accepts: form.accepts, defaultText: String(fallback) });
  return schema;
}

/** An empty value counts as unset, as it always has for these variables. */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

const perProcess = (description: string): Meta => ({ description, source: 'environment' });
const run = (description: string): Meta => ({ description, source: 'dotenv-first' });

export const SDK_LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** What each process reads from its own environment at its start. */
export const processSchema = z.object({
  // Local state and the Temporal server
  SMI_HOME: withDefault(
    text(),
    '.smi-bench',
    perProcess('local state: the built-in server, the SDK log, the demo corpus, the stub cache, evaluation sets'),
  ),
  SMI_TEMPORAL_PORT: withDefault(port(), 7233, perProcess('port of the local Temporal server smi-bench starts or finds')),
  SMI_TEMPORAL_UI_PORT: withDefault(port(), 8233, perProcess('port of that server’s Web UI')),
  SMI_TEMPORAL_UI_URL: optional(httpUrl(), perProcess('Web UI base URL to print links to, with TEMPORAL_ADDRESS')),
  SMI_TEMPORAL_BIN: optional(text(), perProcess('a `temporal` CLI binary to use instead of the one in .tools/')),
  SMI_SDK_LOG_LEVEL: withDefault(
    oneOf(SDK_LOG_LEVELS, true),
    'WARN',
    perProcess('least severe Temporal SDK lines kept in $SMI_HOME/temporal-sdk.log'),
  ),
  SMI_DATASETS_DIR: optional(text(), perProcess('first folder where `--dataset NAME` looks')),
  // Worker capacity
  SMI_LLM_CONCURRENCY: withDefault(wholeNumber(1, 1024), 32, perProcess('model calls in flight per worker process')),
  SMI_LOCAL_LLM_CONCURRENCY: optional(
    wholeNumber(1, 256),
    perProcess('generations of a local model at once per worker process, one thread each'),
    '2, at most the cores',
  ),
  SMI_LLM_RATE_PER_SECOND: optional(
    positiveDecimal(),
    perProcess('model calls per second across all workers, enforced by the server'),
  ),
  SMI_IO_CONCURRENCY: withDefault(
    wholeNumber(1, 1024),
    8,
    perProcess('extraction, recording and file activities in flight per worker process'),
  ),
  SMI_SIM_CONCURRENCY: withDefault(wholeNumber(1, 1024), 8, perProcess('simulations in flight per worker process')),
  SMI_VM_THREADS: optional(wholeNumber(1, 256), perProcess('Move VM threads per process'), 'the cores'),
  SMI_VM_HEAP_MB: withDefault(wholeNumber(16, 65536), 512, perProcess('heap of each VM thread, in MB')),
  SMI_VM_TIMEOUT_SECONDS: withDefault(wholeNumber(1, 86400), 60, perProcess('seconds one VM execution may take')),
  SMI_COMPILER_THREADS: optional(wholeNumber(1, 256), perProcess('Sui compiler threads per process'), 'the cores'),
  SMI_MODEL_CACHE_DIR: optional(
    text(),
    perProcess('the answer cache’s folder'),
    '.model-cache in the runs’ log directory',
  ),
  // Chain access
  SMI_RPC_API_KEY: optional(
    text(),
    perProcess('a node provider’s key, sent as `Authorization: Bearer <key>` by the process calling the node'),
  ),
  SMI_DEFAULT_RPC_URL: optional(httpUrl(), perProcess('the full node used when neither --rpc-url nor --network is given'), 'mainnet'),
  SMI_TX_SIM_BIN: optional(text(), perProcess('the smi_tx_sim binary of --simulation-mode external')),
});

/** A run's settings, read by the command that starts it from its environment and its dotenv file. */
export const runSchema = z.object({
  SMI_SENDER: optional(text(), { description: 'Phase II transaction sender', source: 'dotenv' }),
  SMI_GAS_COIN: optional(text(), { description: 'Phase II gas coin object id', source: 'dotenv' }),
  // The model (a run's settings travel with it; the key stays in each worker)
  SMI_API_KEY: optional(text(), { description: 'model API key', source: 'environment-first' }),
  SMI_API_BASE_URL: withDefault(text(), DEFAULT_BASE_URL, {
    description: 'model endpoint',
    source: 'environment-first',
  }),
  SMI_MODEL: optional(text(), run('model name')),
  SMI_PROVIDER: withDefault(oneOf(['openai_compatible']), 'openai_compatible', run('model API')),
  SMI_TEMPERATURE: withDefault(lenientDecimal(0, 0, 2), 0, run('sampling temperature')),
  SMI_MAX_TOKENS: optional(lenientWholeNumber(4096, 1, 100_000), run('longest answer, in tokens'), 'not sent'),
  SMI_THINKING: optional(text(), run('sent as `thinking: {type}` (e.g. enabled, disabled)')),
  SMI_RESPONSE_FORMAT: optional(oneOf(['json_object']), run('sent as `response_format`')),
  SMI_CLEAR_THINKING: optional(yesNo(), run('sent as `clear_thinking`')),
  SMI_MIN_REQUEST_TIMEOUT_SECONDS: optional(
    lenientDecimal(60, 1, 3600),
    run('the least time one model request is given, in seconds'),
  ),
  SMI_MIN_REQUEST_TIMEOUT_S: optional(lenientDecimal(60, 1, 3600), run('older name of the variable above')),
  SMI_MAX_REQUEST_RETRIES: optional(lenientWholeNumber(6, 0, 20), run('attempts per model call'), '6'),
  SMI_PRICE_INPUT_PER_MTOK: optional(price(), run('the model’s price per million prompt tokens, in US dollars')),
  SMI_PRICE_OUTPUT_PER_MTOK: optional(price(), run('the model’s price per million completion tokens')),
  SMI_COST_FROM_PROVIDER: withDefault(yesNo(), false, run('use the cost the provider reports instead of a price')),
  SMI_LOCAL_LLM_MAX_TOKENS: withDefault(
    lenientWholeNumber(256, 1, 100_000),
    256,
    run('the longest answer of --agent local-llm, in tokens'),
  ),
});

/** The one schema of every SMI_* variable. */
export const configSchema = processSchema.extend(runSchema.shape);

export type VariableName = keyof typeof configSchema.shape;
export type ProcessVariable = keyof typeof processSchema.shape;
export const PROCESS_VARIABLES = Object.keys(processSchema.shape) as ProcessVariable[];
export type ProcessConfig = z.output<typeof processSchema>;
export const VARIABLE_NAMES = Object.keys(configSchema.shape) as VariableName[];
export type SmiConfig = z.output<typeof configSchema>;

export function metaOf(name: VariableName): VariableMeta {
  const meta = variableMeta.get(configSchema.shape[name]);
  if (!meta) throw new Error(`${name} has no description`);
  return meta;
}
