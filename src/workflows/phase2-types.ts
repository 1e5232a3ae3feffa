// Phase II's settings at the CLI's defaults (the types are in contracts/phase2-options.ts).
import { defaultSender } from '../core/phase2/sender.js';
import type { Phase2Options } from '../contracts/phase2-options.js';

/** Phase II settings at the CLI's defaults (upstream's, except the offline simulation mode). */
export const PHASE2_DEFAULT_OPTIONS: Phase2Options = {
  agent: 'mock-empty',
  agentSettings: null,
  seed: 0,
  simulationMode: 'build-only',
  rpcUrl: null,
  sender: defaultSender('build-only'),
  gasBudget: 10_000_000,
  gasCoin: null,
  gasBudgetLadder: [20_000_000, 50_000_000],
  maxPlanAttempts: 5,
  maxPlanningCalls: 50,
  baselineMaxCandidates: 25,
  maxHeuristicVariants: 4,
  perPackageTimeoutSeconds: 120,
  includeCreatedTypes: false,
  requireDryRun: false,
  planFile: null,
  externalBin: null,
  frameworkDir: null,
  simulationFeedback: false,
  promptTemplates: {},
};
