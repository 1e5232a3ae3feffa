// Recognising framework types by their fully qualified names (address, module, name).
import type { ModuleJson, SignatureToken } from '../../move/module-json.js';

export const SUI_FRAMEWORK = '0'.repeat(63) + '2';
export const MOVE_STDLIB = '0'.repeat(63) + '1';

export interface QualifiedName {
  address: string;
  module: string;
  name: string;
}

export function datatypeName(module: ModuleJson, handleIndex: number): QualifiedName | undefined {
  const handle = module.datatype_handles[handleIndex];
  const owner = handle && module.module_handles[handle.module];
  if (!handle || !owner) return undefined;
  return {
    address: module.address_identifiers[owner.address] ?? '',
    module: module.identifiers[owner.name] ?? '',
    name: module.identifiers[handle.name] ?? '',
  };
}

/** The datatype handle and type arguments of a (possibly generic) datatype token. */
export function datatypeOf(token: SignatureToken): { handle: number; args: SignatureToken[] } | undefined {
  if (typeof token === 'string') return undefined;
  if ('Datatype' in token) return { handle: token.Datatype, args: [] };
  if ('DatatypeInstantiation' in token) {
    const [handle, args] = token.DatatypeInstantiation;
    return { handle, args };
  }
  return undefined;
}

export function isNamed(
  module: ModuleJson,
  token: SignatureToken,
  address: string,
  moduleName: string,
  name: string,
): boolean {
  const datatype = datatypeOf(token);
  const qualified = datatype && datatypeName(module, datatype.handle);
  return qualified?.address === address && qualified.module === moduleName && qualified.name === name;
}

/** `&TxContext` or `&mut TxContext` of the Sui framework. */
export function isTxContext(module: ModuleJson, token: SignatureToken): boolean {
  if (typeof token === 'string') return false;
  const inner =
    'Reference' in token ? token.Reference : 'MutableReference' in token ? token.MutableReference : undefined;
  return inner !== undefined && isNamed(module, inner, SUI_FRAMEWORK, 'tx_context', 'TxContext');
}

export function selfName(module: ModuleJson): string {
  const handle = module.module_handles[module.self_module_handle_idx];
  return handle ? (module.identifiers[handle.name] ?? '') : '';
}

export function selfAddress(module: ModuleJson): string {
  const handle = module.module_handles[module.self_module_handle_idx];
  return handle ? (module.address_identifiers[handle.address] ?? '') : '';
}
