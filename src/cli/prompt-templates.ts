// `--prompt-template KIND=FILE` for Phase II: the user's wording for a prompt kind, checked before the run.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkPromptTemplate, PROMPT_PLACEHOLDERS } from '../core/phase2/prompts.js';
import { UsageError } from './errors.js';

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
    const path = resolve(spec.slice(eq + 1));
    if (!existsSync(path)) throw new UsageError(`prompt template not found: ${path}`);
    const text = readFileSync(path, 'utf8');
    try {
      checkPromptTemplate(kind as keyof typeof PROMPT_PLACEHOLDERS, text);
    } catch (err) {
      throw new UsageError(`prompt template ${path}: ${(err as Error).message}`);
    }
    templates[kind] = text;
  }
  return templates;
}
