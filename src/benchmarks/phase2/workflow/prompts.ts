// Phase II planning prompts (spec/harness.md §7.6), in our own words: instructions, then a JSON payload
// (sorted keys, indent 2, ASCII-escaped, as upstream). Any kind's instructions can be replaced by a
// user template (`{{placeholders}}`); the payload is always appended after them.
import { pyDumps } from '../../../core/pyjson.js';
import { pyRepr, sortedByCodePoint } from '../../../core/py-string.js';
import { inventorySummary } from '../../../core/phase2/inventory.js';
import { isRecord } from '../../../core/phase2/json-copy.js';
import type { PtbCall } from '../../../core/phase2/ptb-spec.js';
import { checkTemplate, renderTemplate } from '../../../core/prompt-template.js';
import {
  isCallable,
  summarizedFunctions,
  summarizeInterface,
  type SummaryOptions,
} from '../../../core/phase2/summary.js';
import type { AnswerVocabulary } from '../../../contracts/answer-vocabulary.js';

export type PromptKind = 'initial' | 'retry' | 'loop' | 'template';

export interface PlanningPromptRequest {
  kind: PromptKind;
  targets: string[];
  requestedTargets?: string[];
  inventory?: Record<string, string[]>;
  lastFailure?: Record<string, string> | null;
  budget?: number | null;
  skeletonCalls?: PtbCall[];
  /** Prompt kind → template text replacing our instructions. */
  templates: Record<string, string>;
  /** Functions the interface summary shows at most: upstream's 60, lowered to fit a local model's context. */
  maxFunctions?: number;
  /**
   * Target types the prompt lists at most (in sorted order): all of them, unless even a summary of no
   * function leaves the prompt too long for a local model's context (0x2 has 65, each listed twice).
   */
  maxTargets?: number;
}

/** The runner's summary size, as upstream. */
export const SUMMARY_FUNCTIONS = 60;

export const PROMPT_PLACEHOLDERS: Record<PromptKind, readonly string[]> = {
  initial: ['package_id', 'targets', 'interface_summary', 'inventory', 'budget'],
  retry: ['package_id', 'targets', 'interface_summary', 'last_failure', 'budget'],
  loop: ['package_id', 'targets', 'interface_summary'],
  template: ['package_id', 'targets', 'skeleton_calls'],
};

const isPromptKind = (k: string): k is PromptKind => Object.hasOwn(PROMPT_PLACEHOLDERS, k);

/** Throws a clear error when a template for `kind` uses an unknown placeholder (for the CLI). */
export function checkPromptTemplate(kind: string, text: string): void {
  if (!isPromptKind(kind))
    throw new Error(`unknown prompt kind "${kind}"; known: ${Object.keys(PROMPT_PLACEHOLDERS).join(', ')}`);
  checkTemplate(text, PROMPT_PLACEHOLDERS[kind], `${kind} prompt template`);
}

const PLAN_FORMAT =
  '{"calls": [{"target": "0xADDR::module::function", "type_args": ["<type tag>", ...], ' +
  '"args": [{"u64": 1}, {"vector_u8_utf8": "text"}, {"imm_or_owned_object": "0xID"}, ...]}]}';

const ARGUMENT_RULES = [
  'Argument rules:',
  '- pass an owned object as {"imm_or_owned_object": "0xID"} and a shared object as {"shared_object": {"id": "0xID", "mutable": true}};',
  '- pure values: u8, u16, u32, u64, u128, u256, bool, address, vector_u8_utf8 (a UTF-8 string), vector_u8_hex (hex bytes);',
  '- the value returned by call number N of your plan is {"result": N}, and its K-th value {"nested_result": [N, K]};',
  '- do not use the kinds input, string, object, object_id, hex or pure_u64;',
  '- leave out the TxContext parameter: the transaction supplies it.',
].join('\n');

const SYSTEM_OBJECTS = [
  'Shared system objects you may use:',
  '- 0x6::clock::Clock (shared)',
  '- 0x8::random::Random (shared)',
  '- 0x403::deny_list::DenyList (shared)',
].join('\n');

const JSON_ONLY = 'Answer with that JSON object and nothing else: no prose, no questions.';

function budgetLine(budget: number | null | undefined): string {
  return budget === null || budget === undefined
    ? ''
    : `You have ${budget} planning call(s) left for this package; try to finish with this one.\n`;
}

function failureText(lastFailure: Record<string, string> | null | undefined): string {
  if (!lastFailure) return 'The previous plan failed.';
  const lines: string[] = [];
  if (lastFailure['harness_error'] !== undefined)
    lines.push(
      `Your previous plan could not be parsed or turned into a transaction: ${lastFailure['harness_error']}`,
    );
  else if (lastFailure['dry_run_effects_error'] !== undefined)
    lines.push(
      `Your previous plan failed when the transaction was simulated: ${lastFailure['dry_run_effects_error']}`,
    );
  else lines.push('Your previous plan failed.');
  for (const [key, value] of Object.entries(lastFailure))
    if (key !== 'harness_error' && key !== 'dry_run_effects_error') lines.push(`- ${key}: ${value}`);
  return lines.join('\n');
}

/** The end of the retry and loop prompts: the functions asked about, then the reply format. */
function focusedPlanRequest(budget: string): string {
  return [
    '',
    '## Functions you asked about',
    '{{interface_summary}}',
    '',
    `Reply with a plan: ${PLAN_FORMAT}`,
    ARGUMENT_RULES,
    budget + JSON_ONLY,
    '',
  ].join('\n');
}

/** Python's repr of a list of strings. */
const pyListRepr = (items: string[]) => `[${items.map(pyRepr).join(', ')}]`;

