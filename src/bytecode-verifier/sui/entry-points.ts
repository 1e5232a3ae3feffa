// Sui's entry_points_verifier: the shape of `init`, no calls to `init`, and the parameter and return
// types an `entry` function may have (values a transaction can supply and drop).
import type { AbilityMask, ModuleJson, SignatureToken } from '../../move/module-json.js';
import { DROP, KEY, abilitiesOf } from '../abilities.js';
import type { VerificationError } from '../errors.js';
import { indexOperand, opcodeOf } from '../instructions.js';
import { MOVE_STDLIB, SUI_FRAMEWORK, datatypeOf, isNamed, isTxContext } from './names.js';

const PRIMITIVES = new Set(['Bool', 'U8', 'U16', 'U32', 'U64', 'U128', 'U256', 'Address']);

/** Pure values: primitives, vectors of them, strings, IDs, options of them, non-key type parameters. */
function isPure(module: ModuleJson, token: SignatureToken, typeParams: readonly AbilityMask[]): boolean {
  if (typeof token === 'string') return PRIMITIVES.has(token);
  if ('Vector' in token) return isPure(module, token.Vector, typeParams);
  if ('TypeParameter' in token) return ((typeParams[token.TypeParameter] ?? 0) & KEY) === 0;
  if (isNamed(module, token, MOVE_STDLIB, 'string', 'String')) return true;
  if (isNamed(module, token, MOVE_STDLIB, 'ascii', 'String')) return true;
  if (isNamed(module, token, SUI_FRAMEWORK, 'object', 'ID')) return true;
  if (isNamed(module, token, MOVE_STDLIB, 'option', 'Option')) {
    const inner = datatypeOf(token)?.args[0];
    return inner !== undefined && isPure(module, inner, typeParams);
  }
  return false;
}

/** Objects by value or reference: anything with key. */
function isObject(module: ModuleJson, token: SignatureToken, typeParams: readonly AbilityMask[]): boolean {
  if (typeof token !== 'string' && 'Reference' in token) return isObject(module, token.Reference, typeParams);
  if (typeof token !== 'string' && 'MutableReference' in token)
    return isObject(module, token.MutableReference, typeParams);
  return (abilitiesOf(module, token, typeParams) & KEY) !== 0;
}

function isAllowedEntryParam(
  module: ModuleJson,
  token: SignatureToken,
  typeParams: readonly AbilityMask[],
): boolean {
  if (
    typeof token !== 'string' &&
    'MutableReference' in token &&
    isNamed(module, token.MutableReference, SUI_FRAMEWORK, 'clock', 'Clock')
  ) {
    return false;
  }
  return (
    isPure(module, token, typeParams) ||
    isObject(module, token, typeParams) ||
    (typeof token !== 'string' && 'Vector' in token && isObject(module, token.Vector, typeParams)) ||
    isNamed(module, token, SUI_FRAMEWORK, 'transfer', 'Receiving')
  );
}

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

function entryProblem(module: ModuleJson, defIndex: number): string | undefined {
  const def = module.function_defs[defIndex];
  const handle = def && module.function_handles[def.function];
  if (!def || !handle) return undefined;
  const params = module.signatures[handle.parameters] ?? [];
  const last = params[params.length - 1];
  const checked = last !== undefined && isTxContext(module, last) ? params.slice(0, -1) : params;
  for (const param of checked) {
    if (!isAllowedEntryParam(module, param, handle.type_parameters)) {
      return 'an entry function parameter must be a primitive value, an object, or a vector of objects';
    }
  }
  for (const ret of module.signatures[handle.return_] ?? []) {
    if (typeof ret !== 'string' && ('Reference' in ret || 'MutableReference' in ret))
      return 'an entry function cannot return a reference';
    if ((abilitiesOf(module, ret, handle.type_parameters) & DROP) === 0)
      return 'an entry function can only return values with drop';
  }
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
    const problem =
      name === 'init'
        ? initProblem(module, functionIndex)
        : def.is_entry
          ? entryProblem(module, functionIndex)
          : undefined;
    if (problem !== undefined) {
      errors.push({
        status: name === 'init' ? 'SUI_INIT_FUNCTION' : 'SUI_ENTRY_FUNCTION',
        functionIndex,
        message: problem,
      });
    }
  });
  return errors;
}
