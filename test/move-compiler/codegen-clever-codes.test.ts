// Clever abort codes as the generator writes them. Expected values are derived by hand from the layout
// of Sui's `ErrorBitset` (version 0b1100, 4 reserved bits, the `#[error(code)]` byte, the line, the
// identifier index of the constant's name, the constant-pool index of its value; all ones where absent),
// the form the bundled framework's own abort codes (0xc00d_...) have. The indices are looked up in the
// generated module's own tables, which is how a decoder reads them.
import { describe, expect, it } from 'vitest';
import { generateModule } from '../../src/move-compiler/codegen/index.js';
import type { TConstant, TExp } from '../../src/move-compiler/tir.js';
import { abort, fn, LOC, module, U64, vec, U8 } from './codegen-ir-builders.js';

const clever = (line: number, constant?: string, errorCode?: number): TExp => ({
  kind: 'clever_code',
  loc: LOC,
  type: U64,
  line,
  ...(constant === undefined ? {} : { constant }),
  ...(errorCode === undefined ? {} : { errorCode }),
});

/** `#[error] const EBad: vector<u8> = b"bad"`: BCS is the length, then the bytes. */
const E_BAD: TConstant = { name: 'EBad', loc: LOC, type: vec(U8), value: Uint8Array.of(3, 0x62, 0x61, 0x64) };
const E_OTHER: TConstant = { name: 'EOther', loc: LOC, type: U64, value: new Uint8Array(8) };

function abortCodeOf(code: TExp) {
  const m = module({ constants: [E_OTHER, E_BAD], functions: [fn({ name: 'f', body: abort(code) })] });
  const json = generateModule(m, { packageModules: [m] }).json;
  const instructions = json.function_defs[0]!.code!.code;
  const load = instructions.find((i) => typeof i === 'object' && 'LdU64' in i) as { LdU64: bigint };
  const nameIndex = BigInt(json.identifiers.indexOf('EBad'));
  const valueIndex = BigInt(json.constant_pool.findIndex((c) => c.data.join() === [...E_BAD.value].join()));
  return { code: load.LdU64, nameIndex, valueIndex };
}

describe('codegen: clever abort codes', () => {
  it('writes the line alone when no constant is named', () => {
    expect(abortCodeOf(clever(4)).code).toBe(0xc0ff_0004_ffff_ffffn);
  });

  it("points at an #[error] constant's name and value in the module's tables", () => {
    const { code, nameIndex, valueIndex } = abortCodeOf(clever(9, 'EBad'));
    expect(nameIndex).toBeGreaterThanOrEqual(0n);
    expect(valueIndex).toBe(1n);
    expect(code).toBe(0xc0ff_0009_0000_0000n | (nameIndex << 16n) | valueIndex);
  });

  it('carries the code of #[error(code = n)] in its own byte', () => {
    const { code, nameIndex, valueIndex } = abortCodeOf(clever(300, 'EBad', 7));
    expect(code).toBe(0xc007_012c_0000_0000n | (nameIndex << 16n) | valueIndex);
  });
});
