// The helper benchmark's prompts, in our own words: what is true here (Sui's own compiler, the named address
// `target_pkg` at the target's original id, the Sui framework at 0x1/0x2/0x3, zero-argument entry functions run one
// transaction each), the target's interface, and after a failed attempt what went wrong. A user's
// `--prompt-file` replaces the first part; the feedback on earlier attempts is always added after it.
import { checkTemplate, renderTemplate } from '../../../core/prompt-template.js';
import type { AttemptNote } from '../../../core/helper/row.js';

export const HELPER_PROMPT_PLACEHOLDERS = [
  'package_id',
  'target_address',
  'interface_summary',
  'targets',
  'scoring_hints',
] as const;

export interface HelperFeedback {
  /** The model's previous answer as it wrote it (possibly cut). */
  previousAnswer: string;
  /** What was wrong with it: the payload's problems or the compiler's diagnostics. */
  problems: string;
  history: AttemptNote[];
}

export interface HelperPromptRequest {
  packageId: string;
  /** Where the target's modules live: its original id (the package id itself unless it was upgraded). */
  targetAddress: string;
  /** The target's `key` types (`0xADDR::module::Struct`). */
  targets: string[];
  interfaceSummary: string;
  scoringHints: boolean;
  /** The user's instructions (`--prompt-file`), or null for ours. */
  template: string | null;
  feedback: HelperFeedback | null;
}

/** Attempts the retry prompt lists, newest last. */
const HISTORY_SHOWN = 5;
/** How much of the previous answer and of the problems the retry prompt repeats. */
export const FEEDBACK_MAX_CHARS = 60_000;

const FORMAT = `{
  "move_toml": "[package]\\nname = \\"helper\\"\\nedition = \\"2024\\"\\n\\n[addresses]\\nhelper = \\"0x0\\"\\n",
  "files": { "sources/helper.move": "module helper::helper { ... }" },
  "entrypoints": [ { "target": "helper::helper::make_things" } ],
  "assumptions": [ "what you relied on, one line each" ]
}`;

const OUR_INSTRUCTIONS = `You write a small Sui Move package (a "helper") that uses the package {{package_id}}.

The helper is built from source by Sui's own Move compiler (the one \`sui move build\` runs), against the
Sui framework (std at 0x1, sui at 0x2, sui_system at 0x3: use them as std::... and sui::..., for example
sui::transfer and sui::coin) and the target package, then published in an offline Move VM next to the real
target bytecode. The named address target_pkg is {{target_address}}, where the target's modules live (a
package keeps its first id through upgrades): write target_pkg::module_name to reach them. Give the helper's
own modules a named address of their own (helper = "0x0" in Move.toml); the build publishes them at a fresh
address. Do not add dependencies to Move.toml: the build supplies the framework and the target.

Each entry function of the helper that takes no argument but the transaction context
(\`entry fun name(ctx: &mut TxContext)\`) is run as its own transaction. Write such functions to create objects of
the target's types, or to call the target's functions, and transfer, share or freeze what they make so the
transaction can end. Only public functions (and public structs' abilities) of the target are usable: here is its
interface.

{{interface_summary}}
{{scoring_hints}}`;

const HINTS = `
How this is scored: an entry function passes when it runs to the end and calls into the target package; the
score counts which of the target's key types your transactions create. Its key types:
{{targets}}`;

const ANSWER_FORMAT = `
Answer with one JSON object of this form (helper_pkg_v1) and nothing else:
${FORMAT}
"files" maps paths under sources/ (at most 100 .move files, 600 KB in all) to their text. "entrypoints" names
the functions to run (leave it out to run every zero-argument entry function).`;

/** Refuses a user template with an unknown placeholder (for the CLI, before the run starts). */
export function checkHelperPromptTemplate(text: string): void {
  checkTemplate(text, HELPER_PROMPT_PLACEHOLDERS, 'helper prompt file');
}

function clip(text: string): string {
  return text.length <= FEEDBACK_MAX_CHARS
    ? text
    : `${text.slice(0, FEEDBACK_MAX_CHARS)}\n… (${text.length - FEEDBACK_MAX_CHARS} more characters not shown)`;
}

/** How a retry prompt's feedback begins (a scripted model tells a retry by it). */
export const RETRY_HEADING = 'Your previous answer did not build.';

function feedbackText(feedback: HelperFeedback): string {
  const history = feedback.history
    .slice(-HISTORY_SHOWN)
    .map(
      (a) =>
        `- attempt ${a.attempt}: ${a.outcome.replace(/_/g, ' ')}${a.errors.length > 0 ? ` (${a.errors[0]})` : ''}`,
    );
  return [
    '',
    `${RETRY_HEADING} Attempts so far:`,
    ...history,
    '',
    'What was wrong with the last one:',
    clip(feedback.problems),
    '',
    'Your last answer was:',
    clip(feedback.previousAnswer),
    '',
    'Fix these problems and answer again with the whole package, in the same JSON form.',
  ].join('\n');
}

export function buildHelperPrompt(request: HelperPromptRequest): string {
  const targets = request.targets.length > 0 ? request.targets.map((t) => `- ${t}`).join('\n') : '(none)';
  const values = {
    package_id: request.packageId,
    target_address: request.targetAddress,
    interface_summary: request.interfaceSummary,
    targets,
    scoring_hints: request.scoringHints ? renderTemplate(HINTS, { targets }, 'scoring hints') : '',
  };
  const instructions = renderTemplate(request.template ?? OUR_INSTRUCTIONS, values, 'helper prompt');
  const parts = [instructions.trimEnd(), ANSWER_FORMAT];
  if (request.feedback) parts.push(feedbackText(request.feedback));
  return parts.join('\n') + '\n';
}
