// `match`: each arm is typed in its own scope, then the match is lowered to what the generator knows.
// The subject goes into a hidden local. On an enum (by value or through a reference), a variant switch
// picks, for each variant, the arms that can apply to it, tried in order (a guard failing falls to the
// next one); on a primitive, arms become a chain of `if`s comparing it with literals and constants.
// Supported patterns: variants whose fields bind names or `_` (`..` skips the rest), `_`, a name, `|`
// alternatives without names, literals and constants, and `x @ p` on copyable subjects.
import type { Exp, Loc, MatchArm, Pattern } from '../ast.js';
import { CODES } from '../codes.js';
import type { TExp, TLValue, TStmt } from '../tir.js';
import { COPY, DROP, prim, type Type } from '../types.js';
import { checkExp } from './exp.js';
import type { FunctionContext } from './function-context.js';
import { instantiate, showType } from './infer.js';
import type { EnumSig } from './signatures.js';
import { checkVariantAccess, resolveVariant, variantTypeArgs } from './variants.js';

type MatchExp = Exp & { kind: 'match' };

/** The matched value, kept in a hidden local. */
interface Subject {
  local: number;
  /** The local's type: the enum or primitive, or a reference to it. */
  type: Type;
  ref?: 'imm' | 'mut';
  loc: Loc;
}

/**
 * How an arm binds its names. A guard runs before the arm is taken, so a matched value may not be
 * consumed yet: `guarded` then binds copies first, and consumes the value once the guard holds.
 */
interface Binding {
  binds: TStmt[];
  guarded?: () => { before: TStmt[]; after: TStmt[] };
}

/** An arm after typing: what it binds (for each variant it covers, or for any value), its guard and body. */
interface TypedArm {
  loc: Loc;
  /** For enum arms: how each covered variant binds. */
  variants?: Map<number, Binding>;
  /** For arms matching anything (`_`, a name): how the subject is bound. */
  any?: Binding;
  /** For primitive arms: the test on the subject (absent when it always holds). */
  test?: TExp;
  bindsNames: boolean;
  guard?: TExp;
  body: TExp;
}

const BOOL = prim('bool');

const read = (s: Subject, loc: Loc): TExp => ({
  kind: 'local',
  loc,
  type: s.type,
  local: s.local,
  mode: 'infer',
});

function block(stmts: TStmt[], result: TExp): TExp {
  return stmts.length === 0 ? result : { kind: 'block', loc: result.loc, type: result.type, stmts, result };
}

function unsupported(f: FunctionContext, loc: Loc, what: string): void {
  f.ctx.report(CODES.unsupportedLanguageItem, loc, `${what} is not supported by this compiler yet`);
}

export function checkMatch(f: FunctionContext, e: MatchExp): TExp {
  const value = checkExp(f, e.subject);
  const type = f.subst.shallow(value.type);
  const ref = type.kind === 'ref' ? (type.isMut ? 'mut' : 'imm') : undefined;
  const base = f.subst.shallow(type.kind === 'ref' ? type.inner : type);
  const s: Subject = {
    local: f.declareTemporary(e.subject.loc, value.type),
    type: value.type,
    loc: e.subject.loc,
    ...(ref ? { ref } : {}),
  };
  const bindSubject: TStmt = {
    kind: 'let',
    loc: e.subject.loc,
    targets: [{ kind: 'local', loc: e.subject.loc, local: s.local }],
    value,
  };
  if (e.arms.length === 0) {
    f.ctx.report(CODES.incompletePattern, e.subject.loc, 'a match needs at least one arm');
    return f.errorExp(e.loc);
  }
  const sig = base.kind === 'datatype' ? f.ctx.datatype(base.module, base.name) : undefined;
  let lowered: TExp;
  if (sig?.kind === 'enum' && base.kind === 'datatype') {
    checkVariantAccess(f, sig, e.subject.loc, 'matched');
    lowered = matchEnum(f, e, s, sig, base.args);
  } else if (base.kind === 'prim' || base.kind === 'vector') {
    lowered = matchValues(f, e, s, base);
  } else {
    if (!f.subst.isError(base))
      unsupported(f, e.subject.loc, `a match on '${showType(f.subst.resolve(base))}'`);
    e.arms.forEach((arm) => f.inBlock(() => checkExp(f, arm.body)));
    return f.errorExp(e.loc);
  }
  return { kind: 'block', loc: e.loc, type: lowered.type, stmts: [bindSubject], result: lowered };
}

