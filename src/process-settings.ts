// The settings an entry point hands to the process-wide things made on first use: the state folder, the
// node provider's key, the VM and compiler thread pools. The CLI applies them before a command runs, a
// worker before it starts; both from the configuration read once at that entry.
import { useProviderKey } from './chain/provider-key.js';
import type { ProcessConfig } from './config/variables.js';
import { useSmiHome } from './smi-home.js';
import { configureCompilerThreads } from './sui-compiler/build.js';
import { configureVmPool, vmPoolOptions } from './vm-pool/pool.js';

export function applyProcessSettings(config: ProcessConfig): void {
  useSmiHome(config.SMI_HOME);
  useProviderKey(config.SMI_RPC_API_KEY);
  configureVmPool(vmPoolOptions(config));
  configureCompilerThreads(config.SMI_COMPILER_THREADS);
}
