// What a PTB pays besides its Move calls, as Sui's PTB execution (`static_programmable_transactions`) charges
// it at protocol version 104: input objects read, translation, every argument used, every command.
import { computationCost } from './budget.js';
import type { GasMeter } from './meter.js';
import {
  OBJECT_READ_PER_BYTE,
  REFERENCE_SIZE,
  TRANSLATION_PER_COMMAND_ARGUMENT,
  TRANSLATION_PER_INPUT,
  TRANSLATION_PER_PURE_BYTE,
} from './schedule.js';

/** `max_pure_argument_size`: Sui refuses a transaction with a larger pure input at signing. */
export const MAX_PURE_ARGUMENT_SIZE = 16 * 1024;

/** Gas in a PTB's effects: the gas units used and Sui's computation cost (MIST). */
export interface GasSummary {
  gasUnits: number;
  computationCost: bigint;
}

/**
 * Before any command: the bytes of the input objects (`obj_access_cost_read_per_byte`, contents only: Sui
 * also counts an object's type and owner), then translation (per input, per pure byte, per command argument).
 */
export function chargeBeforeCommands(
  gas: GasMeter,
  objectSizes: number[],
  pureSizes: number[],
  inputCount: number,
  argumentCounts: number[],
): void {
  let read = 0;
  for (const size of objectSizes) read += size;
  gas.deduct(read * OBJECT_READ_PER_BYTE);
  gas.deduct(Math.max(inputCount, 1) * TRANSLATION_PER_INPUT);
  for (const size of pureSizes) gas.deduct(Math.max(size, 1) * TRANSLATION_PER_PURE_BYTE);
  for (const count of argumentCounts) gas.deduct(Math.max(count, 1) * TRANSLATION_PER_COMMAND_ARGUMENT);
}

/**
 * One argument as a command takes it: by reference (a borrow), by value of a copyable value (a copy of its
 * size) or moved (a reference's size). A pure input is loaded on its first use (copied in and stored). Sizes
 * here are BCS lengths, the PTB keeping values as bytes: close to the abstract size for vectors of bytes.
 */
export function chargeArgument(
  gas: GasMeter,
  use: 'borrow' | 'copy' | 'move',
  size: number,
  firstLoad: boolean,
): void {
  if (firstLoad) {
    gas.charge(1, 1, 0, size);
    gas.charge(1, 0, 1, 0);
  }
  gas.charge(1, 1, 0, use === 'copy' ? size : REFERENCE_SIZE);
}

/** Sui's `charge_command`: one instruction popping the arguments (and a Move call's results). */
export function chargeCommand(gas: GasMeter, pops: number): void {
  gas.charge(1, 0, pops, 0);
}

/**
 * The computation cost Sui charges and whether it leaves the transaction short: Sui fails a transaction whose
 * rounded cost is not below its budget with `InsufficientGas`, charging the whole budget.
 */
export function finalGas(
  gas: GasMeter,
  budget: bigint,
  price: bigint,
): { summary: GasSummary; short: boolean } {
  const cost = computationCost(gas.usedUnits, price);
  const short = budget <= cost;
  return { summary: { gasUnits: gas.usedUnits, computationCost: short ? budget : cost }, short };
}
