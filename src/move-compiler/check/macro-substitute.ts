// The syntactic side of a macro call: a copy of the macro's body with its `$` parameters replaced by
// the call's arguments (by name: an argument is evaluated where, and as often as, its parameter is
// used), calls of lambda parameters replaced by the lambda's body under `let`s of its parameters,
// `$T` type parameters replaced by the call's type arguments (or `_`), and the body's own locals
// renamed apart so that they cannot capture, or be captured by, names of the caller's arguments.
import type { Exp, Loc, Name, Pattern, Statement, TypeAst } from '../ast.js';

export interface MacroArgument {
  exp: Exp;
  /** The parameter's declared type with `$T`s replaced, used to check a by-name argument where it lands. */
  type?: TypeAst;
}

export interface Substitution {
  args: Map<string, MacroArgument>;
  types: Map<string, TypeAst>;
  /** Local names declared by the body -> their renamed form. */
  renames: Map<string, string>;
  /** Every location of the copy becomes this one (bundled macros have no source of their own). */
  relocateTo?: Loc;
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/** The single unqualified name of a path, if that is all it is. */
function soleName(path: unknown): string | undefined {
  if (!isNode(path) || path['address'] !== undefined) return undefined;
  const parts = path['parts'];
  if (!Array.isArray(parts) || parts.length !== 1) return undefined;
  const part: unknown = parts[0];
  return isNode(part) && typeof part['value'] === 'string' ? part['value'] : undefined;
}

/** Every name a body declares as a local: `let` patterns, lambda parameters, match binders. */
export function declaredNames(body: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(body)) body.forEach((item) => declaredNames(item, into));
  if (!isNode(body)) return into;
  if ((body['kind'] === 'var' || body['kind'] === 'at') && isNode(body['name'])) {
    into.add(String(body['name']['value']));
  }
  for (const [key, value] of Object.entries(body)) if (key !== 'loc') declaredNames(value, into);
  return into;
}

export function substitute<T>(node: T, s: Substitution): T {
  return copy(node, s) as T;
}

function copy(node: unknown, s: Substitution): unknown {
  if (Array.isArray(node)) return node.map((item) => copy(item, s));
  if (!isNode(node)) return node;
  const replaced = replace(node, s);
  if (replaced !== undefined) return replaced;
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'loc' || key === 'opLoc' ? (s.relocateTo ?? value) : copy(value, s);
  }
  return out;
}

function renamed(name: Name, s: Substitution): Name {
  return { value: s.renames.get(name.value) ?? name.value, loc: s.relocateTo ?? name.loc };
}

/** The nodes a macro call changes; undefined for the ones copied as they are. */
function replace(node: Node, s: Substitution): unknown {
  switch (node['kind']) {
    case 'name': {
      const name = soleName(node['path']);
      if (name === undefined || node['typeArgs'] !== undefined) return undefined;
      const arg = s.args.get(name);
      if (arg) return byName(arg, s);
      const renamedTo = s.renames.get(name);
      if (renamedTo === undefined) return undefined;
      const path = node['path'] as { loc: Loc; parts: Name[] };
      return {
        ...node,
        loc: s.relocateTo ?? node['loc'],
        path: { loc: s.relocateTo ?? path.loc, parts: [renamed(path.parts[0]!, s)] },
      };
    }
    case 'var':
    case 'at':
    case 'move':
    case 'copy': {
      const rest = copyFields(node, s, ['name']);
      return { ...rest, name: renamed(node['name'] as Name, s) };
    }
    case 'call': {
      const name = soleName(node['path']);
      const arg = name === undefined || node['isMacro'] ? undefined : s.args.get(name);
      if (!arg) return undefined;
      return applyLambda(arg.exp, copy(node['args'], s) as Exp[], (s.relocateTo ?? node['loc']) as Loc);
    }
    case 'apply': {
      const name = soleName(node['path']);
      const type = name === undefined ? undefined : s.types.get(name);
      return type;
    }
    default:
      return undefined;
  }
}

function copyFields(node: Node, s: Substitution, skip: string[]): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (skip.includes(key)) continue;
    out[key] = key === 'loc' ? (s.relocateTo ?? value) : copy(value, s);
  }
  return out;
}

/** A by-name argument where its parameter is used: checked against the parameter's type when known. */
function byName(arg: MacroArgument, s: Substitution): Exp {
  const loc = s.relocateTo ?? arg.exp.loc;
  if (!arg.type || arg.exp.kind === 'lambda' || mentionsInferred(arg.type)) return arg.exp;
  return { kind: 'annot', loc, exp: arg.exp, type: arg.type };
}

/** `_` can only stand for a whole type or a direct type argument, so such annotations are left out. */
function mentionsInferred(type: TypeAst): boolean {
  switch (type.kind) {
    case 'apply':
      return soleName(type.path) === '_' || type.typeArgs.some(mentionsInferred);
    case 'ref':
      return mentionsInferred(type.inner);
    case 'tuple':
      return type.elems.some(mentionsInferred);
    case 'fun':
      return true;
  }
}

/** `$f(a, b)` with `$f` bound to `|x, y| body`: `{ let x = a; let y = b; body }`. */
function applyLambda(lambda: Exp, args: Exp[], loc: Loc): Exp {
  if (lambda.kind !== 'lambda') {
    // Not a lambda: leave a call the checker reports (only lambdas can be called this way).
    return {
      kind: 'call',
      loc,
      path: { loc, parts: [{ value: '$not_a_lambda', loc }] },
      isMacro: false,
      args,
    };
  }
  const stmts: Statement[] = lambda.params.map((param, i) => {
    const value = args[i] ?? { kind: 'tuple', loc, elems: [] };
    const binding: Statement = { kind: 'let', loc, pattern: param.pattern as Pattern, value };
    return param.type ? { ...binding, type: param.type } : binding;
  });
  return { kind: 'block', loc, stmts, result: lambda.body };
}
