// The set's shared cost cap, step by step, with allowances worked out by hand.
import { describe, expect, it } from 'vitest';
import {
  evenBudget,
  evenBudgetAmong,
  nothingMoreToCome,
  runFinished,
  runParked,
} from '../../src/core/set-budget.js';

describe('a set’s shared cost cap', () => {
  it('starts even, and moves what a finished run left over to the runs still going', () => {
    const b = evenBudget(0.09, 3);
    expect(b.allowance).toEqual([0.03, 0.03, 0.03]);
    // run 0 spent $0.01 of $0.03: $0.02 over, $0.01 each to runs 1 and 2
    expect(runFinished(b, 0, 0.01)).toEqual([1, 2]);
    expect(b.allowance[1]).toBeCloseTo(0.04, 15);
    expect(b.allowance[2]).toBeCloseTo(0.04, 15);
    // the allowances still add up to the cap
    expect(b.allowance.reduce((s, a) => s + a, 0)).toBeCloseTo(0.09, 15);
    // run 1 spent all of its $0.04: nothing moves
    expect(runFinished(b, 1, 0.04)).toEqual([]);
    // a run that passed its allowance (calls in flight) takes nothing from the others
    expect(runFinished(b, 2, 0.05)).toEqual([]);
    expect(b.allowance[2]).toBeCloseTo(0.04, 15);
  });

  it('parked runs wait while another may still leave money; then they are told no more will come', () => {
    const b = evenBudget(3, 3);
    runParked(b, 0, 1);
    expect(nothingMoreToCome(b)).toEqual([]); // runs 1 and 2 are still going
    runParked(b, 1, 1);
    expect(nothingMoreToCome(b)).toEqual([]);
    // run 2 finishes having spent $0.40: $0.30 each to the parked runs, which go on
    expect(runFinished(b, 2, 0.4)).toEqual([0, 1]);
    expect(b.parked).toEqual([false, false, false]);
    expect(nothingMoreToCome(b)).toEqual([]);
    // a word about an allowance that has since been raised is out of date: ignored
    runParked(b, 0, 1);
    expect(b.parked[0]).toBe(false);
    runParked(b, 0, b.allowance[0]!);
    runParked(b, 1, b.allowance[1]!);
    expect(nothingMoreToCome(b)).toEqual([0, 1]);
  });

  it('a finished run’s word comes too late to park it', () => {
    const b = evenBudget(2, 2);
    runFinished(b, 0, 2);
    runParked(b, 0, 1);
    expect(b.parked[0]).toBe(false);
    expect(nothingMoreToCome(b)).toEqual([]);
  });

  it('a token cap is shared among the runs that ask a model; the sandbox takes none and is not waited for', () => {
    // 300,000 tokens over two model runs and the sandbox (index 2): 150,000 each, the sandbox none
    const b = evenBudgetAmong(300_000, [true, true, false]);
    expect(b.allowance).toEqual([150_000, 150_000, 0]);
    expect(b.finished).toEqual([false, false, true]);
    // both model runs wait at their share: no more can come, the sandbox is not counted as going
    runParked(b, 0, 150_000);
    expect(nothingMoreToCome(b)).toEqual([]);
    runParked(b, 1, 150_000);
    expect(nothingMoreToCome(b)).toEqual([0, 1]);
  });
});
