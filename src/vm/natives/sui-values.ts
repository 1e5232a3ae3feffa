// Sui natives that compute on values only: address conversions, hashes, the one-time-witness check.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { abort } from '../errors.js';
import { substitute } from '../types.js';
import { asAddress, asBigInt, asRef, asVector, bytesValue, type Value } from '../values.js';
import { register, SUI, type NativeTable } from './registry.js';
import { blake2b256 } from './sui-ids.js';

/** `address::from_bytes` with a length other than 32 (Sui's `E_ADDRESS_PARSE_ERROR`). */
const E_ADDRESS_PARSE_ERROR = 0;

const bytesBehind = (ref: Value): Uint8Array => Uint8Array.from(asVector(asRef(ref).read()) as number[]);

export function registerSuiValues(table: NativeTable): void {
  register(table, SUI, 'address', {
    to_u256: (_ctx, _t, [address]) => [BigInt('0x' + asAddress(address!))],
    from_u256: (_ctx, _t, [n]) => [asBigInt(n!).toString(16).padStart(64, '0')],
    from_bytes: (_ctx, _t, [bytes]) => {
      const items = asVector(bytes!) as number[];
      if (items.length !== 32) throw abort(E_ADDRESS_PARSE_ERROR, 'address must be 32 bytes');
      return [Buffer.from(items).toString('hex')];
    },
  });
  register(table, SUI, 'hash', {
    blake2b256: (_ctx, _t, [data]) => [bytesValue(blake2b256(bytesBehind(data!)))],
    keccak256: (_ctx, _t, [data]) => [bytesValue(keccak_256(bytesBehind(data!)))],
  });
  // Like Sui's native (with its hardened check): a struct named like its module in upper case, with
  // no type arguments and exactly one field, a bool. The verifier checks the rest at publish time.
  register(table, SUI, 'types', {
    is_one_time_witness: (ctx, [type]) => {
      if (type!.kind !== 'datatype' || type!.args.length > 0) return [false];
      const def = ctx.loader.requireDatatype(type!);
      const fields = def.kind === 'struct' ? def.fields : [];
      const oneBool = fields.length === 1 && substitute(fields[0]!.type, type!.args).kind === 'bool';
      return [oneBool && type!.name === asciiUpper(type!.module)];
    },
  });
}

function asciiUpper(text: string): string {
  return text.replace(/[a-z]/g, (c) => c.toUpperCase());
}
