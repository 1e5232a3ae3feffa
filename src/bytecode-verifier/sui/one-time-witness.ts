// Sui's one_time_witness_verifier. A struct of this module named as the module in upper case with a
// single bool field (an empty struct in source) is a one-time witness candidate, whatever `init`
// looks like: it must have only `drop` and no type parameters, `init` must take it first, and no code
// of the module may pack it. Without a candidate, `init` takes the TxContext only. Like Sui, only the
// first violation is reported.
import type { ModuleJson } from '../../move/module-json.js';
import { DROP } from '../abilities.js';
import type { VerificationError } from '../errors.js';
import { indexOperand, opcodeOf } from '../instructions.js';
import { SUI_FRAMEWORK, selfAddress, selfName } from './names.js';

const BRIDGE = '0'.repeat(63) + 'b';
const BRIDGE_ASSETS = new Set(['btc', 'eth', 'usdc', 'usdt']);

/** Framework modules whose witness is made at genesis (0x2::sui) or by the bridge, not by `init`. */
function isExempt(module: ModuleJson): boolean {
  const name = selfName(module);
  const address = selfAddress(module);
  return (address === SUI_FRAMEWORK && name === 'sui') || (address === BRIDGE && BRIDGE_ASSETS.has(name));
}

/** The struct definition index of the module's candidate, or -1. */
function candidateDef(module: ModuleJson): number {
  const expected = selfName(module).toUpperCase();
  return module.struct_defs.findIndex((def) => {
    const handle = module.datatype_handles[def.struct_handle];
    if (!handle || module.identifiers[handle.name] !== expected) return false;
    const fields = def.field_information === 'Native' ? undefined : def.field_information.Declared;
    return fields?.length === 1 && fields[0]?.signature === 'Bool';
  });
}

function candidateProblem(module: ModuleJson, def: number): string | undefined {
  const handle = module.datatype_handles[module.struct_defs[def]?.struct_handle ?? -1];
  if (handle?.abilities !== DROP) return 'a one-time witness has the drop ability only';
  if (handle.type_parameters.length > 0) return 'a one-time witness cannot be generic';
  return undefined;
}

function initProblem(module: ModuleJson, handleIndex: number, candidate: number): string | undefined {
  const handle = module.function_handles[handleIndex];
  const params = module.signatures[handle?.parameters ?? -1] ?? [];
  if (candidate < 0)
    return params.length === 1
      ? undefined
      : "'init' takes only the TxContext: this module has no one-time witness (a struct named as the module in upper case, without fields)";
  const first = params[0];
  const witnessHandle = module.struct_defs[candidate]?.struct_handle;
  const takesWitness =
    params.length === 2 &&
    typeof first === 'object' &&
    'Datatype' in first &&
    first.Datatype === witnessHandle;
  return takesWitness ? undefined : "the first parameter of 'init' must be the module's one-time witness";
}

export function verifyOneTimeWitness(module: ModuleJson): VerificationError[] {
  if (isExempt(module)) return [];
  const candidate = candidateDef(module);
  const problem = candidate >= 0 ? candidateProblem(module, candidate) : undefined;
  if (problem !== undefined) return [{ status: 'SUI_ONE_TIME_WITNESS', message: problem }];
  for (const [functionIndex, def] of module.function_defs.entries()) {
    const handle = module.function_handles[def.function];
    if (handle && module.identifiers[handle.name] === 'init') {
      const message = initProblem(module, def.function, candidate);
      if (message !== undefined) return [{ status: 'SUI_ONE_TIME_WITNESS', functionIndex, message }];
    }
    const offset =
      candidate < 0
        ? -1
        : (def.code?.code.findIndex((i) => opcodeOf(i) === 'Pack' && indexOperand(i) === candidate) ?? -1);
    if (offset >= 0)
      return [
        {
          status: 'SUI_ONE_TIME_WITNESS',
          functionIndex,
          offset,
          message: 'a one-time witness cannot be created by code: Sui passes it to init at publication',
        },
      ];
  }
  return [];
}
