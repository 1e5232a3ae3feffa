// A forward abstract interpreter over basic blocks: runs each reachable block from its joined entry
// state until no entry state changes (the fixpoint), as Sui's absint does for locals and references.
import type { BasicBlock, ControlFlowGraph } from './control-flow.js';

export interface Domain<State> {
  /** Runs one block; throws VerifyFailure at the first violation. */
  execute(block: BasicBlock, entry: State): State;
  /** The join of an existing entry state with an incoming one, or undefined when nothing changed. */
  join(existing: State, incoming: State): State | undefined;
}

/** Visits per block before giving up on a fixpoint: a safety net against a non-terminating join. */
const MAX_VISITS_PER_BLOCK = 200;

export function runDataflow<State>(cfg: ControlFlowGraph, initial: State, domain: Domain<State>): void {
  const entries = new Map<number, State>([[0, initial]]);
  const rank = new Map(cfg.order.map((start, i) => [start, i]));
  const pending = new Set<number>([0]);
  const visits = new Map<number, number>();
  while (pending.size > 0) {
    // Take the pending block earliest in reverse postorder, so loop bodies settle before exits.
    let next = -1;
    for (const start of pending) if (next < 0 || (rank.get(start) ?? 0) < (rank.get(next) ?? 0)) next = start;
    pending.delete(next);
    const count = (visits.get(next) ?? 0) + 1;
    visits.set(next, count);
    const block = cfg.blocks.get(next);
    const entry = entries.get(next);
    if (!block || entry === undefined || count > MAX_VISITS_PER_BLOCK) continue;
    const exit = domain.execute(block, entry);
    for (const successor of block.successors) {
      const existing = entries.get(successor);
      if (existing === undefined) {
        entries.set(successor, exit);
        pending.add(successor);
        continue;
      }
      const joined = domain.join(existing, exit);
      if (joined !== undefined) {
        entries.set(successor, joined);
        pending.add(successor);
      }
    }
  }
}
