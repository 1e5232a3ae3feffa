// Runs inside a compiler worker thread: one WASM instance of Sui's compiler, initialised once and used
// for build after build. The pool (pool.ts) posts requests and replaces the thread when it dies, or when
// a build leaves the instance spoiled.
import { serveThreadJobs } from '../thread-pool/serve.js';
import { compileWithSui } from './compile.js';
import type { SuiBuildRequest } from '../contracts/sui-build.js';

serveThreadJobs(async (request: SuiBuildRequest) => {
  const outcome = await compileWithSui(request);
  return { result: outcome.result, retire: outcome.instanceSpoiled };
});
