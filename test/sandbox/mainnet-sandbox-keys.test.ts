// `smi-bench sandbox` over the 17 mainnet packages of ../shared/mainnet (on the real Temporal server), with
// the framework of ../shared/corpus by `--framework-dir`, by a copied corpus root and by a linked one
// (test/support/mainnet-roots.ts). Rows are keyed by the id asked for, the storage id: six of the packages
// are upgrades whose modules carry another (original) id, and no row carries that one. For the packages
// whose bcs.json keeps sui-packages' functionMap, the rows are exactly its public and entry functions. The
// three runs write the same rows.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorkers } from '../../src/worker.js';
import { makeStubCorpus, removeTemporaryDirs } from '../move-stubs/stub-build.js';
import { smiBench } from '../support/cli.js';
import { linkedMainnetRoot, mainnetPackages, MAINNET_DIR } from '../support/mainnet-roots.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { startTestWorkers, temporalAddress } from '../support/temporal.js';

const work = mkdtempSync(join(tmpdir(), 'smi-mainnet-sandbox-'));
const packages = mainnetPackages();
const idsFile = join(work, 'mainnet-ids.txt');
const copied = makeStubCorpus();
const linked = linkedMainnetRoot();
let workers: RunningWorkers;

beforeAll(async () => {
  writeFileSync(idsFile, packages.map((p) => p.id).join('\n') + '\n');
  workers = await startTestWorkers(TEST_NAMESPACES.mainnetSandbox);
});
afterAll(async () => {
  await workers?.shutdown();
  removeTemporaryDirs(work, join(linked, '..'));
});

interface Row {
  target_package: string;
  target_module: string;
  target_function: string;
  status: string;
}

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function sandbox(name: string, roots: string[]): Promise<string> {
  const output = join(work, `${name}.jsonl`);
  const run = await smiBench(
    [
      'sandbox',
      ...roots,
      ...['--package-ids-file', idsFile, '--samples', '0', '--output', output],
      ...['--run-id', `mainnet-sandbox-${name}`, '--log-dir', join(work, 'logs'), '--no-progress'],
    ],
    { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.mainnetSandbox },
  );
  expect(run.exitCode, String(run.stderr)).toBe(0);
  expect(run.stdout).toMatch(/Sandbox finished: 17 packages, 0 with errors/);
  return output;
}

/** sui-packages' functionMap: the public and entry functions, as `module::function`, where bcs.json keeps one. */
function publicOrEntry(storageId: string): string[] | null {
  const bcs = JSON.parse(readFileSync(join(packageDirFor(MAINNET_DIR, storageId), 'bcs.json'), 'utf8')) as {
    functionMap?: Record<string, Record<string, { visibility: string; is_entry: boolean }>>;
  };
  if (!bcs.functionMap) return null;
  return Object.entries(bcs.functionMap)
    .flatMap(([module, fns]) =>
      Object.entries(fns)
        .filter(([, f]) => f.visibility === 'PUBLIC' || f.is_entry)
        .map(([name]) => `${module}::${name}`),
    )
    .sort();
}

describe('sandbox rows over ../shared/mainnet', () => {
  const outputs: string[] = [];

  it('are keyed by the id asked for: the storage id, never an upgrade’s original id', async () => {
    outputs.push(
      await sandbox('framework-dir', ['--corpus-root', MAINNET_DIR, '--framework-dir', CORPUS_DIR]),
    );
    const rows = lines(outputs[0]!) as unknown as Row[];
    const asked = packages.map((p) => p.id);
    expect([...new Set(rows.map((r) => r.target_package))].sort()).toEqual([...asked].sort());
    const upgrades = packages.filter((p) => p.originalId !== p.id);
    expect(upgrades).toHaveLength(6);
    const text = readFileSync(outputs[0]!, 'utf8');
    for (const p of upgrades) expect(text).not.toContain(`"target_package":"${p.originalId}"`);

    // The run's package rows join the function rows by that id.
    const packageRows = lines(join(work, 'logs', 'mainnet-sandbox-framework-dir', 'packages.jsonl'));
    for (const row of packageRows)
      expect(rows.filter((r) => r.target_package === row['package_id'])).toHaveLength(
        row['functions'] as number,
      );

    // Where sui-packages keeps a functionMap, the rows are its public and entry functions.
    let compared = 0;
    for (const p of packages) {
      const expected = publicOrEntry(p.id);
      if (expected === null) continue;
      compared++;
      const got = rows
        .filter((r) => r.target_package === p.id)
        .map((r) => `${r.target_module}::${r.target_function}`)
        .sort();
      expect(got, p.id).toEqual(expected);
    }
    expect(compared).toBe(9);
  });

  it('are the same with a copied corpus root and with a linked one', async () => {
    outputs.push(await sandbox('copied', ['--corpus-root', copied]));
    outputs.push(await sandbox('linked', ['--corpus-root', linked]));
    const [byDir, ...others] = outputs.map((file) => readFileSync(file, 'utf8'));
    expect(byDir!.length).toBeGreaterThan(0);
    for (const text of others) expect(text).toBe(byDir);
    for (const file of outputs) rmSync(file);
  });
});
