// The sandbox phase's activity, on the simulation queue: benchmark-local over one package in the in-process
// VM, then its row recorded. A package that cannot be loaded gets a row with the reason, never a failure.
import { Context } from '@temporalio/activity';
import { nowUnixSeconds } from '../../run-store/events.js';
import { recordRow } from '../../run-store/rows.js';
import { packageBenchmark } from '../../sandbox/benchmark-local.js';
import { loadSandboxPackage } from '../../sandbox/load-package.js';
import { sandboxPackageRow, type SandboxPackageRow } from '../../sandbox/package-row.js';
import type { LocalRow } from '../../sandbox/row.js';
import { VmLoadError } from '../../vm/errors.js';
import type { PackageSummary } from '../../contracts/run.js';
import type { SandboxPackageInput } from '../../contracts/sandbox-options.js';
import { asActivity } from '../../activity-support/failures.js';
import { sandboxRecord } from './record.js';

/** Functions run between two yields to the event loop, which lets heartbeats and cancellation through. */
const FUNCTIONS_PER_SLICE = 8;

async function benchmarkPackage(input: SandboxPackageInput, startedMs: number): Promise<SandboxPackageRow> {
  const elapsed = () => (Date.now() - startedMs) / 1000;
  let loaded;
  try {
    loaded = await loadSandboxPackage(input.packageDir, {
      corpusRoot: input.options.corpusRoot,
      frameworkDir: input.options.frameworkDir,
    });
  } catch (error) {
    if (!(error instanceof VmLoadError)) throw error;
    return sandboxPackageRow(input.packageId, [], `package could not be loaded: ${error.message}`, elapsed());
  }
  const bench = packageBenchmark(loaded.vm, loaded.modules, {
    tierAOnly: input.options.tierAOnly,
    missingDependencies: loaded.missingDependencies,
    packageId: input.packageId,
  });
  const rows: LocalRow[] = [];
  for (const [i, fn] of bench.targets.entries()) {
    if (i % FUNCTIONS_PER_SLICE === 0) {
      await new Promise((done) => setImmediate(done));
      Context.current().heartbeat({ done: i, of: bench.targets.length });
    }
    rows.push(bench.run(fn));
  }
  return sandboxPackageRow(input.packageId, rows, null, elapsed(), loaded.missingDependencies);
}

async function runSandboxPackage(input: SandboxPackageInput): Promise<PackageSummary> {
  return asActivity(async () => {
    const startedMs = Date.now();
    const row = await benchmarkPackage(input, startedMs);
    const stored = {
      index: input.index,
      row,
      started_at_unix_seconds: Math.floor(startedMs / 1000),
      finished_at_unix_seconds: nowUnixSeconds(),
      ...(input.round ? { round: input.round } : {}),
    };
    await recordRow(input.runDir, stored, sandboxRecord.rowLog, input.writeLogs !== false);
    return sandboxRecord.summaryOf(stored);
  });
}

/** The sandbox's activity, on the simulation queue. */
export function sandboxActivities() {
  return { sim: { runSandboxPackage } };
}

export type SandboxActivities = ReturnType<typeof sandboxActivities>['sim'];
