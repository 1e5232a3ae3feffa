// Names shared by the client, the workers and the workflows. Safe to import from workflow code.
import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';
import type { RunInput } from '../contracts/run.js';
import { PHASES, type Phase } from '../contracts/phases.js';

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
  sim: 'smi-sim',
} as const;

export const SEARCH_ATTRIBUTES = {
  runId: defineSearchAttributeKey('SmiRunId', SearchAttributeType.KEYWORD),
  phase: defineSearchAttributeKey('SmiPhase', SearchAttributeType.KEYWORD),
  agent: defineSearchAttributeKey('SmiAgent', SearchAttributeType.KEYWORD),
  model: defineSearchAttributeKey('SmiModel', SearchAttributeType.KEYWORD),
  dataset: defineSearchAttributeKey('SmiDataset', SearchAttributeType.KEYWORD),
  /** Set on package workflows only, next to their run's attributes. */
  packageId: defineSearchAttributeKey('SmiPackageId', SearchAttributeType.KEYWORD),
} as const;

/** Derived, never random: starting the same run id again continues the same workflow. */
export function runWorkflowId(phase: Phase, runId: string): string {
  return `smi/${phase}/${runId}`;
}

/** An evaluation set's workflow id: derived from the set id, as a run's is. */
export const evalSetWorkflowId = (setId: string) => `smi/set/${setId}`;

/** The phase and run id of a run's workflow id; null for any other id (a package workflow's among them). */
export function parseRunWorkflowId(workflowId: string): { phase: Phase; runId: string } | null {
  const [prefix, phase, runId, ...rest] = workflowId.split('/');
  if (prefix !== 'smi' || !runId || rest.length > 0 || !(PHASES as readonly string[]).includes(phase!))
    return null;
  return { phase: phase as Phase, runId };
}

/** The workflow type that runs one package of a phase. */
export function packageWorkflowType(phase: Phase): string {
  return `${phase}Package`;
}

const MAX_ID_IN_WORKFLOW_ID = 66;

/**
 * A package workflow's id. The index makes it unique (an ids file may list a package twice), and the
 * package id, cut to a safe length and alphabet, makes it readable; nothing a corpus holds can make the
 * id too long or odd enough for the server to refuse the start. `attempt` names a `--retry-errors` round.
 */
export function packageWorkflowId(
  phase: Phase,
  runId: string,
  index: number,
  packageId: string,
  attempt?: string,
): string {
  const readable = packageId.replace(/[^0-9A-Za-z]/g, '').slice(0, MAX_ID_IN_WORKFLOW_ID);
  const base = `smi/${phase}/${runId}/${index}-${readable}`;
  return attempt ? `${base}/${attempt}` : base;
}

/** The run's search attributes, which its package workflows carry too (see benchmark-run.ts). */
export function runSearchAttributes(input: RunInput): SearchAttributePair[] {
  const pairs: SearchAttributePair[] = [
    { key: SEARCH_ATTRIBUTES.runId, value: input.runId },
    { key: SEARCH_ATTRIBUTES.phase, value: input.phase },
    { key: SEARCH_ATTRIBUTES.agent, value: input.options.agent },
  ];
  const model = input.options.agentSettings?.model;
  if (model) pairs.push({ key: SEARCH_ATTRIBUTES.model, value: model });
  if (input.dataset) pairs.push({ key: SEARCH_ATTRIBUTES.dataset, value: input.dataset });
  return pairs;
}
