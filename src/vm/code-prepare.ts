// Turns a function body from the deserializer's shape into flat instructions the interpreter can
// dispatch on quickly, with module-local operands resolved once.
//
// Values do not carry their integer width (a u8 and a u32 are both JS numbers), so arithmetic needs
// it from the code: a linear pass over an abstract stack of operand types finds it. This is sound
// for verified bytecode, whose stack is empty at every basic-block boundary.
import type { CodeUnit, ModuleJson, SignatureToken } from '../move/module-json.js';
import { decodeValue } from './bcs-values.js';
import { VmLoadError } from './errors.js';
import type { LoadedFunction, LoadedModule } from './loader.js';
import { staticCharge } from './gas/instruction-costs.js';
import { Op } from './opcodes.js';
import { primitive, substitute, type Type } from './types.js';

export type IntKind = 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256';

/** A call site: the callee is linked on first execution. */
export interface CallSite {
  handle: number;
  /** Type arguments as written at the call site (may use the caller's type parameters). */
  typeArgs: Type[];
  target?: LoadedFunction;
}

export interface Instr {
  op: Op;
  /** Integer operand: local index, branch target, field position, element count, small literal. */
  n: number;
  /** Integer width for arithmetic, shifts and comparisons' operands. */
  w: IntKind;
  /** Other operands: a big literal, a constant value, a call site, a variant tag list, a jump table. */
  x: unknown;
  /** What Sui's gas meter charges for it, run-time sizes aside (gas/instruction-costs.ts). */
  pushes: number;
  pops: number;
  pushedBytes: number;
}

export interface PreparedCode {
  instrs: Instr[];
  /** Number of locals, parameters included. */
  localCount: number;
}

const SIMPLE_OPS: Record<string, Op> = {
  Pop: Op.Pop,
  Ret: Op.Ret,
  Nop: Op.Nop,
  Abort: Op.Abort,
  LdTrue: Op.LdTrue,
  LdFalse: Op.LdFalse,
  ReadRef: Op.ReadRef,
  WriteRef: Op.WriteRef,
  FreezeRef: Op.FreezeRef,
  Add: Op.Add,
  Sub: Op.Sub,
  Mul: Op.Mul,
  Mod: Op.Mod,
  Div: Op.Div,
  BitOr: Op.BitOr,
  BitAnd: Op.BitAnd,
  Xor: Op.Xor,
  Shl: Op.Shl,
  Shr: Op.Shr,
  Or: Op.Or,
  And: Op.And,
  Not: Op.Not,
  Eq: Op.Eq,
  Neq: Op.Neq,
  Lt: Op.Lt,
  Gt: Op.Gt,
  Le: Op.Le,
  Ge: Op.Ge,
  CastU8: Op.CastU8,
  CastU16: Op.CastU16,
  CastU32: Op.CastU32,
  CastU64: Op.CastU64,
  CastU128: Op.CastU128,
  CastU256: Op.CastU256,
};

/** Arithmetic and bit operations: the instructions whose integer width the preparation records. */
const INTEGER_BINARY_OPS = new Set<Op>([
  Op.Add,
  Op.Sub,
  Op.Mul,
  Op.Mod,
  Op.Div,
  Op.BitOr,
  Op.BitAnd,
  Op.Xor,
  Op.Shl,
  Op.Shr,
]);
/** The width each cast instruction produces. */
export const CAST_TARGET: Partial<Record<Op, IntKind>> = {
  [Op.CastU8]: 'u8',
  [Op.CastU16]: 'u16',
  [Op.CastU32]: 'u32',
  [Op.CastU64]: 'u64',
  [Op.CastU128]: 'u128',
  [Op.CastU256]: 'u256',
};
const INT_KINDS = new Set<string>(['u8', 'u16', 'u32', 'u64', 'u128', 'u256']);
const BOOL = primitive('bool');
const U64 = primitive('u64');

export function prepareCode(module: LoadedModule, fn: LoadedFunction, unit: CodeUnit): PreparedCode {
  const preparer = new CodePreparer(module, fn, unit);
  return preparer.run();
}

class CodePreparer {
  private readonly json: ModuleJson;
  private readonly locals: Type[];
  private stack: Type[] = [];

  constructor(
    private readonly module: LoadedModule,
    private readonly fn: LoadedFunction,
    private readonly unit: CodeUnit,
  ) {
    this.json = module.json;
    this.locals = [...fn.params, ...module.signature(unit.locals)];
  }

  run(): PreparedCode {
    const instrs = this.unit.code.map((bytecode, offset) => {
      try {
        return this.instruction(bytecode);
      } catch (error) {
        throw new VmLoadError(
          `${this.module.id}::${this.fn.name} offset ${offset}: ${(error as Error).message}`,
          { cause: error },
        );
      }
    });
    return { instrs, localCount: this.locals.length };
  }

  private pop(count = 1): Type {
    let last: Type | undefined;
    for (let i = 0; i < count; i++) {
      last = this.stack.pop();
      if (!last) throw new Error('operand stack underflow in preparation');
    }
    return last!;
  }

  private push(...types: Type[]): void {
    this.stack.push(...types);
  }