/** The type of all arm bodies, each fitted to it (E04007 at a body that does not fit). */
function joinBodies(f: FunctionContext, arms: TypedArm[]): Type {
  let joined: Type = { kind: 'never' };
  for (const arm of arms) {
    const next = f.subst.join(joined, arm.body.type);
    if (!next)
      f.reportMismatch(arm.body.loc, arm.body.type, joined, 'the arms of this match have different types');
    else joined = next;
  }
  for (const arm of arms) arm.body = f.expect(arm.body, joined, 'match arm');
  return joined;
}

/** Binds the arm's pattern in a scope of its own, then types its guard (a bool) and body there. */
function typeArm(
  f: FunctionContext,
  arm: MatchArm,
  bind: () => Omit<TypedArm, 'guard' | 'body' | 'loc'>,
): TypedArm {
  return f.inBlock(() => {
    const shape = bind();
    const guard = arm.guard ? f.expect(checkExp(f, arm.guard), BOOL, 'a match guard is a bool') : undefined;
    return { ...shape, loc: arm.loc, body: checkExp(f, arm.body), ...(guard ? { guard } : {}) };
  });
}

/** `x` or `mut x`: a name for the whole subject. */
function bindWhole(f: FunctionContext, s: Subject, pattern: Pattern & { kind: 'var' }): TStmt {
  const local = f.declareLocal(pattern.name.value, pattern.name.loc, s.type, pattern.isMut);
  return {
    kind: 'let',
    loc: pattern.loc,
    targets: [{ kind: 'local', loc: pattern.loc, local }],
    value: read(s, pattern.loc),
  };
}

// ---------------------------------------------------------------------------------------------------
// Enums

function matchEnum(f: FunctionContext, e: MatchExp, s: Subject, sig: EnumSig, typeArgs: Type[]): TExp {
  const arms = e.arms.map((arm) => typeArm(f, arm, () => enumPattern(f, s, sig, typeArgs, arm.pattern)));
  const type = joinBodies(f, arms);
  const uncovered: number[] = [];
  const cases = sig.variants.map((_, variant) => {
    const applicable = arms.filter((arm) => arm.any || arm.variants?.has(variant));
    const chain = (i: number): TExp => {
      const arm = applicable[i];
      if (!arm) {
        uncovered.push(variant);
        return unreachable(f, s.loc);
      }
      const binding = arm.any ?? arm.variants!.get(variant)!;
      if (!arm.guard) return block(binding.binds, arm.body);
      const otherwise = chain(i + 1);
      // Through a reference, binding first is harmless; a value may only be consumed once its arm is taken.
      if (s.ref || binding.binds.length === 0)
        return block(binding.binds, ifElse(arm.guard, arm.body, otherwise, type));
      if (!arm.bindsNames || !binding.guarded)
        return ifElse(arm.guard, block(binding.binds, arm.body), otherwise, type);
      const { before, after } = binding.guarded();
      return block(before, ifElse(arm.guard, block(after, arm.body), otherwise, type));
    };
    return chain(0);
  });
  const first = uncovered[0];
  if (first !== undefined) {
    f.ctx.report(
      CODES.incompletePattern,
      s.loc,
      `pattern '${showVariant(sig, first)}' is not covered by this match`,
    );
  }
  const enumRef = { module: sig.module, name: sig.name };
  // VariantSwitch takes an immutable reference (Sui's verifier refuses a `&mut` one).
  const enumType: Type = { kind: 'datatype', module: sig.module, name: sig.name, args: typeArgs };
  const immRef: Type = { kind: 'ref', isMut: false, inner: enumType };
  const subject: TExp =
    s.ref === 'imm'
      ? read(s, s.loc)
      : s.ref === 'mut'
        ? { kind: 'freeze', loc: s.loc, type: immRef, exp: read(s, s.loc) }
        : { kind: 'borrow_local', loc: s.loc, type: immRef, local: s.local, isMut: false };
  return { kind: 'variant_switch', loc: e.loc, type, subject, enum: enumRef, typeArgs, cases };
}

function showVariant(sig: EnumSig, variant: number): string {
  const { name, fields } = sig.variants[variant]!;
  if (fields.length === 0) return `${sig.name}::${name}`;
  return fields[0]!.name === 'pos0' ? `${sig.name}::${name}(..)` : `${sig.name}::${name} { .. }`;
}

