// What a run of an evaluation set may spend, as its set says: its share of the set's cost cap and of its
// token cap, which the set raises when other runs leave some over (core/set-budget.ts has the rule). The
// run's own limits (a model's `max_cost_usd` / `max_total_tokens`) still hold beside them.
import { condition, getExternalWorkflowHandle, setHandler, workflowInfo } from '@temporalio/workflow';
import type { RunLimits } from '../core/run-limits.js';
import { runAtCostLimitSignal, runAtTokenLimitSignal } from './eval-set-types.js';
import { costAllowanceSignal, tokenAllowanceSignal } from './run-api.js';
import type { CostAllowance, RunInput, RunState, TokenAllowance } from '../contracts/run.js';
import type { StoppedEarly } from '../contracts/usage.js';

type Reason = StoppedEarly['reason'];

export class SetAllowances {
  private cost: CostAllowance | null;
  private tokens: TokenAllowance | null;

  constructor(
    private readonly input: RunInput,
    resumeFrom?: RunState,
  ) {
    this.cost =
      resumeFrom?.costAllowance ??
      (input.setCostAllowanceUsd != null ? { allowanceUsd: input.setCostAllowanceUsd, final: false } : null);
    this.tokens =
      resumeFrom?.tokenAllowance ??
      (input.setTokenAllowance != null ? { allowanceTokens: input.setTokenAllowance, final: false } : null);
    setHandler(costAllowanceSignal, (next) => {
      this.cost = next;
    });
    setHandler(tokenAllowanceSignal, (next) => {
      this.tokens = next;
    });
  }

  /** The run's limits now: its own, or its set's allowance where that is lower. */
  limits(): RunLimits {
    const lower = (own: number | null | undefined, allowance: number | undefined) =>
      allowance === undefined ? own : Math.min(allowance, own ?? allowance);
    return {
      maxCostUsd: lower(this.input.maxCostUsd, this.cost?.allowanceUsd),
      maxTotalTokens: lower(this.input.maxTotalTokens, this.tokens?.allowanceTokens),
    };
  }

  /** At the set's allowance (not at the run's own limit), while the set may still give more. */
  mayGiveMore(reason: Reason): boolean {
    const share = this.share(reason);
    return (
      share !== null &&
      !share.final &&
      workflowInfo().parent !== undefined &&
      (share.own == null || share.allowance < share.own)
    );
  }

  /**
   * Tells the set the run waits at its allowance for `reason`, then waits until the set answers (a raised
   * allowance, or word that no more will come) or `stop()` says to give up.
   */
  async waitForSet(reason: Reason, stop: () => boolean): Promise<void> {
    const share = this.share(reason)!;
    const parent = getExternalWorkflowHandle(workflowInfo().parent!.workflowId);
    const seen = reason === 'max_cost_usd' ? this.cost : this.tokens;
    try {
      if (reason === 'max_cost_usd')
        await parent.signal(runAtCostLimitSignal, { runId: this.input.runId, allowanceUsd: share.allowance });
      else
        await parent.signal(runAtTokenLimitSignal, {
          runId: this.input.runId,
          allowanceTokens: share.allowance,
        });
    } catch {
      // The set is gone: nothing more will come.
      if (reason === 'max_cost_usd') this.cost = { ...this.cost!, final: true };
      else this.tokens = { ...this.tokens!, final: true };
    }
    await condition(() => (reason === 'max_cost_usd' ? this.cost : this.tokens) !== seen || stop());
  }

  /** For continue-as-new. */
  state(): Pick<RunState, 'costAllowance' | 'tokenAllowance'> {
    return {
      ...(this.cost ? { costAllowance: this.cost } : {}),
      ...(this.tokens ? { tokenAllowance: this.tokens } : {}),
    };
  }

  private share(reason: Reason): { allowance: number; final: boolean; own?: number | null } | null {
    if (reason === 'max_cost_usd' && this.cost)
      return { allowance: this.cost.allowanceUsd, final: this.cost.final, own: this.input.maxCostUsd };
    if (reason === 'max_total_tokens' && this.tokens)
      return {
        allowance: this.tokens.allowanceTokens,
        final: this.tokens.final,
        own: this.input.maxTotalTokens,
      };
    return null;
  }
}
