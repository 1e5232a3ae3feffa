// Which abilities a type has, following Move's rules for generic datatypes.
import { ALL_ABILITIES, COPY, DROP, KEY, STORE, type Abilities, type Type } from '../types.js';
import type { DatatypeSig } from './signatures.js';

export type DatatypeLookup = (
  module: { address: string; name: string },
  name: string,
) => DatatypeSig | undefined;

/** Abilities of a type; unresolved variables count as having all (their constraints are checked later). */
export function abilitiesOf(type: Type, typeParams: readonly Abilities[], lookup: DatatypeLookup): Abilities {
  switch (type.kind) {
    case 'prim':
      return type.name === 'signer' ? DROP : ALL_ABILITIES;
    case 'vector':
      return abilitiesOf(type.elem, typeParams, lookup) & ALL_ABILITIES;
    case 'ref':
      return COPY | DROP;
    case 'param':
      return typeParams[type.index] ?? 0;
    case 'datatype': {
      const sig = lookup(type.module, type.name);
      if (!sig) return ALL_ABILITIES | KEY;
      let result = sig.abilities;
      type.args.forEach((arg, i) => {
        if (sig.typeParams[i]?.isPhantom) return;
        const argAbilities = abilitiesOf(arg, typeParams, lookup);
        // A datatype keeps copy/drop/store only when its non-phantom arguments have them; key needs store.
        for (const ability of [COPY, DROP, STORE]) if (!(argAbilities & ability)) result &= ~ability;
        if (!(argAbilities & STORE)) result &= ~KEY;
      });
      return result;
    }
    case 'tuple':
      return type.elems.reduce((acc, e) => acc & abilitiesOf(e, typeParams, lookup), ALL_ABILITIES | KEY);
    case 'var':
    case 'never':
      return ALL_ABILITIES | KEY;
  }
}

export function abilityNames(abilities: Abilities): string[] {
  const names: string[] = [];
  if (abilities & COPY) names.push('copy');
  if (abilities & DROP) names.push('drop');
  if (abilities & STORE) names.push('store');
  if (abilities & KEY) names.push('key');
  return names;
}

export const ABILITY_BY_NAME: Record<string, Abilities> = { copy: COPY, drop: DROP, store: STORE, key: KEY };
