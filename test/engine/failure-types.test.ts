// What an activity's error becomes for Temporal: the permanent ones keep their message under the failure
// type the workflows' retry policies name (spelled as recorded histories carry them), never retried.
import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { toFailure } from '../../src/activity-support/failures.js';
import { ConfigError } from '../../src/agents/config.js';
import { PlanFileError } from '../../src/benchmarks/phase2/workflow/plan-file.js';
import { CorpusInputError } from '../../src/corpus-report/corpus-job.js';
import { PackageReadError } from '../../src/move/errors.js';
import { PERMANENT_ERROR_TYPES } from '../../src/workflow-kit/retry-policies.js';

describe('toFailure', () => {
  it.each([
    [new PackageReadError('no_modules', 'no .mv files'), 'InvalidPackage'],
    [new PlanFileError('plan file is no JSON'), 'InvalidPlanFile'],
    [new CorpusInputError('ids file is missing'), 'InvalidCorpusInput'],
    [new ConfigError('missing API key'), 'InvalidConfig'],
  ])('%s becomes a non-retryable %s', (error, type) => {
    const failure = toFailure(error) as ApplicationFailure;
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure.type).toBe(type);
    expect(failure.message).toBe(error.message);
    expect(failure.nonRetryable).toBe(true);
    expect(PERMANENT_ERROR_TYPES).toContain(type);
  });

  it('passes other errors through as they are', () => {
    const error = new Error('disk full');
    expect(toFailure(error)).toBe(error);
  });
});
