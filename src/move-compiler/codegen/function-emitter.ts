// Emits one function body: expressions push their values on the operand stack, statements leave it
// empty. Where control flow splits the code into blocks, values cross the split through locals,
// since the verifier requires an empty stack at every block boundary.
import type { Loc } from '../ast.js';
import type { StructRef, TExp, TFunction, TLValue, TStmt } from '../tir.js';
import type { Type } from '../types.js';
import { cleverAbortCode, type CleverParts } from './clever-code.js';
import { CodeBuffer, type Label } from './code-buffer.js';
import { hasControlFlow } from './control-flow-scan.js';
import type { ModulePools } from './module-pools.js';
import { BINARY_OPCODES, castOpcode, literalLoad } from './opcodes.js';

export interface LocalSlot {
  name: string;
  loc: Loc;
  type: Type;
}

interface LoopTargets {
  continueTo: Label;
  breakTo: Label;
  /** Locals receiving `break` values, for a `loop` used as an expression. */
  results: number[];
}

/** The values an expression leaves on the stack: none for `()` and for expressions that never return. */
export function stackTypes(type: Type): Type[] {
  if (type.kind === 'tuple') return type.elems;
  if (type.kind === 'never') return [];
  return [type];
}

export class FunctionEmitter {
  readonly code = new CodeBuffer();
  readonly locals: LocalSlot[];
  private readonly loops = new Map<number, LoopTargets>();

  constructor(
    private readonly pools: ModulePools,
    private readonly fn: TFunction,
  ) {
    this.locals = fn.locals.map((local) => ({ name: local.name, loc: local.loc, type: local.type }));
  }

  emitBody(body: TExp): void {
    this.exp(body);
    this.code.emit('Ret', resultLoc(body));
  }

  private temp(type: Type, loc: Loc): number {
    this.locals.push({ name: `%tmp${this.locals.length}`, loc, type });
    return this.locals.length - 1;
  }

  /** Stores the values on the stack (last on top) into fresh locals and returns them in order. */
  private spill(types: Type[], loc: Loc): number[] {
    const temps = types.map((type) => this.temp(type, loc));
    this.storeInto(temps, loc);
    return temps;
  }

  private storeInto(temps: number[], loc: Loc): void {
    for (const local of [...temps].reverse()) this.code.emit({ StLoc: local }, loc);
  }

  private load(temps: number[], loc: Loc): void {
    for (const local of temps) this.code.emit({ MoveLoc: local }, loc);
  }

  /**
   * Pushes the values of `exps` in order. Values computed before the last operand that branches are
   * parked in locals, so the stack is empty when the branching starts.
   */
  private operands(exps: TExp[]): void {
    let lastBranching = -1;
    exps.forEach((exp, index) => {
      if (hasControlFlow(exp)) lastBranching = index;
    });
    const parked: number[] = [];
    exps.forEach((exp, index) => {
      this.exp(exp);
      if (index < lastBranching) parked.push(...this.spill(stackTypes(exp.type), exp.loc));
      if (index === lastBranching && parked.length > 0) {
        // The branching operand's values must sit above the parked ones.
        const own = this.spill(stackTypes(exp.type), exp.loc);
        this.load([...parked, ...own], exp.loc);
      }
    });
  }

