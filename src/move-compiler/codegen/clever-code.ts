// Sui's "clever" abort codes (the Move Book's clever errors chapter; Sui's `ErrorBitset`). From the most
// significant bits: version 0b1100 (4 bits), 4 reserved bits, the `#[error(code = n)]` byte, the 1-based
// source line (16 bits), the identifier-pool index of the constant's name and the constant-pool index of
// its value (16 bits each). An absent part is all ones. The Move Book still shows the first layout (a
// single tag bit, 0x8000_...); the compilers that built the bundled framework (mainnet-v1.62) emit this
// one, as its own abort codes (0xc00d_...) show.
const VERSION = 0b1100n;
const NO_BYTE = 0xffn;
const NO_INDEX = 0xffffn;

export interface CleverParts {
  line: number;
  errorCode?: number;
  identifier?: number;
  constant?: number;
}

export function cleverAbortCode(parts: CleverParts): bigint {
  const byte = parts.errorCode === undefined ? NO_BYTE : BigInt(parts.errorCode & 0xff);
  const index = (value: number | undefined) => (value === undefined ? NO_INDEX : BigInt(value & 0xffff));
  return (
    (VERSION << 60n) |
    (byte << 48n) |
    (BigInt(parts.line & 0xffff) << 32n) |
    (index(parts.identifier) << 16n) |
    index(parts.constant)
  );
}
