// A benchmark's definition names the workflow that runs one of its packages. The run engine starts that
// child by `packageWorkflowType(phase)` (it may not load definitions), and the workers register what
// `workflows/index.ts` exports: all three must name the same workflow.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS } from '../../src/benchmarks/registry.js';
import { packageWorkflowType } from '../../src/temporal/names.js';
import * as workflows from '../../src/workflows/index.js';
import { PROJECT_ROOT } from '../support/paths.js';

const HISTORIES = join(PROJECT_ROOT, 'test', 'histories');

describe("each benchmark's package workflow", () => {
  it.each(Object.values(BENCHMARKS))('$name: the workflow bundle exports it', (benchmark) => {
    expect(Object.keys(workflows)).toContain(benchmark.packageWorkflow);
    expect(typeof workflows[benchmark.packageWorkflow as keyof typeof workflows]).toBe('function');
  });

  it.each(Object.values(BENCHMARKS))('$name: the run engine starts it', (benchmark) => {
    expect(packageWorkflowType(benchmark.name as keyof typeof BENCHMARKS)).toBe(benchmark.packageWorkflow);
  });

  it.each(Object.values(BENCHMARKS))('$name: its recorded histories ran it', (benchmark) => {
    // Renaming one would leave every recorded run unable to replay.
    const recorded = readdirSync(HISTORIES)
      .filter((file) => file.startsWith(`${benchmark.name}-`) && /-package-\d+\.json$/.test(file))
      .map((file) => startedWorkflowType(join(HISTORIES, file)));
    expect(recorded.length).toBeGreaterThan(0);
    expect(new Set(recorded)).toEqual(new Set([benchmark.packageWorkflow]));
  });
});

/** The workflow type a recorded history's first event started. */
function startedWorkflowType(file: string): string {
  const history = JSON.parse(readFileSync(file, 'utf8')) as {
    events: { workflowExecutionStartedEventAttributes: { workflowType: { name: string } } }[];
  };
  return history.events[0]!.workflowExecutionStartedEventAttributes.workflowType.name;
}
