// An option of a benchmark lives in its definition: Phase II's plan-attempt limit is spelled in its options
// (the schema, its set block, the metadata it repeats, the pipeline preset), the workflow input type that
// recorded histories carry, and the planning loop that reads it.
import { describe, expect, it } from 'vitest';
import { srcFiles } from '../support/source-files.js';

describe("Phase II's plan-attempt limit", () => {
  it("is spelled out only in Phase II's folder and the run's option types", () => {
    const spelling = /max.?plan.?attempts/i;
    const files = srcFiles()
      .filter((file) => spelling.test(file.text))
      .map((file) => file.name);
    expect(files).toEqual([
      'benchmarks/phase2/options.ts',
      'benchmarks/phase2/workflow/solvers.ts',
      'contracts/phase2-options.ts',
    ]);
  });
});
