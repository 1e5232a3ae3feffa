// Phase I, key-struct discovery: which structs of a package have `key`, with the abilities hidden.
import { z } from 'zod';
import { PHASE1_AGENTS } from '../../contracts/agents.js';
import { agentSchema, count, file, onOff, seconds } from '../common-options.js';
import { defineBenchmark } from '../definition.js';

const options = z.object({
  agent: agentSchema(PHASE1_AGENTS, 'mock-empty'),
  maxStructsInPrompt: count('structs shown to the model at most', 200, 0),
  perPackageTimeoutSeconds: seconds('time limit for the model on one package', 120),
  includeTypeLists: onOff('add truth/predicted type lists to each result row'),
  promptTemplate: file(
    'your wording for the prompt: a text with {{payload}} (the structs as JSON) and {{package_id}}',
  ),
});

export type Phase1Values = z.output<typeof options>;

export const phase1Benchmark = defineBenchmark({
  name: 'phase1',
  title: 'Phase I',
  description:
    'Phase I, key-struct discovery: ask which structs have `key` with abilities hidden; score P/R/F1',
  options,
  evalSet: {
    keys: ['maxStructsInPrompt', 'perPackageTimeoutSeconds'],
    // A set's prompt always shows structs.
    narrower: { maxStructsInPrompt: z.number().int().positive() },
    perModel: true,
  },
  record: () => import('./record.js').then((m) => m.phase1Record),
  activities: () => import('./activities.js').then((m) => m.phase1Activities()),
});
