// `sui::bls12381` signature checks as fastcrypto (blst) makes them: min_sig has signatures in G1 and
// keys in G2, min_pk the reverse, each point compressed or uncompressed. A key must be in its
// subgroup and not the identity, a signature in its subgroup; anything malformed gives false.
import { G1, G2, GT, hashToG1, hashToG2, pairing, type G1Point, type G2Point } from './bls12381-elements.js';
import { bytesBehind } from './byte-args.js';
import { register, SUI, type NativeFunction, type NativeTable } from './registry.js';

function decode<P>(Point: { fromBytes(bytes: Uint8Array): P }, bytes: Uint8Array): P | undefined {
  try {
    return Point.fromBytes(bytes);
  } catch {
    return undefined;
  }
}

/** e(sig, g2) = e(H(msg), pk). */
function verifyMinSig(sig: G1Point, pk: G2Point, msg: Uint8Array): boolean {
  return GT.eql(pairing(sig, G2.BASE), pairing(hashToG1(msg), pk));
}

/** e(g1, sig) = e(pk, H(msg)). */
function verifyMinPk(sig: G2Point, pk: G1Point, msg: Uint8Array): boolean {
  return GT.eql(pairing(G1.BASE, sig), pairing(pk, hashToG2(msg)));
}

const minSigVerify: NativeFunction = (_ctx, _t, [signature, publicKey, msg]) => {
  const sig = decode(G1, bytesBehind(signature!));
  const pk = decode(G2, bytesBehind(publicKey!));
  return [!!sig && !!pk && !pk.is0() && verifyMinSig(sig, pk, bytesBehind(msg!))];
};

const minPkVerify: NativeFunction = (_ctx, _t, [signature, publicKey, msg]) => {
  const sig = decode(G2, bytesBehind(signature!));
  const pk = decode(G1, bytesBehind(publicKey!));
  return [!!sig && !!pk && !pk.is0() && verifyMinPk(sig, pk, bytesBehind(msg!))];
};

export function registerBls12381(table: NativeTable): void {
  register(table, SUI, 'bls12381', {
    bls12381_min_sig_verify: minSigVerify,
    bls12381_min_pk_verify: minPkVerify,
  });
}
