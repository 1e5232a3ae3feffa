// `--dataset NAME` as a new user meets it: the built CLI started in an empty working directory (no
// manifests/, no $SMI_DATASETS_DIR) finds upstream's named datasets that smi-bench ships, lists them with
// `smi-bench datasets`, and runs one; a file of the user's with the same name wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR, PROJECT_ROOT, SHARED_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const SHIPPED = join(PROJECT_ROOT, 'data', 'datasets');
const LST = '0x059f94b85c07eb74d2847f8255d8cc0a67c9a8dcc039eabf9f8b9e23a0de2700';
const work = mkdtempSync(join(tmpdir(), 'smi-datasets-cli-'));
// a fresh working directory: nothing of the user's
const fresh = () => mkdtempSync(join(work, 'cwd-'));
// the framework and one mainnet package of quickstart_2 (its other package is not in it)
const corpus = join(work, 'corpus');
cpSync(join(CORPUS_DIR, '0x00'), join(corpus, '0x00'), { recursive: true });
cpSync(join(SHARED_DIR, 'mainnet', '0x05', LST.slice(4)), join(corpus, '0x05', LST.slice(4)), {
  recursive: true,
});

let env: Record<string, string>;
let worker: ChildProcess;
beforeAll(() => {
  env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.shippedDatasets };
  worker = spawnWorker(env);
});
afterAll(async () => {
  await stopProcess(worker);
});

describe('shipped datasets from the command line', () => {
  it('`smi-bench datasets` lists them, with their id counts', async () => {
    const res = await smiBench(['datasets'], {}, fresh());
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const lines = String(res.stdout).split('\n');
    expect(lines[0]).toMatch(/^folders searched, in order: .*manifests\/datasets, .*, .*data\/datasets$/);
    const listed = (name: string) => lines.find((l) => l.startsWith(`${name} `));
    expect(listed('type_inhabitation_top25')).toMatch(
      /^type_inhabitation_top25 +25 ids {2}shipped {2}25 packages/,
    );
    expect(listed('standard_phase2_benchmark')).toMatch(/ 292 ids {2}shipped /);
    expect(listed('packages_with_keys')).toMatch(/ 145 ids {2}shipped /);

    const help = await smiBench(['phase2', '--help'], {}, fresh());
    expect(String(help.stdout).replace(/\s+/g, ' ')).toContain('`smi-bench datasets` lists them');
  });

  it('--dataset type_inhabitation_top25 resolves to the shipped file, not "Dataset not found"', async () => {
    const cwd = fresh();
    const res = await smiBench(
      ['phase2', '--corpus-root', CORPUS_DIR, '--dataset', 'type_inhabitation_top25', '--no-progress'],
      env,
      cwd,
    );
    // none of upstream's top 25 is in the shared corpus: refused, naming the file it found
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toBe(
      `error: none of the 25 ids of ${join(SHIPPED, 'type_inhabitation_top25.txt')} is in the corpus ${CORPUS_DIR}`,
    );
  });

  it('a dataset of the user’s with the same name wins', async () => {
    const cwd = fresh();
    mkdirSync(join(cwd, 'manifests', 'datasets'), { recursive: true });
    const mine = join(cwd, 'manifests', 'datasets', 'type_inhabitation_top25.txt');
    writeFileSync(mine, '0x00000000000000000000000000000000000000000000000000000000000000aa\n0xbb\n');
    const res = await smiBench(
      ['phase2', '--corpus-root', CORPUS_DIR, '--dataset', 'type_inhabitation_top25', '--no-progress'],
      env,
      cwd,
    );
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toBe(`error: none of the 2 ids of ${mine} is in the corpus ${CORPUS_DIR}`);
  });

  it('runs Phase II over a shipped dataset, with the packages of it the corpus has', async () => {
    const cwd = fresh();
    const out = join(cwd, 'out.json');
    const res = await smiBench(
      [
        'phase2',
        ...['--corpus-root', corpus, '--dataset', 'quickstart_2', '--samples', '0', '--agent', 'mock-empty'],
        ...['--run-id', 'shipped-quickstart', '--log-dir', join(cwd, 'logs'), '--out', out, '--no-progress'],
      ],
      env,
      cwd,
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as { packages: { package_id: string }[] };
    expect(result.packages.map((p) => p.package_id)).toEqual([LST]);
  });
});
