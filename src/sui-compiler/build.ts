// Builds a Move package with Sui's own compiler: `buildWithSui` is what every helper attempt and every
// `smi-bench move build` calls. One pool of compiler threads per process, made on first use.
import { CompilerPool } from './pool.js';
import type { SuiBuildRequest, SuiBuildResult } from '../contracts/sui-build.js';

let shared: CompilerPool | undefined;

/** The process's pool; `SMI_COMPILER_THREADS` caps its threads (default: the cores). */
function compilerPool(): CompilerPool {
  const configured = Number(process.env.SMI_COMPILER_THREADS);
  shared ??= new CompilerPool(Number.isInteger(configured) && configured > 0 ? { size: configured } : {});
  return shared;
}

export function buildWithSui(request: SuiBuildRequest): Promise<SuiBuildResult> {
  return compilerPool().build(request);
}