  exp(e: TExp): void {
    const { loc } = e;
    switch (e.kind) {
      case 'unit':
        return;
      case 'literal': {
        const load = literalLoad(e.type, e.value);
        this.code.emit(load ?? { LdConst: this.pools.constant(e.type, e.value) }, loc);
        return;
      }
      case 'constant':
        this.code.emit({ LdConst: this.constantIndex(e.name) }, loc);
        return;
      case 'clever_code':
        this.code.emit({ LdU64: this.cleverCode(e) }, loc);
        return;
      case 'local':
        if (e.mode === 'infer') this.code.read(e.local, loc);
        else this.code.emit(e.mode === 'copy' ? { CopyLoc: e.local } : { MoveLoc: e.local }, loc);
        return;
      case 'borrow_local':
        this.code.emit(e.isMut ? { MutBorrowLoc: e.local } : { ImmBorrowLoc: e.local }, loc);
        return;
      case 'call':
        return this.call(e);
      case 'pack':
        return this.pack(e);
      case 'pack_variant':
        return this.packVariant(e);
      case 'variant_switch':
        return this.variantSwitch(e);
      case 'vector':
        this.operands(e.elems);
        this.code.emit({ VecPack: [this.pools.signature([e.elemType]), BigInt(e.elems.length)] }, loc);
        return;
      case 'borrow_field':
        this.exp(e.exp);
        this.borrowField(e.struct, e.typeArgs, e.field, e.isMut, loc);
        return;
      case 'deref':
        this.exp(e.exp);
        this.code.emit('ReadRef', loc);
        return;
      case 'write_ref':
        // The value is evaluated before the reference, which then sits on top as WriteRef wants.
        this.operands([e.value, e.ref]);
        this.code.emit('WriteRef', loc);
        return;
      case 'freeze':
        this.exp(e.exp);
        this.code.emit('FreezeRef', loc);
        return;
      case 'not':
        this.exp(e.exp);
        this.code.emit('Not', loc);
        return;
      case 'cast':
        this.exp(e.exp);
        this.code.emit(castOpcode(e.type), loc);
        return;
      case 'binary':
        if (e.op === '&&' || e.op === '||') return this.shortCircuit(e.op, e.lhs, e.rhs, loc);
        this.operands([e.lhs, e.rhs]);
        this.code.emit(BINARY_OPCODES[e.op], loc);
        return;
      case 'tuple':
        this.operands(e.elems);
        return;
      case 'if':
        return this.ifElse(e.cond, e.then, e.else, stackTypes(e.type), loc);
      case 'while':
        return this.whileLoop(e);
      case 'loop':
        return this.loop(e);
      case 'break': {
        const target = this.loopTargets(e.label);
        if (e.value) {
          this.exp(e.value);
          this.storeInto(target.results, loc);
        }
        this.code.branch('Branch', target.breakTo, loc);
        return;
      }
      case 'continue':
        this.code.branch('Branch', this.loopTargets(e.label).continueTo, loc);
        return;
      case 'return':
        this.exp(e.value);
        this.code.emit('Ret', loc);
        return;
      case 'abort':
        this.exp(e.code);
        this.code.emit('Abort', loc);
        return;
      case 'block':
        for (const stmt of e.stmts) this.stmt(stmt);
        this.exp(e.result);
        return;
      case 'assign':
        this.exp(e.value);
        this.bindAll(e.targets);
        return;
    }
  }

  private stmt(stmt: TStmt): void {
    if (stmt.kind === 'exp') {
      this.exp(stmt.exp);
      for (const _ of stackTypes(stmt.exp.type)) this.code.emit('Pop', stmt.loc);
      return;
    }
    if (!stmt.value) return; // `let x;` only declares
    this.exp(stmt.value);
    this.bindAll(stmt.targets);
  }

  /** The constant pool entry of one of this module's constants. */
  private constantIndex(name: string): number {
    const constant = this.pools.self.constants.find((c) => c.name === name);
    if (!constant) throw new Error(`codegen: unknown constant ${name}`);
    return this.pools.constant(constant.type, constant.value);
  }

  /** The constant's name and value must be in the module's tables, which the code points into. */
  private cleverCode(e: Extract<TExp, { kind: 'clever_code' }>): bigint {
    const parts: CleverParts = {
      line: e.line,
      ...(e.errorCode === undefined ? {} : { errorCode: e.errorCode }),
    };
    if (e.constant === undefined) return cleverAbortCode(parts);
    return cleverAbortCode({
      ...parts,
      identifier: this.pools.identifiers.add(e.constant),
      constant: this.constantIndex(e.constant),
    });
  }

  private call(e: Extract<TExp, { kind: 'call' }>): void {
    this.operands(e.args);
    const handle = this.pools.functionHandle(e.function.module, e.function.name);
    const instantiation = this.pools.functionInstantiation(handle, e.typeArgs);
    this.code.emit(instantiation === undefined ? { Call: handle } : { CallGeneric: instantiation }, e.loc);
  }

