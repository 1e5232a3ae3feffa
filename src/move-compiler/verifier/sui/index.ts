// Sui's publish-time rules on top of Move's verifier (sui-verifier): objects, entry points, `init`,
// one-time witnesses, no global storage. Each reports a `SUI_*` status (Sui reports them all as a
// Sui Move verification error, with the rule only in its message).
import type { ModuleJson } from '../../../move/module-json.js';
import type { VerificationError } from '../errors.js';
import { verifyEntryPoints } from './entry-points.js';
import { verifyNoGlobalStorage } from './global-storage.js';
import { verifyKeyStructs } from './key-structs.js';
import { verifyOneTimeWitness } from './one-time-witness.js';

export function verifySuiRules(module: ModuleJson): VerificationError[] {
  return [
    ...verifyKeyStructs(module),
    ...verifyNoGlobalStorage(module),
    ...verifyEntryPoints(module),
    ...verifyOneTimeWitness(module),
  ];
}
