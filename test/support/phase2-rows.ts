// Phase II rows and plans the tests build by hand.
import { emptyPhase2Row, type Phase2Row } from '../../src/core/phase2/row.js';

/** A row that planned, parsed, passed causality and built, with `targets` targets and `hits` hits. */
export function planned(targets: number, hits: number, patch: Partial<Phase2Row> = {}): Phase2Row {
  return {
    ...emptyPhase2Row('0x1'),
    score: { targets, created_distinct: hits, created_hits: hits, missing: targets - hits },
    plan_attempts: 1,
    sim_attempts: 1,
    ptb_parse_ok: true,
    causality_valid: true,
    tx_build_ok: true,
    ...patch,
  };
}

/** A call that splits 1 MIST off the sender's SUI coin: it creates a Coin, a target of 0x2. */
export const SPLIT_SUI = {
  target: '0x2::pay::split',
  type_args: ['0x2::sui::SUI'],
  args: [{ sender_sui_coin: { index: 0, exclude_gas: true } }, { u64: 1 }],
};