  /** Pushes the field values in declaration order, evaluating them in source order. */
  private fieldValues(fields: { index: number; value: TExp }[], loc: Loc): void {
    const inDeclarationOrder = fields.every((field, position) => field.index === position);
    if (inDeclarationOrder) {
      this.operands(fields.map((field) => field.value));
      return;
    }
    // Evaluate in source order into locals, then push them in declaration order.
    const byIndex = new Map<number, number[]>();
    for (const field of fields) {
      this.exp(field.value);
      byIndex.set(field.index, this.spill(stackTypes(field.value.type), field.value.loc));
    }
    for (let index = 0; index < fields.length; index++) this.load(byIndex.get(index) ?? [], loc);
  }

  private pack(e: Extract<TExp, { kind: 'pack' }>): void {
    this.fieldValues(e.fields, e.loc);
    // A struct without fields holds Sui's `dummy_field: bool` in bytecode.
    if (e.fields.length === 0) this.code.emit('LdFalse', e.loc);
    const def = this.pools.structDef(e.struct.module, e.struct.name);
    const instantiation = this.pools.structInstantiation(def, e.typeArgs);
    this.code.emit(instantiation === undefined ? { Pack: def } : { PackGeneric: instantiation }, e.loc);
  }

  private packVariant(e: Extract<TExp, { kind: 'pack_variant' }>): void {
    this.fieldValues(e.fields, e.loc);
    const def = this.pools.enumDef(e.variant.enum.module, e.variant.enum.name);
    const { handle, generic } = this.pools.variantOperand(def, e.variant.variant, e.typeArgs);
    this.code.emit({ [generic ? 'PackVariantGeneric' : 'PackVariant']: handle }, e.loc);
  }

  /** The subject reference, then VariantSwitch to one block per variant; the blocks join at the end. */
  private variantSwitch(e: Extract<TExp, { kind: 'variant_switch' }>): void {
    const results = stackTypes(e.type).map((type) => this.temp(type, e.loc));
    const cases = e.cases.map(() => this.code.newLabel());
    const endLabel = this.code.newLabel();
    this.exp(e.subject);
    this.code.switchOn(this.pools.enumDef(e.enum.module, e.enum.name), cases, e.loc);
    e.cases.forEach((body, index) => {
      this.code.place(cases[index]!);
      this.exp(body);
      this.storeInto(results, body.loc);
      this.code.branch('Branch', endLabel, body.loc);
    });
    this.code.place(endLabel);
    this.load(results, e.loc);
  }

  private borrowField(struct: StructRef, typeArgs: Type[], field: number, isMut: boolean, loc: Loc): void {
    const handle = this.pools.fieldHandle(this.pools.structDef(struct.module, struct.name), field);
    const instantiation = this.pools.fieldInstantiation(handle, typeArgs);
    const opcode =
      (isMut ? 'MutBorrowField' : 'ImmBorrowField') + (instantiation === undefined ? '' : 'Generic');
    this.code.emit({ [opcode]: instantiation ?? handle }, loc);
  }

  private shortCircuit(op: '&&' | '||', lhs: TExp, rhs: TExp, loc: Loc): void {
    // `a && b` is `if (a) b else false`; `a || b` is `if (a) true else b`.
    const constant = (value: boolean): TExp => ({
      kind: 'literal',
      loc,
      type: lhs.type,
      value: Uint8Array.of(value ? 1 : 0),
    });
    if (op === '&&') this.ifElse(lhs, rhs, constant(false), [lhs.type], loc);
    else this.ifElse(lhs, constant(true), rhs, [lhs.type], loc);
  }

  private ifElse(cond: TExp, then: TExp, otherwise: TExp, types: Type[], loc: Loc): void {
    const elseLabel = this.code.newLabel();
    const endLabel = this.code.newLabel();
    const results = types.map((type) => this.temp(type, loc));
    this.exp(cond);
    this.code.branch('BrFalse', elseLabel, loc);
    this.exp(then);
    this.storeInto(results, then.loc);
    this.code.branch('Branch', endLabel, loc);
    this.code.place(elseLabel);
    this.exp(otherwise);
    this.storeInto(results, otherwise.loc);
    this.code.place(endLabel);
    this.load(results, loc);
  }

