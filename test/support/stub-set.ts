// Scripted models for an evaluation set's tests: one OpenAI-compatible stub per model name, a worker whose
// environment holds their key (STUB_KEY), and the config lines naming them. Started before the file's
// tests (before its own beforeAll hooks), stopped after them.
import { afterAll, beforeAll, expect } from 'vitest';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { smiBench, spawnWorker, stopProcess } from './cli.js';
import { startOpenAiStub, type RunningOpenAiStub, type StubHandler } from './openai-stub.js';
import { temporalAddress } from './temporal.js';

export interface StubSet<Name extends string> {
  stubs: Record<Name, RunningOpenAiStub>;
  /** The CLI's environment: the test server and the file's namespace. */
  env: Record<string, string>;
  /** `  - { name: …, model: …, base_url: …, api_key_env: STUB_KEY, <extra> }`, one per model. */
  modelLines(extra: (name: Name) => string): string[];
  /** `smi-bench eval-set FILE` (no .env), which must succeed: the set's id and what it printed. */
  runSet(file: string): Promise<{ setId: string; stdout: string }>;
}

export function useStubSet<Name extends string>(
  namespace: string,
  handlers: Record<Name, StubHandler>,
): StubSet<Name> {
  const names = Object.keys(handlers) as Name[];
  const set: StubSet<Name> = {
    stubs: {} as Record<Name, RunningOpenAiStub>,
    env: {},
    modelLines: (extra) =>
      names.map(
        (name) =>
          `  - { name: ${name}, model: ${name}-model, base_url: "${set.stubs[name].baseUrl}", ` +
          `api_key_env: STUB_KEY, ${extra(name)} }`,
      ),
    runSet: async (file) => {
      const res = await smiBench(
        ['eval-set', file, '--dotenv', join(file, '..', 'none.env'), '--no-progress'],
        set.env,
      );
      expect(res.exitCode, String(res.stderr)).toBe(0);
      const stdout = String(res.stdout);
      return { setId: /Evaluation set (\S+) finished:/.exec(stdout)![1]!, stdout };
    },
  };
  let worker: ChildProcess;
  beforeAll(async () => {
    for (const name of names) set.stubs[name] = await startOpenAiStub({ handler: handlers[name] });
    Object.assign(set.env, { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: namespace });
    worker = spawnWorker({ ...set.env, STUB_KEY: 'stub-key' });
  });
  afterAll(async () => {
    await stopProcess(worker);
    await Promise.all(names.map((name) => set.stubs[name].close()));
  });
  return set;
}
