// Option parsers for commander that fail with a clear message instead of producing NaN.
import { InvalidArgumentError } from 'commander';

export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (raw: string): number => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}, got "${raw}"`);
    }
    return n;
  };
}

export function positiveNumber(raw: string): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError(`expected a positive number, got "${raw}"`);
  return n;
}