function enumPattern(
  f: FunctionContext,
  s: Subject,
  sig: EnumSig,
  typeArgs: Type[],
  pattern: Pattern,
): Omit<TypedArm, 'guard' | 'body' | 'loc'> {
  switch (pattern.kind) {
    case 'wildcard':
      if (!s.ref)
        f.requireAbilities(s.type, DROP, pattern.loc, "'_' drops the matched value, which needs 'drop'");
      return { any: { binds: [] }, bindsNames: false };
    case 'var': {
      const bind = bindWhole(f, s, pattern);
      // Before a guard, the name holds a copy; the value stays in the subject's local.
      const guarded = () => {
        f.requireAbilities(
          s.type,
          COPY,
          pattern.loc,
          "a guard sees a copy of the matched value, which needs 'copy'",
        );
        return {
          before: [{ ...bind, value: { ...read(s, pattern.loc), mode: 'copy' as const } }],
          after: [],
        };
      };
      return { any: { binds: [bind], guarded }, bindsNames: true };
    }
    case 'name':
    case 'unpack_named':
    case 'unpack_positional': {
      const bound = variantPattern(f, s, sig, typeArgs, pattern);
      return bound
        ? { variants: new Map([[bound.variant, bound.binding]]), bindsNames: bound.bindsNames }
        : { variants: new Map(), bindsNames: false };
    }
    case 'or': {
      const variants = new Map<number, Binding>();
      for (const alternative of pattern.alternatives) {
        if (alternative.kind === 'wildcard') return enumPattern(f, s, sig, typeArgs, alternative);
        const inner = enumPattern(f, s, sig, typeArgs, alternative);
        if (inner.bindsNames) unsupported(f, alternative.loc, "names bound inside '|' alternatives");
        for (const [variant, binding] of inner.variants ?? [])
          if (!variants.has(variant)) variants.set(variant, binding);
      }
      return { variants, bindsNames: false };
    }
    case 'at':
      unsupported(f, pattern.loc, "'@' in a match on an enum");
      return { variants: new Map(), bindsNames: false };
    default:
      f.ctx.report(CODES.joinError, pattern.loc, `this pattern does not match a value of enum '${sig.name}'`);
      return { variants: new Map(), bindsNames: false };
  }
}

type CtorPattern = Pattern & { kind: 'name' | 'unpack_named' | 'unpack_positional' };

