// `--prompt-template`: the user's wording for a prompt (Phase II: per KIND=FILE), checked before the run.
import { resolve } from 'node:path';
import { checkPromptTemplate, PROMPT_PLACEHOLDERS } from '../benchmarks/phase2/workflow/prompts.js';
import { UsageError } from '../usage-error.js';
import { readUserFile } from './user-file.js';

const KINDS = Object.keys(PROMPT_PLACEHOLDERS);

/** Reads each `KIND=FILE`, checks its placeholders, and returns the texts by kind. */
export async function readPromptTemplates(specs: readonly string[]): Promise<Record<string, string>> {
  const templates: Record<string, string> = {};
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const kind = eq > 0 ? spec.slice(0, eq) : '';
    if (!KINDS.includes(kind)) {
      throw new UsageError(
        `--prompt-template takes KIND=FILE with KIND one of ${KINDS.join(', ')}; got "${spec}"`,
      );
    }
    templates[kind] = readTemplate(spec.slice(eq + 1), (text) =>
      checkPromptTemplate(kind as keyof typeof PROMPT_PLACEHOLDERS, text),
    );
  }
  return templates;
}

/** A template file, read and checked before anything starts (Phase I's `--prompt-template` too). */
export function readTemplate(file: string, check: (text: string) => void): string {
  const path = resolve(file);
  const text = readUserFile(path, 'prompt template');
  try {
    check(text);
  } catch (err) {
    throw new UsageError(`prompt template ${path}: ${(err as Error).message}`);
  }
  return text;
}
