// What a benchmark gives the workers: its activities, by the workers that run them. Their names are what
// workflows call and recorded histories hold, so no two benchmarks share one.

/** Activities by name. */
export type ActivitySet = Record<string, (...args: never[]) => Promise<unknown>>;

export interface BenchmarkActivities {
  /**
   * On the io queue; the orchestration worker runs them too, for the package workflows that call them as
   * local activities.
   */
  io?: ActivitySet;
  /** On the simulation queue: work on the VM, the compiler or the chain. */
  sim?: ActivitySet;
  /** Simulation activities package workflows also call as local activities (build-only), beside them. */
  localSim?: ActivitySet;
}
