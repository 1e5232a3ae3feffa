// The execution loop: one operand stack, an explicit frame stack (no JS recursion, so deep Move call
// chains cannot overflow the JS stack), gas metered per instruction as Sui's gas meter charges it
// (sui-adapter `gas_meter.rs` at gas model 11; src/vm/gas), and an optional instruction budget.
import * as arith from './arith.js';
import { CAST_TARGET, type CallSite, type Instr } from './code-prepare.js';
import {
  VECTOR_INDEX_OUT_OF_BOUNDS,
  VECTOR_POP_EMPTY,
  VECTOR_UNPACK_MISMATCH,
  VmError,
  abort,
  vectorError,
} from './errors.js';
import type { GasMeter } from './gas/meter.js';
import { nativeCost } from './gas/native-costs.js';
import { pushBounded, stackOverflow } from './gas/limits.js';
import { OPERAND_STACK_SIZE_LIMIT } from './gas/schedule.js';
import { valueSize, valuesSize } from './gas/value-size.js';
import type { LoadedFunction } from './loader.js';
import { Op } from './opcodes.js';
import type { NativeContext, NativeTable } from './natives/registry.js';
import { hasTypeParams, substitute, type Type } from './types.js';
import { copyValue, Ref, Struct, Variant, valuesEqual, type Value } from './values.js';

/** Sui's limit on suspended callers: the outermost function can nest 1024 calls, not 1025. */
const MAX_CALL_DEPTH = 1024;

interface Frame {
  fn: LoadedFunction;
  instrs: Instr[];
  locals: Value[];
  typeArgs: Type[];
  pc: number;
}

export interface RunResult {
  returns: Value[];
  instructions: number;
}

/** Called each time a function (bytecode or native) is entered; `depth` 0 is the function called from outside. */
export type FunctionEnterHook = (fn: LoadedFunction, depth: number) => void;

export class Interpreter {
  constructor(
    private readonly natives: NativeTable,
    private readonly context: NativeContext,
    private readonly onEnter?: FunctionEnterHook,
  ) {}

