// `transfer::receive_impl`, Sui's receiving of an object sent to another object's address (transfer to
// object): the object a `Receiving<T>` input refers to, at its version, if it is owned by the receiving UID's
// address and not already received; otherwise abort 3 (EUnableToReceiveObject: Sui does not tell a missing
// object from one owned elsewhere), and abort 2 (EReceivingObjectTypeMismatch) when it is not a `T`.
import { decodeValue } from '../bcs-values.js';
import { abort } from '../errors.js';
import { canonicalTypeName, typesEqual } from '../types.js';
import { asAddress, asBigInt, asStruct } from '../values.js';
import { register, SUI, type NativeTable } from './registry.js';

const E_RECEIVING_OBJECT_TYPE_MISMATCH = 2;
const E_UNABLE_TO_RECEIVE_OBJECT = 3;

export function registerSuiReceiving(table: NativeTable): void {
  register(table, SUI, 'transfer', {
    receive_impl: (ctx, [type], [parent, id, version]) => {
      const objectId = asAddress(asStruct(id!).fields[0]!);
      const object = ctx.tx.receivable.get(objectId);
      if (
        !object ||
        object.version !== asBigInt(version!) ||
        object.owner !== asAddress(parent!) ||
        ctx.tx.receivedIds.includes(objectId)
      )
        throw abort(E_UNABLE_TO_RECEIVE_OBJECT, `object 0x${objectId} cannot be received here`);
      if (!typesEqual(object.type, type!))
        throw abort(
          E_RECEIVING_OBJECT_TYPE_MISMATCH,
          `object 0x${objectId} is not a ${canonicalTypeName(type!)}`,
        );
      ctx.tx.receivedIds.push(objectId);
      return [decodeValue(type!, object.bytes, ctx.resolve)];
    },
  });
}
