// Sui E04018: a struct may not contain itself, directly or through other structs of its module (a
// value of it would be infinite). Reported once per cycle, at the field type that closes it.
import type { Loc, ModuleDecl, StructDecl, TypeAst } from '../ast.js';
import { CODES } from '../codes.js';
import type { TStruct } from '../tir.js';
import type { Type } from '../types.js';
import type { ModuleScope } from './scope.js';
import { sameModule } from './scope.js';

/** For each struct, the structs of the same module its fields contain, with the first place of each. */
type Neighbors = Map<string, Map<string, Loc>>;

function fieldTypeAsts(decl: StructDecl): TypeAst[] {
  if (decl.fields.kind === 'named') return decl.fields.fields.map((f) => f.type);
  return decl.fields.kind === 'positional' ? decl.fields.types : [];
}

/** Walks a written type with its resolved form, to know where each contained struct is written. */
function collectUses(scope: ModuleScope, ast: TypeAst, type: Type, into: Map<string, Loc>): void {
  if (ast.kind !== 'apply') return;
  if (type.kind === 'datatype' && sameModule(type.module, scope.self) && !into.has(type.name))
    into.set(type.name, ast.loc);
  const args = type.kind === 'datatype' ? type.args : type.kind === 'vector' ? [type.elem] : [];
  args.forEach((arg, i) => {
    const argAst = ast.typeArgs[i];
    if (argAst) collectUses(scope, argAst, arg, into);
  });
}

export function checkRecursiveStructs(scope: ModuleScope, module: ModuleDecl, structs: TStruct[]): void {
  const neighbors: Neighbors = new Map();
  for (const decl of module.members) {
    if (decl.kind !== 'struct') continue;
    const struct = structs.find((s) => s.name === decl.name.value);
    if (!struct) continue;
    const uses = new Map<string, Loc>();
    fieldTypeAsts(decl).forEach((ast, i) => {
      const field = struct.fields[i];
      if (field) collectUses(scope, ast, field.type, uses);
    });
    neighbors.set(decl.name.value, uses);
  }
  const inReportedCycle = new Set<string>();
  for (const start of neighbors.keys()) {
    if (inReportedCycle.has(start)) continue;
    const cycle = cycleFrom(neighbors, start);
    if (!cycle) continue;
    cycle.forEach((name) => inReportedCycle.add(name));
    const next = cycle[1 % cycle.length]!;
    scope.ctx.report(
      CODES.cyclicData,
      neighbors.get(start)!.get(next)!,
      `'${start}' contains '${next}', which makes a cycle: ${[...cycle, start].map((n) => `'${n}'`).join(' contains ')}`,
    );
  }
}

/** A path of structs from `start` back to `start`, if there is one. */
function cycleFrom(neighbors: Neighbors, start: string): string[] | undefined {
  const visited = new Set<string>();
  const path: string[] = [];
  const visit = (name: string): boolean => {
    path.push(name);
    for (const next of neighbors.get(name)?.keys() ?? []) {
      if (next === start) return true;
      if (visited.has(next)) continue;
      visited.add(next);
      if (visit(next)) return true;
    }
    path.pop();
    return false;
  };
  return visit(start) ? path : undefined;
}
