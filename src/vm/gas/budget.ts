// From a transaction's gas budget and price (MIST) to its computation budget, and from gas used to the
// computation cost Sui reports (`SuiGasStatus` in gas_model/gas_v2.rs, at protocol version 104).
import { VmLoadError } from '../errors.js';
import {
  BASE_TX_COST_FIXED,
  GAS_ROUNDING_STEP,
  MAX_GAS_COMPUTATION_BUCKET,
  MAX_GAS_PRICE,
  MAX_TX_GAS,
} from './schedule.js';
import { GasMeter } from './meter.js';

/** A transaction's gas price when none is given: the local chain's reference price (MIST per unit). */
export const DEFAULT_GAS_PRICE = 1000n;
/** Its budget when none is given, 50 SUI: at the default price, more than the whole computation bucket. */
export const DEFAULT_GAS_BUDGET = 50_000_000_000n;

/**
 * Sui's checks of a budget and price at signing (`GasPriceUnderRGP` only for a price below 1: the reference
 * price is not enforced), as the name of the refusal and its message; null when they pass.
 */
export function gasDataRefusal(
  gasBudget: bigint,
  gasPrice: bigint,
): { status: string; message: string } | null {
  if (gasPrice < 1n) return { status: 'GasPriceUnderRGP', message: `gas price ${gasPrice} is below 1` };
  if (gasPrice > MAX_GAS_PRICE)
    return {
      status: 'GasPriceTooHigh',
      message: `gas price ${gasPrice} is above the maximum ${MAX_GAS_PRICE}`,
    };
  if (gasBudget > MAX_TX_GAS)
    return {
      status: 'GasBudgetTooHigh',
      message: `gas budget ${gasBudget} is above the maximum ${MAX_TX_GAS}`,
    };
  const least = BASE_TX_COST_FIXED * gasPrice;
  if (gasBudget < least)
    return { status: 'GasBudgetTooLow', message: `gas budget ${gasBudget} is below the minimum ${least}` };
  return null;
}

/** A meter holding `min(budget, max_gas_computation_bucket × price) / price` gas units, as Sui's does. */
export function meterFor(gasBudget: bigint, gasPrice: bigint): GasMeter {
  if (gasPrice < 1n) throw new VmLoadError(`gas price ${gasPrice} is below 1`);
  const bucket = MAX_GAS_COMPUTATION_BUCKET * gasPrice;
  const computation = gasBudget < bucket ? gasBudget : bucket;
  return new GasMeter(Number(computation / gasPrice));
}

/**
 * Sui's computation cost in MIST: gas used rounded up to the next multiple of `gas_rounding_step` (a
 * non-zero exact multiple stays), times the price. Sui fails the transaction with `InsufficientGas`
 * when this is not below the budget.
 */
export function computationCost(usedUnits: number, gasPrice: bigint): bigint {
  const used = BigInt(usedUnits);
  const rounded =
    used > 0n && used % GAS_ROUNDING_STEP === 0n ? used : (used / GAS_ROUNDING_STEP + 1n) * GAS_ROUNDING_STEP;
  return rounded * gasPrice;
}
