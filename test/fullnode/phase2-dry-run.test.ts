// Phase II's chain mode over gRPC: `baseline-search` with `--simulation-mode dry-run` against
// `smi-bench fullnode` serving ../shared/mainnet scores every package as `local` mode does, and as upstream's
// mainnet dry-run did (the folder's README table; artipedia 1/5, as in test/phase2/mainnet-scores.test.ts).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { canonicalBaseType, normalizeTypeString } from '../../src/core/phase2/type-string.js';
import type { Phase2Options } from '../../src/workflows/phase2-types.js';
import { makeStubCorpus, removeTemporaryDirs } from '../move-stubs/stub-build.js';
import { mainnetFullnode } from '../support/local-fullnode.js';
import { mainnetPackages } from '../support/mainnet-roots.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { phase2TestInput } from '../support/phase2-input.js';
import { startTestRun, uniqueRunId, useTestWorkers } from '../support/temporal.js';

const SENDER = '0x064d87c3da8b7201b18c05bfc3189eb817920b2d089b33e207d1d99dc5ce08e0';
const ARTIPEDIA = '0x13fe3a7422946badff042be0e6dbbb0686fbff3fabc0c86cedc2d7a029486ece';
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
  const idsFile = join(work, 'ids.txt');
  writeFileSync(
    idsFile,
    mainnetPackages()
      .map((p) => p.id)
      .join('\n') + '\n',
  );
  const input = phase2TestInput({
    runId: uniqueRunId(label),
    logDir: join(work, 'logs'),
    corpusRoot: corpus,
    options: { agent: 'baseline-search', sender: SENDER, ...options },
    input: { idsFile, samples: 0 },
  });
  await (await startTestRun(temporal.client, input)).result();
  return (JSON.parse(readFileSync(join(input.runDir, 'result.json'), 'utf8')) as { packages: Row[] })
    .packages;
}

const baseTypes = (types: string[]) =>
  [...new Set(types.map((t) => canonicalBaseType(normalizeTypeString(t))))].sort();

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
