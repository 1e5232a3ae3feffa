// `phase2-targeted-run` through kill -9 of the worker between its steps and during its model step, and of
// the CLI: the same command again resumes it, and its signal ids equal an uninterrupted pipeline's. The
// model stub on 127.0.0.1 answers slowly, so the crash lands inside the model run; a package whose row
// was recorded before the crash is never asked again.
//
// Expected signal ids, from the script and the corpus: the scan keeps the packages with at least 2 key
// types (0x2 declares many, 0x3 six; 0x1 and the wrapper package none); the model creates a Coin, a Kiosk
// and a KioskOwnerCap for 0x2 (3 hits) and nothing for 0x3; --min-hits 1 keeps 0x2.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smiBench, spawnSmiBench } from '../support/cli.js';
import { CrashLab, killHard } from '../support/crash-lab.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { finishedPackages, requestsPerPackage } from '../support/run-checks.js';

const STDLIB = '0x0000000000000000000000000000000000000000000000000000000000000001';
const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const SYSTEM = '0x0000000000000000000000000000000000000000000000000000000000000003';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const SPLIT = {
  target: '0x2::pay::split',
  type_args: ['0x2::sui::SUI'],
  args: [{ sender_sui_coin: { index: 0, exclude_gas: true } }, { u64: 1 }],
};
const KIOSK = { target: '0x2::kiosk::default', type_args: [], args: [] };

let lab: CrashLab;
let stub: RunningOpenAiStub;
let baseManifest: string;

beforeAll(async () => {
  lab = await CrashLab.open('smi-targeted-crash-');
  stub = await startOpenAiStub({
    apiKey: 'crash-key',
    handler: (req) => ({
      content: JSON.stringify({ calls: req.packageId === SUI ? [SPLIT, KIOSK] : [] }),
      delayMs: 1500,
    }),
  });
  baseManifest = join(lab.dir, 'base.txt');
  writeFileSync(baseManifest, [STDLIB, SUI, SYSTEM, WRAPPER, ''].join('\n'));
});
afterAll(async () => {
  await lab?.close();
  await stub?.close();
});

const env = () => lab.stubModelEnv(stub.baseUrl);
const args = (name: string) => [
  'phase2-targeted-run',
  ...[
    '--corpus-root',
    CORPUS_DIR,
    '--base-manifest',
    baseManifest,
    '--scan-samples',
    '0',
    '--run-samples',
    '0',
  ],
  ...['--simulation-mode', 'local', '--concurrency', '1', '--max-plan-attempts', '1'],
  ...['--out-dir', join(lab.dir, name), '--signal-out', join(lab.dir, name, 'signal.txt')],
  ...[
    '--log-dir',
    join(lab.dir, `logs-${name}`),
    '--dotenv',
    join(lab.dir, 'none.env'),
    '--skip-preflight',
    '--no-progress',
  ],
];
const scanDone = (name: string) =>
  existsSync(join(lab.dir, name)) &&
  readdirSync(join(lab.dir, name)).some((f) => f.startsWith('phase2_targets_scan_'));
// Each pipeline has its own log folder, so the second does not answer from the first's answer cache.
const modelRunDir = (pipelineId: string) => join(lab.dir, 'logs-crashed', `${pipelineId}.model`);

async function until(test: () => boolean, what: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('phase2-targeted-run through crashes', () => {
  it('resumes after kill -9 between steps and during the model run, with the same signal ids', async () => {
    const worker = lab.startWorker();
    const plain = await smiBench(args('plain'), env());
    expect(plain.exitCode, String(plain.stderr)).toBe(0);
    expect(readFileSync(join(lab.dir, 'plain', 'signal.txt'), 'utf8')).toBe(`${SUI}\n`);
    const manifests = readdirSync(join(lab.dir, 'plain')).filter((f) =>
      f.startsWith('manifest_targets_ge2_'),
    );
    expect(readFileSync(join(lab.dir, 'plain', manifests[0]!), 'utf8')).toBe(`${SUI}\n${SYSTEM}\n`);
    await killHard(worker);

    stub.requests.length = 0;
    const first = lab.startWorker();
    const cli = spawnSmiBench(args('crashed'), env());
    await cli.waitForStderr('phase2-targeted-run phase2-targeted-run-');
    const pipelineId = /phase2-targeted-run (phase2-targeted-run-[0-9a-f]+):/.exec(cli.stderr())![1]!;
    await until(
      () => scanDone('crashed'),
      () => cli.stderr(),
    );
    await killHard(first); // between the scan and the model run

    const second = lab.startWorker();
    await until(
      () => existsSync(modelRunDir(pipelineId)) && finishedPackages(modelRunDir(pipelineId)).length >= 1,
      () => `${cli.stderr()}\n${readdirSync(lab.dir, { recursive: true }).slice(0, 80).join(' ')}`,
    );
    await Promise.all([killHard(second), killHard(cli.child)]); // inside the model run
    const doneBefore = finishedPackages(modelRunDir(pipelineId));

    lab.startWorker();
    const resumed = await smiBench(args('crashed'), env());
    expect(resumed.exitCode, String(resumed.stderr)).toBe(0);
    expect(String(resumed.stderr)).toContain(pipelineId);
    expect(readFileSync(join(lab.dir, 'crashed', 'signal.txt'), 'utf8')).toBe(`${SUI}\n`);
    const asked = requestsPerPackage(stub.requests);
    for (const id of doneBefore) expect(asked.get(id), id).toBe(1);
  }, 300_000);
});