const DEFAULT_INSTRUCTIONS: Record<PromptKind, string> = {
  initial: [
    'You plan Sui programmable transaction blocks (PTBs) for Move packages.',
    'Goal: one PTB that creates at least one object of each of these types: {{targets}}',
    '',
    '## Functions of the package',
    '{{interface_summary}}',
    '',
    '## Objects the sender owns',
    '{{inventory}}',
    '',
    SYSTEM_OBJECTS,
    '',
    '## Reply format',
    `Reply with a plan: ${PLAN_FORMAT}`,
    ARGUMENT_RULES,
    '',
    'If you need to see more of the package first, reply instead with',
    '{"need_more": ["0xADDR::module::function" or "0xADDR::module", ...], "reason": "..."}:',
    'a three-part name shows that function, a two-part name shows the whole module.',
    '`init` is private and cannot be called or requested.',
    '{{budget}}' + JSON_ONLY,
    '',
  ].join('\n'),
  retry: [
    '{{last_failure}}',
    '',
    'Write a corrected plan for these types: {{targets}}',
    focusedPlanRequest('{{budget}}'),
  ].join('\n'),
  loop: [
    'You have already asked for these details and there is nothing more to show.',
    'Give your best plan now for these types, using only public functions: {{targets}}',
    focusedPlanRequest(''),
  ].join('\n'),
  template: [
    'We found a sequence of calls that may create objects of these types: {{targets}}',
    'Fill in realistic values for the arguments of the skeleton below.',
    '1. Reply with the whole plan as a JSON object {"calls": [...]}.',
    '2. Keep every "target" and "type_args" as given.',
    '3. Replace the placeholder values with realistic ones.',
    '4. Keep {"result": N} and {"nested_result": [N, K]} references as they are.',
    '5. For a {"$smi_placeholder": "<type>"} argument, use a shared system object of that type if there is one; otherwise leave it and the harness will fill it in.',
    JSON_ONLY,
    '',
  ].join('\n'),
};

/** The prompt for one planning call; throws only on a template with an unknown placeholder. */
export function buildPlanningPrompt(iface: unknown, request: PlanningPromptRequest): string {
  const packageId =
    isRecord(iface) && typeof iface['package_id'] === 'string' && iface['package_id']
      ? iface['package_id']
      : '0x0';
  const targets = sortedByCodePoint(request.targets).slice(0, request.maxTargets);
  const summary = summarizeInterface(iface, request.maxFunctions ?? SUMMARY_FUNCTIONS, summaryMode(request));
  const kind = request.kind;
  const all: Record<string, string> = {
    package_id: packageId,
    targets: pyListRepr(targets),
    interface_summary: summary,
    inventory: inventorySummary(request.inventory ?? {}),
    budget: budgetLine(request.budget),
    last_failure: failureText(request.lastFailure),
    skeleton_calls: pyDumps(request.skeletonCalls ?? [], { indent: 2, sortKeys: true }),
  };
  const values = Object.fromEntries(PROMPT_PLACEHOLDERS[kind].map((k) => [k, all[k]!]));
  const template = request.templates[kind] ?? DEFAULT_INSTRUCTIONS[kind];
  const instructions = renderTemplate(template, values, `${kind} prompt template`);
  return instructions + pyDumps(payload(request, packageId, targets), { indent: 2, sortKeys: true });
}

/** The summary of the first call, or the functions asked about with `need_more`. */
function summaryMode(request: PlanningPromptRequest): SummaryOptions {
  const requested = request.requestedTargets ?? [];
  return requested.length > 0
    ? { mode: 'focused', requestedTargets: requested }
    : { mode: 'entry_then_public' };
}

/** Sui's primitive type arguments, and SUI itself: type arguments a plan may give besides the package's. */
const BUILT_IN_TYPES = ['u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'bool', 'address', '0x2::sui::SUI'];

/**
 * The names a planning answer may use: the functions the prompt shows as targets; the package's structs
 * and built-in types as type arguments; its callable functions and modules in a `need_more` request.
 */
export function planningVocabulary(iface: unknown, request: PlanningPromptRequest): AnswerVocabulary {
  const modules = isRecord(iface) && isRecord(iface['modules']) ? iface['modules'] : {};
  const packageId =
    isRecord(iface) && typeof iface['package_id'] === 'string' && iface['package_id']
      ? iface['package_id']
      : '0x0';
  const types = [...BUILT_IN_TYPES];
  const requestable: string[] = [];
  for (const [moduleName, module] of Object.entries(modules)) {
    if (!isRecord(module)) continue;
    if (typeof module['address'] === 'string' && isRecord(module['structs']))
      for (const struct of Object.keys(module['structs']))
        types.push(`${module['address']}::${moduleName}::${struct}`);
    if (!isRecord(module['functions'])) continue;
    requestable.push(`${packageId}::${moduleName}`);
    for (const [name, f] of Object.entries(module['functions']))
      if (isRecord(f) && isCallable(name, f)) requestable.push(`${packageId}::${moduleName}::${name}`);
  }
  const functions = summarizedFunctions(
    iface,
    request.maxFunctions ?? SUMMARY_FUNCTIONS,
    summaryMode(request),
  );
  return { types, functions, requestable };
}

function payload(
  request: PlanningPromptRequest,
  packageId: string,
  targets: string[],
): Record<string, unknown> {
  switch (request.kind) {
    case 'initial':
      return { package_id: packageId, target_key_types: targets };
    case 'retry':
      return { last_failure: request.lastFailure ?? {}, package_id: packageId, target_key_types: targets };
    case 'loop':
      return {
        last_failure: {
          harness_error: 'the requested details were already shown; give a best-effort plan now',
        },
        package_id: packageId,
        target_key_types: targets,
      };
    case 'template':
      return { package_id: packageId, skeleton_calls: request.skeletonCalls ?? [] };
  }
}
