// `--simulation-mode local` on packages with dependencies beyond the framework (test/support/dependency-corpus.ts):
// one the corpus has is loaded with the package, and the plan runs (the fixture's `touch` aborts with 0 in its
// own frame); for one it lacks no transaction is built: the outcome names the storage id to fetch, at its own
// stage.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Phase2Row } from '../../src/core/phase2/row.js';
import { failureStage } from '../../src/core/phase2/taxonomy.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { simulatePlan, type SimulationRequest } from '../../src/sim/index.js';
import { DEPENDENCY_IDS, makeDependencyCorpus } from '../support/dependency-corpus.js';

let root: string;
beforeAll(async () => {
  root = await makeDependencyCorpus();
});

const touch = (packageId: string): SimulationRequest => ({
  mode: 'local',
  spec: { calls: [{ target: `${packageId}::app::touch`, type_args: [], args: [] }] },
  sender: '0x' + 'ab'.repeat(32),
  gasBudget: 10_000_000,
  gasCoin: null,
  rpcUrl: null,
  packageDir: packageDirFor(root, packageId),
  requireDryRun: false,
});

describe('local simulation and dependencies', () => {
  it('runs a plan of a package whose dependency the corpus holds', async () => {
    const outcome = await simulatePlan(touch(DEPENDENCY_IDS.needsPresent));
    expect(outcome.execOk).toBe(false);
    expect(outcome.failure).toMatchObject({ status: 'failure', abortCode: '0' });
    expect(outcome.failure?.abortLocation).toMatch(/::app::touch$/);
  });

  it('builds no transaction for a package whose dependency is missing, naming it, at stage missing_dependency', async () => {
    // Issue 29 item 6: such a plan is not built (every call would fail to link), and what is named is the
    // storage id to fetch; no linkage table names a version of the absent package, so that is its original id.
    const outcome = await simulatePlan(touch(DEPENDENCY_IDS.needsAbsent));
    expect(outcome).toMatchObject({
      modeUsed: 'local',
      execOk: null,
      txBuildOk: false,
      createdTypes: [],
      attempts: 0,
      dryRunError: `dependencies not in the corpus: ${DEPENDENCY_IDS.absent} (the storage ids to fetch into it)`,
    });
    expect(outcome.failure).toEqual({
      status: 'missing_dependency',
      effectsError: null,
      abortCode: null,
      abortLocation: null,
    });
    const row = {
      error: null,
      timed_out: false,
      score: { targets: 1, created_hits: 0 },
      plan_attempts: 1,
      ptb_parse_ok: true,
      causality_valid: true,
      tx_build_ok: false,
      exec_ok: null,
      dry_run_exec_ok: null,
      dry_run_abort_code: null,
      dry_run_status: outcome.failure?.status,
    } as unknown as Phase2Row;
    expect(failureStage(row)).toBe('missing_dependency');
  });
});
