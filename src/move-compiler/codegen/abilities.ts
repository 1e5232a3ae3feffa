// Whether a value of a type can be copied: decides CopyLoc versus MoveLoc for reads whose mode
// is inferred.
import { COPY, type Abilities, type Type } from '../types.js';
import type { Declarations } from './declarations.js';

export function hasCopy(type: Type, typeParams: Abilities[], declarations: Declarations): boolean {
  switch (type.kind) {
    case 'prim':
      return type.name !== 'signer';
    case 'ref':
      return true;
    case 'vector':
      return hasCopy(type.elem, typeParams, declarations);
    case 'param':
      return ((typeParams[type.index] ?? 0) & COPY) !== 0;
    case 'datatype': {
      const declaration = declarations.datatype(type.module, type.name);
      if ((declaration.abilities & COPY) === 0) return false;
      // An instance has copy only if every non-phantom argument has it.
      return type.args.every(
        (arg, i) => declaration.typeParams[i]?.isPhantom === true || hasCopy(arg, typeParams, declarations),
      );
    }
    case 'tuple':
    case 'var':
    case 'never':
      return false;
  }
}
