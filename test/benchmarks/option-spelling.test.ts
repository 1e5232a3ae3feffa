// An option of a benchmark lives in its definition: Phase II's plan-attempt limit is spelled in its options
// schema, the workflow input type that recorded histories carry, and the planning loop that reads it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.js';

const SRC = join(PROJECT_ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe("Phase II's plan-attempt limit", () => {
  it('is spelled out in three files of src/ only', () => {
    const spelling = /max.?plan.?attempts/i;
    const files = sourceFiles(SRC)
      .filter((file) => spelling.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
      .sort();
    expect(files).toEqual([
      'benchmarks/phase2.ts',
      'contracts/phase2-options.ts',
      'workflows/phase2-solvers.ts',
    ]);
  });
});
