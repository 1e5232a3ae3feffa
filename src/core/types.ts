// Shared data shapes. Field names follow the upstream harness's JSON so output files stay compatible.
import type { StoppedEarly, TokenUsage } from '../contracts/usage.js';
import { MODEL_AGENTS, type ModelAgent } from '../contracts/agents.js';
import type { PromptTruncation } from './prompt-fit.js';

/** Canonical type JSON of the bytecode interface (schema_version 1). */
export type MoveType =
  | { kind: 'bool' | 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256' | 'address' | 'signer' }
  | { kind: 'vector'; type: MoveType }
  | { kind: 'ref'; mutable: boolean; to: MoveType }
  | { index: number; kind: 'type_param' }
  | { address: string; kind: 'datatype'; module: string; name: string; type_args: MoveType[] };

export type Ability = 'copy' | 'drop' | 'store' | 'key';

export interface InterfaceField {
  name: string;
  type: MoveType;
}

export interface InterfaceStruct {
  abilities: Ability[];
  fields: InterfaceField[];
  is_native: boolean;
  type_params: { constraints: Ability[]; is_phantom: boolean }[];
}

export interface InterfaceEnumVariant {
  fields: InterfaceField[];
  name: string;
  tag: number;
}

export interface InterfaceEnum {
  abilities: Ability[];
  type_params: { constraints: Ability[]; is_phantom: boolean }[];
  variants: InterfaceEnumVariant[];
}

export interface InterfaceFunction {
  acquires: { address: string; module: string; name: string }[];
  is_entry: boolean;
  is_native: boolean;
  params: MoveType[];
  returns: MoveType[];
  type_params: { constraints: Ability[] }[];
  visibility: 'public' | 'friend' | 'private';
}

export interface InterfaceModule {
  address: string;
  /** Only present when enums were asked for explicitly (schema_version 2). */
  enums?: Record<string, InterfaceEnum>;
  functions: Record<string, InterfaceFunction>;
  structs: Record<string, InterfaceStruct>;
}

export interface InterfaceJson {
  module_names: string[];
  modules: Record<string, InterfaceModule>;
  package_id: string;
  schema_version: number;
}

/** A package found in a corpus: its id as written in metadata.json and its (resolved) directory. */
export interface PackageRef {
  package_id: string;
  package_dir: string;
}

/** Judge output (upstream `KeyTypeScore`). */
export interface KeyTypeScore {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
  missing_sample: string[];
  extra_sample: string[];
}

/** One Phase I result row (upstream `PackageRow`), plus token usage. */
export interface Phase1PackageRow {
  package_id: string;
  truth_key_types: number;
  predicted_key_types: number;
  score: KeyTypeScore;
  error: string | null;
  elapsed_seconds: number | null;
  attempts: number | null;
  max_structs_used: number | null;
  timed_out: boolean | null;
  usage?: TokenUsage;
  /** The struct budget lowered so the prompt fits the local model's context (our extension). */
  prompt_truncation?: PromptTruncation;
  truth_key_types_list?: string[];
  predicted_key_types_list?: string[];
}

export const isModelAgent = (agent: string): agent is ModelAgent =>
  (MODEL_AGENTS as readonly string[]).includes(agent);

/** Phase I aggregate: upstream's plain means and error count, plus summed token usage (our extension). */
export interface Phase1Aggregate {
  avg_precision: number;
  avg_recall: number;
  avg_f1: number;
  errors: number;
  /** smi-bench extension: token usage summed over the rows that report it (zeros for mock agents). */
  usage: TokenUsage;
}

/** The Phase I results / checkpoint file (schema_version 1), without `_checksum`. */
export interface Phase1RunResult {
  schema_version: 1;
  started_at_unix_seconds: number;
  finished_at_unix_seconds: number;
  corpus_root_name: string;
  corpus_git: { head: string } | null;
  target_ids_file: string | null;
  target_ids_total: number | null;
  samples: number;
  seed: number;
  agent: string;
  aggregate: Phase1Aggregate;
  packages: Phase1PackageRow[];
  /** smi-bench: why packages have no row, when a limit stopped the run (core/run-limits.ts). */
  stopped_early?: StoppedEarly;
}
