// Every SMI_* environment variable smi-bench reads, in one zod schema: its form (type and bounds), default,
// where it is read from and what it means. docs/configuration.md's table is made from it (table.ts).
import { z } from 'zod';
import {
  httpUrl,
  lenientDecimal,
  lenientWholeNumber,
  oneOf,
  path,
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
  /** The default as docs/configuration.md says it (`the cores`), when there is one. */
  defaultText?: string;
}

/** The metadata of each variable's schema. */
const variableMeta = z.registry<VariableMeta>();

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
  schema.register(variableMeta, { ...meta, accepts: form.accepts, defaultText: `\`${String(fallback)}\`` });
  return schema;
}

/** An empty value counts as unset, as it always has for these variables. */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

const perProcess = (description: string): Meta => ({ description, source: 'environment' });
const run = (description: string): Meta => ({ description, source: 'dotenv-first' });

const SDK_LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** What each process reads from its own environment at its start. */
export const processSchema = z.object({
  // Local state and the Temporal server
  SMI_HOME: withDefault(
    path(),
    '.smi-bench',
    perProcess(
      'local state: the built-in server’s database and log, the Temporal SDK log, the demo corpus, the ' +
        'stub cache, where each evaluation set ran',
    ),
  ),
  SMI_TEMPORAL_PORT: withDefault(
    port(),
    7233,
    perProcess('port of the local Temporal server smi-bench starts or looks for'),
  ),
  SMI_TEMPORAL_UI_PORT: withDefault(port(), 8233, perProcess('port of that server’s Web UI')),
  SMI_TEMPORAL_UI_URL: optional(
    httpUrl(),
    perProcess('Web UI base URL to print links to, with `TEMPORAL_ADDRESS`'),
  ),
  SMI_TEMPORAL_BIN: optional(
    path(),
    perProcess('a `temporal` CLI binary to use instead of the one in `.tools/`'),
  ),
  SMI_SDK_LOG_LEVEL: withDefault(
    oneOf(SDK_LOG_LEVELS, true),
    'WARN',
    perProcess('least severe Temporal SDK lines kept in `$SMI_HOME/temporal-sdk.log`'),
  ),
  SMI_DATASETS_DIR: optional(
    path(),
    perProcess('first place to look for `--dataset` files (the shipped datasets come last)'),
  ),
  // A worker's capacity
  SMI_LLM_CONCURRENCY: withDefault(
    wholeNumber(1, 1024),
    32,
    perProcess('model calls in flight per worker process'),
  ),
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
  SMI_SIM_CONCURRENCY: withDefault(
    wholeNumber(1, 1024),
    8,
    perProcess('simulations in flight per worker process'),
  ),
  SMI_VM_THREADS: optional(
    wholeNumber(1, 256),
    perProcess('Move VM threads per process (helpers, local simulation, `fullnode`)'),
    'the cores',
  ),
  SMI_VM_HEAP_MB: withDefault(wholeNumber(16, 65536), 512, perProcess('heap of each VM thread, in MB')),
  SMI_VM_TIMEOUT_SECONDS: withDefault(
    wholeNumber(1, 86400),
    60,
    perProcess('seconds one VM execution may take'),
  ),
  SMI_COMPILER_THREADS: optional(
    wholeNumber(1, 256),
    perProcess('Sui compiler threads per process (helpers, `move build`)'),
    'the cores',
  ),
  SMI_MODEL_CACHE_DIR: optional(
    path(),
    perProcess('the answer cache’s folder'),
    '`.model-cache` in the runs’ log directory',
  ),
  // Chain access
  SMI_RPC_API_KEY: optional(
    text(),
    perProcess(
      'a node provider’s key, sent as `Authorization: Bearer <key>` by the process calling the node (a ' +
        'worker, `corpus pull`, `extract`); `fullnode --require-api-key` asks for it',
    ),
  ),
  SMI_DEFAULT_RPC_URL: optional(
    httpUrl(),
    perProcess('the full node when neither `--rpc-url` nor `--network` is given'),
    'mainnet',
  ),
  SMI_TX_SIM_BIN: optional(path(), perProcess('the `smi_tx_sim` binary of `--simulation-mode external`')),
});

/** A run's settings, read by the command that starts it from its environment and its dotenv file. */
export const runSchema = z.object({
  SMI_SENDER: optional(
    text(),
    { description: 'Phase II transaction sender (see the `phase2` options)', source: 'dotenv' },
    '0x0 on a chain, 0x…a11ce offline',
  ),
  SMI_GAS_COIN: optional(
    text(),
    { description: 'Phase II gas coin object id', source: 'dotenv' },
    'the sender’s first SUI coin',
  ),
  // The model: the starting command's settings travel with the run; the key stays in each worker.
  SMI_API_KEY: optional(text(), {
    description:
      'model API key, read by each worker, never sent with a run (or `OPENAI_API_KEY`, ' +
      '`OPENROUTER_API_KEY`, `ZAI_API_KEY`, `ZHIPUAI_API_KEY`)',
    source: 'environment-first',
  }),
  SMI_API_BASE_URL: optional(
    text(),
    {
      description:
        'model endpoint (or `OPENROUTER_BASE_URL`, `OPENAI_BASE_URL`, `OPENAI_API_BASE`); a worker whose ' +
        'own setting differs from a run’s logs a warning once per run',
      source: 'environment-first',
    },
    `\`${DEFAULT_BASE_URL}\``,
  ),
  SMI_MODEL: optional(text(), run('model name (or `OPENAI_MODEL`)')),
  SMI_PROVIDER: withDefault(oneOf(['openai_compatible']), 'openai_compatible', run('the model’s API')),
  SMI_TEMPERATURE: withDefault(lenientDecimal(0, 0, 2), 0, run('sampling temperature')),
  SMI_MAX_TOKENS: optional(
    lenientWholeNumber(4096, 1, 100_000),
    run('the longest answer, in tokens'),
    'not sent',
  ),
  SMI_THINKING: optional(text(), run('sent as `thinking: {type}` (e.g. `enabled`, `disabled`)')),
  SMI_RESPONSE_FORMAT: optional(oneOf(['json_object']), run('sent as `response_format`')),
  SMI_CLEAR_THINKING: optional(yesNo(), run('sent as `clear_thinking`')),
  SMI_MIN_REQUEST_TIMEOUT_SECONDS: optional(
    lenientDecimal(60, 1, 3600),
    run('the least time one model request is given, in seconds'),
  ),
  SMI_MIN_REQUEST_TIMEOUT_S: optional(
    lenientDecimal(60, 1, 3600),
    run('older name of `SMI_MIN_REQUEST_TIMEOUT_SECONDS`'),
  ),
  SMI_MAX_REQUEST_RETRIES: optional(lenientWholeNumber(6, 0, 20), run('attempts per model call'), '6'),
  SMI_PRICE_INPUT_PER_MTOK: optional(
    price(),
    run('the model’s price per million prompt tokens (see [Using a model](models.md#using-a-model))'),
  ),
  SMI_PRICE_OUTPUT_PER_MTOK: optional(price(), run('the model’s price per million completion tokens')),
  SMI_COST_FROM_PROVIDER: withDefault(
    yesNo(),
    false,
    run('use the cost the provider reports instead of a price'),
  ),
  SMI_LOCAL_LLM_MAX_TOKENS: optional(
    lenientWholeNumber(256, 1, 100_000),
    run('the longest answer of `--agent local-llm`, in tokens (`SMI_MAX_TOKENS` leaves it alone)'),
    '256',
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
