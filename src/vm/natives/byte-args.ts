// Reading the `&vector<u8>` and `&vector<vector<u8>>` arguments that Sui's crypto natives take.
import { asRef, asVector, bytesOf, type Value } from '../values.js';

/** The bytes behind a `&vector<u8>` argument. */
export const bytesBehind = (ref: Value): Uint8Array => bytesOf(asRef(ref).read());

/** The byte strings behind a `&vector<vector<u8>>` argument. */
export const byteVectorsBehind = (ref: Value): Uint8Array[] => asVector(asRef(ref).read()).map(bytesOf);
