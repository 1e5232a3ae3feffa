// Stack balance per basic block (stack_usage_verifier.rs): no instruction pops more than the block
// pushed before it, and every block ends with an empty stack.
import type { Bytecode, ModuleJson } from '../move/module-json.js';
import type { ControlFlowGraph } from './control-flow.js';
import { fail } from './errors.js';
import { indexOperand, opcodeOf, vectorCountOperand } from './instructions.js';
import { callTarget, structShape, variantShape, type FunctionView } from './module-view.js';

const PUSH_ONLY = new Set([
  'LdU8',
  'LdU16',
  'LdU32',
  'LdU64',
  'LdU128',
  'LdU256',
  'LdConst',
  'LdTrue',
  'LdFalse',
  'CopyLoc',
  'MoveLoc',
  'MutBorrowLoc',
  'ImmBorrowLoc',
]);
const ONE_TO_ONE = new Set([
  'Not',
  'FreezeRef',
  'ReadRef',
  'CastU8',
  'CastU16',
  'CastU32',
  'CastU64',
  'CastU128',
  'CastU256',
  'MutBorrowField',
  'MutBorrowFieldGeneric',
  'ImmBorrowField',
  'ImmBorrowFieldGeneric',
  'VecLen',
  'VecPopBack',
]);
const BINARY = new Set([
  'Add',
  'Sub',
  'Mul',
  'Mod',
  'Div',
  'BitOr',
  'BitAnd',
  'Xor',
  'Shl',
  'Shr',
  'Or',
  'And',
  'Eq',
  'Neq',
  'Lt',
  'Gt',
  'Le',
  'Ge',
  'VecImmBorrow',
  'VecMutBorrow',
]);
const POP_ONLY = new Set(['Pop', 'BrTrue', 'BrFalse', 'StLoc', 'Abort', 'VariantSwitch']);

/** How many values an instruction pops and pushes. */
export function stackEffect(module: ModuleJson, view: FunctionView, instruction: Bytecode): [number, number] {
  const opcode = opcodeOf(instruction);
  if (PUSH_ONLY.has(opcode)) return [0, 1];
  if (ONE_TO_ONE.has(opcode)) return [1, 1];
  if (BINARY.has(opcode)) return [2, 1];
  if (POP_ONLY.has(opcode)) return [1, 0];
  switch (opcode) {
    case 'Branch':
    case 'Nop':
      return [0, 0];
    case 'Ret':
      return [view.returns.length, 0];
    case 'WriteRef':
    case 'VecPushBack':
      return [2, 0];
    case 'VecSwap':
      return [3, 0];
    case 'VecPack':
      return [vectorCountOperand(instruction), 1];
    case 'VecUnpack':
      return [1, vectorCountOperand(instruction)];
    case 'Call':
    case 'CallGeneric': {
      const target = callTarget(module, instruction, opcode === 'CallGeneric');
      return [target.params.length, target.returns.length];
    }
    case 'Pack':
    case 'PackGeneric':
      return [structShape(module, indexOperand(instruction), opcode === 'PackGeneric').fields.length, 1];
    case 'Unpack':
    case 'UnpackGeneric':
      return [1, structShape(module, indexOperand(instruction), opcode === 'UnpackGeneric').fields.length];
    case 'PackVariant':
    case 'PackVariantGeneric':
      return [variantShape(module, indexOperand(instruction), opcode.endsWith('Generic')).fields.length, 1];
    default:
      if (opcode.startsWith('UnpackVariant')) {
        const generic = opcode.startsWith('UnpackVariantGeneric');
        return [1, variantShape(module, indexOperand(instruction), generic).fields.length];
      }
      return fail('UNKNOWN_OPCODE', `the verifier does not know the instruction ${opcode}`);
  }
}

export function verifyStackUsage(
  module: ModuleJson,
  view: FunctionView,
  code: readonly Bytecode[],
  cfg: ControlFlowGraph,
): void {
  for (const block of cfg.blocks.values()) {
    let height = 0;
    for (let offset = block.start; offset <= block.end; offset++) {
      const [pops, pushes] = stackEffect(module, view, code[offset] as Bytecode);
      if (pops > height) {
        fail(
          'NEGATIVE_STACK_SIZE_WITHIN_BLOCK',
          'an instruction pops more values than the block pushed',
          offset,
        );
      }
      height += pushes - pops;
    }
    if (height !== 0) {
      // Sui reports this one at the block's first instruction.
      fail('POSITIVE_STACK_SIZE_AT_BLOCK_END', 'a basic block leaves values on the stack', block.start);
    }
  }
}
