// Names shared by the client, the workers and the workflows. Safe to import from workflow code.
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const DEFAULT_NAMESPACE = 'default';

/** The Temporal namespace to use: TEMPORAL_NAMESPACE, as in Temporal's own tools, else `default`. */
export function namespaceFromEnv(env: Record<string, string | undefined> = process.env): string {
  return env.TEMPORAL_NAMESPACE || DEFAULT_NAMESPACE;
}

/** One task queue per kind of work, so model rate limits never throttle extraction (and later, simulation). */
export const TASK_QUEUES = {
  orchestration: 'smi-orchestration',
  io: 'smi-io',
  llm: 'smi-llm',
} as const;

export const SEARCH_ATTRIBUTES = {
  runId: defineSearchAttributeKey('SmiRunId', SearchAttributeType.KEYWORD),
  phase: defineSearchAttributeKey('SmiPhase', SearchAttributeType.KEYWORD),
  agent: defineSearchAttributeKey('SmiAgent', SearchAttributeType.KEYWORD),
  model: defineSearchAttributeKey('SmiModel', SearchAttributeType.KEYWORD),
  dataset: defineSearchAttributeKey('SmiDataset', SearchAttributeType.KEYWORD),
} as const;

export type Phase = 'phase1';

/** Derived, never random: starting the same run id again continues the same workflow. */
export function runWorkflowId(phase: Phase, runId: string): string {
  return `smi/${phase}/${runId}`;
}

export function packageWorkflowId(phase: Phase, runId: string, packageId: string): string {
  return `smi/${phase}/${runId}/${packageId}`;
}