/** `E::V { f: x, .. }`, `E::V(x, _)`, `E::V`: an unpack of the variant binding its fields' patterns. */
function variantPattern(
  f: FunctionContext,
  s: Subject,
  sig: EnumSig,
  typeArgs: Type[],
  pattern: CtorPattern,
) {
  const target = resolveVariant(f.scope, pattern.path);
  if (target === 'reported') return undefined;
  if (!target || target.sig !== sig) {
    f.ctx.report(
      CODES.joinError,
      pattern.path.loc,
      `this pattern does not name a variant of enum '${sig.name}'`,
    );
    return undefined;
  }
  if (pattern.typeArgs)
    f.subst.equate(
      { kind: 'tuple', elems: typeArgs },
      { kind: 'tuple', elems: variantTypeArgs(f, sig, pattern.typeArgs, pattern.path.loc) },
    );
  const declared = sig.variants[target.variant]!.fields;
  const written =
    pattern.kind === 'unpack_named'
      ? pattern.fields.map((x) => ({ name: x.field.value, loc: x.field.loc, pattern: x.pattern }))
      : pattern.kind === 'unpack_positional'
        ? pattern.elems.map((p, i) => ({ name: `pos${i}`, loc: p.loc, pattern: p }))
        : [];
  const hasRest = pattern.kind !== 'name' && pattern.hasRest;
  const fieldType = (i: number): Type => {
    const t = instantiate(declared[i]!.type, typeArgs);
    return s.ref ? { kind: 'ref', isMut: s.ref === 'mut', inner: t } : t;
  };
  const ignore = (loc: Loc, type: Type): TLValue => {
    if (!s.ref) f.requireAbilities(type, DROP, loc, "a field left unbound is dropped, which needs 'drop'");
    return { kind: 'ignore', loc, type };
  };
  const bound = new Map<number, TLValue>();
  let bindsNames = false;
  for (const w of written) {
    const index = declared.findIndex((d) => d.name === w.name);
    if (index < 0) {
      f.ctx.report(
        CODES.unboundField,
        w.loc,
        `'${showVariant(sig, target.variant)}' has no field '${w.name}'`,
      );
      continue;
    }
    if (w.pattern.kind === 'var') {
      bindsNames = true;
      bound.set(index, {
        kind: 'local',
        loc: w.pattern.loc,
        local: f.declareLocal(w.pattern.name.value, w.pattern.name.loc, fieldType(index), w.pattern.isMut),
      });
    } else if (w.pattern.kind === 'wildcard') {
      bound.set(index, ignore(w.pattern.loc, fieldType(index)));
    } else {
      unsupported(
        f,
        w.pattern.loc,
        "a nested pattern inside a variant's fields (bind a name and match it in the arm)",
      );
      bound.set(index, ignore(w.pattern.loc, fieldType(index)));
    }
  }
  const missing = declared.filter((_, i) => !bound.has(i)).map((d) => `'${d.name}'`);
  if (missing.length > 0 && !hasRest) {
    f.ctx.report(
      CODES.tooFewArguments,
      pattern.loc,
      `the pattern misses field${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of '${showVariant(sig, target.variant)}'`,
    );
  }
  const variantRef = { enum: { module: sig.module, name: sig.name }, variant: target.variant };
  const unpackInto = (fields: TLValue[], ref: 'imm' | 'mut' | undefined, value: TExp): TStmt => ({
    kind: 'let',
    loc: pattern.loc,
    targets: [
      {
        kind: 'unpack_variant',
        loc: pattern.loc,
        variant: variantRef,
        typeArgs,
        ...(ref ? { ref } : {}),
        fields,
      },
    ],
    value,
  });
  const binds = [
    unpackInto(
      declared.map((_, i) => bound.get(i) ?? ignore(pattern.loc, fieldType(i))),
      s.ref,
      read(s, pattern.loc),
    ),
  ];
  /** By value, before a guard: copy each bound field out through a reference; unpack once the arm is taken. */
  const guarded = () => {
    const refs = declared.map((_, i) => {
      const target = bound.get(i);
      const type: Type = { kind: 'ref', isMut: false, inner: fieldType(i) };
      if (target?.kind !== 'local')
        return { lvalue: { kind: 'ignore', loc: pattern.loc, type } satisfies TLValue };
      f.requireAbilities(
        fieldType(i),
        COPY,
        target.loc,
        "a guard sees a copy of a bound field, which needs 'copy'",
      );
      return {
        lvalue: {
          kind: 'local',
          loc: target.loc,
          local: f.declareTemporary(target.loc, type),
        } satisfies TLValue,
        binder: target,
      };
    });
    const subjectRef: TExp = {
      kind: 'borrow_local',
      loc: pattern.loc,
      type: { kind: 'ref', isMut: false, inner: s.type },
      local: s.local,
      isMut: false,
    };
    const copies: TStmt[] = refs.flatMap(({ lvalue, binder }) => {
      if (!binder || lvalue.kind !== 'local') return [];
      const ref: TExp = {
        kind: 'local',
        loc: binder.loc,
        type: f.locals[lvalue.local]!.type,
        local: lvalue.local,
        mode: 'move',
      };
      return [
        {
          kind: 'let',
          loc: binder.loc,
          targets: [binder],
          value: { kind: 'deref', loc: binder.loc, type: f.locals[binder.local]!.type, exp: ref },
        },
      ];
    });
    const consume = unpackInto(
      declared.map((_, i) => ignore(pattern.loc, fieldType(i))),
      undefined,
      read(s, pattern.loc),
    );
    return {
      before: [
        unpackInto(
          refs.map((r) => r.lvalue),
          'imm',
          subjectRef,
        ),
        ...copies,
      ],
      after: [consume],
    };
  };
  return { variant: target.variant, binding: { binds, ...(s.ref ? {} : { guarded }) }, bindsNames };
}

// ---------------------------------------------------------------------------------------------------
// Primitive values

function matchValues(f: FunctionContext, e: MatchExp, s: Subject, base: Type): TExp {
  const arms = e.arms.map((arm) => typeArm(f, arm, () => valuePattern(f, s, base, arm.pattern)));
  const type = joinBodies(f, arms);
  const chain = (i: number): TExp => {
    const arm = arms[i];
    if (!arm) {
      if (!coversAllBools(base, arms))
        f.ctx.report(CODES.incompletePattern, s.loc, "this match does not cover every value: add a '_' arm");
      return unreachable(f, s.loc);
    }
    const binds = arm.any?.binds ?? [];
    const cond = arm.test && arm.guard ? and(arm.test, arm.guard) : (arm.test ?? arm.guard);
    return block(binds, cond ? ifElse(cond, arm.body, chain(i + 1), type) : arm.body);
  };
  return chain(0);
}

