// input·r + proof·l the way fastcrypto's `WindowedScalarMultiplier<_, _, 256, 5>::two_scalar_mul`
// adds it up (Straus with sliding windows): the input's multiples 0..255 built by repeated addition,
// its top half as an 8-bit window table, a 5-bit window table for the proof. For forms Move code
// hands in that are not positive definite the result depends on this exact chain of operations.
import type { FormArithmetic, QuadraticForm } from './quadratic-form.js';

const CACHE_SIZE = 256;
/** The upper half of the cache holds 2^7·input … (2^8 − 1)·input: windows of 8 bits. */
const INPUT_WINDOW = 8;
const PROOF_WINDOW = 5;

/** num-bigint's `to_bytes_le` of a non-negative integer (zero as one 0 byte). */
function littleEndianBytes(n: bigint): Uint8Array {
  const bytes: number[] = [];
  do {
    bytes.push(Number(n & 0xffn));
    n >>= 8n;
  } while (n > 0n);
  return Uint8Array.from(bytes);
}

const bitAt = (bytes: Uint8Array, index: number): number =>
  index >= 8 * bytes.length ? 0 : (bytes[index >> 3]! >> (index & 7)) & 1;

/** Bits [from, to) of the little-endian integer. */
function bitsBetween(bytes: Uint8Array, from: number, to: number): number {
  let value = 0;
  for (let i = to - 1; i >= from; i--) value = value * 2 + bitAt(bytes, i);
  return value;
}

interface Term {
  scalar: Uint8Array;
  element: QuadraticForm;
  /** Multiples 2^(w−1)·element … (2^w − 1)·element. */
  table: QuadraticForm[];
  window: number;
}

export function twoScalarMul(
  group: FormArithmetic,
  zero: QuadraticForm,
  input: QuadraticForm,
  inputScalar: bigint,
  proof: QuadraticForm,
  proofScalar: bigint,
): QuadraticForm {
  const cache = [zero, input];
  while (cache.length < CACHE_SIZE) cache.push(group.compose(cache[cache.length - 1]!, input));

  let smallest = proof;
  for (let i = 1; i < PROOF_WINDOW; i++) smallest = group.double(smallest);
  const proofTable = [smallest];
  while (proofTable.length < 1 << (PROOF_WINDOW - 1))
    proofTable.push(group.compose(proofTable[proofTable.length - 1]!, proof));

  const terms: Term[] = [
    {
      scalar: littleEndianBytes(inputScalar),
      element: input,
      table: cache.slice(CACHE_SIZE / 2),
      window: INPUT_WINDOW,
    },
    { scalar: littleEndianBytes(proofScalar), element: proof, table: proofTable, window: PROOF_WINDOW },
  ];
  const bits = 8 * Math.max(...terms.map((t) => t.scalar.length));

  // `result` stays `zero` (and is not doubled) until the first addition, as in fastcrypto.
  let result = zero;
  let started = false;
  const add = (f: QuadraticForm) => {
    result = started ? group.compose(result, f) : f;
    started = true;
  };
  const open = terms.map(() => ({ active: false, position: 0, index: 0 }));
  for (let bit = bits - 1; bit >= 0; bit--) {
    if (started) result = group.double(result);
    terms.forEach((term, i) => {
      const state = open[i]!;
      if (state.active) {
        state.position++;
        if (state.position === term.window) {
          add(term.table[state.index]!);
          state.active = false;
        }
      } else if (bitAt(term.scalar, bit) === 1) {
        if (bit >= term.window - 1) {
          // The window's top bit is 1, so only the bits below it index the table.
          Object.assign(state, {
            active: true,
            position: 1,
            index: bitsBetween(term.scalar, bit + 1 - term.window, bit),
          });
        } else {
          add(term.element);
        }
      }
    });
  }
  return result;
}
