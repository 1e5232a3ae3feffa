// User-supplied prompt templates: text with `{{name}}` placeholders, rendered strictly so that a typo
// fails the run at start instead of sending the model a broken prompt.

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** Every placeholder a template uses; throws on an unknown one or a stray `{{` (JSON may end in `}}`). */
function placeholdersIn(text: string, known: readonly string[], what: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1]!;
    if (!known.includes(name))
      throw new Error(
        `unknown placeholder {{${name}}} in the ${what}; known: ${known.map((k) => `{{${k}}}`).join(', ')}`,
      );
    names.push(name);
  }
  const rest = text.replace(PLACEHOLDER, '');
  if (rest.includes('{{')) throw new Error(`the ${what} has a "{{" that is not a placeholder like {{name}}`);
  return names;
}

export function checkTemplate(text: string, known: readonly string[], what: string): void {
  placeholdersIn(text, known, what);
}

export function renderTemplate(text: string, values: Record<string, string>, what: string): string {
  placeholdersIn(text, Object.keys(values), what);
  return text.replace(PLACEHOLDER, (_, name: string) => values[name]!);
}
