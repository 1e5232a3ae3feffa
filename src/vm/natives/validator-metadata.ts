// `sui_system::validator::validate_metadata_bcs`: Sui decodes the BCS of a `ValidatorMetadata` as its
// Rust `ValidatorMetadataV1` (bytes that do not decode: status MALFORMED) and runs
// `ValidatorMetadataV1::verify`, aborting with its error codes in its order:
// 1 a protocol key that is no BLS12-381 G2 point, 0 a proof of possession that is no G1 point or does
// not verify (the key must also be in its subgroup and not the identity), 2 / 3 a network / worker key
// that is no Ed25519 point (3 also when both keys are equal), 4–7 a net / p2p / primary / worker address
// that is no multiaddr (p2p, primary and worker must also start /ip4|ip6|dns/…/udp/…), then the same
// checks on the next-epoch values that are set (a next-epoch key without its proof: 0).
import { ed25519 } from '@noble/curves/ed25519.js';
import { BcsReader } from '../bcs-values.js';
import { abort, VmError, VmLoadError } from '../errors.js';
import { bytesOf, type Value } from '../values.js';
import { G1, G2, GT, hashToG1, pairing, type G1Point, type G2Point } from './bls12381-elements.js';
import { isAnemoAddress, parseMultiaddr, Unparsed } from './multiaddr.js';
import { register, SUI_SYSTEM, type NativeTable } from './registry.js';
import { equalBytes } from '@noble/curves/utils.js';

const INVALID_POP = 0;
const INVALID_PUBKEY = 1;
const INVALID_NET_PUBKEY = 2;
const INVALID_WORKER_PUBKEY = 3;
const INVALID_NET_ADDR = 4;
const INVALID_P2P_ADDR = 5;
const INVALID_PRIMARY_ADDR = 6;
const INVALID_WORKER_ADDR = 7;

/** `IntentScope::ProofOfPossession`, intent version 0, app id Sui. */
const POP_INTENT = [5, 0, 0];
/** The epoch appended to the intent message (Sui's `DEFAULT_EPOCH_ID`), u64 little-endian. */
const EPOCH_ZERO = new Array<number>(8).fill(0);

interface Metadata {
  suiAddress: Uint8Array;
  protocolKey: Uint8Array;
  networkKey: Uint8Array;
  workerKey: Uint8Array;
  pop: Uint8Array;
  addresses: { net: string; p2p: string; primary: string; worker: string };
  next: {
    protocolKey?: Uint8Array;
    pop?: Uint8Array;
    networkKey?: Uint8Array;
    workerKey?: Uint8Array;
    net?: string;
    p2p?: string;
    primary?: string;
    worker?: string;
  };
}

class Malformed extends Error {}

/** Reads the fields of `ValidatorMetadataV1` as Rust's `bcs::from_bytes` would, or throws `Malformed`. */
function decodeMetadata(bytes: Uint8Array): Metadata {
  try {
    return readMetadata(bytes);
  } catch (error) {
    if (error instanceof VmLoadError) throw new Malformed(error.message); // input ended early
    throw error;
  }
}

function readMetadata(bytes: Uint8Array): Metadata {
  const reader = new BcsReader(bytes);
  const length = () => {
    const before = reader.remaining();
    const n = reader.uleb();
    // BCS lengths are canonical ULEB128 and below 2^31.
    if (before - reader.remaining() !== Math.max(1, Math.ceil(Math.log2(n + 1) / 7)) || n >= 2 ** 31) {
      throw new Malformed('non-canonical length');
    }
    return n;
  };
  const raw = () => Uint8Array.from(reader.take(length()));
  const text = () => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(raw());
    } catch {
      throw new Malformed('string is not UTF-8');
    }
  };
  const option = <T>(read: () => T): T | undefined => {
    const tag = reader.byte();
    if (tag > 1) throw new Malformed('option tag above 1');
    return tag === 1 ? read() : undefined;
  };
  const metadata: Metadata = {
    suiAddress: Uint8Array.from(reader.take(32)),
    protocolKey: raw(),
    networkKey: raw(),
    workerKey: raw(),
    pop: raw(),
    addresses: { net: '', p2p: '', primary: '', worker: '' },
    next: {},
  };
  for (let i = 0; i < 4; i++) text(); // name, description, image and project url
  metadata.addresses = { net: text(), p2p: text(), primary: text(), worker: text() };
  metadata.next = {
    protocolKey: option(raw),
    pop: option(raw),
    networkKey: option(raw),
    workerKey: option(raw),
    net: option(text),
    p2p: option(text),
    primary: option(text),
    worker: option(text),
  };
  reader.take(32 + 8); // extra_fields: Bag { id, size }
  if (reader.remaining() !== 0) throw new Malformed('bytes left over');
  return metadata;
}

