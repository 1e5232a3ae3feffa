// Phase I's options: one zod schema, from which its flags, its block in evaluation sets and its runs are made.
import { z } from 'zod';
import { PHASE1_AGENTS } from '../../contracts/agents.js';
import { agentSchema, count, file, onOff, seconds } from '../common-options.js';

export const options = z.object({
  agent: agentSchema(PHASE1_AGENTS, 'mock-empty'),
  maxStructsInPrompt: count('structs shown to the model at most', 200, 0),
  perPackageTimeoutSeconds: seconds('time limit for the model on one package', 120),
  includeTypeLists: onOff('add truth/predicted type lists to each result row'),
  promptTemplate: file(
    'your wording for the prompt: a text with {{payload}} (the structs as JSON) and {{package_id}}',
  ),
});

export type Phase1Values = z.output<typeof options>;
