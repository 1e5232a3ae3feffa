// Per-package file work that package workflows of every benchmark run as local activities: extracting an
// interface, recording the finished row. Each takes milliseconds and is idempotent.
import { withDefiningIds } from '../core/phase2/defining-ids.js';
import { putArtifact } from '../run-store/artifacts.js';
import { runPaths } from '../run-store/paths.js';
import { recordRow } from '../run-store/rows.js';
import { asActivity } from '../activity-support/failures.js';
import { rememberInterface } from '../activity-support/interface-cache.js';
import { BENCHMARKS } from '../benchmarks/registry.js';
import { storedInterface } from '../activity-support/stored-interfaces.js';
// The type origin table as the VM reads it, so targets and created types name types alike.
import { packageTypeOrigins } from '../package-store/package-dir.js';
import type { ExtractedInterface, PackageResultRecord } from '../workflow-kit/local-io.js';

async function extractInterface(args: {
  runDir: string;
  packageDir: string;
  packageId: string;
  definingIds?: boolean;
}): Promise<ExtractedInterface> {
  return asActivity(async () => {
    const stored = await storedInterface(args.packageDir);
    const interfaceSha = await putArtifact(runPaths(args.runDir).artifacts, stored.text, stored.sha);
    if (stored.parsed) rememberInterface(interfaceSha, stored.parsed);
    if (!args.definingIds) return { interfaceSha, truth: stored.truth };
    const targets = withDefiningIds(stored.truth, packageTypeOrigins(args.packageDir));
    return { interfaceSha, truth: stored.truth, targets };
  });
}

async function recordPackageResult(args: PackageResultRecord): Promise<void> {
  return asActivity(async () =>
    recordRow(
      args.runDir,
      {
        index: args.index,
        row: args.row,
        trace: args.trace,
        started_at_unix_seconds: args.startedAtUnixSeconds,
        finished_at_unix_seconds: args.finishedAtUnixSeconds,
        ...(args.round ? { round: args.round } : {}),
      },
      (await BENCHMARKS[args.phase].record()).rowLog,
      args.writeLogs !== false,
    ),
  );
}

export function createPackageIoActivities() {
  return { extractInterface, recordPackageResult };
}
