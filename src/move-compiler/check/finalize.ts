// After a body is typed: every inference variable gets its final type (unconstrained integers
// default to u64), number literals get their encoding, and constraints that waited are checked.
import type { Loc } from '../ast.js';
import { CODES } from '../codes.js';
import type { TExp, TLValue, TStmt } from '../tir.js';
import { prim, UNIT, type Type } from '../types.js';
import { abilitiesOf, abilityNames } from './abilities.js';
import { encodeInteger, fitsInteger, INTEGER_BITS } from './bcs.js';
import type { FunctionContext } from './function-context.js';
import { showType } from './infer.js';

export class Finalizer {
  private readonly reportedVars = new Set<number>();

  constructor(private readonly f: FunctionContext) {}

  /** The final type; reports E04010 once per variable nothing determined. */
  type(type: Type, loc: Loc): Type {
    const subst = this.f.subst;
    const t = subst.shallow(type);
    switch (t.kind) {
      case 'var':
        if (subst.isError(t)) return UNIT;
        if (t.isInteger) {
          subst.equate(t, prim('u64'));
          return prim('u64');
        }
        if (!this.reportedVars.has(t.id)) {
          this.reportedVars.add(t.id);
          this.f.ctx.report(
            CODES.uninferredType,
            loc,
            'cannot infer this type; add a type annotation or type arguments',
          );
        }
        subst.equate(t, UNIT);
        return UNIT;
      case 'vector':
        return { kind: 'vector', elem: this.type(t.elem, loc) };
      case 'ref':
        return { kind: 'ref', isMut: t.isMut, inner: this.type(t.inner, loc) };
      case 'datatype':
        return { ...t, args: t.args.map((a) => this.type(a, loc)) };
      case 'tuple':
        return { kind: 'tuple', elems: t.elems.map((e) => this.type(e, loc)) };
      default:
        return t;
    }
  }

  exp(e: TExp): void {
    e.type = this.type(e.type, e.loc);
    switch (e.kind) {
      case 'literal': {
        const value = this.f.numbers.get(e);
        if (value !== undefined) this.encodeNumber(e, value);
        return;
      }
      case 'call':
      case 'pack':
      case 'pack_variant':
        e.typeArgs = e.typeArgs.map((t) => this.type(t, e.loc));
        if (e.kind === 'call') e.args.forEach((a) => this.exp(a));
        else e.fields.forEach((x) => this.exp(x.value));
        return;
      case 'variant_switch':
        e.typeArgs = e.typeArgs.map((t) => this.type(t, e.loc));
        this.exp(e.subject);
        e.cases.forEach((c) => this.exp(c));
        return;
      case 'vector':
        e.elemType = this.type(e.elemType, e.loc);
        e.elems.forEach((x) => this.exp(x));
        return;
      case 'borrow_field':
        e.typeArgs = e.typeArgs.map((t) => this.type(t, e.loc));
        this.exp(e.exp);
        return;
      case 'deref':
      case 'freeze':
      case 'not':
      case 'cast':
        this.exp(e.exp);
        return;
      case 'write_ref':
        this.exp(e.ref);
        this.exp(e.value);
        return;
      case 'binary':
        this.exp(e.lhs);
        this.exp(e.rhs);
        return;
      case 'tuple':
        e.elems.forEach((x) => this.exp(x));
        return;
      case 'if':
        this.exp(e.cond);
        this.exp(e.then);
        this.exp(e.else);
        return;
      case 'while':
        this.exp(e.cond);
        this.exp(e.body);
        return;
      case 'loop':
        this.exp(e.body);
        return;
      case 'break':
        if (e.value) this.exp(e.value);
        return;
      case 'return':
        this.exp(e.value);
        return;
      case 'abort':
        this.exp(e.code);
        return;
      case 'block':
        e.stmts.forEach((s) => this.stmt(s));
        this.exp(e.result);
        return;
      case 'assign':
        e.targets.forEach((t) => this.lvalue(t));
        this.exp(e.value);
        return;
      default:
        return;
    }
  }

  private stmt(s: TStmt): void {
    if (s.kind === 'exp') return this.exp(s.exp);
    if (s.value) this.exp(s.value);
    s.targets.forEach((t) => this.lvalue(t));
  }

  private lvalue(v: TLValue): void {
    if (v.kind === 'ignore') v.type = this.type(v.type, v.loc);
    else if (v.kind === 'unpack' || v.kind === 'unpack_variant') {
      v.typeArgs = v.typeArgs.map((t) => this.type(t, v.loc));
      v.fields.forEach((x) => this.lvalue(x));
    }
  }

  private encodeNumber(e: TExp & { kind: 'literal' }, value: bigint): void {
    const t = e.type;
    const bits = t.kind === 'prim' ? INTEGER_BITS[t.name] : undefined;
    if (t.kind !== 'prim' || bits === undefined) return;
    if (!fitsInteger(value, t.name)) {
      this.f.ctx.report(CODES.invalidNum, e.loc, `${value} does not fit in '${t.name}'`);
      e.value = encodeInteger(0n, bits);
      return;
    }
    e.value = encodeInteger(value, bits);
  }

  /** Ability requirements recorded while typing, now that types are known. */
  checkPending(): void {
    const f = this.f;
    const lookup = (m: { address: string; name: string }, n: string) => f.ctx.datatype(m, n);
    for (const p of f.pending) {
      const type = this.type(p.type, p.loc);
      const missing = p.required & ~abilitiesOf(type, f.typeParams.constraints, lookup);
      if (!missing) continue;
      f.ctx.report(
        CODES.abilityConstraint,
        p.loc,
        `'${showType(type)}' lacks ${abilityNames(missing)
          .map((a) => `'${a}'`)
          .join(', ')}: ${p.reason}`,
      );
    }
  }
}
