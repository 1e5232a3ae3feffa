// Execution failures, named after the Move VM's status codes so results compare with Sui's.

/**
 * - `ABORTED`: Move `abort` (or a native's abort); `code` is the abort code.
 * - `ARITHMETIC_ERROR`: overflow, underflow, division by zero, over-wide shift, lossy cast.
 * - `VECTOR_OPERATION_ERROR`: bad index, pop from empty, destroy non-empty, unpack length, a push beyond
 *   `max_move_vector_len`; `code` is the sub-status.
 * - `VARIANT_TAG_MISMATCH`: unpacking an enum value as another variant.
 * - `CALL_STACK_OVERFLOW`: more than 1024 nested calls.
 * - `INSTRUCTION_LIMIT_EXCEEDED`: the optional instruction budget of the call ran out.
 * - `OUT_OF_GAS`: the transaction's computation budget ran out (src/vm/gas); a PTB reports `InsufficientGas`.
 * - `MEMORY_LIMIT_EXCEEDED`: an event or object-id limit of Sui's object runtime; `code` is Sui's sub-status.
 * - `EXECUTION_STACK_OVERFLOW`: more values on the operand stack than Move allows (1024).
 * - `UNIMPLEMENTED_NATIVE`: a native this VM does not implement (listed in src/vm/README.md).
 * - `LINKER_ERROR`: a module, function or type the code refers to is not loaded.
 * - `MALFORMED`: a native got bytes that do not decode as the Rust type it reads them as
 *   (`validate_metadata_bcs`), as Sui's native reports it.
 */
export type VmStatus =
  | 'ABORTED'
  | 'ARITHMETIC_ERROR'
  | 'VECTOR_OPERATION_ERROR'
  | 'VARIANT_TAG_MISMATCH'
  | 'CALL_STACK_OVERFLOW'
  | 'INSTRUCTION_LIMIT_EXCEEDED'
  | 'OUT_OF_GAS'
  | 'MEMORY_LIMIT_EXCEEDED'
  | 'EXECUTION_STACK_OVERFLOW'
  | 'UNIMPLEMENTED_NATIVE'
  | 'LINKER_ERROR'
  | 'MALFORMED';

/** Where execution stopped: the module and function being run and the instruction offset. */
export interface VmLocation {
  /** `0x` + 64 hex digits. */
  address: string;
  module: string;
  function: string;
  /** Index of the function among the module's definitions (Sui's `FunctionDefinitionIndex`). */
  functionIndex: number;
  /** Instruction offset inside the function; 0 for natives. */
  offset: number;
}

export class VmError extends Error {
  override readonly name = 'VmError';
  location?: VmLocation;

  constructor(
    readonly status: VmStatus,
    message: string,
    /** Abort code, or the sub-status of a vector or memory-limit error. */
    readonly code?: bigint,
  ) {
    super(message);
  }
}

export const abort = (code: bigint | number, message = 'abort'): VmError =>
  new VmError('ABORTED', message, BigInt(code));

export const arithmeticError = (message: string): VmError => new VmError('ARITHMETIC_ERROR', message);

/** Vector sub-statuses, as in Move's vector natives. */
export const VECTOR_INDEX_OUT_OF_BOUNDS = 1n;
export const VECTOR_POP_EMPTY = 2n;
export const VECTOR_DESTROY_NON_EMPTY = 3n;
export const VECTOR_UNPACK_MISMATCH = 4n;

export const vectorError = (subStatus: bigint, message: string): VmError =>
  new VmError('VECTOR_OPERATION_ERROR', message, subStatus);

/** A package set or call request that cannot be run at all (bad bytes, missing framework, wrong arguments). */
export class VmLoadError extends Error {
  override readonly name = 'VmLoadError';
}
