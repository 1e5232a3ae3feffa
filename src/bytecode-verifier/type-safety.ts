// Type safety (type_safety.rs): each basic block is run on an abstract stack of types (blocks start
// and end with an empty stack, so no join is needed); every instruction must find operands of the
// types and abilities it requires.
import type { Bytecode, ModuleJson, SignatureToken } from '../move/module-json.js';
import { COPY, DROP, hasAbility } from './abilities.js';
import type { ControlFlowGraph } from './control-flow.js';
import { fail } from './errors.js';
import { indexOperand, opcodeOf, vectorCountOperand } from './instructions.js';
import {
  callTarget,
  fieldShape,
  isReference,
  sameToken,
  signatureAt,
  structShape,
  variantShape,
  type FunctionView,
  type JumpTable,
} from './module-view.js';

const INTEGERS = new Set(['U8', 'U16', 'U32', 'U64', 'U128', 'U256']);
const ARITHMETIC = new Set(['Add', 'Sub', 'Mul', 'Mod', 'Div', 'BitOr', 'BitAnd', 'Xor']);
const COMPARISON = new Set(['Lt', 'Gt', 'Le', 'Ge']);
const LOADS: Record<string, SignatureToken> = {
  LdU8: 'U8',
  LdU16: 'U16',
  LdU32: 'U32',
  LdU64: 'U64',
  LdU128: 'U128',
  LdU256: 'U256',
  LdTrue: 'Bool',
  LdFalse: 'Bool',
};

function isInteger(token: SignatureToken | undefined): boolean {
  return typeof token === 'string' && INTEGERS.has(token);
}

/** The referenced type of a reference (any reference, or only a mutable one). */
function referent(token: SignatureToken | undefined, mutableOnly: boolean): SignatureToken | undefined {
  if (token === undefined || typeof token === 'string') return undefined;
  if ('MutableReference' in token) return token.MutableReference;
  if ('Reference' in token && !mutableOnly) return token.Reference;
  return undefined;
}

class BlockTyping {
  readonly stack: SignatureToken[] = [];
  offset = 0;

  constructor(
    readonly module: ModuleJson,
    readonly view: FunctionView,
    readonly tables: readonly JumpTable[],
  ) {}

  pop(): SignatureToken {
    const top = this.stack.pop();
    if (top === undefined) fail('EMPTY_VALUE_STACK', 'an instruction found the stack empty', this.offset);
    return top;
  }

  has(token: SignatureToken, ability: number): boolean {
    return hasAbility(this.module, token, this.view.typeParams, ability);
  }

  expect(ok: boolean, status: string, message: string): void {
    if (!ok) fail(status, message, this.offset);
  }

  local(index: number): SignatureToken {
    const token = this.view.locals[index];
    if (token === undefined) fail('INDEX_OUT_OF_BOUNDS', `local ${index} does not exist`, this.offset, index);
    return token;
  }

  /** Pops values for `expected` (last one on top) and checks each type. */
  popAll(expected: readonly SignatureToken[], status: string, what: string): void {
    for (let i = expected.length - 1; i >= 0; i--) {
      this.expect(
        sameToken(this.pop(), expected[i] as SignatureToken),
        status,
        `${what} ${i} has the wrong type`,
      );
    }
  }

  vectorElement(instruction: Bytecode): SignatureToken {
    const [element] = signatureAt(this.module, indexOperand(instruction));
    if (element === undefined)
      fail('INDEX_OUT_OF_BOUNDS', 'vector instruction without element type', this.offset);
    return element;
  }

  /** Pops a reference to `vector<element>`; TYPE_MISMATCH otherwise. */
  popVectorReference(element: SignatureToken, mutableOnly: boolean): void {
    const vector = referent(this.pop(), mutableOnly);
    this.expect(
      vector !== undefined &&
        typeof vector !== 'string' &&
        'Vector' in vector &&
        sameToken(vector.Vector, element),
      'TYPE_MISMATCH',
      'expected a reference to a vector of the declared element type',
    );
  }

