// An evaluation set's config file (YAML or JSON): the models to compare, the phases to run them through and
// the packages, validated with zod. Every problem is reported with its path (`models[1].price.input_per_mtok:
// expected a number`), never as a stack trace.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import yaml from 'js-yaml';
import { z } from 'zod';
import { blockOptions, evalSetBlock } from '../benchmarks/evalset-block.js';
import { BENCHMARKS, type BenchmarkName, type BenchmarkRegistry } from '../benchmarks/registry.js';

const name = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,59}$/,
    'letters, digits, "-", "_" and "." (60 at most), not starting with a sign',
  );
const positive = z.number().positive();
const count = z.number().int().positive();

/** US dollars per million prompt (input) and completion (output) tokens. */
const price = z.strictObject({
  input_per_mtok: z.number().nonnegative(),
  output_per_mtok: z.number().nonnegative(),
});

const endpointModel = z.strictObject({
  /** How the set names the model: its runs are `<set>.<name>.<phase>`. */
  name,
  /** An OpenAI-compatible endpoint (the default). */
  provider: z.literal('openai-compatible').optional(),
  /** The id the endpoint knows the model by. */
  model: z.string().min(1),
  base_url: z.url(),
  /** The variable that holds the key, in the workers' environment (never the key itself). */
  api_key_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name'),
  temperature: z.number().min(0).max(2).optional(),
  /** As SMI_MAX_TOKENS: at most 100,000. */
  max_tokens: count.max(100_000).optional(),
  response_format: z.literal('json_object').optional(),
  thinking: z.string().optional(),
  max_request_retries: z.number().int().min(0).max(20).optional(),
  /** Packages of this model in flight per run. */
  concurrency: count.max(1000).optional(),
  price: price.optional(),
  /** Take each answer's cost as the provider reports it (OpenRouter's `usage.cost`) instead of a price. */
  cost_from_provider: z.boolean().optional(),
  /** This model's own limits on each of its runs. */
  max_cost_usd: positive.optional(),
  max_total_tokens: count.optional(),
  /** Requests per second this model is never sent more than (per worker process). */
  requests_per_second: positive.optional(),
});

/** A GGUF model the workers run themselves (`--agent local-llm`): no endpoint, no key, no price (cost 0). */
const localModel = z.strictObject({
  name,
  provider: z.literal('local-llm'),
  /** The GGUF file, relative to the config; absent: the default model (scripts/install-model.sh). */
  model_path: z.string().min(1).optional(),
  concurrency: count.max(1000).optional(),
  max_total_tokens: count.optional(),
});

const model = z.discriminatedUnion('provider', [endpointModel, localModel]);

/** A config's schema: each phase's block is its benchmark's (src/benchmarks), keyed by `phase`. */
export function evalSetConfigSchemaFor(benchmarks: BenchmarkRegistry) {
  const blocks = Object.values(benchmarks).map(evalSetBlock);
  return z.strictObject({
    /** The set's name; its id adds a hash of the config, so a changed config is another set. */
    name: name.optional(),
    corpus_root: z.string().min(1),
    samples: z.number().int().nonnegative().optional(),
    seed: z.number().int().optional(),
    package_ids_file: z.string().optional(),
    dataset: z.string().optional(),
    log_dir: z.string().optional(),
    /** The whole set's cost limit: an even share per run at first, then moved to where it is needed. */
    max_cost_usd: positive.optional(),
    /** The whole set's token limit, shared by its runs as the cost cap is (core/set-budget.ts). */
    max_total_tokens: count.optional(),
    /**
     * The answer cache: true for every model, false for none; absent, for the models at temperature 0 (where
     * re-using an answer is sound). `eval-set --cache` / `--no-cache` set it.
     */
    cache: z.boolean().optional(),
    models: z.array(model).min(1),
    phases: z
      .array(z.discriminatedUnion('phase', blocks as [(typeof blocks)[number], ...typeof blocks]))
      .min(1),
  });
}

export const evalSetConfigSchema = evalSetConfigSchemaFor(BENCHMARKS);

/** A phase's block: `phase` names its benchmark, the rest are that benchmark's options (snake_case). */
export type EvalSetPhase = { phase: BenchmarkName } & Record<string, unknown>;
export type EvalSetConfig = Omit<z.infer<typeof evalSetConfigSchema>, 'phases'> & { phases: EvalSetPhase[] };
export type EvalSetModel = EvalSetConfig['models'][number];

/** How the set's matrix names the sandbox's run, which has no model (never a model's name: no parentheses). */
export const SANDBOX_CELL = '(sandbox)';

/** A config problem: one line per issue, each with its path. */
export class EvalSetConfigError extends Error {}

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('');
}

/** `benchmarks`: whose blocks the config may hold (all of smi-bench's, unless a test extends one). */
export function parseEvalSetConfig(
  text: string,
  file: string,
  benchmarks: BenchmarkRegistry = BENCHMARKS,
): EvalSetConfig {
  let raw: unknown;
  try {
    raw = extname(file).toLowerCase() === '.json' ? JSON.parse(text) : yaml.load(text);
  } catch (err) {
    throw new EvalSetConfigError(
      `${file}: not valid ${extname(file) === '.json' ? 'JSON' : 'YAML'}: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  const schema = benchmarks === BENCHMARKS ? evalSetConfigSchema : evalSetConfigSchemaFor(benchmarks);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${issuePath(i.path) || '(top level)'}: ${i.message}`);
    throw new EvalSetConfigError(`${file}:\n  ${lines.join('\n  ')}`);
  }
  const config = parsed.data as EvalSetConfig;
  const names = config.models.map((m) => m.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new EvalSetConfigError(`${file}:\n  models: the name "${twice}" is used twice`);
  const phases = config.phases.map((p) => p.phase);
  if (new Set(phases).size !== phases.length)
    throw new EvalSetConfigError(`${file}:\n  phases: each phase may be listed once`);
  const both = config.models.findIndex((m) => m.provider !== 'local-llm' && m.price && m.cost_from_provider);
  if (both >= 0)
    throw new EvalSetConfigError(`${file}:\n  models[${both}]: use either price or cost_from_provider`);
  const local = config.models.findIndex((m) => m.provider === 'local-llm');
  for (const phase of local >= 0 ? config.phases : []) {
    const block = blockOptions(benchmarks[phase.phase], phase);
    const refusal = benchmarks[phase.phase].evalSet.localModelRefusal?.(block);
    if (refusal)
      throw new EvalSetConfigError(
        `${file}:\n  models[${local}]: a local-llm model cannot run ${phase.phase}'s ${refusal}`,
      );
  }
  if (config.package_ids_file && config.dataset)
    throw new EvalSetConfigError(`${file}:\n  use either package_ids_file or dataset, not both`);
  return config;
}

export function readEvalSetConfig(file: string): EvalSetConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new EvalSetConfigError(`cannot read the set's config: ${(err as Error).message}`);
  }
  return parseEvalSetConfig(text, file);
}

/** The set's id: its name (or "set") and a hash of its config, so running the same config again joins it. */
export function evalSetId(config: EvalSetConfig): string {
  const hash = createHash('sha256').update(JSON.stringify(config)).digest('hex').slice(0, 10);
  return `${config.name ?? 'set'}-${hash}`;
}
