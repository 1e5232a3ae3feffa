// Declarations of the package's own modules: their signatures (so every module can refer to every
// other) and the rules on struct declarations.
import type {
  Attribute,
  DatatypeFields,
  EnumDecl,
  FieldDecl,
  FunctionDecl,
  ModuleDecl,
  Name,
  StructDecl,
  TypeAst,
  TypeParamDecl,
} from '../ast.js';
import { CODES } from '../codes.js';
import { parseNumberLiteral } from '../parser/literals.js';
import type { TEnum, TStruct, TTypeParam } from '../tir.js';
import { COPY, DROP, KEY, STORE, type Abilities, type Type } from '../types.js';
import { ABILITY_BY_NAME, abilitiesOf, abilityNames } from './abilities.js';
import type { PackageContext } from './context.js';
import { showType } from './infer.js';
import { resolveType, type TypeParamScope } from './resolve-type.js';
import type { ModuleScope } from './scope.js';
import {
  emptyModuleSig,
  type DatatypeSig,
  type EnumSig,
  type FunctionSig,
  type FunctionVisibility,
  type ModuleSig,
  type StructSig,
} from './signatures.js';

export function abilitiesFromNames(ctx: PackageContext, names: Name[]): Abilities {
  let mask = 0;
  for (const name of names) {
    const ability = ABILITY_BY_NAME[name.value];
    if (ability === undefined) {
      ctx.report(
        CODES.unexpectedToken,
        name.loc,
        `'${name.value}' is not an ability (copy, drop, store, key)`,
      );
      continue;
    }
    if (mask & ability) ctx.report(CODES.duplicateItem, name.loc, `ability '${name.value}' is listed twice`);
    mask |= ability;
  }
  return mask;
}

export function typeParamScope(ctx: PackageContext, params: TypeParamDecl[]): TypeParamScope {
  const names = new Map<string, number>();
  params.forEach((p, i) => {
    if (names.has(p.name.value))
      ctx.report(CODES.duplicateItem, p.name.loc, `duplicate type parameter '${p.name.value}'`);
    names.set(p.name.value, i);
  });
  return { names, constraints: params.map((p) => abilitiesFromNames(ctx, p.constraints)) };
}

/** The parts of a datatype's signature that structs and enums share, read from its declaration. */
function datatypeHeader(
  ctx: PackageContext,
  id: { address: string; name: string },
  member: StructDecl | EnumDecl,
) {
  return {
    module: id,
    name: member.name.value,
    abilities: abilitiesFromNames(ctx, member.abilities),
    typeParams: member.typeParams.map((p) => ({
      constraints: abilitiesFromNames(ctx, p.constraints),
      isPhantom: p.isPhantom,
    })),
  };
}

/** Pass 1: every item's name, with datatype headers, so later passes can resolve any reference. */
export function declareModule(
  ctx: PackageContext,
  id: { address: string; name: string },
  decl: ModuleDecl,
): ModuleSig {
  const sig = emptyModuleSig(id);
  const seen = new Map<string, Name>();
  for (const member of decl.members) {
    if (member.kind === 'use' || member.kind === 'use_fun' || member.kind === 'friend') continue;
    const name = member.name;
    const earlier = seen.get(name.value);
    if (earlier) {
      ctx.report(CODES.duplicateItem, name.loc, `duplicate declaration of '${name.value}'`, [
        { loc: earlier.loc, message: 'first declared here' },
      ]);
      continue;
    }
    seen.set(name.value, name);
    if (member.kind === 'struct') {
      sig.datatypes.set(name.value, {
        kind: 'struct',
        ...datatypeHeader(ctx, id, member),
        fields: member.isNative ? null : [],
        isPositional: member.fields.kind === 'positional',
      });
    } else if (member.kind === 'enum') {
      sig.datatypes.set(name.value, {
        kind: 'enum',
        ...datatypeHeader(ctx, id, member),
        variants: [],
      });
    } else if (member.kind === 'function') {
      sig.functions.set(name.value, {
        module: id,
        name: name.value,
        visibility: visibilityOf(member),
        isEntry: member.isEntry,
        typeParams: [],
        params: [],
        returns: [],
        isMacro: member.isMacro,
      });
    } else {
      const error = errorAttribute(ctx, member.attributes);
      sig.constants.set(name.value, {
        module: id,
        name: name.value,
        type: { kind: 'tuple', elems: [] },
        ...(error ? { error } : {}),
      });
    }
  }
  return sig;
}

/**
 * `#[error]` or `#[error(code = n)]` on a constant. The code is the clever abort code's one byte: a number
 * literal (separators, hex, a `u8` suffix) of at most 255; anything else is reported, not dropped.
 */
