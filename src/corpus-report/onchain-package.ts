// A package as a fullnode serves it: its interface as RPC normalizes it, and its bytecode interface built
// from the on-chain module bytes (`bcs.moduleMap`), for the extractor's single and batch RPC modes
// (spec/rust-contracts.md §2.2).
import type { InterfaceJson } from '../core/types.js';
import { buildInterface, deserializeModule, moduleSelfName, sortKeysDeep } from '../move/index.js';
import type { NodePackages } from './rpc-modules.js';
import type { RpcModule } from '../contracts/rpc-module.js';

/** `--emit-json`: `{schema_version: 1, package_id, module_names, modules}` with RPC's modules, keys sorted. */
export function rpcInterfaceJson(packageId: string, modules: Record<string, RpcModule>): unknown {
  return sortKeysDeep({
    schema_version: 1,
    package_id: packageId,
    module_names: Object.keys(modules).sort(),
    modules,
  });
}

/** The module bytes of a package object's BCS: name → bytes. */
export async function onchainModules(rpc: NodePackages, packageId: string): Promise<Map<string, Uint8Array>> {
  const object = await rpc.object(packageId);
  const bcs = object?.bcs as { dataType?: string; moduleMap?: Record<string, string> } | undefined;
  if (!bcs || bcs.dataType !== 'package' || !bcs.moduleMap)
    throw new Error(`${packageId} is not a package object (no bcs.moduleMap)`);
  return new Map(Object.entries(bcs.moduleMap).map(([name, b64]) => [name, Buffer.from(b64, 'base64')]));
}

/** The bytecode interface of on-chain modules; each map key must be the module's own name. */
export function interfaceFromModules(packageId: string, modules: Map<string, Uint8Array>): InterfaceJson {
  const parsed = [...modules].map(([name, bytes]) => {
    const module = deserializeModule(bytes, name);
    const self = moduleSelfName(module);
    if (self !== name) throw new Error(`moduleMap key ${name} holds module ${self}`);
    return module;
  });
  return buildInterface(parsed, packageId);
}

/**
 * `--input-kind`: a package id as given, or a package-info object's `package_address` (MVR); `auto` tries
 * the id as a package first.
 */
export async function resolvePackage(
  rpc: NodePackages,
  inputId: string,
  kind: 'package' | 'package-info' | 'auto',
): Promise<{ packageId: string; fromPackageInfo: boolean }> {
  if (kind === 'package') return { packageId: inputId, fromPackageInfo: false };
  if (kind === 'auto') {
    const object = await rpc.object(inputId);
    if ((object?.bcs as { dataType?: string } | undefined)?.dataType === 'package')
      return { packageId: inputId, fromPackageInfo: false };
  }
  const info = await rpc.object(inputId);
  const fields = (info?.content as { fields?: { package_address?: unknown } } | undefined)?.fields;
  if (typeof fields?.package_address !== 'string')
    throw new Error(`${inputId} is neither a package nor a package-info object (no package_address)`);
  return { packageId: fields.package_address, fromPackageInfo: true };
}
