// Scripted models for an evaluation set's tests: one OpenAI-compatible stub per model name, a worker whose
// environment holds their key (STUB_KEY), and the config lines naming them. Started before the file's
// tests (before its own beforeAll hooks), stopped after them.
import { afterAll, beforeAll, expect } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { smiBench, spawnWorker, stopProcess } from './cli.js';
import { startOpenAiStub, type RunningOpenAiStub, type StubHandler } from './openai-stub.js';
import { temporalAddress } from './temporal.js';

export interface SetConfig<Name extends string> {
  name: string;
  corpusRoot: string;
  /** More top-level lines (`max_cost_usd: 5`). */
  top?: string[];
  model: (name: Name) => string;
  phases: string[];
}

export interface StubSet<Name extends string> {
  stubs: Record<Name, RunningOpenAiStub>;
  /** The CLI's environment: the test server and the file's namespace. */
  env: Record<string, string>;
  /**
   * Writes a set's config: every stub model, with `model(name)` added to its settings, through `phases`
   * (one YAML flow mapping each), over all of `corpusRoot` (`samples: 0`), logs in `logs` beside it.
   */
  writeConfig(file: string, config: SetConfig<Name>): void;
  /** `smi-bench eval-set FILE` (no .env) and `extra` flags, which must succeed: the set's id and what it printed. */
  runSet(file: string, extra?: string[]): Promise<{ setId: string; stdout: string; stderr: string }>;
}

export function useStubSet<Name extends string>(
  namespace: string,
  handlers: Record<Name, StubHandler>,
): StubSet<Name> {
  const names = Object.keys(handlers) as Name[];
  const set: StubSet<Name> = {
    stubs: {} as Record<Name, RunningOpenAiStub>,
    env: {},
    writeConfig: (file, config) => {
      const models = names.map(
        (name) =>
          `  - { name: ${name}, model: ${name}-model, base_url: "${set.stubs[name].baseUrl}", ` +
          `api_key_env: STUB_KEY, ${config.model(name)} }`,
      );
      const lines = [
        `name: ${config.name}`,
        `corpus_root: ${config.corpusRoot}`,
        'samples: 0',
        'log_dir: logs',
      ];
      lines.push(
        ...(config.top ?? []),
        'models:',
        ...models,
        'phases:',
        ...config.phases.map((p) => `  - ${p}`),
      );
      writeFileSync(file, lines.join('\n') + '\n');
    },
    runSet: async (file, extra = []) => {
      const res = await smiBench(
        ['eval-set', file, '--dotenv', join(file, '..', 'none.env'), '--no-progress', ...extra],
        set.env,
      );
      expect(res.exitCode, String(res.stderr)).toBe(0);
      const stdout = String(res.stdout);
      return {
        setId: /Evaluation set (\S+) finished:/.exec(stdout)![1]!,
        stdout,
        stderr: String(res.stderr),
      };
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
