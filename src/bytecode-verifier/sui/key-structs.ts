// Sui's struct_with_key_verifier: a struct with `key` starts with a field `id: sui::object::UID`.
import type { ModuleJson } from '../../move/module-json.js';
import { KEY } from '../abilities.js';
import type { VerificationError } from '../errors.js';
import { SUI_FRAMEWORK, isNamed } from './names.js';

export function verifyKeyStructs(module: ModuleJson): VerificationError[] {
  const errors: VerificationError[] = [];
  for (const def of module.struct_defs) {
    const handle = module.datatype_handles[def.struct_handle];
    if (!handle || (handle.abilities & KEY) === 0) continue;
    const name = module.identifiers[handle.name] ?? '?';
    const first = def.field_information === 'Native' ? undefined : def.field_information.Declared[0];
    if (!first || module.identifiers[first.name] !== 'id') {
      errors.push({
        status: 'SUI_KEY_STRUCT',
        message: `struct ${name} has key, so its first field must be named id`,
      });
    } else if (!isNamed(module, first.signature, SUI_FRAMEWORK, 'object', 'UID')) {
      errors.push({
        status: 'SUI_KEY_STRUCT',
        message: `struct ${name} has key, so its id field must be sui::object::UID`,
      });
    }
  }
  return errors;
}