  popU64(): void {
    this.expect(this.pop() === 'U64', 'TYPE_MISMATCH', 'expected a u64 index');
  }

  step(instruction: Bytecode): void {
    const opcode = opcodeOf(instruction);
    const load = LOADS[opcode];
    if (load !== undefined) {
      this.stack.push(load);
      return;
    }
    if (ARITHMETIC.has(opcode) || COMPARISON.has(opcode)) {
      const right = this.pop();
      const left = this.pop();
      this.expect(
        isInteger(left) && sameToken(left, right),
        'INTEGER_OP_TYPE_MISMATCH_ERROR',
        `${opcode} needs two integers of one type`,
      );
      this.stack.push(COMPARISON.has(opcode) ? 'Bool' : left);
      return;
    }
    if (opcode.startsWith('CastU')) {
      this.expect(isInteger(this.pop()), 'INTEGER_OP_TYPE_MISMATCH_ERROR', 'a cast needs an integer');
      this.stack.push(opcode.slice(4) as SignatureToken);
      return;
    }
    this.stepOther(opcode, instruction);
  }

  private stepOther(opcode: string, instruction: Bytecode): void {
    const index = indexOperand(instruction);
    switch (opcode) {
      case 'Nop':
      case 'Branch':
        return;
      case 'Pop': {
        this.expect(this.has(this.pop(), DROP), 'POP_WITHOUT_DROP_ABILITY', 'popping a value without drop');
        return;
      }
      case 'BrTrue':
      case 'BrFalse':
        this.expect(this.pop() === 'Bool', 'BR_TYPE_MISMATCH_ERROR', 'a conditional branch needs a bool');
        return;
      case 'Abort':
        this.expect(this.pop() === 'U64', 'ABORT_TYPE_MISMATCH_ERROR', 'abort needs a u64 code');
        return;
      case 'Ret':
        this.popAll(this.view.returns, 'RET_TYPE_MISMATCH_ERROR', 'return value');
        return;
      case 'LdConst': {
        const constant = this.module.constant_pool[index];
        if (!constant) fail('INDEX_OUT_OF_BOUNDS', `constant ${index} does not exist`, this.offset);
        this.stack.push(constant.type_);
        return;
      }
      case 'StLoc':
        this.expect(
          sameToken(this.pop(), this.local(index)),
          'STLOC_TYPE_MISMATCH_ERROR',
          `storing a value of the wrong type in local ${index}`,
        );
        return;
      case 'MoveLoc':
        this.stack.push(this.local(index));
        return;
      case 'CopyLoc': {
        const token = this.local(index);
        if (!this.has(token, COPY))
          fail('COPYLOC_WITHOUT_COPY_ABILITY', `copying local ${index} without copy`, this.offset, index);
        this.stack.push(token);
        return;
      }
      case 'MutBorrowLoc':
      case 'ImmBorrowLoc': {
        const token = this.local(index);
        if (isReference(token))
          fail(
            'BORROWLOC_REFERENCE_ERROR',
            `borrowing local ${index}, itself a reference`,
            this.offset,
            index,
          );
        this.stack.push(opcode === 'MutBorrowLoc' ? { MutableReference: token } : { Reference: token });
        return;
      }
      case 'FreezeRef': {
        const inner = referent(this.pop(), true);
        if (inner === undefined)
          fail(
            'FREEZEREF_TYPE_MISMATCH_ERROR',
            'freezing a value that is not a mutable reference',
            this.offset,
          );
        this.stack.push({ Reference: inner });
        return;
      }
      case 'ReadRef': {
        const inner = referent(this.pop(), false);
        if (inner === undefined)
          fail('READREF_TYPE_MISMATCH_ERROR', 'reading through a value that is not a reference', this.offset);
        this.expect(this.has(inner, COPY), 'READREF_WITHOUT_COPY_ABILITY', 'reading a value without copy');
        this.stack.push(inner);
        return;
      }
      case 'WriteRef': {
        const inner = referent(this.pop(), true);
        const value = this.pop();
        if (inner === undefined)
          fail(
            'WRITEREF_NO_MUTABLE_REFERENCE_ERROR',
            'writing through a value that is not a mutable reference',
            this.offset,
          );
        this.expect(
          this.has(inner, DROP),
          'WRITEREF_WITHOUT_DROP_ABILITY',
          'overwriting a value without drop',
        );
        this.expect(
          sameToken(inner, value),
          'WRITEREF_TYPE_MISMATCH_ERROR',
          'writing a value of the wrong type',
        );
        return;
      }
      case 'Shl':
      case 'Shr': {
        const amount = this.pop();
        const value = this.pop();
        this.expect(
          amount === 'U8' && isInteger(value),
          'INTEGER_OP_TYPE_MISMATCH_ERROR',
          'a shift needs an integer and a u8',
        );
        this.stack.push(value);
        return;
      }
      case 'Or':
      case 'And': {
        const ok = this.pop() === 'Bool' && this.pop() === 'Bool';
        this.expect(ok, 'BOOLEAN_OP_TYPE_MISMATCH_ERROR', `${opcode} needs two bools`);
        this.stack.push('Bool');
        return;
      }
      case 'Not':
        this.expect(this.pop() === 'Bool', 'BOOLEAN_OP_TYPE_MISMATCH_ERROR', 'not needs a bool');
        this.stack.push('Bool');
        return;
      case 'Eq':
      case 'Neq': {
        const right = this.pop();
        const left = this.pop();
        this.expect(
          this.has(left, DROP) && sameToken(left, right),
          'EQUALITY_OP_TYPE_MISMATCH_ERROR',
          'comparing values of different types or without drop',
        );
        this.stack.push('Bool');
        return;
      }
      case 'Call':
      case 'CallGeneric': {
        const target = callTarget(this.module, instruction, opcode === 'CallGeneric');
        this.popAll(target.params, 'CALL_TYPE_MISMATCH_ERROR', 'argument');
        this.stack.push(...target.returns);
        return;
      }
      case 'Pack':
      case 'PackGeneric': {
        const shape = structShape(this.module, index, opcode === 'PackGeneric');
        this.popAll(shape.fields, 'PACK_TYPE_MISMATCH_ERROR', 'field');
        this.stack.push(shape.type);
        return;
      }
      case 'Unpack':
      case 'UnpackGeneric': {
        const shape = structShape(this.module, index, opcode === 'UnpackGeneric');
        this.expect(
          sameToken(this.pop(), shape.type),
          'UNPACK_TYPE_MISMATCH_ERROR',
          'unpacking a value of another type',
        );
        this.stack.push(...shape.fields);
        return;
      }
      case 'MutBorrowField':
      case 'MutBorrowFieldGeneric':
      case 'ImmBorrowField':
      case 'ImmBorrowFieldGeneric': {
        const shape = fieldShape(this.module, index, opcode.endsWith('Generic'));
        const mutable = opcode.startsWith('Mut');
        const owner = referent(this.pop(), mutable);
        this.expect(
          owner !== undefined && sameToken(owner, shape.owner),
          'BORROWFIELD_TYPE_MISMATCH_ERROR',
          'borrowing a field through a reference of the wrong type',
        );
        this.stack.push(mutable ? { MutableReference: shape.field } : { Reference: shape.field });
        return;
      }
      case 'PackVariant':
      case 'PackVariantGeneric': {
        const shape = variantShape(this.module, index, opcode.endsWith('Generic'));
        this.popAll(shape.fields, 'PACK_TYPE_MISMATCH_ERROR', 'field');
        this.stack.push(shape.type);
        return;
      }
      case 'VariantSwitch': {
        const table = this.tables[index];
        const head = table && this.module.enum_defs[table.head_enum];
        const operand = referent(this.pop(), false);
        const handle =
          operand && typeof operand !== 'string'
            ? 'Datatype' in operand
              ? operand.Datatype
              : 'DatatypeInstantiation' in operand
                ? operand.DatatypeInstantiation[0]
                : -1
            : -1;
        this.expect(
          head !== undefined && handle === head.enum_handle,
          'ENUM_SWITCH_BAD_OPERAND',
          "switching on something that is not a reference to the table's enum",
        );
        return;
      }
      case 'VecPack': {
        const element = this.vectorElement(instruction);
        for (let i = 0; i < vectorCountOperand(instruction); i++) {
          this.expect(sameToken(this.pop(), element), 'TYPE_MISMATCH', 'vector element of the wrong type');
        }
        this.stack.push({ Vector: element });
        return;
      }
      case 'VecUnpack': {
        const element = this.vectorElement(instruction);
        const vector = this.pop();
        this.expect(
          sameToken(vector, { Vector: element }),
          'TYPE_MISMATCH',
          'unpacking something that is not that vector',
        );
        for (let i = 0; i < vectorCountOperand(instruction); i++) this.stack.push(element);
        return;
      }
      case 'VecLen':
        this.popVectorReference(this.vectorElement(instruction), false);
        this.stack.push('U64');
        return;
      case 'VecImmBorrow':
      case 'VecMutBorrow': {
        const element = this.vectorElement(instruction);
        this.popU64();
        this.popVectorReference(element, opcode === 'VecMutBorrow');
        this.stack.push(opcode === 'VecMutBorrow' ? { MutableReference: element } : { Reference: element });
        return;
      }
      case 'VecPushBack': {
        const element = this.vectorElement(instruction);
        this.expect(sameToken(this.pop(), element), 'TYPE_MISMATCH', 'pushing an element of the wrong type');
        this.popVectorReference(element, true);
        return;
      }
      case 'VecPopBack': {
        const element = this.vectorElement(instruction);
        this.popVectorReference(element, true);
        this.stack.push(element);
        return;
      }
      case 'VecSwap':
        this.popU64();
        this.popU64();
        this.popVectorReference(this.vectorElement(instruction), true);
        return;
      default:
        this.stepUnpackVariant(opcode, index);
    }
  }

