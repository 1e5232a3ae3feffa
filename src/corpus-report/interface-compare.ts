// The extractor's comparator (spec/rust-contracts.md §2.3): what a fullnode's normalized modules say about a
// package against the interface read from its bytecode. Only what RPC exposes is compared.
import { fullAddress, isAddress } from '../move/address.js';
import { sortKeysDeep } from '../move/canonical-json.js';
import { PRIMITIVE_KINDS } from '../move/interface.js';
import type { InterfaceJson, InterfaceModule, MoveType } from '../core/types.js';
import type { RpcFunction, RpcModule, RpcStruct } from '../contracts/rpc-module.js';

export interface Mismatch {
  path: string;
  reason: string;
  rpc?: unknown;
  bytecode?: unknown;
}

export interface InterfaceCompareSummary {
  modules_compared: number;
  modules_missing_in_bytecode: number;
  modules_extra_in_bytecode: number;
  structs_compared: number;
  struct_mismatches: number;
  functions_compared: number;
  function_mismatches: number;
  mismatches_total: number;
}

/** `0x` and 64 hex digits; more than 64 digits or non-hex is an error. */
export function normalizeRpcAddress(address: string): string {
  if (!isAddress(address)) throw new Error(`invalid address in RPC type: ${address}`);
  return fullAddress(address);
}

/** An RPC normalized type in the interface JSON's canonical form. */
export function rpcType(t: unknown): MoveType {
  if (typeof t === 'string') {
    const kind = (PRIMITIVE_KINDS as Record<string, MoveType['kind'] | undefined>)[t];
    if (kind) return { kind } as MoveType;
  } else if (t && typeof t === 'object') {
    const [[tag, body]] = Object.entries(t) as [[string, unknown]];
    if (tag === 'Vector') return { kind: 'vector', type: rpcType(body) };
    if (tag === 'Reference') return { kind: 'ref', mutable: false, to: rpcType(body) };
    if (tag === 'MutableReference') return { kind: 'ref', mutable: true, to: rpcType(body) };
    if (tag === 'TypeParameter') return { kind: 'type_param', index: Number(body) };
    if (tag === 'Struct') {
      const s = body as { address: string; module: string; name: string; typeArguments: unknown[] };
      return {
        kind: 'datatype',
        address: normalizeRpcAddress(s.address),
        module: s.module,
        name: s.name,
        type_args: s.typeArguments.map(rpcType),
      };
    }
  }
  throw new Error(`unknown RPC type ${JSON.stringify(t)}`);
}

/** Bytecode types with their addresses normalized the same way as RPC's. */
function bytecodeType(t: MoveType): MoveType {
  switch (t.kind) {
    case 'vector':
      return { kind: 'vector', type: bytecodeType(t.type) };
    case 'ref':
      return { kind: 'ref', mutable: t.mutable, to: bytecodeType(t.to) };
    case 'datatype':
      return { ...t, address: normalizeRpcAddress(t.address), type_args: t.type_args.map(bytecodeType) };
    default:
      return t;
  }
}

// Key order differs between the two constructions: compare canonical (sorted) JSON.
const sameType = (rpc: unknown, bytecode: MoveType) =>
  JSON.stringify(sortKeysDeep(rpcType(rpc))) === JSON.stringify(sortKeysDeep(bytecodeType(bytecode)));

const abilitySet = (abilities: string[]) => [...new Set(abilities.map((a) => a.toLowerCase()))].sort();
const sameList = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b);

class Comparison {
  readonly mismatches: Mismatch[] = [];
  total = 0;

  constructor(
    private readonly maxSamples: number,
    private readonly includeValues: boolean,
  ) {}

  record(path: string, reason: string, rpc?: unknown, bytecode?: unknown): void {
    this.total++;
    if (this.mismatches.length >= this.maxSamples) return;
    this.mismatches.push(this.includeValues ? { path, reason, rpc, bytecode } : { path, reason });
  }
}

/** Type parameters: their count, then each one by `same`. */
function compareTypeParams<R, L>(
  c: Comparison,
  path: string,
  rpc: R[],
  local: L[],
  same: (rpc: R, local: L) => boolean,
  reason: string,
): void {
  if (rpc.length !== local.length) {
    c.record(`${path}/type_params`, 'type param count mismatch', rpc.length, local.length);
    return;
  }
  rpc.forEach((tp, i) => {
    if (!same(tp, local[i]!)) c.record(`${path}/type_params[${i}]`, reason, tp, local[i]);
  });
}

