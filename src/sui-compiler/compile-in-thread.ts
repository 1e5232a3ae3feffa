// Runs inside a compiler worker thread: one WASM instance of Sui's compiler, initialised once and used
// for build after build. The pool (pool.ts) posts requests and replaces the thread when it dies.
import { parentPort } from 'node:worker_threads';
import { compileWithSui } from './compile.js';
import type { SuiBuildRequest } from './types.js';
import { unfinishedBuild } from './unfinished-build.js';

export interface ThreadRequest {
  id: number;
  request: SuiBuildRequest;
}

const port = parentPort;
if (!port) throw new Error('compile-in-thread runs only as a worker thread');
port.on('message', (message: ThreadRequest) => {
  compileWithSui(message.request).then(
    (outcome) => port.postMessage({ id: message.id, outcome }),
    (error: unknown) =>
      port.postMessage({
        id: message.id,
        outcome: {
          result: unfinishedBuild('crashed', `the build failed unexpectedly: ${String(error)}`),
          instanceSpoiled: true,
        },
      }),
  );
});
