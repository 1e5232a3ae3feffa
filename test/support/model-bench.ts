// The setting of the CLI tests that run a model agent: a stub model on 127.0.0.1, a `smi-bench worker`
// holding the key in its own namespace, and an ids file of two shared packages (the stdlib, which has no
// `key` structs, and wrapper_coin).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { spawnWorker, stopProcess } from './cli.js';
import { startOpenAiStub, type RunningOpenAiStub, type StubHandler } from './openai-stub.js';
import { CORPUS_DIR } from './paths.js';
import { temporalAddress } from './temporal.js';

export const STDLIB = '0x0000000000000000000000000000000000000000000000000000000000000001';
export const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';

export interface ModelBench {
  work: string;
  logDir: string;
  stub: RunningOpenAiStub;
  /** The CLI's environment: the server, the namespace and the model settings (the key is the worker's). */
  env: Record<string, string>;
  /** A model run's arguments over the two packages (`--skip-preflight`: the stub counts package calls only). */
  runArgs(phase: 'phase1' | 'phase2', runId: string): string[];
  close(): Promise<void>;
}

export async function startModelBench(namespace: string, handler: StubHandler): Promise<ModelBench> {
  const work = mkdtempSync(join(tmpdir(), 'smi-model-bench-'));
  const logDir = join(work, 'logs');
  const idsFile = join(work, 'ids.txt');
  writeFileSync(idsFile, `${STDLIB}\n${WRAPPER}\n`);
  const stub = await startOpenAiStub({ handler });
  const env = {
    TEMPORAL_ADDRESS: temporalAddress(),
    TEMPORAL_NAMESPACE: namespace,
    SMI_MODEL: 'stub-model',
    SMI_API_BASE_URL: stub.baseUrl,
  };
  const worker: ChildProcess = spawnWorker({ ...env, SMI_API_KEY: 'test-key' });
  return {
    work,
    logDir,
    stub,
    env,
    runArgs: (phase, runId) => [
      phase,
      ...['--corpus-root', CORPUS_DIR, '--package-ids-file', idsFile, '--samples', '0'],
      ...['--agent', 'real-openai-compatible', '--run-id', runId, '--log-dir', logDir],
      ...['--dotenv', join(work, 'none.env'), '--no-progress', '--skip-preflight'],
    ],
    async close() {
      await stopProcess(worker);
      await stub.close();
    },
  };
}