function compareStruct(
  c: Comparison,
  path: string,
  rpc: RpcStruct,
  local: InterfaceModule['structs'][string],
): boolean {
  const before = c.total;
  const rpcAbilities = abilitySet(rpc.abilities.abilities);
  if (!sameList(rpcAbilities, abilitySet(local.abilities)))
    c.record(`${path}/abilities`, 'abilities mismatch', rpcAbilities, local.abilities);
  compareTypeParams(
    c,
    path,
    rpc.typeParameters,
    local.type_params,
    (tp, mine) =>
      sameList(abilitySet(tp.constraints.abilities), abilitySet(mine.constraints)) &&
      tp.isPhantom === mine.is_phantom,
    'type param mismatch',
  );
  if (!(local.is_native && rpc.fields.length === 0)) {
    if (rpc.fields.length !== local.fields.length) {
      c.record(`${path}/fields`, 'field count mismatch', rpc.fields.length, local.fields.length);
    } else {
      rpc.fields.forEach((field, i) => {
        const mine = local.fields[i]!;
        if (field.name !== mine.name)
          c.record(`${path}/fields[${i}]/name`, 'field name mismatch', field.name, mine.name);
        else if (!sameType(field.type, mine.type))
          c.record(`${path}/fields[${i}]/type`, 'field type mismatch', field.type, mine.type);
      });
    }
  }
  return c.total > before;
}

function compareTypeLists(c: Comparison, path: string, rpc: unknown[], local: MoveType[]): void {
  if (rpc.length !== local.length) {
    c.record(path, 'count mismatch', rpc.length, local.length);
    return;
  }
  rpc.forEach((t, i) => {
    if (!sameType(t, local[i]!)) c.record(`${path}[${i}]`, 'type mismatch', t, local[i]);
  });
}

function compareFunction(
  c: Comparison,
  path: string,
  rpc: RpcFunction,
  local: InterfaceModule['functions'][string],
): boolean {
  const before = c.total;
  if (rpc.visibility.toLowerCase() !== local.visibility)
    c.record(`${path}/visibility`, 'visibility mismatch', rpc.visibility, local.visibility);
  if (rpc.isEntry !== local.is_entry)
    c.record(`${path}/is_entry`, 'entry mismatch', rpc.isEntry, local.is_entry);
  compareTypeParams(
    c,
    path,
    rpc.typeParameters,
    local.type_params,
    (tp, mine) => sameList(abilitySet(tp.abilities), abilitySet(mine.constraints)),
    'type param constraints mismatch',
  );
  compareTypeLists(c, `${path}/params`, rpc.parameters, local.params);
  compareTypeLists(c, `${path}/returns`, rpc.return, local.returns);
  return c.total > before;
}

/** Every member RPC lists (name order) against the bytecode's: how many were compared, how many differ. */
function compareMembers<R, L>(
  c: Comparison,
  path: string,
  what: string,
  rpc: Record<string, R> | undefined,
  local: Record<string, L>,
  compare: (c: Comparison, path: string, rpc: R, local: L) => boolean,
): { compared: number; differing: number } {
  let compared = 0;
  let differing = 0;
  for (const [name, member] of Object.entries(rpc ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
    compared++;
    const mine = local[name];
    const differs = mine
      ? compare(c, `${path}/${name}`, member, mine)
      : (c.record(`${path}/${name}`, `${what} missing in bytecode`), true);
    if (differs) differing++;
  }
  return { compared, differing };
}

export interface CompareOptions {
  maxMismatches: number;
  includeValues: boolean;
}

export function compareInterface(
  rpcModules: Record<string, RpcModule>,
  bytecode: InterfaceJson,
  options: CompareOptions,
): { summary: InterfaceCompareSummary; mismatches: Mismatch[] } {
  const c = new Comparison(options.maxMismatches, options.includeValues);
  const summary: InterfaceCompareSummary = {
    modules_compared: 0,
    modules_missing_in_bytecode: 0,
    modules_extra_in_bytecode: 0,
    structs_compared: 0,
    struct_mismatches: 0,
    functions_compared: 0,
    function_mismatches: 0,
    mismatches_total: 0,
  };
  const names = [...new Set([...Object.keys(rpcModules), ...Object.keys(bytecode.modules)])].sort();
  for (const name of names) {
    const rpc = rpcModules[name];
    const local = bytecode.modules[name];
    if (!local) {
      summary.modules_missing_in_bytecode++;
      c.record(`modules/${name}`, 'module missing in bytecode');
      continue;
    }
    if (!rpc) {
      summary.modules_extra_in_bytecode++;
      c.record(`modules/${name}`, 'extra module in bytecode');
      continue;
    }
    summary.modules_compared++;
    const path = `modules/${name}`;
    const structs = compareMembers(c, `${path}/structs`, 'struct', rpc.structs, local.structs, compareStruct);
    const functions = compareMembers(
      c,
      `${path}/functions`,
      'function',
      rpc.exposedFunctions,
      local.functions,
      compareFunction,
    );
    summary.structs_compared += structs.compared;
    summary.struct_mismatches += structs.differing;
    summary.functions_compared += functions.compared;
    summary.function_mismatches += functions.differing;
  }
  summary.mismatches_total = c.total;
  return { summary, mismatches: c.mismatches };
}
