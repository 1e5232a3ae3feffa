// Address spellings. Bytecode pools hold 64 hex digits without `0x`; interface JSON and corpus
// directories use `0x` + 64 lowercase digits; people write short forms such as `0x2`.

/** 64 lowercase hex digits without `0x`, from any hex spelling of up to 32 bytes. */
export function addressDigits(address: string): string {
  const digits = address.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{1,64}$/.test(digits)) throw new Error(`not a Move address: ${address}`);
  return digits.padStart(64, '0');
}

/** `0x` + 64 lowercase hex digits: the only address form inside interface JSON. */
export function fullAddress(address: string): string {
  return '0x' + addressDigits(address);
}
