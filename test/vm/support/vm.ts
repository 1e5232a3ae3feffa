// Shared set-up of the VM tests: one VM over the shared corpus framework, and BCS helpers.
import { MoveVm, type CallRequest, type CallResult } from '../../../src/vm/index.js';
import { CORPUS_DIR } from '../../support/paths.js';
import { loadMoveVm } from '../../../src/package-store/package-vm.js';

let shared: Promise<MoveVm> | undefined;

/** The framework of ../shared/corpus, loaded once per test file. */
export function frameworkVm(): Promise<MoveVm> {
  shared ??= loadMoveVm({ corpusRoot: CORPUS_DIR });
  return shared;
}

export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
export const fromHex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'hex'));

export function u64(value: bigint | number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(value), true);
  return out;
}

/** BCS `vector<u8>` of a byte string (lengths below 128 only). */
export function byteVector(bytes: Uint8Array | string): Uint8Array {
  const raw = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  if (raw.length >= 128) throw new Error('test helper handles short vectors only');
  return Uint8Array.of(raw.length, ...raw);
}

export function address(short: string): Uint8Array {
  return fromHex(short.replace(/^0x/, '').padStart(64, '0'));
}

/** Calls and insists on success; returns the return values as hex. */
export function callOk(
  vm: MoveVm,
  request: CallRequest,
): { values: string[]; result: CallResult & { success: true } } {
  const result = vm.callFunction(request);
  if (!result.success)
    throw new Error(
      `call failed: ${JSON.stringify(result.error, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
    );
  return { values: result.returnValues.map(hex), result };
}
