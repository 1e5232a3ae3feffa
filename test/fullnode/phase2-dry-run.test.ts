// Phase II's chain mode over gRPC: `baseline-search` with `--simulation-mode dry-run` against
// `smi-bench fullnode` serving ../shared/mainnet scores every package as `local` mode does, and as upstream's
// mainnet dry-run did (the folder's README table; artipedia 1/5, as in test/phase2/mainnet-scores.test.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { makeStubCorpus, removeTemporaryDirs } from '../move-stubs/stub-build.js';
import { ARTIPEDIA } from '../support/artipedia-helper.js';
import { mainnetFullnode } from '../support/local-fullnode.js';
import { mainnetPackages } from '../support/mainnet-roots.js';
import { baseTypes } from '../support/mainnet-expected.js';
import { runMainnetPhase2 } from '../support/mainnet-run.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { useTestWorkers } from '../support/temporal.js';
import type { Phase2Options } from '../../src/contracts/phase2-options.js';

const work = mkdtempSync(join(tmpdir(), 'smi-fullnode-dry-run-'));
const corpus = makeStubCorpus();
let node: Fullnode;
const temporal = useTestWorkers(TEST_NAMESPACES.fullnodeDryRun, async () => removeTemporaryDirs(work));
beforeAll(async () => {
  node = await mainnetFullnode();
});
afterAll(() => node.close());

interface Row {
  package_id: string;
  score: { targets: number; created_hits: number };
  created_object_types_list: string[];
  exec_ok: boolean | null;
  tx_build_ok: boolean;
  failure_stage: string | null;
  simulation_mode: string;
  error: unknown;
}

async function run(label: string, options: Partial<Phase2Options>): Promise<Row[]> {
  const { rows } = await runMainnetPhase2<Row>(temporal.client, {
    label,
    work,
    corpusRoot: corpus,
    options: { agent: 'baseline-search', ...options },
  });
  return rows;
}

describe('phase2 --simulation-mode dry-run against smi-bench fullnode', () => {
  it('scores the mainnet packages as local mode and as upstream’s mainnet dry-run', async () => {
    const [local, dryRun] = await Promise.all([
      run('p2-local', { simulationMode: 'local' }),
      run('p2-grpc', { simulationMode: 'dry-run', rpcUrl: node.url, rpcProtocol: 'grpc' }),
    ]);
    const upstream = mainnetPackages();
    expect(dryRun.map((r) => r.package_id)).toEqual(upstream.map((u) => u.id));
    for (const [i, row] of dryRun.entries()) {
      const u = upstream[i]!;
      const twin = local[i]!;
      expect(row.error, row.package_id).toBeNull();
      // Plans that need an object nobody can name are built by neither (upstream built none either).
      if (row.tx_build_ok) expect(row.simulation_mode, row.package_id).toBe('dry_run');
      expect(row.score.created_hits, row.package_id).toBe(row.package_id === ARTIPEDIA ? 1 : u.hits);
      expect(row.exec_ok === true, row.package_id).toBe(u.executed);
      expect(row.score, row.package_id).toEqual(twin.score);
      expect(baseTypes(row.created_object_types_list), row.package_id).toEqual(
        baseTypes(twin.created_object_types_list),
      );
      expect([row.tx_build_ok, row.failure_stage], row.package_id).toEqual([
        twin.tx_build_ok,
        twin.failure_stage,
      ]);
    }
  });
});
