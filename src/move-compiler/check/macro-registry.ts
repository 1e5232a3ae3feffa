// Where macro definitions come from: the package's own `macro fun`s, then the std macros this
// compiler bundles (dependencies arrive as bytecode, which keeps no macro).
import type { FunctionDecl, SourceFile } from '../ast.js';
import { DiagnosticBag } from '../diagnostics.js';
import { parseFile } from '../parser/index.js';
import { moduleKey, type ModuleId } from '../types.js';
import { fullHex } from './context.js';
import { STD_MACROS_FILE, STD_MACROS_SOURCE } from './std-macros.js';

export interface MacroDef {
  module: ModuleId;
  decl: FunctionDecl & { body: NonNullable<FunctionDecl['body']> };
  /** Bundled definitions have no source file of the package: their code takes the call's location. */
  bundled: boolean;
}

let bundled: Map<string, MacroDef> | undefined;

function bundledMacros(): Map<string, MacroDef> {
  if (bundled) return bundled;
  const bag = new DiagnosticBag();
  const file: SourceFile = parseFile(STD_MACROS_FILE, STD_MACROS_SOURCE, bag);
  const problem = bag.sorted()[0];
  if (problem) throw new Error(`bundled std macros do not parse: ${problem.primary.message}`);
  bundled = new Map();
  for (const module of file.modules) {
    const address =
      module.address.kind === 'named' && module.address.name === 'std' ? fullHex('1') : undefined;
    if (!address) throw new Error('bundled macros live in std');
    for (const member of module.members) {
      if (member.kind !== 'function' || !member.isMacro || !member.body) continue;
      const id = { address, name: module.name.value };
      bundled.set(`${moduleKey(id)}::${member.name.value}`, {
        module: id,
        decl: { ...member, body: member.body },
        bundled: true,
      });
    }
  }
  return bundled;
}

export class MacroRegistry {
  private readonly own = new Map<string, MacroDef>();

  add(module: ModuleId, decl: FunctionDecl): void {
    if (decl.body)
      this.own.set(`${moduleKey(module)}::${decl.name.value}`, {
        module,
        decl: { ...decl, body: decl.body },
        bundled: false,
      });
  }

  find(module: ModuleId, name: string): MacroDef | undefined {
    const key = `${moduleKey(module)}::${name}`;
    return this.own.get(key) ?? bundledMacros().get(key);
  }
}
