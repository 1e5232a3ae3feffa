// Where a report's links lead: anchors inside one self-contained file, or the view server's pages.
import type { LoadedRun } from '../compare/leaderboard.js';

export interface ReportLinks {
  /** The page of row `rowIndex` of run `runIndex` (indices into ReportInput.runs and the run's rows). */
  packageHref(runIndex: number, rowIndex: number): string;
  /** The run's workflow in the Temporal UI, when one is known. */
  temporalRunHref(run: LoadedRun): string | null;
  /** A package's workflow in the Temporal UI, when one is known. */
  temporalPackageHref(run: LoadedRun, packageId: string): string | null;
}

/** One file: package pages are sections of the same document, reached by their anchors. */
export const FILE_LINKS: ReportLinks = {
  packageHref: (runIndex, rowIndex) => `#${packageAnchor(runIndex, rowIndex)}`,
  temporalRunHref: () => null,
  temporalPackageHref: () => null,
};

export function packageAnchor(runIndex: number, rowIndex: number): string {
  return `pkg-${runIndex}-${rowIndex}`;
}
