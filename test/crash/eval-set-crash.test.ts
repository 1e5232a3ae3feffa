// An evaluation set through kill -9 of the worker and of the CLI that started it: running the same
// command again joins the set, it finishes, its rows equal an uninterrupted set's, and no package that
// had finished before the crash is asked again (each model's stub counts requests per package).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSmiBench, smiBench } from '../support/cli.js';
import { CrashLab, killHard } from '../support/crash-lab.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { comparableRows, finishedPackages, requestsPerPackage, waitForRows } from '../support/run-checks.js';
import { makeSyntheticCorpus, type SyntheticCorpus } from '../support/synthetic-corpus.js';

let lab: CrashLab;
let corpus: SyntheticCorpus;
const stubs = {} as Record<'sharp' | 'blunt', RunningOpenAiStub>;

beforeAll(async () => {
  lab = await CrashLab.open('smi-set-crash-');
  corpus = await makeSyntheticCorpus(12);
  // sharp: the truth less one type; blunt: nothing. Slow enough that the set takes a few seconds.
  stubs.sharp = await startOpenAiStub({
    handler: (req) => ({
      content: JSON.stringify({ key_types: (corpus.truth.get(req.packageId ?? '') ?? []).slice(1) }),
      delayMs: 200,
    }),
  });
  stubs.blunt = await startOpenAiStub({ handler: () => ({ content: '{"key_types": []}', delayMs: 200 }) });
});
afterAll(async () => {
  await lab?.close();
  await Promise.all(Object.values(stubs).map((s) => s.close()));
});

/** A set config; each name has its own log folder, so no set answers from another's cache. */
function config(name: string): string {
  const file = join(lab.dir, `${name}.yaml`);
  const model = (m: 'sharp' | 'blunt') =>
    `  - { name: ${m}, model: ${m}, base_url: "${stubs[m].baseUrl}", api_key_env: SMI_API_KEY, concurrency: 2 }`;
  writeFileSync(
    file,
    [`name: ${name}`, `corpus_root: ${corpus.root}`, 'samples: 0', `log_dir: logs-${name}`, 'models:']
      .concat(model('sharp'), model('blunt'), 'phases:', '  - phase: phase1', '')
      .join('\n'),
  );
  return file;
}

const env = () => ({ TEMPORAL_ADDRESS: lab.server.address });
const args = (file: string) => [
  'eval-set',
  file,
  '--no-progress',
  '--skip-preflight',
  '--dotenv',
  join(lab.dir, 'none'),
];
const setIdOf = (stdout: string) => /Evaluation set (\S+) finished:/.exec(stdout)![1]!;
const runDir = (name: string, setId: string, model: string) =>
  join(lab.dir, `logs-${name}`, `${setId}.${model}.phase1`);

describe('an evaluation set through crashes', () => {
  it('finishes after kill -9 of the worker and of the CLI, with the rows of an uninterrupted set', async () => {
    const worker = lab.startWorker();
    const base = await smiBench(args(config('base')), env());
    expect(base.exitCode, String(base.stderr)).toBe(0);
    const baseId = setIdOf(String(base.stdout));
    await killHard(worker);

    const offsets = { sharp: stubs.sharp.requests.length, blunt: stubs.blunt.requests.length };
    const crashedFile = config('crashed');
    const first = lab.startWorker();
    const cli = spawnSmiBench(args(crashedFile), env());
    await cli.waitForStderr('Evaluation set crashed-');
    const crashedId = /Evaluation set (crashed-[0-9a-f]+)/.exec(cli.stderr())![1]!;
    await waitForRows(runDir('crashed', crashedId, 'sharp'), 4);
    await Promise.all([killHard(first), killHard(cli.child)]);
    const doneBefore = {
      sharp: finishedPackages(runDir('crashed', crashedId, 'sharp')),
      blunt: finishedPackages(runDir('crashed', crashedId, 'blunt')),
    };
    expect(doneBefore.sharp.length).toBeLessThan(corpus.size);

    lab.startWorker();
    const again = await smiBench(args(crashedFile), env());
    expect(again.exitCode, String(again.stderr)).toBe(0);
    expect(setIdOf(String(again.stdout))).toBe(crashedId);
    for (const model of ['sharp', 'blunt'] as const) {
      const rows = comparableRows(join(runDir('crashed', crashedId, model), 'result.json'));
      expect(rows).toEqual(comparableRows(join(runDir('base', baseId, model), 'result.json')));
      const counts = requestsPerPackage(stubs[model].requests.slice(offsets[model]));
      for (const id of doneBefore[model]) expect(counts.get(id), `${model}: ${id} asked again`).toBe(1);
      expect(counts.size).toBe(corpus.size);
    }
  }, 240_000);
});