  /**
   * Runs `fn` to completion, charging `gas`. Arguments must match its parameters (references as `Ref`).
   * @throws VmError with `location` set to the failing function and instruction
   */
  run(
    fn: LoadedFunction,
    typeArgs: Type[],
    args: Value[],
    gas: GasMeter,
    instructionLimit = Infinity,
  ): RunResult {
    this.onEnter?.(fn, 0);
    if (!fn.code) {
      try {
        return { returns: this.meteredNative(fn, typeArgs, args, gas), instructions: 0 };
      } catch (error) {
        throw locate(error, fn, 0);
      }
    }
    const stack: Value[] = [];
    const frames: Frame[] = [];
    let frame = newFrame(fn, typeArgs, args);
    let executed = 0;
    let instr: Instr | undefined;
    try {
      for (;;) {
        instr = frame.instrs[frame.pc]!;
        if (++executed > instructionLimit) {
          throw new VmError(
            'INSTRUCTION_LIMIT_EXCEEDED',
            `more than ${instructionLimit} instructions executed`,
          );
        }
        // Sui's meter charges every instruction before it runs; the cases add what only run time knows.
        gas.charge(1, instr.pushes, instr.pops, instr.pushedBytes);
        switch (instr.op) {
          case Op.Pop:
            stack.pop();
            break;
          case Op.Ret: {
            const caller = frames.pop();
            if (!caller) return { returns: stack, instructions: executed };
            frame = caller;
            break;
          }
          case Op.BrTrue:
            if (stack.pop() === true) {
              frame.pc = instr.n;
              continue;
            }
            break;
          case Op.BrFalse:
            if (stack.pop() === false) {
              frame.pc = instr.n;
              continue;
            }
            break;
          case Op.Branch:
            frame.pc = instr.n;
            continue;
          case Op.Nop:
            break;
          case Op.Abort:
            throw abort(stack.pop() as bigint);
          case Op.LdSmall:
            stack.push(instr.n);
            break;
          case Op.LdBig:
            stack.push(instr.x as bigint);
            break;
          case Op.LdConst:
            stack.push(copyValue(instr.x as Value));
            break;
          case Op.LdTrue:
          case Op.LdFalse:
            stack.push(instr.op === Op.LdTrue);
            break;
          case Op.CopyLoc: {
            const local = frame.locals[instr.n]!;
            gas.charge(0, 0, 0, valueSize(local));
            stack.push(copyValue(local));
            break;
          }
          case Op.MoveLoc:
            stack.push(frame.locals[instr.n]!);
            frame.locals[instr.n] = undefined as unknown as Value;
            break;
          case Op.StLoc:
            frame.locals[instr.n] = stack.pop()!;
            break;
          case Op.BorrowLoc:
            stack.push(new Ref(frame.locals, instr.n));
            break;
          case Op.Call: {
            const site = instr.x as CallSite;
            const callee = (site.target ??= frame.fn.module.resolveFunctionHandle(site.handle));
            const calleeTypeArgs = instantiate(site.typeArgs, frame.typeArgs);
            const args = stack.splice(stack.length - instr.n, instr.n);
            this.onEnter?.(callee, frames.length + 1);
            if (!callee.code) {
              const results = this.nativeAt(callee, calleeTypeArgs, args, gas);
              for (const result of results) stack.push(result);
              break;
            }
            if (frames.length >= MAX_CALL_DEPTH) {
              throw new VmError('CALL_STACK_OVERFLOW', `more than ${MAX_CALL_DEPTH} nested calls`);
            }
            frames.push(frame); // resumes after the call: `Ret` falls through to `pc++`
            frame = newFrame(callee, calleeTypeArgs, args);
            continue;
          }
          case Op.Pack:
            stack.push(new Struct(stack.splice(stack.length - instr.n, instr.n)));
            break;
          case Op.Unpack: {
            const fields = (stack.pop() as Struct).fields;
            for (const field of fields) stack.push(field);
            break;
          }
          case Op.BorrowField: {
            const owner = (stack.pop() as Ref).read() as Struct;
            stack.push(new Ref(owner.fields, instr.n));
            break;
          }
          case Op.ReadRef: {
            const ref = stack.pop() as Ref;
            gas.charge(0, 0, 0, valueSize(ref, true));
            stack.push(copyValue(ref.read()));
            break;
          }
          case Op.WriteRef: {
            const ref = stack.pop() as Ref;
            const value = stack.pop()!;
            gas.charge(0, 0, 0, valueSize(value));
            ref.write(value);
            break;
          }
          case Op.FreezeRef:
            break;
          case Op.Add:
          case Op.Sub:
          case Op.Mul:
          case Op.Mod:
          case Op.Div:
          case Op.BitOr:
          case Op.BitAnd:
          case Op.Xor:
          case Op.Shl:
          case Op.Shr: {
            const right = stack.pop() as arith.Int;
            const left = stack.pop() as arith.Int;
            stack.push(BINARY[instr.op]!(instr.w, left, right));
            break;
          }
          case Op.Or: {
            const right = stack.pop() as boolean;
            stack.push((stack.pop() as boolean) || right);
            break;
          }
          case Op.And: {
            const right = stack.pop() as boolean;
            stack.push((stack.pop() as boolean) && right);
            break;
          }
          case Op.Not:
            stack.push(!(stack.pop() as boolean));
            break;
          case Op.Eq:
          case Op.Neq: {
            const right = stack.pop()!;
            const left = stack.pop()!;
            // Both operands' sizes (references followed) are charged as pushed, as Sui does.
            gas.charge(0, 0, 0, valueSize(left, true) + valueSize(right, true));
            const equal = valuesEqual(left, right);
            stack.push(instr.op === Op.Eq ? equal : !equal);
            break;
          }
          case Op.Lt:
          case Op.Gt:
          case Op.Le:
          case Op.Ge: {
            const right = stack.pop() as arith.Int;
            const left = stack.pop() as arith.Int;
            stack.push(compare(instr.op, left, right));
            break;
          }
          case Op.CastU8:
          case Op.CastU16:
          case Op.CastU32:
          case Op.CastU64:
          case Op.CastU128:
          case Op.CastU256:
            stack.push(arith.cast(CAST_TARGET[instr.op]!, stack.pop() as arith.Int));
            break;
          case Op.VecPack:
            stack.push(stack.splice(stack.length - instr.n, instr.n));
            break;
          case Op.VecLen:
            stack.push(BigInt(((stack.pop() as Ref).read() as Value[]).length));
            break;
          case Op.VecBorrow: {
            const index = stack.pop() as bigint;
            const vector = (stack.pop() as Ref).read() as Value[];
            stack.push(new Ref(vector, checkedIndex(vector, index)));
            break;
          }
          case Op.VecPushBack: {
            const value = stack.pop()!;
            pushBounded((stack.pop() as Ref).read() as Value[], value);
            break;
          }
          case Op.VecPopBack: {
            const vector = (stack.pop() as Ref).read() as Value[];
            if (vector.length === 0) throw vectorError(VECTOR_POP_EMPTY, 'pop from an empty vector');
            stack.push(vector.pop()!);
            break;
          }
          case Op.VecUnpack: {
            const vector = stack.pop() as Value[];
            if (vector.length !== instr.n) {
              throw vectorError(VECTOR_UNPACK_MISMATCH, `unpacking ${vector.length} elements as ${instr.n}`);
            }
            for (const item of vector) stack.push(item);
            break;
          }
          case Op.VecSwap: {
            const j = stack.pop() as bigint;
            const i = stack.pop() as bigint;
            const vector = (stack.pop() as Ref).read() as Value[];
            const a = checkedIndex(vector, i);
            const b = checkedIndex(vector, j);
            [vector[a], vector[b]] = [vector[b]!, vector[a]!];
            break;
          }
          case Op.PackVariant:
            stack.push(new Variant(instr.x as number, stack.splice(stack.length - instr.n, instr.n)));
            break;
          case Op.UnpackVariant: {
            const variant = stack.pop() as Variant;
            checkTag(variant, instr.x as number);
            for (const field of variant.fields) stack.push(field);
            break;
          }
          case Op.UnpackVariantRef: {
            const variant = (stack.pop() as Ref).read() as Variant;
            checkTag(variant, instr.x as number);
            for (let i = 0; i < variant.fields.length; i++) stack.push(new Ref(variant.fields, i));
            break;
          }
          case Op.VariantSwitch: {
            const variant = (stack.pop() as Ref).read() as Variant;
            frame.pc = (instr.x as number[])[variant.tag]!;
            continue;
          }
        }
        // Sui refuses every push past the limit; only instructions that reach here push (branches do not).
        if (stack.length > OPERAND_STACK_SIZE_LIMIT) throw stackOverflow();
        frame.pc++;
      }
    } catch (error) {
      throw locate(error, frame.fn, frame.pc);
    }
  }