  private stepUnpackVariant(opcode: string, index: number): void {
    if (!opcode.startsWith('UnpackVariant'))
      fail('UNKNOWN_OPCODE', `unknown instruction ${opcode}`, this.offset);
    const shape = variantShape(this.module, index, opcode.startsWith('UnpackVariantGeneric'));
    const operand = this.pop();
    if (opcode.endsWith('ImmRef') || opcode.endsWith('MutRef')) {
      const mutable = opcode.endsWith('MutRef');
      const expected = mutable ? { MutableReference: shape.type } : { Reference: shape.type };
      this.expect(
        sameToken(operand, expected),
        'UNPACK_TYPE_MISMATCH_ERROR',
        'unpacking a variant through a reference of the wrong type',
      );
      this.stack.push(...shape.fields.map((f) => (mutable ? { MutableReference: f } : { Reference: f })));
      return;
    }
    this.expect(
      sameToken(operand, shape.type),
      'UNPACK_TYPE_MISMATCH_ERROR',
      'unpacking a value of another type',
    );
    this.stack.push(...shape.fields);
  }
}

export function verifyTypeSafety(
  module: ModuleJson,
  view: FunctionView,
  code: readonly Bytecode[],
  cfg: ControlFlowGraph,
  tables: readonly JumpTable[],
): void {
  for (const block of cfg.blocks.values()) {
    const typing = new BlockTyping(module, view, tables);
    for (let offset = block.start; offset <= block.end; offset++) {
      typing.offset = offset;
      typing.step(code[offset] as Bytecode);
    }
  }
}
