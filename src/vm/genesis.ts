// The system objects a fresh Sui chain has, made by running the framework's own creation functions (the
// ones Sui's genesis and epoch-change transactions call, as the system address 0x0) rather than by writing
// their bytes by hand: Clock (0x6), Random (0x8, with its versioned inner state as a dynamic field),
// DenyList (0x403, with its per-type lists) and CoinRegistry (0xc). A framework without one of the
// modules (an older corpus) simply lacks that object.
import { encodeValue, type DatatypeResolver } from './bcs-values.js';
import { VmLoadError } from './errors.js';
import type { MoveVm } from './move-vm.js';
import { TransactionState } from './natives/transaction-state.js';
import type { StoredChild, StoredObject } from './ptb.js';

export interface GenesisOptions {
  /** What `clock::timestamp_ms` reads (default 0). */
  timestampMs?: bigint;
  /**
   * The randomness of round 0 that `random::new_generator` derives generators from (Sui's validators write
   * 32 bytes each round; default: 32 bytes of 0x5a, so generated values are reproducible).
   */
  randomBytes?: Uint8Array;
}

export interface Genesis {
  /** The shared system objects, for a PTB request's `objects`. */
  objects: StoredObject[];
  /** Their dynamic fields, for a PTB request's `childObjects`. */
  childObjects: StoredChild[];
}

const DEFAULT_RANDOM_BYTES = new Uint8Array(32).fill(0x5a);

/** Ids of the system objects, as 64 hex digits. */
export const SYSTEM_OBJECT_IDS = {
  clock: '6'.padStart(64, '0'),
  random: '8'.padStart(64, '0'),
  denyList: '403'.padStart(64, '0'),
  coinRegistry: 'c'.padStart(64, '0'),
} as const;

function u64Bytes(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}

function byteVector(bytes: Uint8Array): Uint8Array {
  if (bytes.length >= 128) throw new VmLoadError('randomBytes must be shorter than 128 bytes');
  return Uint8Array.of(bytes.length, ...bytes);
}

/** Runs the framework's system functions once and returns the objects and dynamic fields they made. */
export function genesisObjects(vm: MoveVm, options: GenesisOptions = {}): Genesis {
  // Sui's system transactions run as 0x0, which the creation functions assert.
  const tx = new TransactionState({ sender: '0', digest: new Uint8Array(32) });
  const has = (module: string, fn: string) => {
    try {
      vm.function('0x2', module, fn);
      return true;
    } catch (error) {
      if (error instanceof VmLoadError) return false;
      throw error;
    }
  };
  const call = (module: string, fn: string, args: Uint8Array[] = []) => {
    const result = vm.callFunction({ package: '0x2', module, function: fn, args, tx });
    if (!result.success)
      throw new VmLoadError(`genesis: 0x2::${module}::${fn} failed: ${result.error.message}`);
    return result;
  };
  for (const module of ['clock', 'random', 'deny_list', 'coin_registry'])
    if (has(module, 'create')) call(module, 'create');
  const objects = new Map<string, StoredObject>();
  const resolve: DatatypeResolver = (type) => vm.loader.requireDatatype(type);
  for (const t of tx.transfers)
    objects.set(t.objectId, {
      id: t.objectId,
      type: t.type,
      owner: t.owner,
      bytes: encodeValue(t.type, t.value, resolve),
    });
  /** Calls a system function on an object by `&mut`, keeping its new bytes. */
  const update = (id: string, module: string, fn: string, args: Uint8Array[]) => {
    const object = objects.get(id);
    if (!object) return;
    object.bytes = call(module, fn, [object.bytes, ...args]).mutatedReferences[0]!.bytes;
  };
  // The first randomness update of a chain is round 0; the bytes land in the Random's inner dynamic field.
  update(SYSTEM_OBJECT_IDS.random, 'random', 'update_randomness_state', [
    u64Bytes(0n),
    byteVector(options.randomBytes ?? DEFAULT_RANDOM_BYTES),
  ]);
  if (options.timestampMs)
    update(SYSTEM_OBJECT_IDS.clock, 'clock', 'consensus_commit_prologue', [u64Bytes(options.timestampMs)]);
  return {
    objects: [...objects.values()],
    childObjects: [...tx.children.entries()].map(([id, child]) => ({
      id,
      parent: child.parent,
      type: child.type,
      bytes: encodeValue(child.type, child.cell[0], resolve),
    })),
  };
}