  private whileLoop(e: Extract<TExp, { kind: 'while' }>): void {
    const condLabel = this.code.newLabel();
    const exitLabel = this.code.newLabel();
    this.loops.set(e.label, { continueTo: condLabel, breakTo: exitLabel, results: [] });
    this.code.place(condLabel);
    this.exp(e.cond);
    this.code.branch('BrFalse', exitLabel, e.loc);
    this.stmt({ kind: 'exp', loc: e.body.loc, exp: e.body });
    this.code.branch('Branch', condLabel, e.loc);
    this.code.place(exitLabel);
  }

  private loop(e: Extract<TExp, { kind: 'loop' }>): void {
    const startLabel = this.code.newLabel();
    const exitLabel = this.code.newLabel();
    const results = stackTypes(e.type).map((type) => this.temp(type, e.loc));
    this.loops.set(e.label, { continueTo: startLabel, breakTo: exitLabel, results });
    this.code.place(startLabel);
    this.stmt({ kind: 'exp', loc: e.body.loc, exp: e.body });
    this.code.branch('Branch', startLabel, e.loc);
    this.code.place(exitLabel);
    this.load(results, e.loc);
  }

  private loopTargets(label: number): LoopTargets {
    const targets = this.loops.get(label);
    if (!targets) throw new Error(`codegen: break or continue outside loop ${label}`);
    return targets;
  }

  /** Binds the values on the stack to `targets`, the last value (on top) first. */
  private bindAll(targets: TLValue[]): void {
    for (const target of [...targets].reverse()) this.bind(target);
  }

  private unpackVariant(target: Extract<TLValue, { kind: 'unpack_variant' }>): void {
    const def = this.pools.enumDef(target.variant.enum.module, target.variant.enum.name);
    const { handle, generic } = this.pools.variantOperand(def, target.variant.variant, target.typeArgs);
    const opcode = `UnpackVariant${generic ? 'Generic' : ''}${target.ref ? UNPACK_VARIANT_SUFFIX[target.ref] : ''}`;
    this.code.emit({ [opcode]: handle }, target.loc);
    this.bindAll(target.fields);
  }

  private bind(target: TLValue): void {
    const { loc } = target;
    if (target.kind === 'local') return this.code.emit({ StLoc: target.local }, loc);
    if (target.kind === 'ignore') return this.code.emit('Pop', loc);
    if (target.kind === 'unpack_variant') return this.unpackVariant(target);
    const def = this.pools.structDef(target.struct.module, target.struct.name);
    if (!target.ref) {
      const instantiation = this.pools.structInstantiation(def, target.typeArgs);
      this.code.emit(instantiation === undefined ? { Unpack: def } : { UnpackGeneric: instantiation }, loc);
      if (target.fields.length === 0) this.code.emit('Pop', loc);
      this.bindAll(target.fields);
      return;
    }
    // Through a reference: keep it in a local and borrow each bound field from it.
    const structType: Type = { kind: 'datatype', ...target.struct, args: target.typeArgs };
    const [reference] = this.spill([{ kind: 'ref', isMut: target.ref === 'mut', inner: structType }], loc);
    target.fields.forEach((field, index) => {
      if (field.kind === 'ignore') return;
      this.code.read(reference!, field.loc);
      this.borrowField(target.struct, target.typeArgs, index, target.ref === 'mut', field.loc);
      this.bind(field);
    });
  }
}

/** `UnpackVariant[Generic][ImmRef|MutRef]`: pushes the fields (or references to them), last on top. */
const UNPACK_VARIANT_SUFFIX = { imm: 'ImmRef', mut: 'MutRef' } as const;

/**
 * Where a body's value is produced: its last expression, or the `()` the checker placed at the final
 * `;` (or `{`). The implicit return sits there, as values left unused at the end are reported there.
 */
function resultLoc(e: TExp): Loc {
  if (e.kind === 'block') return resultLoc(e.result);
  if (e.kind === 'freeze') return resultLoc(e.exp);
  return e.loc;
}