  private instr(op: Op, n = 0, x: unknown = undefined, w: IntKind = 'u64'): Instr {
    const { pushes, pops, pushedBytes } = staticCharge(op, n);
    return { op, n, w, x, pushes, pops, pushedBytes };
  }

  private fieldType(fieldHandle: number): Type {
    const handle = this.json.field_handles[fieldHandle]!;
    const info = this.json.struct_defs[handle.owner]!.field_information;
    if (info === 'Native') throw new Error('native struct field');
    return this.module.tokenType(info.Declared[handle.field]!.signature);
  }

  private structFieldTypes(structDef: number): Type[] {
    const info = this.json.struct_defs[structDef]!.field_information;
    if (info === 'Native') throw new Error('native struct');
    return info.Declared.map((f) => this.module.tokenType(f.signature));
  }

  private variantFields(enumDef: number, variant: number): { tag: number; types: Type[] } {
    const fields = this.json.enum_defs[enumDef]!.variants[variant]!.fields;
    return { tag: variant, types: fields.map((f) => this.module.tokenType(f.signature)) };
  }

  private refTo(type: Type, mutable: boolean): Type {
    return { kind: 'ref', mutable, to: type };
  }

  private derefed(type: Type): Type {
    return type.kind === 'ref' ? type.to : type;
  }

  private vectorElem(signature: number): Type {
    return this.module.signature(signature)[0]!;
  }

