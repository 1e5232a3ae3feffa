// An evaluation set's config file (YAML or JSON): the models to compare, the phases to run them through and
// the packages, validated with zod. Every problem is reported with its path (`models[1].price.input_per_mtok:
// expected a number`), never as a stack trace.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import yaml from 'js-yaml';
import { z } from 'zod';
import { RPC_PROTOCOLS, SIMULATION_MODES, SUI_NETWORKS } from '../contracts/simulation.js';

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
  max_tokens: count.optional(),
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

const phase1 = z.strictObject({
  phase: z.literal('phase1'),
  max_structs_in_prompt: count.optional(),
  per_package_timeout_seconds: positive.optional(),
});

const phase2 = z.strictObject({
  phase: z.literal('phase2'),
  agent: z.enum(['real-openai-compatible', 'template-search']).optional(),
  simulation_mode: z.enum(SIMULATION_MODES).optional(),
  max_plan_attempts: count.optional(),
  max_planning_calls: count.optional(),
  per_package_timeout_seconds: positive.optional(),
  rpc_url: z.url().optional(),
  /** Sui's public full node of this network, or the network `rpc_url` must serve. */
  network: z.enum(SUI_NETWORKS).optional(),
  /** `json-rpc` only for providers that still serve it; default gRPC. */
  rpc_protocol: z.enum(RPC_PROTOCOLS).optional(),
  sender: z.string().optional(),
  /** With `simulation_mode: local`: package directories of 0x1, 0x2 (and 0x3); default: those of the corpus. */
  framework_dir: z.string().optional(),
});

/** The helper-package benchmark (`smi-bench helper`): each model writes helpers, one run per model. */
const helper = z.strictObject({
  phase: z.literal('helper'),
  /** Answers the model may give until one builds (`--max-attempts`). */
  max_attempts: count.optional(),
  /** false: `--no-scoring-hints`. */
  scoring_hints: z.boolean().optional(),
  framework_dir: z.string().optional(),
  per_package_timeout_seconds: positive.optional(),
});

/** Upstream's benchmark-local: no model, so one run for the whole set (`<set>.sandbox`), not one per model. */
const sandbox = z.strictObject({
  phase: z.literal('sandbox'),
  /** Package directories of 0x1, 0x2 (and 0x3); default: those of the corpus. */
  framework_dir: z.string().optional(),
  tier_a_only: z.boolean().optional(),
  concurrency: count.max(1000).optional(),
});

export const evalSetConfigSchema = z.strictObject({
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
  phases: z.array(z.discriminatedUnion('phase', [phase1, phase2, helper, sandbox])).min(1),
});

export type EvalSetConfig = z.infer<typeof evalSetConfigSchema>;
export type EvalSetModel = EvalSetConfig['models'][number];
export type EvalSetPhase = EvalSetConfig['phases'][number];
/** The phases each model goes through (all but the sandbox). */
export type EvalSetModelPhase = Exclude<EvalSetPhase, { phase: 'sandbox' }>;
export type EvalSetSandboxPhase = Extract<EvalSetPhase, { phase: 'sandbox' }>;

/** How the set's matrix names the sandbox's run, which has no model (never a model's name: no parentheses). */
export const SANDBOX_CELL = '(sandbox)';

/** A config problem: one line per issue, each with its path. */
export class EvalSetConfigError extends Error {}

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('');
}

export function parseEvalSetConfig(text: string, file: string): EvalSetConfig {
  let raw: unknown;
  try {
    raw = extname(file).toLowerCase() === '.json' ? JSON.parse(text) : yaml.load(text);
  } catch (err) {
    throw new EvalSetConfigError(
      `${file}: not valid ${extname(file) === '.json' ? 'JSON' : 'YAML'}: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  const parsed = evalSetConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${issuePath(i.path) || '(top level)'}: ${i.message}`);
    throw new EvalSetConfigError(`${file}:\n  ${lines.join('\n  ')}`);
  }
  const config = parsed.data;
  const names = config.models.map((m) => m.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new EvalSetConfigError(`${file}:\n  models: the name "${twice}" is used twice`);
  const phases = config.phases.map((p) => p.phase);
  if (new Set(phases).size !== phases.length)
    throw new EvalSetConfigError(`${file}:\n  phases: each phase may be listed once`);
  const both = config.models.findIndex((m) => m.provider !== 'local-llm' && m.price && m.cost_from_provider);
  if (both >= 0)
    throw new EvalSetConfigError(`${file}:\n  models[${both}]: use either price or cost_from_provider`);
  const localTemplate = config.phases.some((p) => p.phase === 'phase2' && p.agent === 'template-search');
  const local = config.models.findIndex((m) => m.provider === 'local-llm');
  if (localTemplate && local >= 0)
    throw new EvalSetConfigError(
      `${file}:\n  models[${local}]: a local-llm model cannot run phase2's template-search (it asks an endpoint)`,
    );
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
