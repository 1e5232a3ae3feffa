// Sui's gas schedule and execution limits at protocol version 104 (mainnet v1.62, the corpus's framework),
// read from `sui-protocol-config` and `sui-types/src/gas_model`. At 104 the gas model version is 11, whose
// cost table is Sui's `initial_cost_schedule_v5` (every gas model version above 7 uses it).

/** Sui meters in internal units: 1 gas unit is 1 000 of them. */
export const INTERNAL_UNITS_PER_GAS = 1000;

/** A tier table: from `start` (inclusive lower bound, entered once the counter exceeds it) the multiplier. */
export type Tiers = readonly (readonly [start: number, multiplier: number])[];

/** `initial_cost_schedule_v5`: per executed instruction, by instructions executed so far in the transaction. */
export const INSTRUCTION_TIERS: Tiers = [
  [0, 1],
  [20_000, 2],
  [50_000, 10],
  [100_000, 50],
  [200_000, 100],
  [10_000_000, 1000],
];

/** Per value pushed on the operand stack, by the stack's current height. */
export const STACK_HEIGHT_TIERS: Tiers = [
  [0, 1],
  [1_000, 2],
  [10_000, 10],
];

/** Per abstract byte added to the stack, by the stack's size so far (which only grows: pops never shrink it). */
export const STACK_SIZE_TIERS: Tiers = [
  [0, 1],
  [100_000, 2],
  [500_000, 5],
  [1_000_000, 100],
  [100_000_000, 1000],
];

/** Abstract sizes (`gas_model/tables.rs`, move-vm-runtime's `views.rs`); a primitive type's size is 1. */
export const REFERENCE_SIZE = 8;
export const STRUCT_SIZE = 2;
export const VEC_SIZE = 8;
export const TYPE_SIZE = 1;

/** After this many native calls a native's cost also counts as instructions (`native_function_threshold_exceeded`). */
export const NATIVE_CALL_THRESHOLD = 700;

/** `max_gas_computation_bucket`: the most computation (gas units) a transaction can pay for. */
export const MAX_GAS_COMPUTATION_BUCKET = 5_000_000n;
/** `max_tx_gas` (MIST), since protocol version 72. */
export const MAX_TX_GAS = 50_000_000_000_000n;
/** `max_gas_price` (MIST per unit), since protocol version 72. */
export const MAX_GAS_PRICE = 50_000_000_000n;
/** `base_tx_cost_fixed` (gas units); with `txn_base_cost_as_multiplier` the least budget is this times the price. */
export const BASE_TX_COST_FIXED = 1_000n;
/** `gas_rounding_step`: computation cost is rounded up to a multiple of this many units. */
export const GAS_ROUNDING_STEP = 1_000n;

/** `max_move_vector_len`: a push beyond it fails with VECTOR_OPERATION_ERROR, sub-status 4. */
export const MAX_MOVE_VECTOR_LEN = 256 * 1024;
/** Move's `OPERAND_STACK_SIZE_LIMIT`: values on the operand stack, all frames together. */
export const OPERAND_STACK_SIZE_LIMIT = 1024;
/** `max_num_event_emit`, `max_event_emit_size`, `max_event_emit_size_total` (bytes). */
export const MAX_NUM_EVENT_EMIT = 1024;
export const MAX_EVENT_EMIT_SIZE = 250 * 1024;
export const MAX_EVENT_EMIT_SIZE_TOTAL = 256 * 250 * 1024;
/** `max_move_object_size` (bytes of an object's contents), checked on the objects a transaction writes. */
export const MAX_MOVE_OBJECT_SIZE = 250 * 1024;
/** `max_num_new_move_object_ids`: UIDs one transaction may create. */
export const MAX_NUM_NEW_MOVE_OBJECT_IDS = 2048;

/** Sub-statuses of MEMORY_LIMIT_EXCEEDED (`VMMemoryLimitExceededSubStatusCode`). */
export const EVENT_COUNT_LIMIT_EXCEEDED = 0n;
export const EVENT_SIZE_LIMIT_EXCEEDED = 1n;
export const NEW_ID_COUNT_LIMIT_EXCEEDED = 2n;
export const TOTAL_EVENT_SIZE_LIMIT_EXCEEDED = 7n;

/** PTB translation charges at 104 (internal units, `translation_*_charge`): per input, pure byte, command argument. */
export const TRANSLATION_PER_INPUT = 1;
export const TRANSLATION_PER_PURE_BYTE = 1;
export const TRANSLATION_PER_COMMAND_ARGUMENT = 1;
/** `obj_access_cost_read_per_byte` (internal units per byte of an input object). */
export const OBJECT_READ_PER_BYTE = 15;
