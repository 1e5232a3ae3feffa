// Where a report's links lead: anchors inside one self-contained file, or the view server's pages.
import type { LoadedRun } from '../compare/leaderboard.js';
import type { Crumb } from './trail.js';

export interface ReportLinks {
  /** The page of row `rowIndex` of run `runIndex` (indices into ReportInput.runs and the run's rows). */
  packageHref(runIndex: number, rowIndex: number): string;
  /** The path back up from the report's first page (none: it is the top). */
  reportTrail: Crumb[];
  /** The path back up from a package's page: the report it belongs to, and its run's own page. */
  packageTrail(runIndex: number, run: LoadedRun): Crumb[];
  /** The run's own page (a sandbox run's too), when the report is one of several pages (the view). */
  runPageHref(run: { runDir: string | null }): string | null;
  /** The run's workflow in the Temporal UI, when one is known. */
  temporalRunHref(run: LoadedRun): string | null;
  /** A package's workflow in the Temporal UI, when one is known. */
  temporalPackageHref(run: LoadedRun, packageId: string): string | null;
}

/** One file: package pages are sections of the same document, reached by their anchors. */
export const FILE_LINKS: ReportLinks = {
  packageHref: (runIndex, rowIndex) => `#${packageAnchor(runIndex, rowIndex)}`,
  reportTrail: [],
  packageTrail: (runIndex) => [{ href: `#run-${runIndex}`, text: 'the report' }],
  runPageHref: () => null,
  temporalRunHref: () => null,
  temporalPackageHref: () => null,
};

export function packageAnchor(runIndex: number, rowIndex: number): string {
  return `pkg-${runIndex}-${rowIndex}`;
}
