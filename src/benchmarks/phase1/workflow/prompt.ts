// The Phase I prompt: instructions, then the package's struct layouts with abilities removed.
import { checkTemplate, renderTemplate } from '../../../core/prompt-template.js';
import { pyDumps } from '../../../core/pyjson.js';
import { isPlainObject, pyTruthy } from '../../../core/py-value.js';

// Our own wording; same request as upstream: a {"key_types": [...]} object listing the structs believed
// to have `key`, as fully qualified type strings, and nothing but JSON. Ends with a newline so the
// payload starts on its own line.
export const PHASE1_INSTRUCTIONS =
  'Below are the structs of a Sui Move package, with their abilities hidden. ' +
  'Work out which of them have the `key` ability.\n' +
  'Reply with one JSON object with a single key "key_types" whose value is an array of type strings ' +
  'of the form "0xADDR::module::Struct", naming only the structs you think have `key`.\n' +
  'Output valid JSON only, nothing else.\n';

/**
 * `--prompt-template FILE` for Phase I: the user's text with `{{package_id}}` and `{{payload}}` (the JSON
 * the built-in prompt shows: the package id and its structs with abilities removed).
 */
export const PHASE1_PLACEHOLDERS = ['package_id', 'payload'] as const;
const TEMPLATE_NAME = 'Phase I prompt template';

/** Throws a clear error when the template uses an unknown placeholder or a stray `{{`. */
export function checkPhase1Template(text: string): void {
  checkTemplate(text, PHASE1_PLACEHOLDERS, TEMPLATE_NAME);
}

export interface Phase1Prompt {
  prompt: string;
  structsIncluded: number;
  /** `0xADDR::module::Struct` of each struct shown, as the truth names them: the answer's vocabulary. */
  structNames: string[];
  /** Structs the prompt would show with no budget: what a budget cut from, when it did. */
  structsAvailable: number;
}

interface PromptField {
  name: string;
  type: unknown;
}

/**
 * At most `maxStructs` structs, in interface order. A module is listed only if it contributes a struct;
 * structs that are not objects or have no field list are skipped and not counted.
 */
export function buildPhase1Prompt(
  iface: unknown,
  maxStructs: number,
  template: string | null = null,
): Phase1Prompt {
  const root = isPlainObject(iface) ? iface : {};
  const modulesIn = isPlainObject(root['modules']) ? root['modules'] : {};
  const modulesOut: Record<string, { address: string; structs: Record<string, { fields: PromptField[] }> }> =
    {};
  let added = 0;
  const structNames: string[] = [];
  let structsAvailable = 0;

  for (const [moduleName, mod] of Object.entries(modulesIn)) {
    if (!isPlainObject(mod)) continue;
    const address = mod['address'];
    const structs = mod['structs'];
    if (typeof address !== 'string' || !isPlainObject(structs)) continue;
    const structsOut: Record<string, { fields: PromptField[] }> = {};
    let moduleHasStruct = false;
    for (const [structName, struct] of Object.entries(structs)) {
      if (!isPlainObject(struct) || !Array.isArray(struct['fields'])) continue;
      structsAvailable++;
      if (added >= maxStructs) continue;
      const fields: PromptField[] = [];
      for (const f of struct['fields']) {
        if (isPlainObject(f) && typeof f['name'] === 'string')
          fields.push({ name: f['name'], type: f['type'] ?? null });
      }
      defineEntry(structsOut, structName, { fields });
      structNames.push(`${address}::${moduleName}::${structName}`);
      moduleHasStruct = true;
      added++;
    }
    if (moduleHasStruct) defineEntry(modulesOut, moduleName, { address, structs: structsOut });
  }

  const packageId = pyTruthy(root['package_id']) ? String(root['package_id']) : '<unknown>';
  const payload = pyDumps(
    { modules: modulesOut, note: 'Struct abilities are intentionally omitted.', package_id: packageId },
    { indent: 2, sortKeys: true },
  );
  const prompt =
    template === null
      ? PHASE1_INSTRUCTIONS + payload
      : renderTemplate(template, { package_id: packageId, payload }, TEMPLATE_NAME);
  return { prompt, structsIncluded: added, structNames, structsAvailable };
}

// Names come from untrusted JSON: store "__proto__" as a plain key, never as the prototype.
function defineEntry<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
