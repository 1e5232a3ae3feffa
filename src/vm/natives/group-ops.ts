// `sui::group_ops` natives over BLS12-381, as Sui's group_ops.rs and fastcrypto define them. The type
// byte names the group (0 scalar, 1 G1, 2 G2, 3 GT, 4 uncompressed G1); `mul` and `div` take a scalar
// first and an element of that group second. An operation on a group it does not support, or on
// bytes that are no element, aborts with 1; too many terms abort with 2.
import { abort, VmError } from '../errors.js';
import { bytesValue, type Value } from '../values.js';
import {
  decodeG1,
  decodeG2,
  decodeGT,
  decodeScalar,
  decodeUncompressedG1,
  encodeG1,
  encodeG2,
  encodeGT,
  encodeScalar,
  encodeUncompressedG1,
  Fr,
  G1,
  G1_LENGTH,
  G2_LENGTH,
  GT,
  hashToG1,
  hashToG2,
  pairing,
  SCALAR_LENGTH,
  type G1Point,
  type G2Point,
  type GTElement,
} from './bls12381-elements.js';
import { byteVectorsBehind, bytesBehind } from './byte-args.js';
import { register, SUI, type NativeFunction, type NativeTable } from './registry.js';

const INVALID_INPUT = 1;
const INPUT_TOO_LONG = 2;

const SCALAR = 0;
const G1_TYPE = 1;
const G2_TYPE = 2;
const GT_TYPE = 3;
const UNCOMPRESSED_G1_TYPE = 4;

/** Sui's protocol limits (`group_ops_bls12381_msm_max_len`, `…_uncompressed_g1_sum_max_terms`). */
const MSM_MAX_LENGTH = 32;
const SUM_MAX_TERMS = 1200;

/** What the natives need of a group: codec, the group law, and scalar multiplication. */
interface Group<E> {
  decode(bytes: Uint8Array): E | undefined;
  encode(e: E): Uint8Array;
  add(a: E, b: E): E;
  sub(a: E, b: E): E;
  /** k·e for 0 ≤ k < r. */
  mul(k: bigint, e: E): E;
}

/** Points of G1 or G2 (noble's `multiplyUnsafe` accepts k = 0). */
function pointGroup<P extends G1Point | G2Point>(
  decode: (bytes: Uint8Array) => P | undefined,
  encode: (p: P) => Uint8Array,
): Group<P> {
  return {
    decode,
    encode,
    add: (a, b) => a.add(b as never) as P,
    sub: (a, b) => a.subtract(b as never) as P,
    mul: (k, e) => e.multiplyUnsafe(k) as P,
  };
}

// Elements given to the operations were validated when Move built them; scalars are read modulo r
// as fastcrypto reads trusted bytes.
const GROUPS: Record<number, Group<unknown>> = {
  [SCALAR]: {
    decode: (bytes) => decodeScalar(bytes, true),
    encode: encodeScalar,
    add: (a, b) => Fr.add(a, b),
    sub: (a, b) => Fr.sub(a, b),
    mul: (k, e) => Fr.mul(k, e),
  } satisfies Group<bigint> as Group<unknown>,
  [G1_TYPE]: pointGroup(decodeG1, encodeG1) as Group<unknown>,
  [G2_TYPE]: pointGroup(decodeG2, encodeG2) as Group<unknown>,
  // GT is written multiplicatively: the group law is the product, k·e is e^k.
  [GT_TYPE]: {
    decode: decodeGT,
    encode: encodeGT,
    add: (a, b) => GT.mul(a, b),
    sub: (a, b) => GT.mul(a, GT.inv(b)),
    mul: (k, e) => GT.pow(e, k),
  } satisfies Group<GTElement> as Group<unknown>,
};

const invalid = (why: string) => abort(INVALID_INPUT, why);

function groupOf(type: Value): Group<unknown> {
  const group = GROUPS[type as number];
  if (!group) throw invalid(`group type ${String(type)} is not supported by this operation`);
  return group;
}

function decodeWith<E>(decode: (bytes: Uint8Array) => E | undefined, bytes: Uint8Array): E {
  const e = decode(bytes);
  if (e === undefined) throw invalid('not an element of the group');
  return e;
}

const elementsOf = (group: Group<unknown>, ...refs: Value[]) =>
  refs.map((ref) => decodeWith(group.decode, bytesBehind(ref)));

/** Same-group binary operation. */
function binary(op: 'add' | 'sub') {
  return (type: Value, e1: Value, e2: Value): Value[] => {
    const group = groupOf(type);
    const [a, b] = elementsOf(group, e1, e2);
    return bytesValue(group.encode(group[op](a, b)));
  };
}

/** e2 · e1 (mul) or e2 · e1⁻¹ (div), e1 a scalar. */
function scale(invert: boolean) {
  return (type: Value, e1: Value, e2: Value): Value[] => {
    const group = groupOf(type);
    const k = decodeWith((bytes) => decodeScalar(bytes, true), bytesBehind(e1));
    const e = decodeWith(group.decode, bytesBehind(e2));
    if (invert && k === 0n) throw invalid('division by zero');
    return bytesValue(group.encode(group.mul(invert ? Fr.inv(k) : k, e)));
  };
}

