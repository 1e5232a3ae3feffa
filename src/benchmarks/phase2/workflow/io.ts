// Phase II's per-package io as workflow code calls it: local activities next to the workflow, declared
// here, since workflow code may not name the activities room above it (test/benchmarks/activity-fit.test.ts
// holds the worker's activities to these declarations).
import type { PtbSpec } from '../../../core/phase2/ptb-spec.js';
import { localIoActivities } from '../../../workflow-kit/local-io.js';
import type { PreparedVariant } from './prepare.js';
import type { PlanningPromptRequest } from './prompts.js';

/** baseline-search's plans for an interface: how many candidates, whose inventory, how many variants. */
export interface BaselinePlansRequest {
  runDir: string;
  interfaceSha: string;
  limit: number;
  inventory: Record<string, string[]>;
  sender: string;
  maxVariants: number;
}

export interface Phase2IoActivities {
  /** The plan a plan file holds for the package (null: none). */
  readPlanFromFile: (args: { planFile: string; packageId: string }) => Promise<unknown>;
  /** Upstream's baseline plans for the interface, prepared with the sender's inventory. */
  prepareBaselinePlans: (args: BaselinePlansRequest) => Promise<PreparedVariant[]>;
  /** Candidate plans for template-search to fill in. */
  listPlanCandidates: (args: { runDir: string; interfaceSha: string; limit: number }) => Promise<PtbSpec[]>;
  /** The planning prompt, stored with its vocabulary in the run's artifact store. */
  preparePhase2Prompt: (
    args: { runDir: string; interfaceSha: string } & PlanningPromptRequest,
  ) => Promise<{ promptSha: string; vocabularySha: string; functionsShown: number; targetsShown: number }>;
}

export const phase2Io = localIoActivities<Phase2IoActivities>();
