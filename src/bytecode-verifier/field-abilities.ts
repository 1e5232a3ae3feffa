// Field ability requirements (ability_field_requirements.rs): a datatype's fields have the abilities
// its own abilities need (copy, drop and store need themselves, key needs store), its type parameters
// assumed to have every ability. FIELD_MISSING_TYPE_ABILITY at the first datatype that breaks it.
import type { FieldDefinition, ModuleJson } from '../move/module-json.js';
import { ALL_ABILITIES, KEY, STORE, abilitiesOf } from './abilities.js';
import { fail } from './errors.js';

function requiredOfFields(abilities: number): number {
  return (abilities & ~KEY) | ((abilities & KEY) !== 0 ? STORE : 0);
}

function checkFields(module: ModuleJson, handleIndex: number, fields: readonly FieldDefinition[]): void {
  const handle = module.datatype_handles[handleIndex];
  if (!handle) return;
  const required = requiredOfFields(handle.abilities);
  const typeParams = handle.type_parameters.map(() => ALL_ABILITIES);
  for (const field of fields) {
    if ((required & ~abilitiesOf(module, field.signature, typeParams)) !== 0)
      fail(
        'FIELD_MISSING_TYPE_ABILITY',
        `a field of ${module.identifiers[handle.name] ?? '?'} lacks an ability the datatype declares`,
      );
  }
}

export function verifyFieldAbilities(module: ModuleJson): void {
  for (const def of module.struct_defs)
    if (def.field_information !== 'Native')
      checkFields(module, def.struct_handle, def.field_information.Declared);
  for (const def of module.enum_defs)
    checkFields(
      module,
      def.enum_handle,
      def.variants.flatMap((v) => v.fields),
    );
}
