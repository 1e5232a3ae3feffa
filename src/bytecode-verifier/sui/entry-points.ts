// Sui's entry_points_verifier at the newest protocol version: the shape of `init` and no calls to `init`.
// The parameter and return types of `entry` functions are no longer checked: Sui turned that check off
// from protocol version 108 (`disable_entry_point_signature_check`, every chain), and its compiler builds
// such functions (an `entry` function may return an object).
import type { ModuleJson, SignatureToken } from '../../move/module-json.js';
import type { VerificationError } from '../errors.js';
import { indexOperand, opcodeOf } from '../instructions.js';
import { isTxContext } from './names.js';

function initProblem(module: ModuleJson, defIndex: number): string | undefined {
  const def = module.function_defs[defIndex];
  const handle = def && module.function_handles[def.function];
  if (!def || !handle) return undefined;
  if (def.visibility !== 'Private') return "'init' must be private";
  if (def.is_entry) return "'init' cannot be an entry function";
  if (handle.type_parameters.length > 0) return "'init' cannot have type parameters";
  if ((module.signatures[handle.return_] ?? []).length > 0) return "'init' cannot return values";
  const params = module.signatures[handle.parameters] ?? [];
  if (params.length < 1 || params.length > 2) return "'init' takes one or two parameters";
  const last = params[params.length - 1] as SignatureToken;
  if (!isTxContext(module, last)) return "the last parameter of 'init' must be &mut TxContext or &TxContext";
  return undefined;
}

function callsInit(module: ModuleJson, defIndex: number): number {
  const code = module.function_defs[defIndex]?.code?.code ?? [];
  return code.findIndex((instruction) => {
    const opcode = opcodeOf(instruction);
    if (opcode !== 'Call' && opcode !== 'CallGeneric') return false;
    const index = indexOperand(instruction);
    const handleIndex = opcode === 'Call' ? index : module.function_instantiations[index]?.handle;
    const handle = handleIndex === undefined ? undefined : module.function_handles[handleIndex];
    return handle !== undefined && module.identifiers[handle.name] === 'init';
  });
}

export function verifyEntryPoints(module: ModuleJson): VerificationError[] {
  const errors: VerificationError[] = [];
  module.function_defs.forEach((def, functionIndex) => {
    const offset = callsInit(module, functionIndex);
    if (offset >= 0)
      errors.push({
        status: 'SUI_INIT_CALLED',
        functionIndex,
        offset,
        message: "no function may call an 'init' function",
      });
    const name = module.identifiers[module.function_handles[def.function]?.name ?? -1];
    const problem = name === 'init' ? initProblem(module, functionIndex) : undefined;
    if (problem !== undefined) {
      errors.push({
        status: 'SUI_INIT_FUNCTION',
        functionIndex,
        message: problem,
      });
    }
  });
  return errors;
}
