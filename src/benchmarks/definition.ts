// What a benchmark is to the rest of smi-bench: a name, a title, a one-line description and its options as
// one zod schema. The run command's flags, the evaluation set's block and the pipelines' runs are made from it.
import { z } from 'zod';
import type { RealAgentSettings } from '../contracts/agent-settings.js';
import type { CliIO } from '../contracts/cli-io.js';
import type { RunInput } from '../contracts/run.js';
import type { EnvSource } from '../config/env-values.js';
import type { ProcessConfig } from '../config/variables.js';
import type { RunCliOptions } from './run-input.js';
import type { BenchmarkDisplay } from './display.js';
import type { BenchmarkActivities } from './activity-sets.js';
import type { AnyBenchmarkRecord } from './record.js';

/** How a flag is written where its zod type alone does not say (given with `withFlag`). */
export interface FlagHint {
  /** The value's placeholder in `--help` (`<file>`); numbers default to `n`, anything else to `value`. */
  arg?: string;
  /** A parser of its own (upstream's comma lists); it must yield what the schema accepts. */
  parse?: (raw: string) => unknown;
}

/** Placeholders and parsers of flags, kept beside the schema so the schema stays plain zod. */
export const flagHints = z.registry<FlagHint>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod type may be an option
export type OptionsSchema = z.ZodObject<Record<string, z.ZodType<any>>>;

export interface BenchmarkDefinition<
  S extends OptionsSchema = OptionsSchema,
  A extends BenchmarkActivities = BenchmarkActivities,
> {
  /** Its run command, its phase in evaluation sets and its run directories' phase. */
  name: string;
  /** How pages and summaries name it (`Phase II`). */
  title: string;
  /** The run command's one-line description. */
  description: string;
  /**
   * The workflow type that runs one of its packages, as `workflows/index.ts` exports it: a name, not the
   * function, since the workflow bundle never loads a definition (zod). Recorded histories carry it.
   */
  packageWorkflow: string;
  /**
   * Its own options, in `--help` order: each with `.describe()` (the flag's help; a boolean that defaults
   * to true describes its `--no-` flag) and a `.default()` unless it may be absent.
   */
  options: S;
  /**
   * Its block in an evaluation set's config: the options it takes (snake_case there), in the order the
   * set's id hashes them, and a narrower schema where a config takes less than the flag.
   */
  evalSet: {
    keys: readonly (keyof S['shape'] & string)[];
    narrower?: Partial<Record<keyof S['shape'], z.ZodType>>;
    /** false: one run for the whole set (no model), rather than one per model. */
    perModel: boolean;
    /** Options that name files or folders: relative to the set's config. */
    paths?: readonly (keyof S['shape'] & string)[];
    /** Values a set's run of it always has, under the block's. */
    fixed?: Partial<z.input<S>>;
    /**
     * Why a block cannot run with a local model (phase2's `template-search (it asks an endpoint)`), else
     * null.
     */
    localModelRefusal?: (block: Partial<z.input<S>>) => string | null;
  };
  /**
   * How its runs are made, from the run command's flags, an evaluation set's cell or a pipeline's step.
   * Loaded only when a run is made: it reads files and checks the corpus, the framework, a node.
   */
  runs: () => Promise<BenchmarkRuns<NoInfer<S>>>;
  /** Options written as they are into the run's metadata, under their snake_case names, in this order. */
  recorded?: readonly (keyof S['shape'] & string)[];
  /** How it shows itself: progress line, leaderboard, report and view parts (display.ts). */
  display: BenchmarkDisplay;
  /**
   * Its rows in the run directory and its result file (its `record.ts`), loaded when first asked for so
   * that the CLI's start does not load every benchmark's result builders.
   */
  record: () => Promise<AnyBenchmarkRecord>;
  /**
   * Its activities (its `activities.ts`), loaded by a worker only: they reach the VM, the compiler and the
   * chain, which the CLI's start must not load.
   */
  activities: () => Promise<A>;
}

