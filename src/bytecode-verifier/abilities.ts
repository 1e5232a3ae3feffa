// Abilities of a type: declared abilities of a datatype, narrowed by its non-phantom type arguments
// (a `key` datatype needs `store` from its arguments), and the constraints of type parameters.
import type { AbilityMask, ModuleJson, SignatureToken } from '../move/module-json.js';

export const COPY = 1;
export const DROP = 2;
export const STORE = 4;
export const KEY = 8;
export const ALL_ABILITIES = COPY | DROP | STORE | KEY;
const PRIMITIVE_ABILITIES = COPY | DROP | STORE;

/** The ability a type argument needs for its datatype to keep `ability`. */
function requiredOfArgument(ability: number): number {
  return ability === KEY ? STORE : ability;
}

export function abilitiesOf(
  module: ModuleJson,
  token: SignatureToken,
  typeParams: readonly AbilityMask[],
): AbilityMask {
  // A signer can only be dropped (AbilitySet::SIGNER).
  if (token === 'Signer') return DROP;
  if (typeof token === 'string') return PRIMITIVE_ABILITIES;
  if ('Reference' in token || 'MutableReference' in token) return COPY | DROP;
  if ('TypeParameter' in token) return typeParams[token.TypeParameter] ?? 0;
  if ('Vector' in token) return PRIMITIVE_ABILITIES & abilitiesOf(module, token.Vector, typeParams);
  if ('Datatype' in token) return module.datatype_handles[token.Datatype]?.abilities ?? 0;
  const [handleIndex, args] = token.DatatypeInstantiation;
  const handle = module.datatype_handles[handleIndex];
  if (!handle) return 0;
  let result = handle.abilities;
  args.forEach((arg, i) => {
    if (handle.type_parameters[i]?.is_phantom) return;
    const argAbilities = abilitiesOf(module, arg, typeParams);
    for (const ability of [COPY, DROP, STORE, KEY]) {
      if ((argAbilities & requiredOfArgument(ability)) === 0) result &= ~ability;
    }
  });
  return result;
}

export function hasAbility(
  module: ModuleJson,
  token: SignatureToken,
  typeParams: readonly AbilityMask[],
  ability: number,
): boolean {
  return (abilitiesOf(module, token, typeParams) & ability) !== 0;
}
