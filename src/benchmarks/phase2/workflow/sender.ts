// Phase II's transaction sender when neither --sender nor SMI_SENDER gives one.
//
// Upstream falls back to `0x0`, which it also reads as "no sender": the `addr_sender` plan variant (address
// arguments replaced by the sender, spec §8.3) and the sender's inventory (§8.1) are skipped for it. Its
// mainnet runs that scored packages used a funded sender, so they tried that variant. On a chain the sender
// is an account of the user's and has to be given; offline (build-only, local) any address will do, so
// smi-bench gives those modes a non-zero one and the variant keeps its meaning.
import type { SimulationMode } from '../../../contracts/simulation.js';

/** Upstream's default, and its "no sender". */
export const NO_SENDER = '0x0';

/** The sender of the offline modes when none is given: a fixed address that stands for no account. */
export const OFFLINE_SENDER = `0x${'a11ce'.padStart(64, '0')}`;

const OFFLINE_MODES: ReadonlySet<SimulationMode> = new Set(['build-only', 'local']);

export function defaultSender(mode: SimulationMode): string {
  return OFFLINE_MODES.has(mode) ? OFFLINE_SENDER : NO_SENDER;
}

/** The flag, then `configured` (SMI_SENDER, from the dotenv file only, as upstream), then the mode's default. */
export function resolveSender(
  flag: string | undefined,
  configured: string | undefined,
  mode: SimulationMode,
): string {
  return flag ?? configured ?? defaultSender(mode);
}
