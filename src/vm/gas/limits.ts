// Sui's execution limits that are not gas: vector length, operand stack, events, new object ids. Each fails
// the transaction with the status Sui's VM or object runtime gives it.
import { VmError, vectorError } from '../errors.js';
import type { Value } from '../values.js';
import {
  EVENT_COUNT_LIMIT_EXCEEDED,
  EVENT_SIZE_LIMIT_EXCEEDED,
  MAX_EVENT_EMIT_SIZE,
  MAX_EVENT_EMIT_SIZE_TOTAL,
  MAX_MOVE_VECTOR_LEN,
  MAX_NUM_EVENT_EMIT,
  MAX_NUM_NEW_MOVE_OBJECT_IDS,
  NEW_ID_COUNT_LIMIT_EXCEEDED,
  OPERAND_STACK_SIZE_LIMIT,
  TOTAL_EVENT_SIZE_LIMIT_EXCEEDED,
} from './schedule.js';

/** Move's `VEC_SIZE_LIMIT_REACHED` sub-status of VECTOR_OPERATION_ERROR. */
const VECTOR_SIZE_LIMIT_REACHED = 4n;

/** A push (bytecode or `vector::push_back`) onto a vector already `max_move_vector_len` long fails. */
export function pushBounded(vector: Value[], value: Value): void {
  if (vector.length >= MAX_MOVE_VECTOR_LEN)
    throw vectorError(VECTOR_SIZE_LIMIT_REACHED, `vector size limit is ${MAX_MOVE_VECTOR_LEN}`);
  vector.push(value);
}

/** Move's EXECUTION_STACK_OVERFLOW: more values on the operand stack than Move allows. */
export const stackOverflow = (): VmError =>
  new VmError(
    'EXECUTION_STACK_OVERFLOW',
    `more than ${OPERAND_STACK_SIZE_LIMIT} values on the operand stack`,
  );

const memoryLimit = (subStatus: bigint, message: string) =>
  new VmError('MEMORY_LIMIT_EXCEEDED', message, subStatus);

/** What the event limits read of a transaction (its TransactionState): the events so far and their bytes. */
export interface EventTally {
  readonly events: readonly unknown[];
  eventBytes: number;
}

/**
 * Sui's event limits (sui-move-natives `event.rs`, object runtime): at most `max_num_event_emit` events, each
 * at most `max_event_emit_size` bytes (its type tag's and value's abstract sizes), and all together at most
 * `max_event_emit_size_total`. `size` is the event's size so measured.
 */
export function checkEvent(tx: EventTally, size: number): void {
  if (size > MAX_EVENT_EMIT_SIZE)
    throw memoryLimit(
      EVENT_SIZE_LIMIT_EXCEEDED,
      `emitting an event of ${size} bytes; the limit is ${MAX_EVENT_EMIT_SIZE}`,
    );
  if (tx.eventBytes + size > MAX_EVENT_EMIT_SIZE_TOTAL)
    throw memoryLimit(
      TOTAL_EVENT_SIZE_LIMIT_EXCEEDED,
      `events would total ${tx.eventBytes + size} bytes; the limit is ${MAX_EVENT_EMIT_SIZE_TOTAL}`,
    );
  if (tx.events.length >= MAX_NUM_EVENT_EMIT)
    throw memoryLimit(EVENT_COUNT_LIMIT_EXCEEDED, `more than ${MAX_NUM_EVENT_EMIT} events emitted`);
  tx.eventBytes += size;
}

/** Sui's `max_num_new_move_object_ids`: a transaction creating more UIDs fails. */
export function checkNewId(created: number): void {
  if (created >= MAX_NUM_NEW_MOVE_OBJECT_IDS)
    throw memoryLimit(
      NEW_ID_COUNT_LIMIT_EXCEEDED,
      `more than ${MAX_NUM_NEW_MOVE_OBJECT_IDS} object ids created in one transaction`,
    );
}
