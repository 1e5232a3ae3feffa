// The error text of a package that ran out of its time budget, in upstream's words.
import { pyFloatRepr } from './py-float.js';

/** Upstream formats the limit as a Python float: `per-package timeout exceeded (120.0s)`. */
export function packageTimeoutError(limitSeconds: number): string {
  return `per-package timeout exceeded (${pyFloatRepr(limitSeconds)}s)`;
}
