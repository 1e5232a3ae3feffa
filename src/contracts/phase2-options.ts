// Phase II's settings and the engine types specialised to them.
import type { RpcProtocol, SimulationMode, SuiNetwork } from './simulation.js';
import { MODEL_AGENTS } from './agents.js';
import type { BaseOptions, PackageInput, RunInput } from './run.js';

export const PHASE2_AGENTS = [
  'mock-empty',
  'mock-perfect',
  'mock-planfile',
  'baseline-search',
  'template-search',
  ...MODEL_AGENTS,
] as const;

export type Phase2Agent = (typeof PHASE2_AGENTS)[number];

export interface Phase2Options extends BaseOptions {
  agent: Phase2Agent;
  simulationMode: SimulationMode;
  rpcUrl: string | null;
  /** How dry-run and dev-inspect talk to `rpcUrl`; absent (runs from before gRPC): gRPC. */
  rpcProtocol?: RpcProtocol;
  /** `--network`: what the node must say it serves, checked before the run; null: not checked. */
  network?: SuiNetwork | null;
  /**
   * Resolved: the flag, else SMI_SENDER from the dotenv file (upstream's order), else "0x0" in the chain
   * modes and a non-zero address in the offline ones (src/benchmarks/phase2/workflow/sender.ts).
   */
  sender: string;
  gasBudget: number;
  gasCoin: string | null;
  /** Budgets tried after the first one, in order, when a simulation runs out of gas. */
  gasBudgetLadder: number[];
  maxPlanAttempts: number;
  maxPlanningCalls: number;
  /** Baseline candidates tried per package; 0 = all. */
  baselineMaxCandidates: number;
  maxHeuristicVariants: number;
  perPackageTimeoutSeconds: number;
  includeCreatedTypes: boolean;
  requireDryRun: boolean;
  /** Absolute path of the plan file for `mock-planfile`. */
  planFile: string | null;
  /** Path of the `smi_tx_sim` binary for `--simulation-mode external`. */
  externalBin: string | null;
  /**
   * `--framework-dir` (mode `local`): package directories of 0x1, 0x2 (and 0x3); null: the corpus's own.
   * Absent in runs started before it existed, which read the corpus's.
   */
  frameworkDir?: string | null;
  /** Tell the model why its last plan failed in simulation (off by default: keeps scores comparable). */
  simulationFeedback: boolean;
  /** Prompt wording overrides by prompt name (initial, retry, template), each a template text. */
  promptTemplates: Record<string, string>;
}

export type Phase2RunInput = RunInput<Phase2Options>;

export type Phase2PackageInput = PackageInput<Phase2Options>;