function errorAttribute(ctx: PackageContext, attributes: Attribute[]): { code?: number } | undefined {
  const attribute = attributes.find((a) => a.name.value === 'error');
  if (!attribute) return undefined;
  const written = attribute.args.find((a) => a.name.value === 'code')?.args[0]?.name;
  if (written === undefined) return {};
  if (!/^(0x[0-9a-fA-F_]+|[0-9][0-9_]*)(u\d+)?$/.test(written.value)) {
    ctx.report(
      CODES.invalidAttribute,
      written.loc,
      `Expected a u8 number literal for the error code, found '${written.value}'`,
    );
    return {};
  }
  const literal = parseNumberLiteral(written.value, written.loc, ctx.bag);
  if (literal.value > 255n || (literal.suffix !== undefined && literal.suffix !== 'u8')) {
    ctx.report(CODES.invalidAttribute, written.loc, `The error code must be a u8, found '${written.value}'`);
    return {};
  }
  return { code: Number(literal.value) };
}

export function visibilityOf(decl: FunctionDecl): FunctionVisibility {
  return decl.visibility === 'friend' ? 'package' : decl.visibility;
}

/** Pass 2: field types, function signatures and constant types. Returns the datatypes for the output. */
export function resolveModuleSignatures(
  scope: ModuleScope,
  sig: ModuleSig,
  decl: ModuleDecl,
): { structs: TStruct[]; enums: TEnum[] } {
  const structs: TStruct[] = [];
  const enums: TEnum[] = [];
  for (const member of decl.members) {
    if (member.kind === 'struct') {
      const struct = sig.datatypes.get(member.name.value);
      if (struct?.kind === 'struct') structs.push(resolveStruct(scope, struct, member));
    } else if (member.kind === 'enum') {
      const enumSig = sig.datatypes.get(member.name.value);
      if (enumSig?.kind === 'enum') enums.push(resolveEnum(scope, enumSig, member));
    } else if (member.kind === 'function') {
      const fn = sig.functions.get(member.name.value);
      // A macro has no signature of its own: it is typed where it is expanded.
      if (fn && !member.isMacro) resolveFunctionSig(scope, fn, member);
    } else if (member.kind === 'constant') {
      const constant = sig.constants.get(member.name.value);
      if (constant) constant.type = resolveType(scope, { names: new Map(), constraints: [] }, member.type);
    }
  }
  return { structs, enums };
}

function resolveFunctionSig(scope: ModuleScope, fn: FunctionSig, decl: FunctionDecl): void {
  const params = typeParamScope(scope.ctx, decl.typeParams);
  fn.typeParams = decl.typeParams.map((p, i) => ({
    name: p.name.value,
    constraints: params.constraints[i] ?? 0,
  }));
  fn.params = decl.params.map((p) => resolveType(scope, params, p.type));
  fn.returns = decl.returnType ? flattenTuple(resolveType(scope, params, decl.returnType)) : [];
}

export function flattenTuple(type: Type): Type[] {
  return type.kind === 'tuple' ? type.elems : [type];
}

function positionalFields(fields: DatatypeFields): { name: string; loc: FieldDecl['loc']; type: TypeAst }[] {
  if (fields.kind === 'named')
    return fields.fields.map((f) => ({ name: f.name.value, loc: f.name.loc, type: f.type }));
  if (fields.kind === 'positional')
    return fields.types.map((type, i) => ({ name: `pos${i}`, loc: type.loc, type }));
  return [];
}

/** The fields of a struct or of one enum variant, with their types resolved and checked. */
function resolveFields(
  scope: ModuleScope,
  sig: DatatypeSig,
  decl: StructDecl | EnumDecl,
  written: DatatypeFields,
  params: TypeParamScope,
): TStruct['fields'] {
  const phantoms = new Set(decl.typeParams.flatMap((p, i) => (p.isPhantom ? [i] : [])));
  const fields: TStruct['fields'] = [];
  const seen = new Set<string>();
  for (const field of positionalFields(written)) {
    if (seen.has(field.name))
      scope.ctx.report(CODES.duplicateItem, field.loc, `duplicate field '${field.name}'`);
    seen.add(field.name);
    const type = resolveType(scope, params, field.type);
    if (type.kind === 'ref' || type.kind === 'tuple') {
      scope.ctx.report(
        CODES.expectedBaseType,
        field.type.loc,
        'a field must have a single non-reference type',
      );
    }
    checkPhantomPositions(scope, field.type, type, phantoms, false);
    checkFieldAbilities(scope, sig, type, params, field.type.loc);
    fields.push({ name: field.name, type, loc: field.loc });
  }
  return fields;
}

function typeParamsOf(decl: StructDecl | EnumDecl, params: TypeParamScope): TTypeParam[] {
  return decl.typeParams.map((p, i) => ({
    name: p.name.value,
    constraints: params.constraints[i] ?? 0,
    isPhantom: p.isPhantom,
  }));
}

