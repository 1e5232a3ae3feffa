// The sandbox on packages whose dependencies the corpus has (found by original id, in any version) and on
// one whose dependency it lacks: that one's functions are not run, each row names the missing id, and the
// run's aggregate counts them apart. Bodies are the fixture builder's `abort 0`, so a function that runs
// aborts with 0 in its own frame: `consume` builds its Token with the dependency's `mint` first (B1 there).
import { beforeAll, describe, expect, it } from 'vitest';
import { packageDirFor } from '../../src/package-store/layout.js';
import { benchmarkModules } from '../../src/sandbox/benchmark-local.js';
import { loadSandboxPackage } from '../../src/sandbox/load-package.js';
import { sandboxPackageRow } from '../../src/sandbox/package-row.js';
import type { LocalRow } from '../../src/sandbox/row.js';
import { sandboxOutputs } from '../../src/benchmarks/sandbox/result.js';
import { DEPENDENCY_IDS, makeDependencyCorpus } from '../support/dependency-corpus.js';

let root: string;
beforeAll(async () => {
  root = await makeDependencyCorpus();
});

const short = (id: string) => '0x' + id.slice(2).replace(/^0+/, '');

async function benchmark(packageId: string) {
  const loaded = await loadSandboxPackage(packageDirFor(root, packageId), { corpusRoot: root });
  const rows = benchmarkModules(loaded.vm, loaded.modules, {
    missingDependencies: loaded.missingDependencies,
  });
  return { rows, row: sandboxPackageRow(packageId, rows, null, 0, loaded.missingDependencies) };
}

const byFunction = (rows: LocalRow[]) => new Map(rows.map((r) => [r.target_function, r]));

describe('sandbox packages and their dependencies', () => {
  it('runs a package whose dependency the corpus holds, under its original id or as an upgrade', async () => {
    for (const [pkg, dependency] of [
      [DEPENDENCY_IDS.needsPresent, DEPENDENCY_IDS.present],
      [DEPENDENCY_IDS.needsUpgraded, DEPENDENCY_IDS.upgraded],
    ] as const) {
      const rows = byFunction((await benchmark(pkg)).rows);
      expect(rows.get('consume')).toMatchObject({ status: 'tier_a_hit', failure_stage: 'B1' });
      expect(rows.get('consume')?.tier_b_details?.error).toMatch(
        new RegExp(`^ABORTED code 0 in ${short(dependency)}::token::mint `),
      );
      expect(rows.get('touch')?.tier_b_details?.error).toMatch(
        new RegExp(`^ABORTED code 0 in ${short(pkg)}::app::touch `),
      );
    }
  });

  it('runs nothing of a package whose dependency is missing, and names it', async () => {
    const { rows } = await benchmark(DEPENDENCY_IDS.needsAbsent);
    expect(rows.map((r) => r.target_function).sort()).toEqual(['consume', 'touch']);
    for (const row of rows)
      expect(row).toEqual({
        target_package: DEPENDENCY_IDS.needsAbsent,
        target_module: 'app',
        target_function: row.target_function,
        status: 'miss',
        failure_stage: 'missing_dependency',
        failure_reason: `dependencies not in the corpus: ${DEPENDENCY_IDS.absent}`,
      });
  });

  it('counts such packages apart in the run result', async () => {
    const packages = [
      (await benchmark(DEPENDENCY_IDS.needsPresent)).row,
      (await benchmark(DEPENDENCY_IDS.needsAbsent)).row,
    ];
    const { result } = sandboxOutputs(packages, 0);
    expect(result.aggregate).toMatchObject({
      packages_with_errors: 0,
      packages_missing_dependencies: 1,
      missing_dependencies: [DEPENDENCY_IDS.absent],
      functions: 4,
    });
    expect(result.aggregate.outcomes).toMatchObject({ missing_dependency: 2, B1: 1, B2: 1 });
    expect(result.packages.map((p) => p.missing_dependencies)).toEqual([[], [DEPENDENCY_IDS.absent]]);
  });
});
