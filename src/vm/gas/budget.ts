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

/**
 * Sui's checks of a budget and price at signing: at most `max_tx_gas` and `max_gas_price`, at least
 * `base_tx_cost_fixed × price` (`GasBudgetTooHigh`, `GasPriceTooHigh`, `GasBudgetTooLow`).
 * @throws VmLoadError
 */
export function checkGasData(gasBudget: bigint, gasPrice: bigint): void {
  if (gasPrice <= 0n || gasPrice > MAX_GAS_PRICE)
    throw new VmLoadError(`gas price ${gasPrice} is outside 1..${MAX_GAS_PRICE} (GasPriceTooHigh)`);
  if (gasBudget > MAX_TX_GAS)
    throw new VmLoadError(`gas budget ${gasBudget} is above the maximum ${MAX_TX_GAS} (GasBudgetTooHigh)`);
  const least = BASE_TX_COST_FIXED * gasPrice;
  if (gasBudget < least)
    throw new VmLoadError(`gas budget ${gasBudget} is below the minimum ${least} (GasBudgetTooLow)`);
}

/** A meter holding `min(budget, max_gas_computation_bucket × price) / price` gas units, as Sui's does. */
export function meterFor(gasBudget: bigint, gasPrice: bigint): GasMeter {
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
