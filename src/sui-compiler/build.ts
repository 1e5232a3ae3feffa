// Builds a Move package with Sui's own compiler: `buildWithSui` is what every helper attempt and every
// `smi-bench move build` calls. One pool of compiler threads per process, made on first use.
import { CompilerPool } from './pool.js';
import type { SuiBuildRequest, SuiBuildResult } from '../contracts/sui-build.js';

let shared: CompilerPool | undefined;
let sharedThreads: number | undefined;

/**
 * Caps the process's compiler threads (default: the cores), before its first build: entry points give
 * what their settings say (SMI_COMPILER_THREADS). Another cap once the pool runs is refused, not ignored.
 */
export function configureCompilerThreads(threads: number | undefined): void {
  if (shared && threads !== sharedThreads)
    throw new Error(`the compiler pool already runs with ${sharedThreads ?? 'one thread per core'}`);
  sharedThreads = threads;
}

function compilerPool(): CompilerPool {
  shared ??= new CompilerPool(sharedThreads === undefined ? {} : { size: sharedThreads });
  return shared;
}

export function buildWithSui(request: SuiBuildRequest): Promise<SuiBuildResult> {
  return compilerPool().build(request);
}
