// Python float values and their `repr`, for output that must match files written by Python.

/**
 * Marks a number that Python holds as a float, so it prints with a decimal point (`1.0`, not `1`).
 * JSON writers in this project print plain integral numbers as ints.
 */
export class PyFloat {
  constructor(readonly value: number) {}
}

export function pyFloat(x: number): PyFloat {
  return new PyFloat(x);
}

/** The number inside a PyFloat, or the value itself. */
export function unwrapFloat(v: number | PyFloat): number {
  return v instanceof PyFloat ? v.value : v;
}

/**
 * Python `repr(float)`: the shortest round-tripping digits (JS finds the same ones), fixed notation
 * for decimal exponents in [-4, 16), otherwise `d.ddde±XX` with at least two exponent digits.
 * NaN and infinities print as Python's json module prints them.
 */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const [mantissa = '', expText = '0'] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exp = Number(expText);
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign}${digits}${'0'.repeat(exp + 1 - digits.length)}.0`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}