  private instruction(bytecode: string | Record<string, unknown>): Instr {
    if (typeof bytecode === 'string') return this.simple(bytecode);
    const [name, operand] = Object.entries(bytecode)[0]!;
    const number = operand as number;
    switch (name) {
      case 'BrTrue':
      case 'BrFalse':
        this.pop();
        return this.instr(name === 'BrTrue' ? Op.BrTrue : Op.BrFalse, number);
      case 'Branch':
        return this.instr(Op.Branch, number);
      case 'LdU8':
      case 'LdU16':
      case 'LdU32':
        this.push(primitive(name.slice(2).toLowerCase() as IntKind));
        return this.instr(Op.LdSmall, number);
      case 'LdU64':
      case 'LdU128':
        this.push(primitive(name.slice(2).toLowerCase() as IntKind));
        return this.instr(Op.LdBig, 0, BigInt(operand as bigint));
      case 'LdU256': {
        this.push(primitive('u256'));
        const bytes = operand as number[];
        let value = 0n;
        for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]!);
        return this.instr(Op.LdBig, 0, value);
      }
      case 'LdConst': {
        const constant = this.json.constant_pool[number]!;
        const type = this.module.tokenType(constant.type_ as SignatureToken);
        this.push(type);
        const value = decodeValue(type, constant.data, () => {
          throw new Error('constants hold no datatypes');
        });
        // `n` is the constant's serialized length, which Sui charges as the bytes it pushes.
        return this.instr(Op.LdConst, constant.data.length, value);
      }
      case 'CopyLoc':
      case 'MoveLoc':
        this.push(this.locals[number]!);
        return this.instr(name === 'CopyLoc' ? Op.CopyLoc : Op.MoveLoc, number);
      case 'StLoc':
        this.pop();
        return this.instr(Op.StLoc, number);
      case 'MutBorrowLoc':
      case 'ImmBorrowLoc':
        this.push(this.refTo(this.locals[number]!, name === 'MutBorrowLoc'));
        return this.instr(Op.BorrowLoc, number);
      case 'Call':
        return this.call(number, []);
      case 'CallGeneric': {
        const inst = this.json.function_instantiations[number]!;
        return this.call(inst.handle, this.module.signature(inst.type_parameters));
      }
      case 'Pack':
      case 'PackGeneric':
      case 'Unpack':
      case 'UnpackGeneric': {
        const generic = name.endsWith('Generic');
        const inst = generic ? this.json.struct_def_instantiations[number]! : undefined;
        const def = inst ? inst.def : number;
        const args = inst ? this.module.signature(inst.type_parameters) : [];
        const fields = this.structFieldTypes(def).map((t) => substitute(t, args));
        const type = { ...this.module.datatypeHandle(this.json.struct_defs[def]!.struct_handle), args };
        if (name.startsWith('Pack')) {
          this.pop(fields.length);
          this.push(type);
          return this.instr(Op.Pack, fields.length);
        }
        this.pop();
        this.push(...fields);
        return this.instr(Op.Unpack, fields.length);
      }
      case 'MutBorrowField':
      case 'ImmBorrowField':
      case 'MutBorrowFieldGeneric':
      case 'ImmBorrowFieldGeneric': {
        const generic = name.endsWith('Generic');
        const inst = generic ? this.json.field_instantiations[number]! : undefined;
        const handle = inst ? inst.handle : number;
        const args = inst ? this.module.signature(inst.type_parameters) : [];
        this.pop();
        this.push(this.refTo(substitute(this.fieldType(handle), args), name.startsWith('Mut')));
        return this.instr(Op.BorrowField, this.json.field_handles[handle]!.field);
      }
      case 'VecPack': {
        const [signature, count] = operand as [number, bigint];
        this.pop(Number(count));
        this.push({ kind: 'vector', elem: this.vectorElem(signature) });
        return this.instr(Op.VecPack, Number(count));
      }
      case 'VecUnpack': {
        const [signature, count] = operand as [number, bigint];
        this.pop();
        for (let i = 0; i < Number(count); i++) this.push(this.vectorElem(signature));
        return this.instr(Op.VecUnpack, Number(count));
      }
      case 'VecLen':
        this.pop();
        this.push(U64);
        return this.instr(Op.VecLen);
      case 'VecImmBorrow':
      case 'VecMutBorrow':
        this.pop(2);
        this.push(this.refTo(this.vectorElem(number), name === 'VecMutBorrow'));
        return this.instr(Op.VecBorrow);
      case 'VecPushBack':
        this.pop(2);
        return this.instr(Op.VecPushBack);
      case 'VecPopBack':
        this.pop();
        this.push(this.vectorElem(number));
        return this.instr(Op.VecPopBack);
      case 'VecSwap':
        this.pop(3);
        return this.instr(Op.VecSwap);
      case 'PackVariant':
      case 'PackVariantGeneric':
      case 'UnpackVariant':
      case 'UnpackVariantGeneric':
      case 'UnpackVariantImmRef':
      case 'UnpackVariantMutRef':
      case 'UnpackVariantGenericImmRef':
      case 'UnpackVariantGenericMutRef':
        return this.variant(name, number);
      case 'VariantSwitch': {
        this.pop();
        const table = this.unit.jump_tables[number] as { jump_table: { Full: number[] } };
        return this.instr(Op.VariantSwitch, 0, table.jump_table.Full);
      }
      default:
        throw new Error(`unsupported instruction ${name}`);
    }
  }

  private variant(name: string, index: number): Instr {
    const generic = name.includes('Generic');
    const handle = generic
      ? this.json.variant_instantiation_handles[index]!
      : this.json.variant_handles[index]!;
    let args: Type[] = [];
    let enumDef = handle.enum_def;
    if (generic) {
      const inst = this.json.enum_def_instantiations[handle.enum_def]!;
      enumDef = inst.def;
      args = this.module.signature(inst.type_parameters);
    }
    const { tag, types } = this.variantFields(enumDef, handle.variant);
    const fields = types.map((t) => substitute(t, args));
    if (name.startsWith('Pack')) {
      this.pop(fields.length);
      const type = { ...this.module.datatypeHandle(this.json.enum_defs[enumDef]!.enum_handle), args };
      this.push(type);
      return this.instr(Op.PackVariant, fields.length, tag);
    }
    this.pop();
    if (name.endsWith('Ref')) {
      const mutable = name.endsWith('MutRef');
      this.push(...fields.map((t) => this.refTo(t, mutable)));
      return this.instr(Op.UnpackVariantRef, fields.length, tag);
    }
    this.push(...fields);
    return this.instr(Op.UnpackVariant, fields.length, tag);
  }

  private call(handleIndex: number, typeArgs: Type[]): Instr {
    const handle = this.json.function_handles[handleIndex]!;
    const params = this.module.signature(handle.parameters);
    const returns = this.module.signature(handle.return_).map((t) => substitute(t, typeArgs));
    this.pop(params.length);
    this.push(...returns);
    const site: CallSite = { handle: handleIndex, typeArgs };
    return this.instr(Op.Call, params.length, site);
  }

  private intKind(type: Type): IntKind {
    const kind = this.derefed(type).kind;
    if (!INT_KINDS.has(kind)) throw new Error(`expected an integer operand, found ${kind}`);
    return kind as IntKind;
  }

  private simple(name: string): Instr {
    const op = SIMPLE_OPS[name];
    if (op === undefined) throw new Error(`unsupported instruction ${name}`);
    const castTarget = CAST_TARGET[op];
    if (castTarget) {
      this.pop();
      this.push(primitive(castTarget));
      return this.instr(op);
    }
    if (INTEGER_BINARY_OPS.has(op)) {
      // The result has the left operand's type (for shifts the right one is a u8).
      this.pop();
      const left = this.pop();
      this.push(left);
      return this.instr(op, 0, undefined, this.intKind(left));
    }
    switch (op) {
      case Op.Pop:
      case Op.Abort:
        this.pop();
        break;
      case Op.Ret:
        this.stack = [];
        break;
      case Op.LdTrue:
      case Op.LdFalse:
        this.push(BOOL);
        break;
      case Op.ReadRef:
        this.push(this.derefed(this.pop()));
        break;
      case Op.WriteRef:
        this.pop(2);
        break;
      case Op.FreezeRef:
        this.push(this.refTo(this.derefed(this.pop()), false));
        break;
      case Op.Or:
      case Op.And:
      case Op.Eq:
      case Op.Neq:
      case Op.Lt:
      case Op.Gt:
      case Op.Le:
      case Op.Ge:
        this.pop(2);
        this.push(BOOL);
        break;
      case Op.Not:
        this.pop();
        this.push(BOOL);
        break;
      default:
        break;
    }
    return this.instr(op);
  }
}
