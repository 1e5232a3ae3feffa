// The tally of a package's model calls and the run's sum, with values counted by hand.
import { describe, expect, it } from 'vitest';
import {
  countAnsweredCall,
  countFailedCall,
  describeModelCalls,
  emptyModelCallTally,
  neverAnswered,
  neverAnsweredError,
  sumModelCallTallies,
} from '../../src/core/model-calls.js';

describe('model call tallies', () => {
  it('a package whose every call failed never heard from the model; one answer is enough', () => {
    const silent = emptyModelCallTally();
    expect(neverAnswered(silent)).toBe(false); // no call made: nothing to say
    countFailedCall(silent, 'ModelTimeout', 'timed out');
    countFailedCall(silent, 'ModelServerError', 'server error (502)');
    expect(neverAnswered(silent)).toBe(true);
    expect(neverAnsweredError(silent)).toBe(
      'no answer from the model: 2 model calls failed; last: server error (502)',
    );
    const heard = emptyModelCallTally();
    countFailedCall(heard, 'ModelTimeout', 'timed out');
    countAnsweredCall(heard);
    expect(neverAnswered(heard)).toBe(false);
  });

  it('sums packages, groups failures by kind, most frequent first', () => {
    const a = emptyModelCallTally();
    countFailedCall(a, 'ModelServerError', 'server error (500) a');
    countAnsweredCall(a);
    const b = emptyModelCallTally();
    countFailedCall(b, 'ModelConnectionError', 'refused 1');
    countFailedCall(b, 'ModelConnectionError', 'refused 2');
    const total = sumModelCallTallies([a, null, b, undefined]);
    expect(total).toEqual({
      answered: 1,
      failed: 3,
      failures: {
        ModelServerError: { count: 1, last_message: 'server error (500) a' },
        ModelConnectionError: { count: 2, last_message: 'refused 2' },
      },
      last_failure: 'refused 2',
    });
    expect(describeModelCalls(total)).toBe(
      '1 answered, 3 failed: 2 ModelConnectionError (refused 2); 1 ModelServerError (server error (500) a)',
    );
    expect(describeModelCalls(emptyModelCallTally())).toBe('0 answered, 0 failed');
  });
});
