// An evaluation set's cap (dollars, or tokens), shared by its runs and moved to where it is needed. Pure,
// for the set workflow. The rule:
//
// 1. Every run that spends it starts with an even share of the cap (its allowance).
// 2. When a run finishes, what it did not spend of its allowance is split evenly over the runs still going.
// 3. A run that reaches its allowance waits, its packages in flight finished (it is "parked"), instead of
//    stopping, while another run could still finish and leave something over.
// 4. When every run still going is parked, no more can come: they stop for the cap.
//
// Allowances only move, so they always add up to the cap; a run can pass its allowance only by what its
// calls in flight cost beyond the mean (see run-limits.ts), so the set's spending stays within the cap plus
// the calls in flight. Which run finishes first is recorded in the set's history, so replay is exact.

export interface SetBudget {
  /** What each run may spend, by cell index. */
  allowance: number[];
  finished: boolean[];
  /** Waiting at its allowance for more (rule 3). */
  parked: boolean[];
}

export function evenBudget(cap: number, runs: number): SetBudget {
  return evenBudgetAmong(cap, Array<boolean>(runs).fill(true));
}

/** Even shares for the runs that spend what the cap counts; the others (the sandbox asks no model) get none. */
export function evenBudgetAmong(cap: number, spends: readonly boolean[]): SetBudget {
  const share = cap / Math.max(1, spends.filter(Boolean).length);
  return {
    allowance: spends.map((s) => (s ? share : 0)),
    finished: spends.map((s) => !s),
    parked: spends.map(() => false),
  };
}

const going = (b: SetBudget) => b.allowance.map((_, i) => i).filter((i) => !b.finished[i]);

/**
 * Run `index` finished having spent `spent`: its unspent allowance goes, in equal parts, to the runs still
 * going, which are no longer parked. Returns their indices (they are to be told their new allowance).
 */
export function runFinished(b: SetBudget, index: number, spent: number): number[] {
  b.finished[index] = true;
  b.parked[index] = false;
  const left = Math.max(0, b.allowance[index]! - spent);
  b.allowance[index] = Math.min(b.allowance[index]!, spent);
  const others = going(b);
  if (left === 0 || others.length === 0) return [];
  for (const i of others) {
    b.allowance[i]! += left / others.length;
    b.parked[i] = false;
  }
  return others;
}

/**
 * Run `index` says it is parked at `allowance`. Ignored when its allowance has been raised since (the news
 * is on its way to it) or it has finished.
 */
export function runParked(b: SetBudget, index: number, allowance: number): void {
  if (!b.finished[index] && b.allowance[index] === allowance) b.parked[index] = true;
}

/** Rule 4: the runs to tell that no more will come (all still going, when every one of them is parked). */
export function nothingMoreToCome(b: SetBudget): number[] {
  const left = going(b);
  return left.length > 0 && left.every((i) => b.parked[i]) ? left : [];
}
