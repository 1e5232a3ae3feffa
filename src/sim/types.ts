// The one interface every simulation backend implements, chosen by `--simulation-mode`.
import type { PtbSpec } from '../core/phase2/ptb-spec.js';
import type { RpcProtocol, SimulationMode, SuiNetwork } from '../contracts/simulation.js';

/** What actually ran, spelled as upstream's rows spell it (`simulation_mode`). */
export type ModeUsed = 'build_only' | 'dry_run' | 'dev_inspect' | 'local';

/** The mode `smi_tx_sim` is told to run in when the mode is `external`. */
export type ExternalSubMode = 'build-only' | 'dry-run' | 'dev-inspect';

export interface SimulationRequest {
  mode: SimulationMode;
  /** Already normalized and validated by the planner. */
  spec: PtbSpec;
  sender: string;
  gasBudget: number;
  /** Higher budgets to try, in order, only after a failure for lack of gas (§7.7). */
  gasBudgetLadder?: number[];
  /** Object id of the gas coin; null picks the sender's first SUI coin. */
  gasCoin: string | null;
  rpcUrl: string | null;
  /** How dry-run and dev-inspect talk to `rpcUrl`; absent: gRPC. */
  rpcProtocol?: RpcProtocol;
  /** The network the node must say it serves (`--network`); absent or null: any. */
  network?: SuiNetwork | null;
  /** The package's directory (`bytecode_modules/*.mv`), for the static created-type scan. */
  packageDir: string | null;
  /**
   * `local`: the run's corpus root, where the package's dependencies (and, without `frameworkDir`, the
   * framework) are found. It is not the package directory's grandparent when the corpus is made of links.
   * Absent (requests made before it existed): that grandparent.
   */
  corpusRoot?: string | null;
  /** `local`: package directories of 0x1, 0x2 (and 0x3), `--framework-dir`; absent or null: the corpus's. */
  frameworkDir?: string | null;
  /** Dry-run must succeed: no fallback to dev-inspect (§7.5). */
  requireDryRun: boolean;
  /** Path of the `smi_tx_sim` binary (mode `external`). */
  externalBin?: string;
  /** What `smi_tx_sim` runs (mode `external`); dry-run unless said otherwise. */
  externalMode?: ExternalSubMode;
  /** Per simulator call: one RPC request or one binary run. */
  timeoutMs?: number;
}

/** Why an executed transaction failed (§15). */
export interface SimulationFailure {
  status: string | null;
  effectsError: string | null;
  /** Decimal digits: Move abort codes are u64 and may exceed 2^53. */
  abortCode: string | null;
  abortLocation: string | null;
}

export interface SimulationOutcome {
  modeUsed: ModeUsed;
  /** Created `key` object types credited to the plan, normalized and sorted. */
  createdTypes: string[];
  /** What a scan of the called bytecode says the plan would create, normalized and sorted. */
  staticCreatedTypes: string[];
  txBuildOk: boolean;
  /** Whether the executed transaction succeeded; null when nothing was executed (build-only). */
  execOk: boolean | null;
  failure: SimulationFailure | null;
  /** The dry-run failed to run and dev-inspect answered instead. */
  fellBack: boolean;
  dryRunError: string | null;
  /** Build-only: BCS of the ProgrammableTransaction, base64. */
  bcsBase64: string | null;
  /** Budget of the attempt reported (the best one); null when no gas was involved. */
  gasBudgetUsed: number | null;
  /** Simulations run for this request (ladder steps and fallback). */
  attempts: number;
}

export interface PreflightReport {
  mode: SimulationMode;
  /** What was checked, in words, for the run's log. */
  checked: string[];
  chainId: string | null;
}

/** A backend: one per mode. `signal` aborts the work (activity cancellation). */
export interface SimulationBackend {
  simulate(request: SimulationRequest, signal?: AbortSignal): Promise<SimulationOutcome>;
  preflight(request: PreflightRequest, signal?: AbortSignal): Promise<PreflightReport>;
}

export type PreflightRequest = Pick<
  SimulationRequest,
  'mode' | 'rpcUrl' | 'rpcProtocol' | 'network' | 'externalBin' | 'timeoutMs' | 'corpusRoot' | 'frameworkDir'
> & {
  /** The chain modes say what the run's sender holds. */
  sender?: string;
};