function chunks(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) out.push(bytes.subarray(offset, offset + size));
  return out;
}

function multiScalarMul(type: Value, scalarsRef: Value, elementsRef: Value): Value[] {
  if (type !== G1_TYPE && type !== G2_TYPE) throw invalid('multi-scalar multiplication is for G1 and G2');
  const group = groupOf(type);
  const size = type === G1_TYPE ? G1_LENGTH : G2_LENGTH;
  const scalars = bytesBehind(scalarsRef);
  const elements = bytesBehind(elementsRef);
  const count = scalars.length / SCALAR_LENGTH;
  if (count === 0 || !Number.isInteger(count) || elements.length !== count * size) {
    throw invalid('scalars and elements must be non-empty and as many');
  }
  if (count > MSM_MAX_LENGTH) throw abort(INPUT_TOO_LONG, `more than ${MSM_MAX_LENGTH} terms`);
  const ks = chunks(scalars, SCALAR_LENGTH).map((bytes) => decodeWith((b) => decodeScalar(b, true), bytes));
  const es = chunks(elements, size).map((bytes) => decodeWith(group.decode, bytes));
  const terms = es.map((e, i) => group.mul(ks[i]!, e));
  return bytesValue(group.encode(terms.reduce((sum, term) => group.add(sum, term))));
}

function convert(from: Value, to: Value, ref: Value): Value[] {
  const bytes = bytesBehind(ref);
  if (from === UNCOMPRESSED_G1_TYPE && to === G1_TYPE) {
    return bytesValue(encodeG1(decodeWith(decodeUncompressedG1, bytes)));
  }
  if (from === G1_TYPE && to === UNCOMPRESSED_G1_TYPE) {
    return bytesValue(encodeUncompressedG1(decodeWith(decodeG1, bytes)));
  }
  throw invalid(`no conversion from group ${String(from)} to ${String(to)}`);
}

function sum(type: Value, termsRef: Value): Value[] {
  if (type !== UNCOMPRESSED_G1_TYPE) throw invalid('sum is for uncompressed G1 elements');
  const terms = byteVectorsBehind(termsRef);
  if (terms.length > SUM_MAX_TERMS) throw abort(INPUT_TOO_LONG, `more than ${SUM_MAX_TERMS} terms`);
  const points = terms.map((bytes) => decodeWith(decodeUncompressedG1, bytes));
  return bytesValue(encodeUncompressedG1(points.reduce((acc, p) => acc.add(p), G1.ZERO)));
}

/** A library failure (only on bytes Move code cannot produce, such as a zero GT element) aborts as invalid input. */
function guarded(fn: NativeFunction): NativeFunction {
  return (ctx, typeArgs, args) => {
    try {
      return fn(ctx, typeArgs, args);
    } catch (error) {
      throw error instanceof VmError ? error : invalid(String(error));
    }
  };
}

const NATIVES: Record<string, NativeFunction> = {
  internal_validate: (_ctx, _t, [type, bytes]) => {
    const validate: Record<number, (b: Uint8Array) => unknown> = {
      [SCALAR]: (b) => decodeScalar(b),
      [G1_TYPE]: decodeG1,
      [G2_TYPE]: decodeG2,
    };
    return [validate[type as number]?.(bytesBehind(bytes!)) !== undefined];
  },
  internal_add: (_ctx, _t, [type, e1, e2]) => [binary('add')(type!, e1!, e2!)],
  internal_sub: (_ctx, _t, [type, e1, e2]) => [binary('sub')(type!, e1!, e2!)],
  internal_mul: (_ctx, _t, [type, e1, e2]) => [scale(false)(type!, e1!, e2!)],
  internal_div: (_ctx, _t, [type, e1, e2]) => [scale(true)(type!, e1!, e2!)],
  internal_hash_to: (_ctx, _t, [type, msg]) => {
    const m = bytesBehind(msg!);
    if (m.length === 0) throw invalid('cannot hash an empty message');
    if (type === G1_TYPE) return [bytesValue(encodeG1(hashToG1(m)))];
    if (type === G2_TYPE) return [bytesValue(encodeG2(hashToG2(m)))];
    throw invalid('hash_to is for G1 and G2');
  },
  internal_multi_scalar_mul: (_ctx, _t, [type, scalars, elements]) => [
    multiScalarMul(type!, scalars!, elements!),
  ],
  internal_pairing: (_ctx, _t, [type, e1, e2]) => {
    if (type !== G1_TYPE) throw invalid('pairing takes a G1 element first');
    const p = decodeWith(decodeG1, bytesBehind(e1!));
    const q = decodeWith(decodeG2, bytesBehind(e2!));
    return [bytesValue(encodeGT(pairing(p, q)))];
  },
  internal_convert: (_ctx, _t, [from, to, e]) => [convert(from!, to!, e!)],
  internal_sum: (_ctx, _t, [type, terms]) => [sum(type!, terms!)],
};

export function registerGroupOps(table: NativeTable): void {
  const natives = Object.entries(NATIVES).map(([name, fn]) => [name, guarded(fn)] as const);
  register(table, SUI, 'group_ops', Object.fromEntries(natives));
}
