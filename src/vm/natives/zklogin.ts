// `sui::zklogin_verified_id::check_zklogin_id_internal` and
// `sui::zklogin_verified_issuer::check_zklogin_issuer_internal`: whether an address is the zkLogin
// address of an identity (fastcrypto's `verify_zk_login_id` / `verify_zk_login_iss`). The address is
// blake2b256(0x05 ‖ iss length as one byte ‖ iss ‖ address seed, 32 bytes big-endian); the seed is
// Poseidon(H(claim name), H(claim value), H(audience), pin hash), each string H'd as its characters
// zero-padded to a fixed count, packed into 248-bit limbs and hashed. Inputs that are not UTF-8, too
// long, or hold characters above U+00FF abort with 0 (Sui's INVALID_INPUT); a mismatch is false.
import { bn254_Fr } from '@noble/curves/bn254.js';
import { numberToBytesBE } from '@noble/curves/utils.js';
import { abort } from '../errors.js';
import { addressToBytes, asAddress, asBigInt, type Value } from '../values.js';
import { bytesBehind } from './byte-args.js';
import { poseidonBn254 } from './poseidon.js';
import { register, SUI, type NativeTable } from './registry.js';
import { blake2b256 } from './sui-ids.js';
import { equalBytes } from '@noble/curves/utils.js';

const INVALID_INPUT = 0;
const ZKLOGIN_FLAG = 0x05;
const MAX_KEY_CLAIM_NAME = 32;
const MAX_KEY_CLAIM_VALUE = 115;
const MAX_AUDIENCE = 145;
const PACK_WIDTH = 248n;
const MERKLE_DEGREE = 16;

class InvalidInput extends Error {}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InvalidInput('not UTF-8');
  }
}

/** fastcrypto's `poseidon_zk_login`: Poseidon, over a tree of 16-ary nodes above 16 inputs. */
function poseidonTree(inputs: bigint[]): bigint {
  if (inputs.length === 0 || inputs.length > 64) throw new InvalidInput('poseidon input count');
  if (inputs.length <= MERKLE_DEGREE) return poseidonBn254(inputs)!;
  const level: bigint[] = [];
  for (let i = 0; i < inputs.length; i += MERKLE_DEGREE) {
    level.push(poseidonBn254(inputs.slice(i, i + MERKLE_DEGREE))!);
  }
  return poseidonTree(level);
}

/** `hash_ascii_str_to_field`: the characters as bytes, zero-padded to `maxLength`, in 248-bit limbs. */
function hashString(text: string, maxLength: number): bigint {
  const codes = Array.from(text, (c) => c.codePointAt(0)!);
  if (codes.length > maxLength || codes.some((code) => code > 0xff)) {
    throw new InvalidInput('string too long or not 8-bit');
  }
  let packed = 0n;
  for (let i = 0; i < maxLength; i++) packed = (packed << 8n) | BigInt(codes[i] ?? 0);
  const limbCount = Math.ceil((maxLength * 8) / Number(PACK_WIDTH));
  const limbs: bigint[] = [];
  for (let i = limbCount - 1; i >= 0; i--) {
    limbs.push((packed >> (BigInt(i) * PACK_WIDTH)) & ((1n << PACK_WIDTH) - 1n));
  }
  return poseidonTree(limbs);
}

/** The zkLogin address of a seed and an issuer. A u256 seed is taken modulo the field order. */
function zkLoginAddress(seed: bigint, issuer: string): Uint8Array {
  const iss = new TextEncoder().encode(issuer);
  // fastcrypto writes the length as `len as u8`: an issuer of 256 bytes or more wraps around.
  const preimage = [ZKLOGIN_FLAG, iss.length & 0xff, ...iss, ...numberToBytesBE(bn254_Fr.create(seed), 32)];
  return blake2b256(Uint8Array.from(preimage));
}

function checked(check: () => boolean): Value[] {
  try {
    return [check()];
  } catch (error) {
    if (error instanceof InvalidInput) throw abort(INVALID_INPUT, error.message);
    throw error;
  }
}

export function registerZkLogin(table: NativeTable): void {
  register(table, SUI, 'zklogin_verified_id', {
    check_zklogin_id_internal: (_ctx, _t, [address, name, value, issuer, audience, pinHash]) =>
      checked(() => {
        const [nameText, valueText, audienceText, issuerText] = [name, value, audience, issuer].map((ref) =>
          utf8(bytesBehind(ref!)),
        );
        const seed = poseidonTree([
          hashString(nameText!, MAX_KEY_CLAIM_NAME),
          hashString(valueText!, MAX_KEY_CLAIM_VALUE),
          hashString(audienceText!, MAX_AUDIENCE),
          bn254_Fr.create(asBigInt(pinHash!)),
        ]);
        return equalBytes(zkLoginAddress(seed, issuerText!), addressToBytes(asAddress(address!)));
      }),
  });
  register(table, SUI, 'zklogin_verified_issuer', {
    check_zklogin_issuer_internal: (_ctx, _t, [address, seed, issuer]) =>
      checked(() =>
        equalBytes(
          zkLoginAddress(asBigInt(seed!), utf8(bytesBehind(issuer!))),
          addressToBytes(asAddress(address!)),
        ),
      ),
  });
}
