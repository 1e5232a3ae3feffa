// Macro calls (`m::f!(...)`, `e.f!(...)`): the macro's body is copied with the call's arguments
// substituted (see macro-substitute.ts), then typed in place like code written at the call.
import type { Exp, Loc, TypeAst } from '../ast.js';
import { CODES } from '../codes.js';
import type { TExp, TStmt } from '../tir.js';
import type { Type } from '../types.js';
import { checkExp } from './exp.js';
import type { FunctionContext } from './function-context.js';
import type { MacroDef } from './macro-registry.js';
import { declaredNames, substitute, type MacroArgument } from './macro-substitute.js';

/** Deeper than this, a macro surely expands itself forever. */
const MAX_NESTING = 32;

const inferred = (loc: Loc): TypeAst => ({
  kind: 'apply',
  loc,
  path: { loc, parts: [{ value: '_', loc }] },
  typeArgs: [],
});

/** Reports and types the arguments alone, when the macro cannot be expanded. */
function recover(f: FunctionContext, args: Exp[], loc: Loc): TExp {
  args.filter((a) => a.kind !== 'lambda').forEach((a) => checkExp(f, a));
  return f.errorExp(loc);
}

/**
 * Expands `def` at a call. `args` are the written arguments (a method call's receiver first, already
 * bound to a hidden local by the caller), `nameLoc` where the macro's name is written.
 */
export function expandMacro(
  f: FunctionContext,
  def: MacroDef,
  args: Exp[],
  typeArgs: TypeAst[] | undefined,
  loc: Loc,
  nameLoc: Loc,
): TExp {
  const { decl } = def;
  const name = `${def.module.name}::${decl.name.value}!`;
  if (args.length !== decl.params.length) {
    const few = args.length < decl.params.length;
    f.ctx.report(
      few ? CODES.tooFewArguments : CODES.tooManyArguments,
      loc,
      `'${name}' takes ${decl.params.length} argument${decl.params.length === 1 ? '' : 's'}, ${args.length} given`,
    );
    return recover(f, args, loc);
  }
  if (typeArgs && typeArgs.length !== decl.typeParams.length) {
    f.ctx.report(
      typeArgs.length > decl.typeParams.length ? CODES.tooManyTypeArguments : CODES.tooFewTypeArguments,
      nameLoc,
      `'${name}' takes ${decl.typeParams.length} type arguments`,
    );
    return recover(f, args, loc);
  }
  if (f.macroSites.length >= MAX_NESTING) {
    f.ctx.report(CODES.unsupportedLanguageItem, loc, `'${name}' expands into itself too deeply`);
    return recover(f, args, loc);
  }
  for (const [i, arg] of args.entries()) {
    const isFunction = decl.params[i]!.type.kind === 'fun';
    if (isFunction !== (arg.kind === 'lambda')) {
      f.ctx.report(
        CODES.joinError,
        arg.loc,
        isFunction
          ? `'${name}' expects a lambda here`
          : 'a lambda can only be given for a parameter of function type',
      );
      return recover(f, args, loc);
    }
  }
  const relocate = def.bundled ? { relocateTo: loc } : {};
  const types = new Map(decl.typeParams.map((p, i) => [p.name.value, typeArgs?.[i] ?? inferred(loc)]));
  const typeOnly = {
    args: new Map<string, MacroArgument>(),
    types,
    renames: new Map<string, string>(),
    ...relocate,
  };
  const argumentsByName = new Map(
    decl.params.map((p, i): [string, MacroArgument] => [
      p.name.value,
      { exp: args[i]!, type: substitute(p.type, typeOnly) },
    ]),
  );
  const expansion = ++f.macroExpansions;
  const renames = new Map([...declaredNames(decl.body)].map((local) => [local, `${local}#${expansion}`]));
  const body = substitute(decl.body, { args: argumentsByName, types, renames, ...relocate });
  f.macroSites.push(loc);
  try {
    return checkExp(f, { ...body, loc });
  } finally {
    f.macroSites.pop();
  }
}

/**
 * `e.m!(args)`: the receiver, typed and adapted to the first parameter, is evaluated once into a hidden
 * local that the expansion names as its first argument.
 */
export function expandMethodMacro(
  f: FunctionContext,
  def: MacroDef,
  receiver: TExp,
  e: Exp & { kind: 'method_call' },
): TExp {
  const name = `%receiver#${++f.macroExpansions}`;
  const local = f.declareLocal(name, receiver.loc, receiver.type, false);
  const bind: TStmt = {
    kind: 'let',
    loc: receiver.loc,
    targets: [{ kind: 'local', loc: receiver.loc, local }],
    value: receiver,
  };
  const self: Exp = {
    kind: 'name',
    loc: receiver.loc,
    path: { loc: receiver.loc, parts: [{ value: name, loc: receiver.loc }] },
  };
  const expansion = expandMacro(f, def, [self, ...e.args], e.typeArgs, e.loc, e.method.loc);
  return { kind: 'block', loc: e.loc, type: expansion.type, stmts: [bind], result: expansion };
}

/** The shape a macro's first parameter asks of a receiver: a reference (which kind), or a value. */
export function receiverShape(def: MacroDef, f: FunctionContext): Type {
  const first = def.decl.params[0]?.type;
  if (first?.kind === 'ref') return { kind: 'ref', isMut: first.isMut, inner: f.subst.fresh() };
  return { kind: 'tuple', elems: [] };
}
