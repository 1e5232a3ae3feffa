// Where the report's links lead in the view: package pages served by it, and workflows in the Temporal UI
// (a run is `smi/<phase>/<run-id>`; a package `smi/<phase>/<run-id>/<index>-<id>`, plus its round when a
// `resume --retry-errors` computed it, as the run's manifest and row files say).
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { ReportLinks } from '../report/links.js';
import type { Crumb } from '../report/trail.js';
import { rowPath, runPaths } from '../run-store/paths.js';
import { packageWorkflowId, runWorkflowId } from '../temporal/names.js';
import { setOfRun } from '../evalset/run-name.js';
import type { TemporalReader } from './temporal.js';

/** The pages a report's package links lead to: those of one run, or of one set's runs. */
export type PackageRoutes = { runId: string } | { setId: string };

export function packagePath(routes: PackageRoutes, runIndex: number, rowIndex: number): string {
  return 'runId' in routes
    ? `/runs/${encodeURIComponent(routes.runId)}/packages/${rowIndex}`
    : `/sets/${encodeURIComponent(routes.setId)}/runs/${runIndex}/packages/${rowIndex}`;
}

/** The view's first page: every run and set. */
export const ALL_RUNS: Crumb = { href: '/', text: 'all runs' };

const runPage = (runId: string): Crumb => ({
  href: `/runs/${encodeURIComponent(runId)}`,
  text: `run ${runId}`,
});
const setPage = (setId: string): Crumb => ({
  href: `/sets/${encodeURIComponent(setId)}`,
  text: `set ${setId}`,
});

/** Up from a run's page: all runs, and its set when it belongs to one. */
export function runTrail(runId: string): Crumb[] {
  const setId = setOfRun(runId);
  return setId ? [ALL_RUNS, setPage(setId)] : [ALL_RUNS];
}

export function viewLinks(routes: PackageRoutes, temporal: TemporalReader): ReportLinks {
  const manifests = new Map<string, Map<string, number>>();
  const packageIndex = (runDir: string, packageId: string): number | undefined => {
    if (!manifests.has(runDir)) manifests.set(runDir, readManifestIndices(runDir));
    return manifests.get(runDir)!.get(packageId);
  };
  return {
    packageHref: (runIndex, rowIndex) => packagePath(routes, runIndex, rowIndex),
    reportTrail: 'runId' in routes ? runTrail(routes.runId) : [ALL_RUNS],
    packageTrail: (_runIndex, run) => {
      if (run.runDir) return [...runTrail(basename(run.runDir)), runPage(basename(run.runDir))];
      return 'runId' in routes ? [ALL_RUNS] : [ALL_RUNS, setPage(routes.setId)];
    },
    runPageHref: (run) => (run.runDir ? runPage(basename(run.runDir)).href : null),
    temporalRunHref: (run) =>
      run.runDir ? temporal.workflowUrl(runWorkflowId(run.phase, basename(run.runDir))) : null,
    temporalPackageHref: (run, packageId) => {
      if (!run.runDir) return null;
      const index = packageIndex(run.runDir, packageId);
      if (index === undefined) return null;
      const round = rowRound(run.runDir, index);
      return temporal.workflowUrl(
        packageWorkflowId(run.phase, basename(run.runDir), index, packageId, round),
      );
    },
  };
}

/** Package id → its index in the run (the first, should the manifest list a package twice). */
function readManifestIndices(runDir: string): Map<string, number> {
  const indices = new Map<string, number>();
  const file = runPaths(runDir).manifest;
  if (!existsSync(file)) return indices;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const entry = JSON.parse(line) as { index: number; package_id: string };
    if (!indices.has(entry.package_id)) indices.set(entry.package_id, entry.index);
  }
  return indices;
}

/** The `--retry-errors` round that computed the row, which names its package workflow. */
function rowRound(runDir: string, index: number): string | undefined {
  const file = rowPath(runDir, index);
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { round?: string }).round;
}
