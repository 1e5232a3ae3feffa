// What the generator must know about datatypes and functions it references but does not define:
// handles repeat the declaration's abilities, type parameters and signature, and the VM's linker
// checks that they match. Same-package modules come as typed IR, dependencies as bytecode.
import { PRIMITIVE_KINDS, type ModuleJson, type SignatureToken } from '../../move/module-json.js';
import type { TModule } from '../tir.js';
import { moduleKey, type Abilities, type ModuleId, type Type } from '../types.js';

export interface DatatypeDeclaration {
  abilities: Abilities;
  typeParams: { constraints: Abilities; isPhantom: boolean }[];
}

export interface FunctionDeclaration {
  typeParams: Abilities[];
  params: Type[];
  returns: Type[];
}

export interface Declarations {
  datatype(module: ModuleId, name: string): DatatypeDeclaration;
  function(module: ModuleId, name: string): FunctionDeclaration;
}

export function createDeclarations(packageModules: TModule[], dependencies: ModuleJson[]): Declarations {
  const source = new Map(packageModules.map((module) => [moduleKey(module.id), module]));
  const compiled = new Map(dependencies.map((module) => [moduleKey(selfId(module)), module]));
  const lookup = <T>(
    module: ModuleId,
    name: string,
    fromSource: (m: TModule) => T | undefined,
    fromBytecode: (m: ModuleJson) => T | undefined,
  ): T => {
    const key = moduleKey(module);
    const sourceModule = source.get(key);
    const compiledModule = compiled.get(key);
    const found =
      (sourceModule && fromSource(sourceModule)) ?? (compiledModule && fromBytecode(compiledModule));
    if (found === undefined) throw new Error(`codegen: no declaration of ${key}::${name}`);
    return found;
  };
  return {
    datatype: (module, name) =>
      lookup(
        module,
        name,
        (m) => sourceDatatype(m, name),
        (m) => compiledDatatype(m, name),
      ),
    function: (module, name) =>
      lookup(
        module,
        name,
        (m) => sourceFunction(m, name),
        (m) => compiledFunction(m, name),
      ),
  };
}

function sourceDatatype(module: TModule, name: string): DatatypeDeclaration | undefined {
  const found = module.structs.find((s) => s.name === name) ?? module.enums.find((e) => e.name === name);
  if (!found) return undefined;
  return {
    abilities: found.abilities,
    typeParams: found.typeParams.map((p) => ({ constraints: p.constraints, isPhantom: p.isPhantom })),
  };
}

function sourceFunction(module: TModule, name: string): FunctionDeclaration | undefined {
  const found = module.functions.find((f) => f.name === name);
  if (!found) return undefined;
  return {
    typeParams: found.typeParams.map((p) => p.constraints),
    params: found.locals.slice(0, found.params).map((local) => local.type),
    returns: found.returns,
  };
}

function selfId(module: ModuleJson): ModuleId {
  return handleModuleId(module, module.self_module_handle_idx);
}

function handleModuleId(module: ModuleJson, handleIndex: number): ModuleId {
  const handle = module.module_handles[handleIndex];
  if (!handle) throw new Error(`codegen: bad module handle ${handleIndex}`);
  return {
    address: module.address_identifiers[handle.address] ?? '',
    name: module.identifiers[handle.name] ?? '',
  };
}

function compiledDatatype(module: ModuleJson, name: string): DatatypeDeclaration | undefined {
  const handle = module.datatype_handles.find(
    (h) => h.module === module.self_module_handle_idx && module.identifiers[h.name] === name,
  );
  if (!handle) return undefined;
  return {
    abilities: handle.abilities,
    typeParams: handle.type_parameters.map((p) => ({ constraints: p.constraints, isPhantom: p.is_phantom })),
  };
}

function compiledFunction(module: ModuleJson, name: string): FunctionDeclaration | undefined {
  const handle = module.function_defs
    .map((def) => module.function_handles[def.function])
    .find((h) => h !== undefined && module.identifiers[h.name] === name);
  if (!handle) return undefined;
  const toTypes = (index: number) =>
    (module.signatures[index] ?? []).map((token) => tokenToType(module, token));
  return {
    typeParams: handle.type_parameters,
    params: toTypes(handle.parameters),
    returns: toTypes(handle.return_),
  };
}

function tokenToType(module: ModuleJson, token: SignatureToken): Type {
  if (typeof token === 'string') {
    const name = PRIMITIVE_KINDS[token];
    if (!name) throw new Error(`codegen: unknown signature token ${token}`);
    return { kind: 'prim', name };
  }
  if ('Vector' in token) return { kind: 'vector', elem: tokenToType(module, token.Vector) };
  if ('Reference' in token) return { kind: 'ref', isMut: false, inner: tokenToType(module, token.Reference) };
  if ('MutableReference' in token)
    return { kind: 'ref', isMut: true, inner: tokenToType(module, token.MutableReference) };
  if ('TypeParameter' in token)
    return { kind: 'param', index: token.TypeParameter, name: `T${token.TypeParameter}` };
  const [handleIndex, args] = 'Datatype' in token ? [token.Datatype, []] : token.DatatypeInstantiation;
  const handle = module.datatype_handles[handleIndex];
  if (!handle) throw new Error(`codegen: bad datatype handle ${handleIndex}`);
  return {
    kind: 'datatype',
    module: handleModuleId(module, handle.module),
    name: module.identifiers[handle.name] ?? '',
    args: args.map((arg) => tokenToType(module, arg)),
  };
}
