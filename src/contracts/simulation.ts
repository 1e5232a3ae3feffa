// How Phase II reaches a simulation, named as the CLI and the run's options name it.

/** Modes a run may ask for. A new backend (e.g. an in-process VM) adds its name here and registers. */
export const SIMULATION_MODES = ['build-only', 'dry-run', 'dev-inspect', 'external', 'local'] as const;

export type SimulationMode = (typeof SIMULATION_MODES)[number];

export const SUI_NETWORKS = ['mainnet', 'testnet', 'devnet'] as const;

export type SuiNetwork = (typeof SUI_NETWORKS)[number];

/** The wire protocol: gRPC unless a command is told to use a provider that still serves JSON-RPC. */
export const RPC_PROTOCOLS = ['grpc', 'json-rpc'] as const;

export type RpcProtocol = (typeof RPC_PROTOCOLS)[number];
