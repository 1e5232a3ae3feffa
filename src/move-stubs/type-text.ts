// Types of one compiled module written as Move source. Every datatype is named by address literal, module
// and name (`0x2::object::UID`), so a stub never depends on `use` declarations and no two names collide.
import type { AbilityMask, ModuleJson, SignatureToken } from '../move/module-json.js';
import { PRIMITIVE_KINDS } from '../move/module-json.js';
import { moveIdentifier } from './move-identifier.js';

const ABILITY_NAMES: readonly (readonly [number, string])[] = [
  [1, 'copy'],
  [2, 'drop'],
  [4, 'store'],
  [8, 'key'],
];

/** `copy + drop`, or '' for no ability. */
export function abilityConstraint(mask: AbilityMask): string {
  return abilityNames(mask).join(' + ');
}

/** ` has copy, drop`, or '' for no ability. */
export function abilityClause(mask: AbilityMask): string {
  const names = abilityNames(mask);
  return names.length === 0 ? '' : ` has ${names.join(', ')}`;
}

function abilityNames(mask: AbilityMask): string[] {
  return ABILITY_NAMES.filter(([bit]) => (mask & bit) !== 0).map(([, name]) => name);
}

/** `0x2`: the shortest literal of a 64-digit pool address. */
export function addressLiteral(digits: string): string {
  return `0x${digits.replace(/^0+(?=.)/, '')}`;
}

/** `<T0: copy, phantom T1>`, or '' without parameters. */
export function typeParameterList(
  params: readonly { constraints: AbilityMask; isPhantom?: boolean }[],
): string {
  if (params.length === 0) return '';
  const written = params.map((param, index) => {
    const constraint = abilityConstraint(param.constraints);
    return `${param.isPhantom ? 'phantom ' : ''}T${index}${constraint ? `: ${constraint}` : ''}`;
  });
  return `<${written.join(', ')}>`;
}

/** Writes the signature tokens of `module` as Move types; type parameter `i` is `Ti`. */
export class TypeWriter {
  constructor(private readonly module: ModuleJson) {}

  type(token: SignatureToken): string {
    if (typeof token === 'string') return PRIMITIVE_KINDS[token];
    if ('Vector' in token) return `vector<${this.type(token.Vector)}>`;
    if ('Reference' in token) return `&${this.type(token.Reference)}`;
    if ('MutableReference' in token) return `&mut ${this.type(token.MutableReference)}`;
    if ('TypeParameter' in token) return `T${token.TypeParameter}`;
    if ('Datatype' in token) return this.datatype(token.Datatype, []);
    const [handle, typeArgs] = token.DatatypeInstantiation;
    return this.datatype(handle, typeArgs);
  }

  /** The types of the signature at `index` of the signature pool. */
  signature(index: number): string[] {
    const tokens = this.module.signatures[index];
    if (!tokens) throw new Error(`signature index ${index} out of range`);
    return tokens.map((token) => this.type(token));
  }

  private datatype(handleIndex: number, typeArgs: readonly SignatureToken[]): string {
    const handle = this.module.datatype_handles[handleIndex]!;
    const owner = this.module.module_handles[handle.module]!;
    const path = [
      addressLiteral(this.module.address_identifiers[owner.address]!),
      moveIdentifier(this.module.identifiers[owner.name]!),
      moveIdentifier(this.module.identifiers[handle.name]!),
    ].join('::');
    return typeArgs.length === 0 ? path : `${path}<${typeArgs.map((arg) => this.type(arg)).join(', ')}>`;
  }
}