function resolveStruct(scope: ModuleScope, sig: StructSig, decl: StructDecl): TStruct {
  const params = typeParamScope(scope.ctx, decl.typeParams);
  const fields = resolveFields(scope, sig, decl, decl.fields, params);
  if (!decl.isNative) sig.fields = fields.map((f) => ({ name: f.name, type: f.type }));
  checkObjectId(scope, sig, decl, fields);
  const typeParams = typeParamsOf(decl, params);
  return {
    name: sig.name,
    loc: decl.loc,
    abilities: sig.abilities,
    typeParams,
    fields,
    isNative: decl.isNative,
  };
}

/** An enum: its variants' fields, and Sui's rules (at least one variant, no `key`). */
function resolveEnum(scope: ModuleScope, sig: EnumSig, decl: EnumDecl): TEnum {
  const params = typeParamScope(scope.ctx, decl.typeParams);
  if (sig.abilities & KEY) {
    const key = decl.abilities.find((a) => a.value === 'key');
    scope.ctx.report(CODES.invalidEnum, key?.loc ?? decl.name.loc, "an enum cannot have the 'key' ability");
  }
  if (decl.variants.length === 0)
    scope.ctx.report(
      CODES.invalidEnum,
      decl.name.loc,
      `enum '${sig.name}' must declare at least one variant`,
    );
  const seen = new Set<string>();
  const variants = decl.variants.map((variant) => {
    if (seen.has(variant.name.value))
      scope.ctx.report(CODES.duplicateItem, variant.name.loc, `duplicate variant '${variant.name.value}'`);
    seen.add(variant.name.value);
    const fields = resolveFields(scope, sig, decl, variant.fields, params);
    return {
      name: variant.name.value,
      loc: variant.loc,
      fields: fields.map((f) => ({ name: f.name, type: f.type })),
    };
  });
  sig.variants = variants.map((v) => ({ name: v.name, fields: v.fields }));
  return {
    name: sig.name,
    loc: decl.loc,
    abilities: sig.abilities,
    typeParams: typeParamsOf(decl, params),
    variants,
  };
}

/**
 * A phantom type parameter may only appear as a phantom argument of another datatype (E02013), reported
 * at that use of the parameter: the written type is walked alongside its resolved form.
 */
function checkPhantomPositions(
  scope: ModuleScope,
  ast: TypeAst,
  type: Type,
  phantoms: Set<number>,
  inPhantom: boolean,
): void {
  switch (type.kind) {
    case 'param':
      if (phantoms.has(type.index) && !inPhantom) {
        scope.ctx.report(
          CODES.invalidPhantomUse,
          ast.loc,
          `phantom type parameter '${type.name}' is used in a non-phantom position`,
        );
      }
      return;
    case 'vector':
      if (ast.kind === 'apply' && ast.typeArgs[0])
        checkPhantomPositions(scope, ast.typeArgs[0], type.elem, phantoms, false);
      return;
    case 'datatype': {
      if (ast.kind !== 'apply') return;
      const sig = scope.ctx.datatype(type.module, type.name);
      type.args.forEach((arg, i) => {
        const argAst = ast.typeArgs[i];
        if (argAst)
          checkPhantomPositions(scope, argAst, arg, phantoms, sig?.typeParams[i]?.isPhantom ?? false);
      });
      return;
    }
    default:
      return;
  }
}

/** Each field must have the abilities the struct declares (key needs store in its fields). */
function checkFieldAbilities(
  scope: ModuleScope,
  sig: DatatypeSig,
  type: Type,
  params: TypeParamScope,
  loc: FieldDecl['loc'],
): void {
  // A generic struct's abilities hold only for arguments that have them, so every type parameter counts
  // as having every ability here (phantom ones never appear in values at all).
  const constraints = params.constraints.map(() => COPY | DROP | STORE | KEY);
  const has = abilitiesOf(type, constraints, (m, n) => scope.ctx.datatype(m, n));
  let required = sig.abilities & ~KEY;
  if (sig.abilities & KEY) required |= 4;
  const missing = required & ~has;
  if (missing) {
    scope.ctx.report(
      CODES.abilityConstraint,
      loc,
      `'${sig.name}' declares ${abilityNames(sig.abilities).join(', ')}, but this field's type '${showType(type)}' lacks ${abilityNames(missing).join(', ')}`,
    );
  }
}

/** Sui: a `key` struct's first field is `id: UID` (Sui E02007). */
function checkObjectId(
  scope: ModuleScope,
  sig: StructSig,
  decl: StructDecl,
  fields: TStruct['fields'],
): void {
  if (!(sig.abilities & KEY) || decl.isNative) return;
  const first = fields[0];
  const isUid = (t: Type) =>
    t.kind === 'datatype' &&
    t.name === 'UID' &&
    t.module.name === 'object' &&
    t.module.address === '0'.repeat(63) + '2';
  if (!first || first.name !== 'id' || !isUid(first.type)) {
    scope.ctx.report(
      CODES.suiInvalidObject,
      first?.loc ?? decl.name.loc,
      `a struct with 'key' must have 'id: sui::object::UID' as its first field`,
    );
  }
}
