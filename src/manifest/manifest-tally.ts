// The executable-subset manifest of spec/harness.md §24.2, package by package: which packages get a
// baseline plan, and the counts and samples of the viability report. Pure: the caller reads the corpus.
import type { PtbCall } from '../core/phase2/ptb-spec.js';
import { analyzePackage } from '../core/phase2/baseline.js';
import { extractKeyTypes } from '../core/truth.js';
import { computePackageViability } from './viability.js';

const MAX_SAMPLES = 20;
const MAX_REJECTED_SAMPLES = 50;
const REJECTED_TARGETS_PER_SAMPLE = 5;

export interface ManifestViabilityStats {
  packages_with_public_entry: number;
  packages_with_public_entry_no_type_params: number;
  packages_with_supported_entry: number;
  packages_with_key_targets: number;
  selected_packages_with_key_targets: number;
  key_targets_total: number;
  public_entry_total: number;
  public_entry_no_type_params_total: number;
  public_entry_supported_total: number;
}

/** The report's `stats` (upstream's field names). */
export interface ManifestStats {
  packages_total: number;
  packages_selected: number;
  packages_failed_interface: number;
  packages_no_candidates: number;
  candidate_functions_total: number;
  rejection_reasons_counts: Record<string, number>;
  viability: ManifestViabilityStats;
}

export type ManifestSample =
  | { package_id: string; error: string }
  | { package_id: string; calls: PtbCall[][]; targets_key_types: number };

export interface RejectedSample {
  package_id: string;
  rejected_targets: { target: string; reasons: string[] }[];
}

/** A selected package's plan, as `--agent mock-planfile` reads it. */
export interface ManifestPlan {
  calls: PtbCall[];
}

/** What one package adds to the manifest. */
export interface PackageOutcome {
  packageId: string;
  /** Null when the package was not selected (its interface failed, or it has no candidate). */
  plan: ManifestPlan | null;
  keyTargets: number;
}

const emptyStats = (): ManifestStats => ({
  packages_total: 0,
  packages_selected: 0,
  packages_failed_interface: 0,
  packages_no_candidates: 0,
  candidate_functions_total: 0,
  rejection_reasons_counts: {},
  viability: {
    packages_with_public_entry: 0,
    packages_with_public_entry_no_type_params: 0,
    packages_with_supported_entry: 0,
    packages_with_key_targets: 0,
    selected_packages_with_key_targets: 0,
    key_targets_total: 0,
    public_entry_total: 0,
    public_entry_no_type_params_total: 0,
    public_entry_supported_total: 0,
  },
});

/**
 * Counts and samples over the packages added so far. Only these are kept, never an interface, so memory
 * does not grow with the corpus (the caller keeps the plans it writes).
 */
export class ManifestTally {
  readonly stats: ManifestStats = emptyStats();
  readonly samples: ManifestSample[] = [];
  readonly rejectedSamples: RejectedSample[] = [];

  /**
   * @param maxCallsPerPackage candidate call sequences kept per package; 0 or less keeps all (only the
   * first becomes the plan; the others show in the samples and in candidate_functions_total).
   */
  constructor(private readonly maxCallsPerPackage: number) {}

  /** A package whose interface could not be read. */
  addFailure(packageId: string, error: string): PackageOutcome {
    this.stats.packages_total++;
    this.stats.packages_failed_interface++;
    if (this.samples.length < MAX_SAMPLES) this.samples.push({ package_id: packageId, error });
    return { packageId, plan: null, keyTargets: 0 };
  }

  /** A package with its interface JSON. */
  addInterface(packageId: string, iface: unknown): PackageOutcome {
    const { stats } = this;
    const v = stats.viability;
    stats.packages_total++;
    const counts = computePackageViability(iface);
    if (counts.public_entry_total > 0) v.packages_with_public_entry++;
    if (counts.public_entry_no_type_params_total > 0) v.packages_with_public_entry_no_type_params++;
    if (counts.public_entry_no_type_params_supported_args_total > 0) v.packages_with_supported_entry++;
    v.public_entry_total += counts.public_entry_total;
    v.public_entry_no_type_params_total += counts.public_entry_no_type_params_total;
    v.public_entry_supported_total += counts.public_entry_no_type_params_supported_args_total;

    const keyTargets = extractKeyTypes(iface).size;
    if (keyTargets > 0) {
      v.packages_with_key_targets++;
      v.key_targets_total += keyTargets;
    }

    const analysis = analyzePackage(iface);
    for (const [reason, n] of Object.entries(analysis.reasonsSummary))
      stats.rejection_reasons_counts[reason] = (stats.rejection_reasons_counts[reason] ?? 0) + n;
    const candidates =
      this.maxCallsPerPackage > 0
        ? analysis.candidatesOk.slice(0, this.maxCallsPerPackage)
        : analysis.candidatesOk;
    stats.candidate_functions_total += candidates.length;
    const first = candidates[0];
    if (first === undefined) {
      stats.packages_no_candidates++;
      if (analysis.candidatesRejected.length > 0 && this.rejectedSamples.length < MAX_REJECTED_SAMPLES)
        this.rejectedSamples.push({
          package_id: packageId,
          rejected_targets: analysis.candidatesRejected.slice(0, REJECTED_TARGETS_PER_SAMPLE),
        });
      return { packageId, plan: null, keyTargets };
    }
    stats.packages_selected++;
    if (keyTargets > 0) v.selected_packages_with_key_targets++;
    if (this.samples.length < MAX_SAMPLES)
      this.samples.push({ package_id: packageId, calls: candidates, targets_key_types: keyTargets });
    return { packageId, plan: { calls: first }, keyTargets };
  }
}
