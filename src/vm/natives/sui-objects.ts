// Sui natives that touch objects and the transaction: tx_context, object, transfer, event and
// dynamic_field. They read and record through the call's TransactionState.
import { encodeValue } from '../bcs-values.js';
import { abort } from '../errors.js';
import { checkEvent } from '../gas/limits.js';
import { typeTagSize, valueSize } from '../gas/value-size.js';
import { typesEqual, type Type } from '../types.js';
import { asAddress, asBigInt, asRef, asStruct, asVector, Ref, type Value } from '../values.js';
import { register, SUI, type NativeContext, type NativeTable } from './registry.js';
import { deriveDynamicFieldId, deriveObjectId } from './sui-ids.js';
import type { Owner } from './transaction-state.js';

// Abort codes of Sui's dynamic-field natives.
const E_FIELD_ALREADY_EXISTS = 0;
const E_FIELD_DOES_NOT_EXIST = 1;
const E_FIELD_TYPE_MISMATCH = 2;

/** The id inside a `key` struct value: field 0 is `UID { id: ID { bytes: address } }`. */
export function objectIdOf(value: Value): string {
  const uid = asStruct(asStruct(value).fields[0]!);
  return asAddress(asStruct(uid.fields[0]!).fields[0]!);
}

/** The address a `&UID` points at. */
function uidAddress(ref: Value): string {
  return asAddress(asStruct(asStruct(asRef(ref).read()).fields[0]!).fields[0]!);
}

function recordTransfer(ctx: NativeContext, type: Type, value: Value, owner: Owner): Value[] {
  ctx.tx.transfers.push({ objectId: objectIdOf(value), type, owner, value });
  return [];
}

/** The child with this id under `parent`, checked the way Sui's natives check it. */
function existingChild(ctx: NativeContext, parent: string, id: string, type: Type) {
  const child = ctx.tx.children.get(id);
  if (!child || child.parent !== parent) throw abort(E_FIELD_DOES_NOT_EXIST, 'dynamic field does not exist');
  if (!typesEqual(child.type, type)) {
    throw abort(E_FIELD_TYPE_MISMATCH, 'dynamic field has another type');
  }
  return child;
}

export function registerSuiObjects(table: NativeTable): void {
  register(table, SUI, 'tx_context', {
    native_sender: (ctx) => [ctx.tx.sender],
    native_epoch: (ctx) => [ctx.tx.epoch],
    native_epoch_timestamp_ms: (ctx) => [ctx.tx.epochTimestampMs],
    native_ids_created: (ctx) => [ctx.tx.idsCreated],
    native_rgp: (ctx) => [ctx.tx.gasPrice],
    native_gas_price: (ctx) => [ctx.tx.gasPrice],
    native_gas_budget: (ctx) => [ctx.tx.gasBudget],
    native_sponsor: (ctx) => [ctx.tx.sponsor === undefined ? [] : [ctx.tx.sponsor]],
    fresh_id: (ctx) => [ctx.tx.freshId()],
    derive_id: (ctx, _t, [hash, count]) => {
      const id = deriveObjectId(Uint8Array.from(asVector(hash!) as number[]), asBigInt(count!));
      ctx.tx.createdIds.push(id);
      return [id];
    },
  });
  register(table, SUI, 'object', {
    borrow_uid: (_ctx, _t, [obj]) => [new Ref(asStruct(asRef(obj!).read()).fields, 0)],
    delete_impl: (ctx, _t, [id]) => {
      ctx.tx.deletedIds.push(asAddress(id!));
      return [];
    },
    record_new_uid: (ctx, _t, [id]) => {
      ctx.tx.createdIds.push(asAddress(id!));
      return [];
    },
  });
  register(table, SUI, 'transfer', {
    transfer_impl: (ctx, [type], [obj, recipient]) =>
      recordTransfer(ctx, type!, obj!, { kind: 'address', address: asAddress(recipient!) }),
    share_object_impl: (ctx, [type], [obj]) => recordTransfer(ctx, type!, obj!, { kind: 'shared' }),
    freeze_object_impl: (ctx, [type], [obj]) => recordTransfer(ctx, type!, obj!, { kind: 'immutable' }),
    party_transfer_impl: (ctx, [type], [obj, defaultPermissions, addresses, permissions]) =>
      recordTransfer(ctx, type!, obj!, {
        kind: 'party',
        defaultPermissions: asBigInt(defaultPermissions!),
        addresses: asVector(addresses!).map(asAddress),
        permissions: asVector(permissions!).map(asBigInt),
      }),
  });
  register(table, SUI, 'event', {
    emit: (ctx, [type], [event]) => {
      checkEvent(ctx.tx, typeTagSize(type!) + valueSize(event!));
      ctx.tx.events.push({ type: type!, value: event! });
      return [];
    },
  });
  register(table, SUI, 'dynamic_field', {
    // Sui hashes the key's type tag, which names datatypes by their defining ids.
    hash_type_and_key: (ctx, [keyType], [parent, key]) => [
      deriveDynamicFieldId(
        asAddress(parent!),
        ctx.loader.definingType(keyType!),
        encodeValue(keyType!, key!, ctx.resolve),
      ),
    ],
    add_child_object: (ctx, [type], [parent, child]) => {
      const id = objectIdOf(child!);
      if (ctx.tx.children.has(id)) throw abort(E_FIELD_ALREADY_EXISTS, 'dynamic field already exists');
      ctx.tx.children.set(id, { parent: asAddress(parent!), type: type!, cell: [child!] });
      return [];
    },
    borrow_child_object: (ctx, [type], [uid, id]) => [
      new Ref(existingChild(ctx, uidAddress(uid!), asAddress(id!), type!).cell, 0),
    ],
    borrow_child_object_mut: (ctx, [type], [uid, id]) => [
      new Ref(existingChild(ctx, uidAddress(uid!), asAddress(id!), type!).cell, 0),
    ],
    remove_child_object: (ctx, [type], [parent, id]) => {
      const child = existingChild(ctx, asAddress(parent!), asAddress(id!), type!);
      ctx.tx.children.delete(asAddress(id!));
      return [child.cell[0]];
    },
    has_child_object: (ctx, _t, [parent, id]) => [
      ctx.tx.children.get(asAddress(id!))?.parent === asAddress(parent!),
    ],
    has_child_object_with_ty: (ctx, [type], [parent, id]) => {
      const child = ctx.tx.children.get(asAddress(id!));
      return [child !== undefined && child.parent === asAddress(parent!) && typesEqual(child.type, type!)];
    },
  });
}
