// A benchmark's workflow code may not import the activities room (it sits above benchmarks), so it declares
// the activities it calls as it sees them. The worker's activities must fit those declarations: tsc
// (`npm run typecheck`) checks these assertions, and vitest runs them.
import { describe, expectTypeOf, it } from 'vitest';
import type { SandboxActivities as SandboxImplementation } from '../../src/activities/sandbox.js';
import type { SandboxActivities } from '../../src/benchmarks/sandbox/workflow/package-workflow.js';

describe('the activities as workflow code declares them', () => {
  it("fit the sandbox's activity", () => {
    expectTypeOf<SandboxImplementation>().toExtend<SandboxActivities>();
  });
});