  /** A native called from Move code: its failures are located at the native itself, offset 0. */
  private nativeAt(fn: LoadedFunction, typeArgs: Type[], args: Value[], gas: GasMeter): Value[] {
    try {
      return this.meteredNative(fn, typeArgs, args, gas);
    } catch (error) {
      throw locate(error, fn, 0);
    }
  }

  /**
   * Sui's charges around a native: one instruction popping its arguments again (gas model 11 still does),
   * then after it ran its cost and its results pushed; a native that aborts pays its base cost only.
   */
  private meteredNative(fn: LoadedFunction, typeArgs: Type[], args: Value[], gas: GasMeter): Value[] {
    gas.charge(1, 0, args.length, 0);
    const key = `${fn.module.id}::${fn.name}`;
    const native = this.natives.get(key);
    if (!native) throw new VmError('UNIMPLEMENTED_NATIVE', `native 0x${key} is not implemented`);
    let results: Value[];
    try {
      results = native(this.context, typeArgs, args);
    } catch (error) {
      if (error instanceof VmError && error.status === 'ABORTED')
        gas.chargeNative(nativeCost(key, args, []), 0, 0);
      throw error;
    }
    gas.chargeNative(nativeCost(key, args, results), results.length, valuesSize(results));
    return results;
  }
}

function newFrame(fn: LoadedFunction, typeArgs: Type[], args: Value[]): Frame {
  const code = fn.code!;
  const locals = args;
  locals.length = code.localCount;
  return { fn, instrs: code.instrs, locals, typeArgs, pc: 0 };
}

function instantiate(siteTypeArgs: Type[], frameTypeArgs: Type[]): Type[] {
  if (siteTypeArgs.length === 0) return siteTypeArgs;
  return siteTypeArgs.map((t) => (hasTypeParams(t) ? substitute(t, frameTypeArgs) : t));
}

function checkedIndex(vector: Value[], index: bigint): number {
  if (index >= BigInt(vector.length)) {
    throw vectorError(VECTOR_INDEX_OUT_OF_BOUNDS, `index ${index} out of bounds for length ${vector.length}`);
  }
  return Number(index);
}

function checkTag(variant: Variant, expected: number): void {
  if (variant.tag !== expected) {
    throw new VmError('VARIANT_TAG_MISMATCH', `expected variant ${expected}, found ${variant.tag}`);
  }
}

function compare(op: Op, left: arith.Int, right: arith.Int): boolean {
  switch (op) {
    case Op.Lt:
      return left < right;
    case Op.Gt:
      return left > right;
    case Op.Le:
      return left <= right;
    default:
      return left >= right;
  }
}

/** Adds where the error happened, unless an inner frame already did. */
function locate(error: unknown, fn: LoadedFunction, offset: number): unknown {
  if (error instanceof VmError && !error.location) {
    error.location = {
      address: `0x${fn.module.address}`,
      module: fn.module.name,
      function: fn.name,
      functionIndex: fn.defIndex,
      offset,
    };
  }
  return error;
}

const BINARY: Partial<Record<Op, (kind: Instr['w'], a: arith.Int, b: arith.Int) => arith.Int>> = {
  [Op.Add]: arith.add,
  [Op.Sub]: arith.sub,
  [Op.Mul]: arith.mul,
  [Op.Mod]: arith.mod,
  [Op.Div]: arith.div,
  [Op.BitOr]: arith.bitOr,
  [Op.BitAnd]: arith.bitAnd,
  [Op.Xor]: arith.xor,
  [Op.Shl]: arith.shl,
  [Op.Shr]: arith.shr,
};
