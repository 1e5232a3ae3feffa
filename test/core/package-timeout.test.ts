import { describe, expect, it } from 'vitest';
import { packageTimeoutError } from '../../src/core/package-timeout.js';

// Upstream raises TimeoutError(f"per-package timeout exceeded ({timeout}s)") with the limit parsed by
// argparse as a float, so Python prints 120.0 and 0.5 (harness spec §4 and §7).
describe('packageTimeoutError', () => {
  it('prints the limit as Python prints a float', () => {
    expect(packageTimeoutError(120)).toBe('per-package timeout exceeded (120.0s)');
    expect(packageTimeoutError(0.5)).toBe('per-package timeout exceeded (0.5s)');
  });
});
