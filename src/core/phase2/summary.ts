// The interface as the planning prompt shows it (spec/harness.md §10.8): one line per function,
// entry functions first. `focused` shows what the model asked for with `need_more`.
import { pySplitlines, pyStrip, compareCodePoints } from '../py-string.js';
import { isRecord } from './json-copy.js';
import { jsonTypeToString } from './type-string.js';

export type SummaryMode = 'entry_then_public' | 'focused';

export interface SummaryOptions {
  mode: SummaryMode;
  /** `0xADDR::module::function` (that function) or `0xADDR::module` (the whole module); address ignored. */
  requestedTargets?: readonly string[];
}

const DOC_WIDTH = 80;
/** A whole-module request in `focused` mode. */
const WHOLE_MODULE = '*';

/** A function a transaction can call: public or entry, and not `init`. */
export function isCallable(name: string, f: Record<string, unknown>): boolean {
  return name !== 'init' && (f['visibility'] === 'public' || f['is_entry'] === true);
}

function requestedByModule(targets: readonly string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const t of targets) {
    const parts = t.split('::');
    if (parts.length < 2) continue;
    // Upstream dropped two-part requests; the prompt promises they show the whole module, so they do.
    const [module, fn] = parts.length === 2 ? [parts[1]!, WHOLE_MODULE] : [parts.at(-2)!, parts.at(-1)!];
    const set = out.get(module) ?? new Set<string>();
    set.add(fn);
    out.set(module, set);
  }
  return out;
}

const truthy = (v: unknown) => v !== undefined && v !== null && v !== false && v !== 0 && v !== '';

function signature(name: string, f: Record<string, unknown>): string {
  const vis = typeof f['visibility'] === 'string' ? f['visibility'] : 'private';
  const entry = f['is_entry'] === true ? ' entry' : '';
  const typeParams =
    Array.isArray(f['type_params']) && f['type_params'].length > 0
      ? `<${f['type_params'].length} type params>`
      : '';
  const params = Array.isArray(f['params']) ? f['params'].map(jsonTypeToString).join(', ') : '';
  return `  - ${vis}${entry} fun ${name}${typeParams}(${params})`;
}

function docLine(doc: unknown): string | null {
  if (typeof doc !== 'string' || doc === '') return null;
  const lines = pySplitlines(pyStrip(doc));
  const first = pyStrip(lines[0] ?? '');
  const more = lines.length > 1 || first.length > DOC_WIDTH;
  return `      // ${first.slice(0, DOC_WIDTH)}${more ? '...' : ''}`;
}

/** Upstream `summarize_interface` for the two modes the runner uses, lines joined by `\n`. */
export function summarizeInterface(iface: unknown, maxFunctions: number, options: SummaryOptions): string {
  return summarize(iface, maxFunctions, options).text;
}

/** `0xPACKAGE::module::function` of every function the summary shows, in its order. */
export function summarizedFunctions(iface: unknown, maxFunctions: number, options: SummaryOptions): string[] {
  return summarize(iface, maxFunctions, options).shown;
}

function summarize(
  iface: unknown,
  maxFunctions: number,
  options: SummaryOptions,
): { text: string; shown: string[] } {
  const shown: string[] = [];
  const modules = isRecord(iface) ? iface['modules'] : undefined;
  if (!isRecord(modules)) return { text: 'No modules found.', shown };
  const pkg =
    isRecord(iface) && typeof iface['package_id'] === 'string' && iface['package_id']
      ? iface['package_id']
      : '0x0';
  const focused = options.mode === 'focused';
  const requested = requestedByModule(options.requestedTargets ?? []);
  const out = [`Package: ${pkg}`, ''];
  let total = 0;
  for (const moduleName of Object.keys(modules).sort(compareCodePoints)) {
    if (total >= maxFunctions) break;
    const module = modules[moduleName];
    if (!isRecord(module) || !isRecord(module['functions'])) continue;
    const fns = Object.entries(module['functions']).filter((e): e is [string, Record<string, unknown>] =>
      isRecord(e[1]),
    );
    fns.sort(
      ([a, fa], [b, fb]) =>
        Number(!truthy(fa['is_entry'])) - Number(!truthy(fb['is_entry'])) || compareCodePoints(a, b),
    );
    const wanted = requested.get(moduleName);
    const lines: string[] = [];
    for (const [name, f] of fns) {
      if (total >= maxFunctions) break;
      const callable = isCallable(name, f);
      const show = focused
        ? wanted !== undefined && (wanted.has(name) || (wanted.has(WHOLE_MODULE) && callable))
        : callable;
      if (!show) continue;
      lines.push(signature(name, f));
      shown.push(`${pkg}::${moduleName}::${name}`);
      const doc = docLine(f['doc']);
      if (doc) lines.push(doc);
      total++;
    }
    if (lines.length > 0) out.push(`Module: ${moduleName}`, ...lines, '');
    else if (focused)
      out.push(`Module: ${moduleName}`, '  (No public/entry functions found in this module)', '');
  }
  if (total >= maxFunctions) out.push(`... (truncated after ${maxFunctions} functions)`);
  return { text: out.join('\n'), shown };
}
