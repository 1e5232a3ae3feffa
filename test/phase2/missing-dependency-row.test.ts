// A package whose dependency the corpus lacks, in Phase II `local` (on the real Temporal server), in the
// sandbox and in `doctor`. The package (fixture builder, bodies `abort 0`) refers to artipedia by its original
// id 0xb7c36a…, the address its modules carry, and its linkage table names the version it was linked
// against: 0x13fe3a…, version 6, the storage id under which ../shared/mainnet (and sui-packages) keep it
// (the folder's README table). What a user must fetch is that storage id, not the original id.
// Without it no transaction is built: the row says `tx_build_ok: false`, stage `missing_dependency`, and
// its `dry_run_error` names 0x13fe3a…. With that folder fetched into the corpus the same plan runs (and
// aborts in the package's own `touch`, as its body says).
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModule, datatype, uid } from '../../src/move/fixture-builder.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { writePackage } from '../../src/package-store/write-package.js';
import { benchmarkModules } from '../../src/sandbox/benchmark-local.js';
import { loadSandboxPackage } from '../../src/sandbox/load-package.js';
import type { RunningWorkers } from '../../src/worker.js';
import { smiBench } from '../support/cli.js';
import { mainnetPackages, MAINNET_DIR } from '../support/mainnet-roots.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { phase2TestInput } from '../support/phase2-input.js';
import { connectClient, startTestRun, startTestWorkers, uniqueRunId } from '../support/temporal.js';

const ARTIPEDIA = mainnetPackages().find((p) => p.originalId.startsWith('0xb7c36a'))!;
const STORAGE = '0x13fe3a7422946badff042be0e6dbbb0686fbff3fabc0c86cedc2d7a029486ece';
const ORIGINAL = '0xb7c36a747d6fdd6b59ab0354cea52a31df078c242242465a867481b6f4509498';
const APP = `0x${'fa'.repeat(32)}`;

const work = mkdtempSync(join(tmpdir(), 'smi-missing-dep-'));
let workers: RunningWorkers;
let client: Client;
let closeClient: () => Promise<void>;

/** The framework and the app; `withArtipedia`: also artipedia's folder, copied from ../shared/mainnet. */
async function corpus(name: string, withArtipedia: boolean): Promise<string> {
  const root = join(work, name);
  cpSync(join(CORPUS_DIR, '0x00'), join(root, '0x00'), { recursive: true });
  if (withArtipedia)
    cpSync(packageDirFor(MAINNET_DIR, STORAGE), packageDirFor(root, STORAGE), { recursive: true });
  // `NumberCreated` as artipedia declares it (copy, drop), at the address its modules carry.
  const numberCreated = {
    address: ORIGINAL,
    module: 'artipedia',
    name: 'NumberCreated',
    abilities: ['copy', 'drop'] as const,
  };
  const app = buildModule({
    address: APP,
    name: 'app',
    structs: [{ name: 'Receipt', abilities: ['key'], fields: [{ name: 'id', type: uid() }] }],
    functions: [
      { name: 'touch' },
      { name: 'consume', params: [datatype({ ...numberCreated, abilities: [...numberCreated.abilities] })] },
    ],
  });
  await writePackage(root, {
    packageId: APP,
    modules: [{ name: 'app', bytes: app }],
    metadata: { linkageTable: { [ORIGINAL]: { upgraded_id: STORAGE, upgraded_version: 6 } } },
  });
  return root;
}

beforeAll(async () => {
  workers = await startTestWorkers(TEST_NAMESPACES.missingDependency);
  ({ client, close: closeClient } = await connectClient(TEST_NAMESPACES.missingDependency));
});
afterAll(async () => {
  await closeClient();
  await workers.shutdown();
});

type Row = Record<string, unknown>;

async function phase2Row(corpusRoot: string): Promise<Row> {
  const planFile = join(work, 'plans.json');
  writeFileSync(
    planFile,
    JSON.stringify({ [APP]: { calls: [{ target: `${APP}::app::touch`, type_args: [], args: [] }] } }),
  );
  const runId = uniqueRunId('missing-dep');
  const input = phase2TestInput({
    runId,
    logDir: join(work, 'logs'),
    corpusRoot,
    options: { agent: 'mock-planfile', planFile, simulationMode: 'local' },
  });
  await (await startTestRun(client, input)).result();
  const result = JSON.parse(readFileSync(join(input.runDir, 'result.json'), 'utf8')) as { packages: Row[] };
  return result.packages.find((p) => p['package_id'] === APP)!;
}

describe('a dependency the corpus lacks', () => {
  it('the README table gives artipedia’s storage and original ids', () => {
    expect(ARTIPEDIA).toMatchObject({ id: STORAGE, originalId: ORIGINAL, version: 6 });
  });

  it('Phase II local: no transaction built, stage missing_dependency, the storage id to fetch named', async () => {
    const row = await phase2Row(await corpus('without', false));
    expect(row).toMatchObject({
      error: null,
      score: { targets: 1, created_hits: 0 },
      simulation_mode: 'local',
      tx_build_ok: false,
      // Nothing was simulated: the transaction is not built when a call could not link.
      sim_attempts: 0,
      exec_ok: null,
      dry_run_ok: false,
      dry_run_status: 'missing_dependency',
      dry_run_effects_error: null,
      dry_run_abort_code: null,
      failure_stage: 'missing_dependency',
      failure: null,
    });
    expect(row['dry_run_error']).toBe(
      `dependencies not in the corpus: ${STORAGE} (the storage ids to fetch into it)`,
    );
    expect(JSON.stringify(row)).not.toContain(ORIGINAL.slice(2));
    expect(row['scoring_criteria']).toMatchObject({ compiles: true, imports_target: false });
  });

  it('Phase II local: with that storage id fetched into the corpus, the same plan is built and runs', async () => {
    const row = await phase2Row(await corpus('with', true));
    expect(row).toMatchObject({
      error: null,
      tx_build_ok: true,
      exec_ok: false,
      dry_run_status: 'failure',
      dry_run_abort_code: 0,
      failure_stage: 'aborted',
    });
    expect(row['dry_run_abort_location']).toMatch(/::app::touch$/);
  });

  it('the sandbox names the storage id too, in rows keyed by the package asked for', async () => {
    const root = await corpus('sandbox', false);
    const loaded = await loadSandboxPackage(packageDirFor(root, APP), { corpusRoot: root });
    expect(loaded.missingDependencies).toEqual([STORAGE]);
    const rows = benchmarkModules(loaded.vm, loaded.modules, {
      missingDependencies: loaded.missingDependencies,
      packageId: APP,
    });
    expect(rows.map((r) => [r.target_package, r.target_function, r.failure_stage, r.failure_reason])).toEqual(
      [
        [APP, 'consume', 'missing_dependency', `dependencies not in the corpus: ${STORAGE}`],
        [APP, 'touch', 'missing_dependency', `dependencies not in the corpus: ${STORAGE}`],
      ],
    );
  });

  it('doctor names the storage id to fetch', async () => {
    const root = await corpus('doctor', false);
    const run = await smiBench(['doctor', '--corpus-root', root, '--dotenv', join(work, 'none.env')], {
      SMI_TEMPORAL_PORT: '1',
    });
    expect(run.stdout).toMatch(
      new RegExp(
        `warn\\s+dependencies\\s+1 package needs 1 package the corpus lacks; their functions are counted as ` +
          `missing_dependency, not run: ${STORAGE}\\n`,
      ),
    );
    expect(run.stdout).toContain(
      'fix: fetch the packages with these storage ids (the versions the linkage tables name) into the corpus',
    );
  });
});
