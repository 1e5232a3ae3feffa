// An option of a benchmark lives in its definition: Phase II's plan-attempt limit is spelled in its folder
// (the options schema, the keys of its set block and metadata), the workflow input type that recorded
// histories carry, and the planning loop that reads it.
import { describe, expect, it } from 'vitest';
import { srcFiles } from '../support/source-files.js';

describe("Phase II's plan-attempt limit", () => {
  it("is spelled out in Phase II's folder, its input type and its planning loop only", () => {
    const spelling = /max.?plan.?attempts/i;
    const files = srcFiles()
      .filter((file) => spelling.test(file.text))
      .map((file) => file.name);
    expect(files).toEqual([
      'benchmarks/phase2/index.ts',
      'benchmarks/phase2/options.ts',
      'contracts/phase2-options.ts',
      'workflows/phase2-solvers.ts',
    ]);
  });
});
