// Sui's publish-time rules on top of Move's verifier (sui-verifier), in its order: objects, no global
// storage, no leaked UIDs, entry points and `init`, one-time witnesses. Each reports a `SUI_*` status
// (Sui reports them all as a Sui Move verification error, with the rule only in its message).
import type { ModuleJson } from '../../move/module-json.js';
import type { VerificationError } from '../errors.js';
import { verifyEntryPoints } from './entry-points.js';
import { verifyNoGlobalStorage } from './global-storage.js';
import { verifyIdLeaks } from './id-leak.js';
import { verifyKeyStructs } from './key-structs.js';
import { verifyOneTimeWitness } from './one-time-witness.js';

/** `rejected`: functions whose code already failed Move's checks, which the dataflow rules skip. */
export function verifySuiRules(module: ModuleJson, rejected: ReadonlySet<number>): VerificationError[] {
  return [
    ...verifyKeyStructs(module),
    ...verifyNoGlobalStorage(module),
    ...verifyIdLeaks(module, rejected),
    ...verifyEntryPoints(module),
    ...verifyOneTimeWitness(module),
  ];
}
