// Reading the JSON instruction encoding: a bare opcode name, or `{ Opcode: operand }`.
import type { Bytecode } from '../move/module-json.js';

export function opcodeOf(instruction: Bytecode): string {
  if (typeof instruction === 'string') return instruction;
  const [name] = Object.keys(instruction);
  return name ?? '';
}

export function operandOf(instruction: Bytecode): unknown {
  return typeof instruction === 'string' ? undefined : instruction[opcodeOf(instruction)];
}

/** The operand as an index (every table index and code offset fits a JS number). */
export function indexOperand(instruction: Bytecode): number {
  const operand = operandOf(instruction);
  if (Array.isArray(operand)) return Number(operand[0]);
  return Number(operand);
}

/** `VecPack`/`VecUnpack` carry `[signature index, element count]`. */
export function vectorCountOperand(instruction: Bytecode): number {
  const operand = operandOf(instruction);
  return Array.isArray(operand) ? Number(operand[1]) : 0;
}

export const BRANCH_OPCODES = new Set(['Branch', 'BrTrue', 'BrFalse']);

/** Vector opcodes: their operand indexes the signature pool (the element type). */
export const VECTOR_OPCODES = new Set([
  'VecPack',
  'VecLen',
  'VecImmBorrow',
  'VecMutBorrow',
  'VecPushBack',
  'VecPopBack',
  'VecUnpack',
  'VecSwap',
]);

/** Opcodes after which control never falls through to the next instruction. */
export const UNCONDITIONAL_OPCODES = new Set(['Branch', 'Ret', 'Abort', 'VariantSwitch']);

/** Global storage opcodes: deserialized on Sui only under their deprecated names, never allowed. */
export const GLOBAL_STORAGE_OPCODES = new Set([
  'ExistsDeprecated',
  'ExistsGenericDeprecated',
  'MoveFromDeprecated',
  'MoveFromGenericDeprecated',
  'MoveToDeprecated',
  'MoveToGenericDeprecated',
  'MutBorrowGlobalDeprecated',
  'MutBorrowGlobalGenericDeprecated',
  'ImmBorrowGlobalDeprecated',
  'ImmBorrowGlobalGenericDeprecated',
  'Exists',
  'ExistsGeneric',
  'MoveFrom',
  'MoveFromGeneric',
  'MoveTo',
  'MoveToGeneric',
  'MutBorrowGlobal',
  'MutBorrowGlobalGeneric',
  'ImmBorrowGlobal',
  'ImmBorrowGlobalGeneric',
]);