function valuePattern(
  f: FunctionContext,
  s: Subject,
  base: Type,
  pattern: Pattern,
): Omit<TypedArm, 'guard' | 'body' | 'loc'> {
  const value = (): TExp =>
    s.ref ? { kind: 'deref', loc: pattern.loc, type: base, exp: read(s, pattern.loc) } : read(s, pattern.loc);
  const equals = (exp: Exp): TExp => {
    const expected = f.expect(checkExp(f, exp), base, 'this pattern does not fit the matched value');
    return { kind: 'binary', loc: pattern.loc, type: BOOL, op: '==', lhs: value(), rhs: expected };
  };
  switch (pattern.kind) {
    case 'wildcard':
      return { bindsNames: false };
    case 'var':
      return { any: { binds: [bindWhole(f, s, pattern)] }, bindsNames: true };
    case 'literal':
      return { test: equals({ kind: 'literal', loc: pattern.loc, value: pattern.value }), bindsNames: false };
    case 'name':
      return { test: equals({ kind: 'name', loc: pattern.loc, path: pattern.path }), bindsNames: false };
    case 'or': {
      const tests: TExp[] = [];
      for (const alternative of pattern.alternatives) {
        const inner = valuePattern(f, s, base, alternative);
        if (inner.bindsNames) unsupported(f, alternative.loc, "names bound inside '|' alternatives");
        if (!inner.test) return { bindsNames: false };
        tests.push(inner.test);
      }
      return {
        test: tests.reduce((a, b) => ({
          kind: 'binary',
          loc: pattern.loc,
          type: BOOL,
          op: '||',
          lhs: a,
          rhs: b,
        })),
        bindsNames: false,
      };
    }
    case 'at': {
      const inner = valuePattern(f, s, base, pattern.pattern);
      const local = f.declareLocal(pattern.name.value, pattern.name.loc, s.type, false);
      const bind: TStmt = {
        kind: 'let',
        loc: pattern.loc,
        targets: [{ kind: 'local', loc: pattern.loc, local }],
        value: read(s, pattern.loc),
      };
      return { ...inner, any: { binds: [bind, ...(inner.any?.binds ?? [])] }, bindsNames: true };
    }
    default:
      f.ctx.report(
        CODES.joinError,
        pattern.loc,
        `this pattern does not match a value of type '${showType(f.subst.resolve(base))}'`,
      );
      return { bindsNames: false };
  }
}

/** A match on a bool whose unguarded arms compare with both `true` and `false` needs no `_`. */
function coversAllBools(base: Type, arms: TypedArm[]): boolean {
  if (base.kind !== 'prim' || base.name !== 'bool') return false;
  const seen = new Set<number>();
  const collect = (test: TExp | undefined): void => {
    if (test?.kind === 'binary' && test.op === '||') {
      collect(test.lhs);
      collect(test.rhs);
    } else if (
      test?.kind === 'binary' &&
      test.rhs.kind === 'literal' &&
      test.rhs.type.kind === 'prim' &&
      test.rhs.type.name === 'bool'
    ) {
      seen.add(test.rhs.value[0] ?? 0);
    }
  };
  arms.filter((arm) => !arm.guard).forEach((arm) => collect(arm.test));
  return seen.size === 2;
}

function and(lhs: TExp, rhs: TExp): TExp {
  return { kind: 'binary', loc: rhs.loc, type: BOOL, op: '&&', lhs, rhs };
}

function ifElse(cond: TExp, then: TExp, otherwise: TExp, type: Type): TExp {
  return { kind: 'if', loc: then.loc, type, cond, then, else: otherwise };
}

/** Where no arm applies: reported as non-exhaustive, or (all bools covered) never reached. */
function unreachable(f: FunctionContext, loc: Loc): TExp {
  const code: TExp = {
    kind: 'clever_code',
    loc,
    type: prim('u64'),
    line: f.env.source.lineOf(f.macroSites[0] ?? loc),
  };
  return { kind: 'abort', loc, type: { kind: 'never' }, code };
}