class Invalid extends Error {
  constructor(readonly code: number) {
    super(`invalid validator metadata (${code})`);
  }
}

function check(ok: boolean, code: number): void {
  if (!ok) throw new Invalid(code);
}

/** blst's `PublicKey::from_bytes`: compressed or uncompressed G2 on the curve; the subgroup comes later. */
function protocolKey(bytes: Uint8Array): { point?: G2Point; compressed: Uint8Array } {
  try {
    const point = G2.fromBytes(bytes);
    return { point, compressed: point.toBytes(true) };
  } catch (error) {
    // noble refuses points outside the subgroup while decoding; blst decodes them and `validate` fails.
    check(/subgroup/.test(String(error)), INVALID_PUBKEY);
    return { compressed: new Uint8Array() };
  }
}

/** blst's `Signature::from_bytes`: a G1 point (its subgroup is checked when it is verified). */
function proofOfPossession(bytes: Uint8Array): G1Point {
  try {
    return G1.fromBytes(bytes);
  } catch {
    throw new Invalid(INVALID_POP);
  }
}

/** Sui's `verify_proof_of_possession`: a min-sig BLS signature over intent ‖ BCS(key ‖ address) ‖ epoch 0. */
function checkProofOfPossession(keyBytes: Uint8Array, popBytes: Uint8Array, address: Uint8Array): void {
  const key = protocolKey(keyBytes);
  const signature = proofOfPossession(popBytes);
  check(!!key.point && !key.point.is0(), INVALID_POP);
  // The signed value is a BCS vector of the 96-byte compressed key and the address: 128 bytes.
  const message = Uint8Array.from([...POP_INTENT, 0x80, 0x01, ...key.compressed, ...address, ...EPOCH_ZERO]);
  check(GT.eql(pairing(signature, G2.BASE), pairing(hashToG1(message), key.point!)), INVALID_POP);
}

/** ed25519-consensus `VerificationKey::try_from`: 32 bytes that decompress to a curve point. */
function networkKey(bytes: Uint8Array, code: number): void {
  let ok = bytes.length === 32;
  if (ok) {
    try {
      ed25519.Point.fromBytes(bytes, true);
    } catch {
      ok = false;
    }
  }
  check(ok, code);
}

function address(text: string, code: number, anemo: boolean): void {
  const components = parseMultiaddr(text);
  check(!!components && (!anemo || isAnemoAddress(components)), code);
}

const sameBytes = (a?: Uint8Array, b?: Uint8Array) => !!a && !!b && equalBytes(a, b);

function verify(m: Metadata): void {
  const { next } = m;
  checkProofOfPossession(m.protocolKey, m.pop, m.suiAddress);
  networkKey(m.networkKey, INVALID_NET_PUBKEY);
  networkKey(m.workerKey, INVALID_WORKER_PUBKEY);
  check(!sameBytes(m.networkKey, m.workerKey), INVALID_WORKER_PUBKEY);
  address(m.addresses.net, INVALID_NET_ADDR, false);
  address(m.addresses.p2p, INVALID_P2P_ADDR, true);
  address(m.addresses.primary, INVALID_PRIMARY_ADDR, true);
  address(m.addresses.worker, INVALID_WORKER_ADDR, true);
  if (next.protocolKey) protocolKey(next.protocolKey);
  if (next.pop) proofOfPossession(next.pop);
  if (next.protocolKey) {
    check(!!next.pop, INVALID_POP);
    checkProofOfPossession(next.protocolKey, next.pop!, m.suiAddress);
  }
  if (next.networkKey) networkKey(next.networkKey, INVALID_NET_PUBKEY);
  if (next.workerKey) networkKey(next.workerKey, INVALID_WORKER_PUBKEY);
  check(!next.networkKey || !sameBytes(next.networkKey, next.workerKey), INVALID_WORKER_PUBKEY);
  if (next.net !== undefined) address(next.net, INVALID_NET_ADDR, false);
  if (next.p2p !== undefined) address(next.p2p, INVALID_P2P_ADDR, true);
  if (next.primary !== undefined) address(next.primary, INVALID_PRIMARY_ADDR, true);
  if (next.worker !== undefined) address(next.worker, INVALID_WORKER_ADDR, true);
}

export function registerValidatorMetadata(table: NativeTable): void {
  register(table, SUI_SYSTEM, 'validator', {
    validate_metadata_bcs: (_ctx, _t, [metadata]): Value[] => {
      try {
        verify(decodeMetadata(bytesOf(metadata!)));
        return [];
      } catch (error) {
        if (error instanceof Invalid) throw abort(error.code, error.message);
        if (error instanceof Malformed) throw new VmError('MALFORMED', error.message);
        if (error instanceof Unparsed) throw new VmError('UNIMPLEMENTED_NATIVE', error.message);
        throw error;
      }
    },
  });
}
