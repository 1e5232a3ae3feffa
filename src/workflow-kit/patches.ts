// The ledger of patch markers. A workflow that changes what it schedules guards the new path with
// `patched(PATCH.x)` so that runs started by older code, and the recorded histories, still replay. Each
// marker says what changed, since when, and when it may go: a marker goes (first through
// `deprecatePatch`, then entirely) once no run that started before it can still be resumed or replayed.

/** The marker ids, as recorded in workflow histories: never rename one. */
export const PATCH = {
  localBuildOnly: 'build-only-simulation-as-local-activity',
  endpointFailureEndsPackage: 'endpoint-failure-ends-package',
  setCostBudget: 'set-cost-budget',
  deadlineFailureEndsPackage: 'deadline-failure-ends-package',
  setResultFile: 'set-result-file',
  helperBuildAndRunInOne: 'helper-build-and-run-in-one',
  helperDependenciesFirst: 'helper-dependencies-before-model',
  unknownObjectsNotBuilt: 'phase2-unknown-objects-not-built',
} as const;

export type PatchName = keyof typeof PATCH;

export interface PatchEntry {
  /** The day the marker was introduced (runs started earlier take the old path). */
  since: string;
  /** What the new path does differently. */
  change: string;
  /** The recorded histories (test/histories) that take the old path, and why they are kept. */
  oldPathReplayedBy: string;
  /** When the marker may be deprecated and then removed. */
  removeWhen: string;
}

const NO_OLD_RUNS = 'no run started before this day is open or will be resumed';

export const PATCH_LEDGER: Record<PatchName, PatchEntry> = {
  localBuildOnly: {
    since: '2026-11-23',
    change: 'a build-only simulation runs as a local activity instead of on the smi-sim queue',
    oldPathReplayedBy: 'the `*-remote-sim-*` Phase II histories',
    removeWhen: `${NO_OLD_RUNS}, and the remote-sim histories are dropped`,
  },
  endpointFailureEndsPackage: {
    since: '2026-11-24',
    change: 'an endpoint failure ends the package instead of starting the next plan attempt',
    oldPathReplayedBy: 'none recorded (the marker only shows on a failed model call)',
    removeWhen: NO_OLD_RUNS,
  },
  setCostBudget: {
    since: '2026-11-24',
    change: "a set's cost cap moves between its runs instead of fixed shares",
    oldPathReplayedBy: 'none recorded (sets without a cost cap never reach it)',
    removeWhen: `${NO_OLD_RUNS} (evaluation sets)`,
  },
  deadlineFailureEndsPackage: {
    since: '2026-11-25',
    change: "a model call past the package's deadline ends the package as timed out",
    oldPathReplayedBy: 'none recorded',
    removeWhen: NO_OLD_RUNS,
  },
  setResultFile: {
    since: '2026-11-25',
    change: 'a finished set writes its own result file',
    oldPathReplayedBy: 'none recorded',
    removeWhen: `${NO_OLD_RUNS} (evaluation sets)`,
  },
  helperBuildAndRunInOne: {
    since: '2026-11-26',
    change: "an attempt's build and run are one activity (buildAndRunHelperPackage)",
    oldPathReplayedBy: 'the `helper-two-step-*` histories',
    removeWhen: `${NO_OLD_RUNS}, and the two-step helper histories are dropped`,
  },
  helperDependenciesFirst: {
    since: '2026-11-27',
    change: "the target's dependencies are checked before the model is asked",
    oldPathReplayedBy: 'the `helper-*` histories (recorded before that day)',
    removeWhen: `${NO_OLD_RUNS}, and the helper histories are recorded again`,
  },
  unknownObjectsNotBuilt: {
    since: '2026-11-27',
    change: "a search agent's plan needing an object nobody can name is not built (was simulated with 0x0)",
    oldPathReplayedBy: 'none recorded (only a plan with an object nobody can name reaches it)',
    removeWhen: NO_OLD_RUNS,
  },
};
