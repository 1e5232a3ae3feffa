// The target's bytecode interface as Move declarations, for a model that will write Move against it: every
// struct with its abilities, type parameters and fields, and every function a helper package can call
// (public, or entry) with parameter and return types. Private and package functions are left out: a
// helper could not call them. Pure.
import { isRecord } from '../../../core/phase2/json-copy.js';

/** Lines shown at most; big packages (the framework) are cut, saying so. */
export const MAX_SUMMARY_LINES = 2500;

/** `0x2` for the framework's `0x00…02`: shorter prompts, and how Move source writes addresses. */
function shortAddress(address: unknown): string {
  const digits = String(address).replace(/^0x/, '').replace(/^0+/, '');
  return `0x${digits || '0'}`;
}

function typeText(t: unknown, params: readonly string[]): string {
  if (!isRecord(t)) return '?';
  switch (t['kind']) {
    case 'vector':
      return `vector<${typeText(t['type'], params)}>`;
    case 'ref':
      return `${t['mutable'] === true ? '&mut ' : '&'}${typeText(t['to'], params)}`;
    case 'type_param':
      return params[Number(t['index'])] ?? `T${String(t['index'])}`;
    case 'datatype': {
      const args = Array.isArray(t['type_args']) ? t['type_args'] : [];
      const name = `${shortAddress(t['address'])}::${String(t['module'])}::${String(t['name'])}`;
      return args.length > 0 ? `${name}<${args.map((a) => typeText(a, params)).join(', ')}>` : name;
    }
    default:
      return typeof t['kind'] === 'string' ? t['kind'] : '?';
  }
}

function typeParams(raw: unknown, phantomAllowed: boolean): { names: string[]; text: string } {
  const list = Array.isArray(raw) ? raw : [];
  const names = list.map((_, i) => `T${i}`);
  if (list.length === 0) return { names, text: '' };
  const parts = list.map((p, i) => {
    const constraints = isRecord(p) && Array.isArray(p['constraints']) ? p['constraints'] : [];
    const phantom = phantomAllowed && isRecord(p) && p['is_phantom'] === true ? 'phantom ' : '';
    return `${phantom}${names[i]}${constraints.length > 0 ? `: ${constraints.join(' + ')}` : ''}`;
  });
  return { names, text: `<${parts.join(', ')}>` };
}

function structLines(name: string, s: Record<string, unknown>): string[] {
  const { names, text } = typeParams(s['type_params'], true);
  const abilities = Array.isArray(s['abilities']) ? s['abilities'] : [];
  const has = abilities.length > 0 ? ` has ${abilities.join(', ')}` : '';
  const fields = Array.isArray(s['fields']) ? s['fields'].filter(isRecord) : [];
  const body = fields.map((f) => `${String(f['name'])}: ${typeText(f['type'], names)}`).join(', ');
  return [`  public struct ${name}${text}${has} { ${body} }`];
}

function functionLine(name: string, f: Record<string, unknown>): string | null {
  const visibility = f['visibility'];
  const entry = f['is_entry'] === true;
  if (visibility !== 'public' && !entry) return null;
  const { names, text } = typeParams(f['type_params'], false);
  const params = (Array.isArray(f['params']) ? f['params'] : []).map((p) => typeText(p, names));
  const returns = (Array.isArray(f['returns']) ? f['returns'] : []).map((r) => typeText(r, names));
  const ret =
    returns.length === 0 ? '' : returns.length === 1 ? `: ${returns[0]}` : `: (${returns.join(', ')})`;
  const prefix = `${visibility === 'public' ? 'public ' : ''}${entry ? 'entry ' : ''}`;
  return `  ${prefix}fun ${name}${text}(${params.join(', ')})${ret}`;
}

/** The summary text: `module 0xADDR::name {` blocks, cut at MAX_SUMMARY_LINES. */
/**
 * Where the target's modules live, which `target_pkg` names: the modules' own address (an upgraded
 * package keeps its original id there), else the package id.
 */
export function targetAddressOf(iface: unknown): string {
  const modules = isRecord(iface) && isRecord(iface['modules']) ? Object.values(iface['modules']) : [];
  const first = modules.find(isRecord);
  if (first && typeof first['address'] === 'string') return first['address'];
  return isRecord(iface) && typeof iface['package_id'] === 'string' ? iface['package_id'] : '0x?';
}

export function helperInterfaceSummary(iface: unknown, maxLines = MAX_SUMMARY_LINES): string {
  const modules = isRecord(iface) && isRecord(iface['modules']) ? iface['modules'] : {};
  const address = targetAddressOf(iface);
  const lines: string[] = [];
  for (const moduleName of Object.keys(modules).sort()) {
    const m = modules[moduleName];
    if (!isRecord(m)) continue;
    lines.push(`module ${address}::${moduleName} {`);
    const structs = isRecord(m['structs']) ? m['structs'] : {};
    for (const name of Object.keys(structs).sort()) {
      const s = structs[name];
      if (isRecord(s)) lines.push(...structLines(name, s));
    }
    const functions = isRecord(m['functions']) ? m['functions'] : {};
    for (const name of Object.keys(functions).sort()) {
      const f = functions[name];
      const line = isRecord(f) ? functionLine(name, f) : null;
      if (line) lines.push(line);
    }
    lines.push('}');
  }
  if (lines.length <= maxLines) return lines.join('\n');
  return [...lines.slice(0, maxLines), `… (${lines.length - maxLines} more lines not shown)`].join('\n');
}
