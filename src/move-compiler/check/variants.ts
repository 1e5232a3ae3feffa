// Enum variants in expressions: resolving `E::V`, `m::E::V`, `a::m::E::V` to a variant, and building
// a variant value (`E::V { f: x }`, `E::V(x)`, `E::V`).
import type { Exp, Loc, NameAccessChain, TypeAst } from '../ast.js';
import { CODES } from '../codes.js';
import type { TExp } from '../tir.js';
import type { ModuleId, Type } from '../types.js';
import { fullHex } from './context.js';
import { checkExp } from './exp.js';
import type { FunctionContext } from './function-context.js';
import { instantiate } from './infer.js';
import { reportArity } from './resolve-type.js';
import { sameModule, type ModuleScope } from './scope.js';
import type { EnumSig } from './signatures.js';

export interface VariantTarget {
  sig: EnumSig;
  /** Position of the variant in the enum's declaration. */
  variant: number;
}

/** The module a path's leading names denote, without reporting anything. */
function moduleOf(scope: ModuleScope, path: NameAccessChain, names: string[]): ModuleId | undefined {
  if (path.address)
    return names.length === 1
      ? { address: fullHex(path.address.value.toString(16)), name: names[0]! }
      : undefined;
  if (names.length === 1) return scope.moduleAlias(names[0]!);
  if (names.length === 2) {
    const address = scope.ctx.namedAddress(names[0]!);
    return address === undefined ? undefined : { address, name: names[1]! };
  }
  return undefined;
}

/** The enum named by all of `path` but its last name, if it is one. */
function enumOf(scope: ModuleScope, path: NameAccessChain): EnumSig | undefined {
  const names = path.parts.slice(0, -1).map((p) => p.value);
  const last = names.pop();
  if (last === undefined) return undefined;
  let module: ModuleId | undefined;
  let name = last;
  if (names.length === 0 && !path.address) {
    const alias = scope.memberAlias(last);
    module = alias?.module ?? scope.self;
    name = alias?.name ?? last;
  } else {
    module = moduleOf(scope, path, names);
  }
  const sig = module && scope.ctx.datatype(module, name);
  return sig?.kind === 'enum' ? sig : undefined;
}

/**
 * A path naming an enum variant; undefined when the path names no enum (nothing is reported then, so
 * the caller resolves it as usual). An unknown variant of a known enum is reported here (E03003).
 */
export function resolveVariant(
  scope: ModuleScope,
  path: NameAccessChain,
): VariantTarget | 'reported' | undefined {
  if (path.parts.length < 2) return undefined;
  const sig = enumOf(scope, path);
  if (!sig) return undefined;
  const name = path.parts[path.parts.length - 1]!.value;
  const variant = sig.variants.findIndex((v) => v.name === name);
  if (variant < 0) {
    scope.ctx.report(CODES.unboundModuleMember, path.loc, `enum '${sig.name}' has no variant '${name}'`);
    return 'reported';
  }
  return { sig, variant };
}

/** Type arguments of a variant's enum: written ones, or fresh variables for inference. */
export function variantTypeArgs(
  f: FunctionContext,
  sig: EnumSig,
  asts: TypeAst[] | undefined,
  loc: Loc,
): Type[] {
  if (!asts) return sig.typeParams.map(() => f.subst.fresh());
  const given = asts.map((a) => f.resolveTypeAst(a));
  if (given.length !== sig.typeParams.length)
    reportArity(f.scope, loc, sig.name, sig.typeParams.length, given.length);
  return sig.typeParams.map((_, i) => given[i] ?? f.subst.fresh());
}

/** Variants are built, unpacked and matched only in their enum's module (E04001 elsewhere). */
export function checkVariantAccess(f: FunctionContext, sig: EnumSig, loc: Loc, what: string): void {
  if (!sameModule(sig.module, f.scope.self)) {
    f.ctx.report(
      CODES.visibility,
      loc,
      `the variants of '${sig.name}' can only be ${what} in module '${sig.module.name}'`,
    );
  }
}

/**
 * Checks the written fields of a struct or variant pack against the declared ones: each value is
 * checked against its field's instantiated type; unknown and repeated fields are reported.
 */
export function checkFieldValues(
  f: FunctionContext,
  written: { name: string; loc: Loc; value: Exp }[],
  declared: readonly { name: string; type: Type }[],
  typeArgs: Type[],
  ownerName: string,
): { fields: { index: number; value: TExp }[]; given: Set<number> } {
  const fields: { index: number; value: TExp }[] = [];
  const given = new Set<number>();
  for (const field of written) {
    const value = checkExp(f, field.value);
    const index = declared.findIndex((d) => d.name === field.name);
    if (index < 0) {
      f.ctx.report(CODES.unboundField, field.loc, `'${ownerName}' has no field '${field.name}'`);
      continue;
    }
    if (given.has(index))
      f.ctx.report(CODES.duplicateItem, field.loc, `field '${field.name}' is given twice`);
    given.add(index);
    fields.push({
      index,
      value: f.expect(
        value,
        instantiate(declared[index]!.type, typeArgs),
        `invalid value for field '${field.name}'`,
      ),
    });
  }
  return { fields, given };
}

/** `E::V { f: x }` (named fields), `E::V(x)` (positional, `pos0`...) or `E::V` (no fields). */
export function checkPackVariant(
  f: FunctionContext,
  target: VariantTarget,
  path: NameAccessChain,
  typeArgAsts: TypeAst[] | undefined,
  written: { name: string; loc: Loc; value: Exp }[],
  loc: Loc,
): TExp {
  const { sig, variant } = target;
  checkVariantAccess(f, sig, path.loc, 'created');
  const typeArgs = variantTypeArgs(f, sig, typeArgAsts, path.loc);
  sig.typeParams.forEach((p, i) =>
    f.requireAbilities(typeArgs[i]!, p.constraints, loc, `a type argument of '${sig.name}'`),
  );
  const declared = sig.variants[variant]!.fields;
  const variantName = `${sig.name}::${sig.variants[variant]!.name}`;
  const { fields, given } = checkFieldValues(f, written, declared, typeArgs, variantName);
  const missing = declared.filter((_, i) => !given.has(i)).map((d) => `'${d.name}'`);
  if (missing.length > 0) {
    f.ctx.report(
      CODES.tooFewArguments,
      loc,
      `missing field${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of '${variantName}'`,
    );
  }
  const type: Type = { kind: 'datatype', module: sig.module, name: sig.name, args: typeArgs };
  const enumRef = { module: sig.module, name: sig.name };
  return { kind: 'pack_variant', loc, type, variant: { enum: enumRef, variant }, typeArgs, fields };
}
