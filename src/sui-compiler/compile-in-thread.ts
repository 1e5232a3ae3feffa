// Runs inside a compiler worker thread: one WASM instance of Sui's compiler, initialised once and used
// for build after build. The pool (pool.ts) posts requests and replaces the thread when it dies, or when
// a build leaves the instance spoiled.
import { workerData } from 'node:worker_threads';
import { useSmiHome } from '../smi-home.js';
import { serveThreadJobs } from '../thread-pool/serve.js';
import { compileWithSui } from './compile.js';
import type { SuiBuildRequest } from '../contracts/sui-build.js';
import type { CompilerThreadData } from './pool.js';

// The stub cache's folder comes from the pool, not from this thread's environment.
useSmiHome((workerData as CompilerThreadData).smiHome);

serveThreadJobs(async (request: SuiBuildRequest) => {
  const outcome = await compileWithSui(request);
  return { result: outcome.result, retire: outcome.instanceSpoiled };
});
