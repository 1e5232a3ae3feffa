// Types as written -> semantic types, with arity and ability-constraint checks on type arguments.
import type { Loc, TypeAst } from '../ast.js';
import { CODES } from '../codes.js';
import { prim, type Abilities, type PrimitiveName, type Type } from '../types.js';
import { abilitiesOf, abilityNames } from './abilities.js';
import { ERROR_TYPE, showType } from './infer.js';
import type { ModuleScope } from './scope.js';
import type { DatatypeTypeParam } from './signatures.js';

export interface TypeParamScope {
  names: Map<string, number>;
  constraints: Abilities[];
}

export const NO_TYPE_PARAMS: TypeParamScope = { names: new Map(), constraints: [] };

const PRIMITIVE_NAMES = new Set<string>([
  'bool',
  'u8',
  'u16',
  'u32',
  'u64',
  'u128',
  'u256',
  'address',
  'signer',
]);

export function resolveType(scope: ModuleScope, params: TypeParamScope, ast: TypeAst): Type {
  switch (ast.kind) {
    case 'ref':
      return { kind: 'ref', isMut: ast.isMut, inner: resolveType(scope, params, ast.inner) };
    case 'tuple':
      return { kind: 'tuple', elems: ast.elems.map((e) => resolveType(scope, params, e)) };
    case 'fun':
      scope.ctx.report(
        CODES.unsupportedLanguageItem,
        ast.loc,
        'a function type can only be the type of a macro parameter',
      );
      return ERROR_TYPE;
    case 'apply':
      return resolveApply(scope, params, ast);
  }
}

function resolveApply(scope: ModuleScope, params: TypeParamScope, ast: TypeAst & { kind: 'apply' }): Type {
  const args = ast.typeArgs.map((a) => resolveType(scope, params, a));
  const single = ast.path.parts.length === 1 && !ast.path.address ? ast.path.parts[0]!.value : undefined;
  if (single !== undefined) {
    const index = params.names.get(single);
    if (index !== undefined) return noTypeArgs(scope, ast, { kind: 'param', index, name: single });
    if (PRIMITIVE_NAMES.has(single)) return noTypeArgs(scope, ast, prim(single as PrimitiveName));
    if (single === 'vector') {
      if (args.length !== 1) {
        reportArity(scope, ast.loc, 'vector', 1, args.length);
        return ERROR_TYPE;
      }
      return { kind: 'vector', elem: args[0]! };
    }
  }
  const member = scope.resolveMember(ast.path);
  if (!member) return ERROR_TYPE;
  const sig = scope.ctx.datatype(member.module, member.name);
  if (!sig) {
    scope.ctx.report(
      CODES.unboundType,
      ast.path.loc,
      `unbound type '${member.name}' in module '${member.module.name}'`,
    );
    return ERROR_TYPE;
  }
  if (args.length !== sig.typeParams.length) {
    reportArity(scope, ast.loc, sig.name, sig.typeParams.length, args.length);
    return ERROR_TYPE;
  }
  const type: Type = { kind: 'datatype', module: sig.module, name: sig.name, args };
  checkTypeArgConstraints(
    scope,
    params.constraints,
    sig.typeParams,
    args,
    ast.typeArgs.map((a) => a.loc),
    sig.name,
  );
  return type;
}

function noTypeArgs(scope: ModuleScope, ast: TypeAst & { kind: 'apply' }, type: Type): Type {
  if (ast.typeArgs.length > 0) {
    scope.ctx.report(CODES.tooManyTypeArguments, ast.loc, `'${showType(type)}' takes no type arguments`);
  }
  return type;
}

export function reportArity(
  scope: ModuleScope,
  loc: Loc,
  name: string,
  expected: number,
  given: number,
): void {
  const code = given > expected ? CODES.tooManyTypeArguments : CODES.tooFewTypeArguments;
  scope.ctx.report(
    code,
    loc,
    `'${name}' takes ${expected} type argument${expected === 1 ? '' : 's'}, ${given} given`,
  );
}

/** E05001 for each argument lacking an ability its parameter requires. */
export function checkTypeArgConstraints(
  scope: ModuleScope,
  contextConstraints: readonly Abilities[],
  typeParams: readonly Pick<DatatypeTypeParam, 'constraints'>[],
  args: readonly Type[],
  argLocs: readonly Loc[],
  ownerName: string,
  fallbackLoc?: Loc,
): void {
  const lookup = (m: { address: string; name: string }, n: string) => scope.ctx.datatype(m, n);
  args.forEach((arg, i) => {
    const required = typeParams[i]?.constraints ?? 0;
    if (!required) return;
    const missing = required & ~abilitiesOf(arg, contextConstraints, lookup);
    if (!missing) return;
    const loc = argLocs[i] ?? fallbackLoc;
    if (!loc) return;
    scope.ctx.report(
      CODES.abilityConstraint,
      loc,
      `'${showType(arg)}' lacks ${abilityNames(missing)
        .map((a) => `'${a}'`)
        .join(', ')}, required by a type parameter of '${ownerName}'`,
    );
  });
}
