// Sui's one_time_witness_verifier: when `init` takes two parameters, the first is the module's
// one-time witness: a struct of this module named as the module in upper case, with only `drop`, no
// type parameters and a single bool field; and no code of the module ever packs it.
import type { ModuleJson } from '../../../move/module-json.js';
import { DROP } from '../abilities.js';
import type { VerificationError } from '../errors.js';
import { indexOperand, opcodeOf } from '../instructions.js';
import { selfName } from './names.js';

function witnessProblem(module: ModuleJson, structDef: number | undefined): string | undefined {
  const def = structDef === undefined ? undefined : module.struct_defs[structDef];
  const handle = def && module.datatype_handles[def.struct_handle];
  if (!def || !handle)
    return "the first parameter of 'init' must be a one-time witness struct of this module";
  if (module.identifiers[handle.name] !== selfName(module).toUpperCase())
    return 'a one-time witness is named as its module, in upper case';
  if (handle.abilities !== DROP) return 'a one-time witness has the drop ability only';
  if (handle.type_parameters.length > 0) return 'a one-time witness cannot be generic';
  const fields = def.field_information === 'Native' ? [] : def.field_information.Declared;
  if (fields.length !== 1 || fields[0]?.signature !== 'Bool') return 'a one-time witness has no fields';
  return undefined;
}

export function verifyOneTimeWitness(module: ModuleJson): VerificationError[] {
  const errors: VerificationError[] = [];
  const initIndex = module.function_defs.findIndex(
    (def) => module.identifiers[module.function_handles[def.function]?.name ?? -1] === 'init',
  );
  const init = module.function_defs[initIndex];
  const params = init
    ? (module.signatures[module.function_handles[init.function]?.parameters ?? -1] ?? [])
    : [];
  if (params.length !== 2) return errors;
  const first = params[0];
  const handleIndex =
    first !== undefined && typeof first !== 'string' && 'Datatype' in first ? first.Datatype : -1;
  const structDef = module.struct_defs.findIndex((def) => def.struct_handle === handleIndex);
  const problem = witnessProblem(module, structDef >= 0 ? structDef : undefined);
  if (problem !== undefined) {
    errors.push({ status: 'SUI_ONE_TIME_WITNESS', functionIndex: initIndex, message: problem });
    return errors;
  }
  module.function_defs.forEach((def, functionIndex) => {
    const offset =
      def.code?.code.findIndex((i) => opcodeOf(i) === 'Pack' && indexOperand(i) === structDef) ?? -1;
    if (offset >= 0)
      errors.push({
        status: 'SUI_ONE_TIME_WITNESS',
        functionIndex,
        offset,
        message: 'a one-time witness cannot be created by code',
      });
  });
  return errors;
}
