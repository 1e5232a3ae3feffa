// Calling the framework's crypto natives from tests: BCS of byte strings of any length, and a call
// that returns either the values (hex) or the failure's status, abort code and module.
import type { MoveVm } from '../../../src/vm/index.js';
import { fromHex, hex } from './vm.js';

function uleb128(n: number): number[] {
  const out: number[] = [];
  do {
    out.push((n & 0x7f) | (n >= 0x80 ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return out;
}

/** BCS `vector<u8>` of bytes given as hex or as bytes. */
export function bcsBytes(bytes: Uint8Array | string): Uint8Array {
  const raw = typeof bytes === 'string' ? fromHex(bytes) : bytes;
  return Uint8Array.of(...uleb128(raw.length), ...raw);
}

/** BCS `vector<vector<u8>>`. */
export function bcsByteVectors(items: (Uint8Array | string)[]): Uint8Array {
  return Uint8Array.of(...uleb128(items.length), ...items.flatMap((item) => [...bcsBytes(item)]));
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export type Outcome = { ok: string[] } | { status: string; code?: bigint; module?: string };

/** Calls `0x2::module::fn` and reports what happened. */
export function run(
  vm: MoveVm,
  module: string,
  fn: string,
  args: Uint8Array[],
  typeArgs: string[] = [],
): Outcome {
  const result = vm.callFunction({ package: '0x2', module, function: fn, args, typeArgs });
  if (result.success) return { ok: result.returnValues.map(hex) };
  const { status, code, location } = result.error;
  return {
    status,
    ...(code === undefined ? {} : { code }),
    ...(location ? { module: location.module } : {}),
  };
}

export const TRUE: Outcome = { ok: ['01'] };
export const FALSE: Outcome = { ok: ['00'] };
export const aborted = (code: number, module: string): Outcome => ({
  status: 'ABORTED',
  code: BigInt(code),
  module,
});
