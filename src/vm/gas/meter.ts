// The computation meter of one transaction, as Sui's `GasStatus` (gas_model/tables.rs) keeps it: three
// counters (instructions executed, operand stack height, operand stack size) each with a tiered multiplier,
// and a budget in internal units that every charge draws from. Running out is OUT_OF_GAS.
import { VmError } from '../errors.js';
import {
  INSTRUCTION_TIERS,
  INTERNAL_UNITS_PER_GAS,
  NATIVE_CALL_THRESHOLD,
  STACK_HEIGHT_TIERS,
  STACK_SIZE_TIERS,
  type Tiers,
} from './schedule.js';

/** A tier table walked as its counter grows: the multiplier in force, and the value above which the next starts. */
class TierWalk {
  multiplier: number;
  nextStart: number;
  private tier = 0;

  constructor(private readonly tiers: Tiers) {
    this.multiplier = tiers[0]![1];
    this.nextStart = tiers[1]?.[0] ?? Infinity;
  }

  /** Sui moves to a tier once the counter is strictly above its start. */
  advance(value: number): void {
    while (value > this.nextStart) {
      this.tier++;
      this.multiplier = this.tiers[this.tier]![1];
      this.nextStart = this.tiers[this.tier + 1]?.[0] ?? Infinity;
    }
  }
}

export class GasMeter {
  /** Internal units left. */
  private left: number;
  // The three counters, each with its multiplier and next tier start kept in fields of their own: `charge` runs
  // once per instruction, and reads nothing else.
  private instructions = 0;
  private instructionMultiplier: number;
  private instructionNext: number;
  private height = 0;
  private heightMultiplier: number;
  private heightNext: number;
  private size = 0;
  private sizeMultiplier: number;
  private sizeNext: number;
  private readonly instructionTiers = new TierWalk(INSTRUCTION_TIERS);
  private readonly heightTiers = new TierWalk(STACK_HEIGHT_TIERS);
  private readonly sizeTiers = new TierWalk(STACK_SIZE_TIERS);
  private nativeCalls = 0;

  /** `budgetUnits`: the computation budget in gas units (Sui: budget / gas price, capped by the bucket). */
  constructor(readonly budgetUnits: number) {
    this.left = budgetUnits * INTERNAL_UNITS_PER_GAS;
    this.instructionMultiplier = this.instructionTiers.multiplier;
    this.instructionNext = this.instructionTiers.nextStart;
    this.heightMultiplier = this.heightTiers.multiplier;
    this.heightNext = this.heightTiers.nextStart;
    this.sizeMultiplier = this.sizeTiers.multiplier;
    this.sizeNext = this.sizeTiers.nextStart;
  }

  /**
   * Sui's `GasStatus::charge`: count the instructions, pushes and added size, pay for them at the tiers
   * reached, then pop. The size removed by pops is not tracked, as in Sui: the stack size only grows.
   * @throws VmError OUT_OF_GAS
   */
  charge(instructions: number, pushes: number, pops: number, addedSize: number): void {
    const height = this.height + pushes;
    const counted = (this.instructions += instructions);
    const size = (this.size += addedSize);
    if (height > this.heightNext || counted > this.instructionNext || size > this.sizeNext)
      this.retier(height, counted, size);
    const cost =
      this.instructionMultiplier * instructions +
      this.sizeMultiplier * addedSize +
      this.heightMultiplier * pushes;
    if (cost > this.left) this.runOut();
    this.left -= cost;
    // Gas model 11 pops a native's arguments twice; Sui saturates the height at zero.
    this.height = height > pops ? height - pops : 0;
  }

  /** Rarely taken, so `charge` stays small enough for V8 to inline into the interpreter. */
  private retier(height: number, counted: number, size: number): void {
    this.heightTiers.advance(height);
    this.heightMultiplier = this.heightTiers.multiplier;
    this.heightNext = this.heightTiers.nextStart;
    this.instructionTiers.advance(counted);
    this.instructionMultiplier = this.instructionTiers.multiplier;
    this.instructionNext = this.instructionTiers.nextStart;
    this.sizeTiers.advance(size);
    this.sizeMultiplier = this.sizeTiers.multiplier;
    this.sizeNext = this.sizeTiers.nextStart;
  }

  /** Takes `amount` internal units. @throws VmError OUT_OF_GAS */
  deduct(amount: number): void {
    if (amount > this.left) this.runOut();
    this.left -= amount;
  }

  private runOut(): never {
    this.left = 0;
    throw new VmError(
      'OUT_OF_GAS',
      `out of gas: the computation budget of ${this.budgetUnits} units ran out`,
    );
  }

  /**
   * Sui's `charge_native_function`: the native's own cost, and its results pushed. Past the 700th native call of
   * the transaction the cost is also counted as instructions (so it moves the instruction tier).
   */
  chargeNative(cost: number, results: number, resultSize: number): void {
    this.nativeCalls++;
    if (this.nativeCalls > NATIVE_CALL_THRESHOLD) {
      this.charge(cost, results, 0, resultSize);
    } else {
      this.charge(0, results, 0, resultSize);
      this.deduct(cost);
    }
  }

  /** Internal units used so far. */
  get usedInternal(): number {
    return this.budgetUnits * INTERNAL_UNITS_PER_GAS - this.left;
  }

  /** Gas units used so far, rounded down (Sui's `gas_used_pre_gas_price`). */
  get usedUnits(): number {
    return Math.floor(this.usedInternal / INTERNAL_UNITS_PER_GAS);
  }
}
