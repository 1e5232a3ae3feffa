// What Sui's gas meter charges each instruction (sui-adapter `gas_meter.rs` at gas model 11), as far as the
// code alone says: the values pushed and popped and the abstract bytes pushed. Every instruction counts as
// one. The sizes of copied, read, written and compared values are only known at run time: the interpreter
// adds them (CopyLoc, ReadRef, WriteRef, Eq, Neq). Natives are charged around their call (interpreter.ts).
import { Op } from '../opcodes.js';
import { REFERENCE_SIZE, STRUCT_SIZE, TYPE_SIZE, VEC_SIZE } from './schedule.js';

export interface StaticCharge {
  pushes: number;
  pops: number;
  /** Abstract bytes pushed, besides the run-time sizes the interpreter adds. */
  pushedBytes: number;
}

const charge = (pushes: number, pops: number, pushedBytes: number): StaticCharge => ({
  pushes,
  pops,
  pushedBytes,
});

/** The charge of `op` whose integer operand is `n` (fields, elements or arguments, a constant's length). */
export function staticCharge(op: Op, n: number): StaticCharge {
  switch (op) {
    case Op.Ret:
    case Op.Branch:
    case Op.Nop:
      return charge(0, 0, 0);
    case Op.Pop:
    case Op.BrTrue:
    case Op.BrFalse:
    case Op.Abort:
    case Op.StLoc:
    case Op.VariantSwitch:
      return charge(0, 1, 0);
    case Op.LdSmall:
    case Op.LdBig:
    case Op.LdTrue:
    case Op.LdFalse:
      return charge(1, 0, TYPE_SIZE);
    case Op.LdConst:
      return charge(1, 0, n); // the constant's serialized length
    case Op.CopyLoc:
      return charge(1, 0, 0); // plus the value's size
    case Op.MoveLoc:
    case Op.BorrowLoc:
      return charge(1, 0, REFERENCE_SIZE);
    case Op.Call:
      return charge(0, n, 0); // the arguments leave the stack
    case Op.Pack:
    case Op.PackVariant:
      return charge(1, n, STRUCT_SIZE);
    case Op.VecPack:
      return charge(1, n, VEC_SIZE);
    case Op.Unpack:
    case Op.UnpackVariant:
    case Op.UnpackVariantRef:
    case Op.VecUnpack:
      return charge(n, 1, 0);
    case Op.BorrowField:
    case Op.FreezeRef:
      return charge(1, 1, REFERENCE_SIZE);
    case Op.ReadRef:
      return charge(1, 1, 0); // plus the referent's size
    case Op.WriteRef:
      return charge(0, 2, 0); // plus the new value's size
    case Op.Eq:
    case Op.Neq:
      return charge(1, 2, TYPE_SIZE); // plus both operands' sizes
    case Op.VecLen:
    case Op.Not:
    case Op.CastU8:
    case Op.CastU16:
    case Op.CastU32:
    case Op.CastU64:
    case Op.CastU128:
    case Op.CastU256:
      return charge(1, 1, TYPE_SIZE);
    case Op.VecBorrow:
      return charge(1, 2, REFERENCE_SIZE);
    case Op.VecPushBack:
      return charge(0, 2, 0);
    case Op.VecPopBack:
      return charge(1, 1, 0);
    case Op.VecSwap:
      return charge(0, 3, 0);
    default:
      // Arithmetic, bitwise, logical and comparison operators: two operands in, one result of size 1 out.
      return charge(1, 2, TYPE_SIZE);
  }
}
