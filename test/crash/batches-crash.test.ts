// Manifest batches (`--batch-size`, upstream's run_phase1_manifest_batches): the whole ids file runs in
// batches of 8 within one run, with the same rows as the run without batches; the result so far reaches
// `--out` at each boundary; kill -9 of the worker and the CLI between batches (just after the first
// batch's result was written, the second batch in flight), and the same command resumes the run: same
// rows, each boundary written once, and no package of the first batch asked again.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smiBench, spawnSmiBench } from '../support/cli.js';
import { CrashLab, killHard } from '../support/crash-lab.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { comparableRows, finishedPackages, requestsPerPackage } from '../support/run-checks.js';
import { makeSyntheticCorpus, type SyntheticCorpus } from '../support/synthetic-corpus.js';

const SIZE = 20;
const BATCH = 8;

let lab: CrashLab;
let stub: RunningOpenAiStub;
let corpus: SyntheticCorpus;
let idsFile: string;
/** The ids file's order: the corpus's ids sorted backwards, so file order is not id order. */
let ids: string[];

beforeAll(async () => {
  lab = await CrashLab.open('smi-batches-crash-');
  corpus = await makeSyntheticCorpus(SIZE);
  ids = [...corpus.truth.keys()].sort().reverse();
  idsFile = join(lab.dir, 'manifest.txt');
  writeFileSync(idsFile, `# the whole corpus\n${ids.join('\n')}\n`);
  const second = new Set(ids.slice(BATCH, 2 * BATCH));
  // An imperfect answer per package; the second batch's answers are slow, so the crash lands inside it.
  stub = await startOpenAiStub({
    handler: (req) => {
      const truth = corpus.truth.get(req.packageId ?? '') ?? [];
      return {
        content: JSON.stringify({ key_types: [...truth.slice(1), '0xdead::m::Fake'] }),
        delayMs: second.has(req.packageId ?? '') ? 1500 : 100,
      };
    },
  });
});
afterAll(async () => {
  await lab?.close();
  await stub?.close();
});

const env = () => lab.stubModelEnv(stub.baseUrl);
const logDir = () => join(lab.dir, 'logs');
const args = (runId: string, extra: string[]) => [
  'phase1',
  ...['--corpus-root', corpus.root, '--package-ids-file', idsFile, '--agent', 'real-openai-compatible'],
  ...[
    '--concurrency',
    '3',
    '--run-id',
    runId,
    '--log-dir',
    logDir(),
    '--out',
    join(lab.dir, `${runId}.json`),
  ],
  ...['--dotenv', join(lab.dir, 'none.env'), '--no-cache', '--skip-preflight', '--no-progress'],
  ...extra,
];
const rowsOf = (runId: string) => comparableRows(join(logDir(), runId, 'result.json'));
const batchEvents = (runId: string) => {
  const file = join(logDir(), runId, 'events.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l) as { event: string; batch?: number; batches?: number; samples?: number })
    .filter((e) => e.event === 'batch_finished');
};

async function until(test: () => boolean, what: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('phase1 --batch-size', () => {
  let baseline: ReturnType<typeof rowsOf>;

  it('runs the whole ids file in batches with the rows of a run without batches', async () => {
    const worker = lab.startWorker();
    const plain = await smiBench(args('plain', ['--samples', '0']), env());
    expect(plain.exitCode, String(plain.stderr)).toBe(0);
    baseline = rowsOf('plain');
    expect(baseline.map((r) => r.package_id)).toEqual(ids);

    // No --samples: with --batch-size the run takes the whole file (--samples 0), not the default 25.
    const batched = await smiBench(args('batched', ['--batch-size', String(BATCH)]), env());
    expect(batched.exitCode, String(batched.stderr)).toBe(0);
    expect(rowsOf('batched')).toEqual(baseline);
    const selection = JSON.parse(readFileSync(join(logDir(), 'batched', 'selection.json'), 'utf8')) as {
      samples: number;
    };
    expect(selection.samples).toBe(0);
    // The boundaries between batches 1|2 and 2|3; the last batch's end is the run's end.
    expect(batchEvents('batched').map((e) => [e.batch, e.batches, e.samples])).toEqual([
      [1, 3, 8],
      [2, 3, 16],
    ]);
    expect(comparableRows(join(lab.dir, 'batched.json'))).toEqual(baseline);
    await killHard(worker);
  }, 180_000);

  it('resumes after kill -9 of the worker and the CLI between batches', async () => {
    const offset = stub.requests.length;
    const first = lab.startWorker();
    const cli = spawnSmiBench(args('crashed', ['--batch-size', String(BATCH)]), env());
    await until(
      () => batchEvents('crashed').length >= 1,
      () => cli.stderr(),
    );
    // The first batch's result reached --out before the second batch ran.
    expect(comparableRows(join(lab.dir, 'crashed.json'))).toEqual(baseline.slice(0, BATCH));
    await Promise.all([killHard(first), killHard(cli.child)]);
    const doneBefore = finishedPackages(join(logDir(), 'crashed'));
    expect(doneBefore.length).toBeGreaterThanOrEqual(BATCH);
    expect(doneBefore.length).toBeLessThan(2 * BATCH);

    lab.startWorker();
    const resumed = await smiBench(args('crashed', ['--batch-size', String(BATCH)]), env());
    expect(resumed.exitCode, String(resumed.stderr)).toBe(0);
    expect(rowsOf('crashed')).toEqual(baseline);
    expect(comparableRows(join(lab.dir, 'crashed.json'))).toEqual(baseline);
    expect(batchEvents('crashed').map((e) => e.batch)).toEqual([1, 2]);
    const asked = requestsPerPackage(stub.requests.slice(offset));
    for (const id of doneBefore) expect(asked.get(id), `package ${id} was asked again`).toBe(1);
  }, 240_000);
});
