// Workflow code below the activities room (a benchmark's workflow/ folder, workflow-kit) may not import it,
// so it declares the activities it calls as it sees them. The worker's activities must fit those
// declarations: tsc (`npm run typecheck`) checks these assertions, and vitest runs them.
import { describe, expectTypeOf, it } from 'vitest';
import type { IoActivities, LlmActivities } from '../../src/activities/index.js';
import type {
  HelperIoActivities as HelperIoImplementation,
  HelperSimActivities as HelperSimImplementation,
} from '../../src/benchmarks/helper/activities.js';
import type { SandboxActivities as SandboxImplementation } from '../../src/benchmarks/sandbox/activities.js';
import type { SimActivities as SimImplementation } from '../../src/benchmarks/phase2/sim-activities.js';
import type {
  HelperIoActivities,
  HelperSimActivities,
} from '../../src/benchmarks/helper/workflow/activities.js';
import type { Phase1IoActivities } from '../../src/benchmarks/phase1/workflow/solvers.js';
import type { Phase2IoActivities } from '../../src/benchmarks/phase2/workflow/io.js';
import type { SimActivities } from '../../src/benchmarks/phase2/workflow/sim-activities.js';
import type { SandboxActivities } from '../../src/benchmarks/sandbox/workflow/package-workflow.js';
import type { PackageIoActivities } from '../../src/workflow-kit/local-io.js';
import type { ModelActivities } from '../../src/workflow-kit/model-call.js';

describe('the activities as workflow code declares them', () => {
  it('fit the package io activities every package workflow calls', () => {
    expectTypeOf<IoActivities>().toExtend<PackageIoActivities>();
  });

  it('fit the model activity', () => {
    expectTypeOf<LlmActivities>().toExtend<ModelActivities>();
  });

  it("fit Phase I's io activity", () => {
    expectTypeOf<IoActivities>().toExtend<Phase1IoActivities>();
  });

  it("fit Phase II's io and simulation activities", () => {
    expectTypeOf<IoActivities>().toExtend<Phase2IoActivities>();
    expectTypeOf<SimImplementation>().toExtend<SimActivities>();
  });

  it("fit the helper's io and build activities", () => {
    expectTypeOf<HelperIoImplementation>().toExtend<HelperIoActivities>();
    expectTypeOf<HelperSimImplementation>().toExtend<HelperSimActivities>();
  });

  it("fit the sandbox's activity", () => {
    expectTypeOf<SandboxImplementation>().toExtend<SandboxActivities>();
  });
});