/** What a run is made with besides its flags. */
export interface RunContext {
  /** The model's settings when the agent asks one: from the environment, or an evaluation set's config. */
  settings: RealAgentSettings | null;
  /** The dotenv file's values (Phase II's sender and gas coin); empty for a set's or a pipeline's run. */
  dotenv: Record<string, string>;
  /** The command line, kept in the run's metadata. */
  argv: string[];
  /** The process's settings, as the entry point read them (`processConfig()`): rooms below never read them. */
  config: ProcessConfig;
  /** The environment the entry point runs in, for settings a benchmark reads beside the dotenv file's. */
  env: EnvSource;
}

/** The run command's flags: the corpus and the run's settings, and the benchmark's own options. */
export type RunFlags<S extends OptionsSchema> = RunCliOptions & z.output<S>;

/** A benchmark's way of making its runs (its `run.ts`). */
export interface BenchmarkRuns<S extends OptionsSchema> {
  /** Whether the agent of these options asks a model, so that the command reads the model's settings. */
  needsModel: (values: z.output<S>) => boolean;
  /** The engine's run input, after every check that would otherwise fail each package alike. */
  input: (flags: RunFlags<S>, context: RunContext) => Promise<RunInput>;
  /**
   * What a built run needs before it starts (Phase II: its simulation's pre-flight). A method: it is given
   * the run its own `input` made.
   */
  preflight?(input: RunInput, io: CliIO): Promise<void>;
}

/**
 * Other defaults for some of a benchmark's options, each with the help its flag has there: how a pipeline
 * runs the benchmark, with those options as its own flags.
 */
export type Preset<S extends OptionsSchema> = {
  [K in keyof z.output<S> & string]?: { default: z.output<S>[K]; help: string };
};

/** The values of a preset's options, as its flags gave them. */
export type PresetValues<S extends OptionsSchema, P extends Preset<S>> = Pick<z.output<S>, keyof P & string>;

/** Picks the preset's options out of a command's flags. */
export function presetValues<S extends OptionsSchema, P extends Preset<S>>(
  preset: P,
  flags: PresetValues<S, P>,
): PresetValues<S, P> {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(preset)) values[key] = (flags as Record<string, unknown>)[key];
  return values as PresetValues<S, P>;
}

/** Any benchmark, as the registry and the generators see it (its options' own types are its file's). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a definition's schema type varies with it
export type AnyBenchmark = BenchmarkDefinition<any>;

export const defineBenchmark = <S extends OptionsSchema, A extends BenchmarkActivities>(
  d: BenchmarkDefinition<S, A>,
) => d;

/** A benchmark's options with every default applied to the values given (which the schema checks). */
export function benchmarkOptions<S extends OptionsSchema>(
  definition: BenchmarkDefinition<S>,
  values: Partial<z.input<S>> = {},
): z.output<S> {
  return definition.options.parse(values);
}

/** The benchmark's own options out of a command's flags (which hold the run's settings too). */
export function optionValues<S extends OptionsSchema>(
  definition: Pick<BenchmarkDefinition<S>, 'options'>,
  flags: z.output<S>,
): z.output<S> {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(definition.options.shape))
    if (key in flags) values[key] = (flags as Record<string, unknown>)[key];
  return values as z.output<S>;
}

/** `gasBudget` → `gas-budget`, the flag's spelling. */
export const kebabCase = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `gasBudget` → `gas_budget`, the evaluation set's spelling. */
export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The schema, with how its flag is written. */
export const withFlag = <T extends z.ZodType>(schema: T, hint: FlagHint): T => {
  flagHints.add(schema, hint);
  return schema;
};

/** The run metadata fields of a benchmark's `recorded` options: `gasBudget` would be `gas_budget`. */
export function recordedOptionFields<S extends OptionsSchema>(
  definition: BenchmarkDefinition<S>,
  options: Partial<Record<keyof S['shape'] & string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries((definition.recorded ?? []).map((key) => [snakeCase(key), options[key]]));
}
