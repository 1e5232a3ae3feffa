// Signature checks, key recovery and HMAC of the Sui framework, through @noble/curves and
// @noble/hashes. Malformed keys or signatures give `false` from the verify natives, as in Sui;
// ed25519 follows ZIP-215 (as Sui's ed25519-consensus does); ECDSA verification requires low-s.
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToNumberBE } from '@noble/curves/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256, sha3_256 } from '@noble/hashes/sha3.js';
import { abort } from '../errors.js';
import { asRef, asVector, bytesValue, type Value } from '../values.js';
import { register, SUI, type NativeTable } from './registry.js';

const KECCAK256 = 0;
const SHA256 = 1;
// Abort codes of Sui's ECDSA natives.
const FAIL_TO_RECOVER_PUBKEY = 0;
const INVALID_SIGNATURE = 1;
const INVALID_PUBKEY = 2;

const bytesBehind = (ref: Value): Uint8Array => Uint8Array.from(asVector(asRef(ref).read()) as number[]);

function digest(hash: number, msg: Uint8Array): Uint8Array | undefined {
  if (hash === KECCAK256) return keccak_256(msg);
  if (hash === SHA256) return sha256(msg);
  return undefined;
}

function safely(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

type EcdsaCurve = typeof secp256k1 | typeof p256;

function ecdsaVerify(curve: EcdsaCurve, args: Value[]): Value[] {
  const [signature, publicKey, msg, hash] = args;
  const hashed = digest(hash as number, bytesBehind(msg!));
  const sig = bytesBehind(signature!);
  const key = bytesBehind(publicKey!);
  if (!hashed || sig.length !== 64 || key.length !== 33) return [false];
  return [safely(() => curve.verify(sig, hashed, key, { prehash: false, lowS: true }))];
}

/**
 * `signature` is r ‖ s ‖ recovery id (Sui's layout); the result is the compressed key. As in Sui's
 * natives, an unknown hash aborts with 0 before the signature is read; bytes that are no signature
 * (length, recovery id above 3, r or s not below n, and for secp256r1 also a zero r or s) abort
 * with 1; a signature no key follows from aborts with 0.
 */
function ecdsaRecover(curve: EcdsaCurve, args: Value[], zeroScalarParses: boolean): Value[] {
  const [signature, msg, hash] = args;
  const hashed = digest(hash as number, bytesBehind(msg!));
  if (!hashed) throw abort(FAIL_TO_RECOVER_PUBKEY, 'unknown hash function');
  const sig = bytesBehind(signature!);
  if (sig.length !== 65 || sig[64]! > 3 || !scalarsParse(curve, sig, zeroScalarParses)) {
    throw abort(INVALID_SIGNATURE, 'invalid recoverable signature');
  }
  // noble's "recovered" format puts the recovery id first.
  const recovered = Uint8Array.of(sig[64]!, ...sig.subarray(0, 64));
  try {
    return [bytesValue(curve.recoverPublicKey(recovered, hashed, { prehash: false }))];
  } catch {
    throw abort(FAIL_TO_RECOVER_PUBKEY, 'cannot recover the public key');
  }
}

/** r and s below the group order (libsecp256k1 parses zero; the p256 crate does not). */
function scalarsParse(curve: EcdsaCurve, sig: Uint8Array, zeroParses: boolean): boolean {
  const n = curve.Point.Fn.ORDER;
  return [sig.subarray(0, 32), sig.subarray(32, 64)].every((bytes) => {
    const value = bytesToNumberBE(bytes);
    return value < n && (zeroParses || value > 0n);
  });
}

export function registerSuiCrypto(table: NativeTable): void {
  register(table, SUI, 'ed25519', {
    ed25519_verify: (_ctx, _t, [signature, publicKey, msg]) => {
      const sig = bytesBehind(signature!);
      const key = bytesBehind(publicKey!);
      if (sig.length !== 64 || key.length !== 32) return [false];
      return [safely(() => ed25519.verify(sig, bytesBehind(msg!), key, { zip215: true }))];
    },
  });
  register(table, SUI, 'ecdsa_k1', {
    secp256k1_verify: (_ctx, _t, args) => ecdsaVerify(secp256k1, args),
    secp256k1_ecrecover: (_ctx, _t, args) => ecdsaRecover(secp256k1, args, true),
    decompress_pubkey: (_ctx, _t, [publicKey]) => {
      try {
        return [bytesValue(secp256k1.Point.fromBytes(bytesBehind(publicKey!)).toBytes(false))];
      } catch {
        throw abort(INVALID_PUBKEY, 'invalid public key');
      }
    },
  });
  register(table, SUI, 'ecdsa_r1', {
    secp256r1_verify: (_ctx, _t, args) => ecdsaVerify(p256, args),
    secp256r1_ecrecover: (_ctx, _t, args) => ecdsaRecover(p256, args, false),
  });
  register(table, SUI, 'hmac', {
    hmac_sha3_256: (_ctx, _t, [key, msg]) => [
      bytesValue(hmac(sha3_256, bytesBehind(key!), bytesBehind(msg!))),
    ],
  });
}
