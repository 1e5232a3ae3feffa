// Running a plan through dry-run with the gas-budget ladder and the dev-inspect fallback, whatever
// does the simulating (the RPC or the smi_tx_sim binary), and reporting the best attempt.
import { describeError, SimulationError } from './errors.js';
import { isBudgetTooLow, isInsufficientGas } from './dry-run-response.js';
import type { ModeUsed, SimulationFailure, SimulationOutcome, SimulationRequest } from './types.js';

/** One simulation's result. */
export interface Attempt {
  modeUsed: ModeUsed;
  gasBudget: number | null;
  execOk: boolean | null;
  failure: SimulationFailure | null;
  createdTypes: string[];
  staticCreatedTypes: string[];
  bcsBase64: string | null;
}

export interface Simulator {
  dryRun(gasBudget: number): Promise<Attempt>;
  devInspect(): Promise<Attempt>;
}

/** §7.7: the base budget, then each ladder value not tried yet; non-positive values are dropped. */
export function gasBudgets(base: number, ladder: readonly number[] = []): number[] {
  const budgets: number[] = [];
  for (const budget of [base, ...ladder]) {
    if (Number.isSafeInteger(budget) && budget > 0 && !budgets.includes(budget)) budgets.push(budget);
  }
  if (budgets.length === 0) throw new SimulationError('rejected', `no usable gas budget in ${base}`);
  return budgets;
}

/** A successful run beats a failed one; then more created types win. */
function ranksAbove(candidate: Attempt, incumbent: Attempt): boolean {
  const rank = (attempt: Attempt) => [attempt.execOk ? 1 : 0, attempt.createdTypes.length] as const;
  const [a, b] = [rank(candidate), rank(incumbent)];
  return a[0] !== b[0] ? a[0] > b[0] : a[1] > b[1];
}

/**
 * Dry-runs at the first budget and climbs the ladder only while the transaction runs out of gas (or
 * the node says the budget is below its minimum). Any other outcome ends the climb.
 */
async function climbGasLadder(
  simulator: Simulator,
  budgets: readonly number[],
  tally: { attempts: number },
): Promise<Attempt> {
  let best: Attempt | null = null;
  for (const [index, budget] of budgets.entries()) {
    const last = index === budgets.length - 1;
    tally.attempts += 1;
    let attempt: Attempt;
    try {
      attempt = await simulator.dryRun(budget);
    } catch (error) {
      if (!last && error instanceof SimulationError && isBudgetTooLow(error.message)) continue;
      // Nothing ran at this budget: report what did run, if anything did.
      if (best) return best;
      throw error;
    }
    // Among equals the later attempt, at the higher budget, is the one reported.
    if (!best || !ranksAbove(best, attempt)) best = attempt;
    if (!isInsufficientGas(attempt.failure)) break;
  }
  if (!best) throw new SimulationError('rejected', 'dry-run ran at no gas budget');
  return best;
}

function outcomeOf(
  best: Attempt,
  attempts: number,
  fallback: { fellBack: boolean; dryRunError: string | null },
): SimulationOutcome {
  return {
    modeUsed: best.modeUsed,
    createdTypes: best.createdTypes,
    staticCreatedTypes: best.staticCreatedTypes,
    txBuildOk: true,
    execOk: best.execOk,
    failure: best.failure,
    fellBack: fallback.fellBack,
    dryRunError: fallback.dryRunError,
    bcsBase64: best.bcsBase64,
    gasBudgetUsed: best.gasBudget,
    attempts,
  };
}

/**
 * §7.5: dry-run (with the ladder); if it cannot run at all, dev-inspect instead, unless the run
 * requires a dry-run. An unreachable RPC is not a reason to fall back: dev-inspect would need it too.
 */
export async function dryRunWithFallback(
  simulator: Simulator,
  request: Pick<SimulationRequest, 'gasBudget' | 'gasBudgetLadder' | 'requireDryRun'>,
  signal?: AbortSignal,
): Promise<SimulationOutcome> {
  const budgets = gasBudgets(request.gasBudget, request.gasBudgetLadder);
  const tally = { attempts: 0 };
  try {
    const best = await climbGasLadder(simulator, budgets, tally);
    return outcomeOf(best, tally.attempts, { fellBack: false, dryRunError: null });
  } catch (error) {
    const canFallBack = error instanceof SimulationError && error.kind === 'rejected';
    if (request.requireDryRun || !canFallBack || signal?.aborted) throw error;
    const dryRunError = describeError(error);
    try {
      const inspected = await simulator.devInspect();
      return outcomeOf(inspected, tally.attempts + 1, { fellBack: true, dryRunError });
    } catch (inspectError) {
      if (!(inspectError instanceof SimulationError)) throw inspectError;
      const message = `${inspectError.message} (dev-inspect, after the dry-run failed: ${dryRunError})`;
      throw new SimulationError(inspectError.kind, message, { cause: inspectError });
    }
  }
}

/** The outcome of a single simulation (dev-inspect, or a build). */
export function singleOutcome(attempt: Attempt): SimulationOutcome {
  return outcomeOf(attempt, 1, { fellBack: false, dryRunError: null });
}
