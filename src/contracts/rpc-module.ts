// What the chain's normalized-module calls return, in the parts compared with the bytecode's interface.
/** A module as `sui_getNormalizedMoveModulesByPackage` returns it (the parts compared). */
export interface RpcModule {
  structs?: Record<string, RpcStruct>;
  exposedFunctions?: Record<string, RpcFunction>;
}

export interface RpcAbilities {
  abilities: string[];
}

export interface RpcStruct {
  abilities: RpcAbilities;
  typeParameters: { constraints: RpcAbilities; isPhantom: boolean }[];
  fields: { name: string; type: unknown }[];
}

export interface RpcFunction {
  visibility: string;
  isEntry: boolean;
  typeParameters: RpcAbilities[];
  parameters: unknown[];
  return: unknown[];
}
