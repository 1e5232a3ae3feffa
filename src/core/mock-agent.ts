// Deterministic mock agents for Phase I (upstream agents/mock_agent.py).
import { PyRandom } from './mt19937.js';
import { sortedByCodePoint } from './py-string.js';
import type { MockBehavior } from '../contracts/agents.js';

/**
 * Predicted key types for a mock behavior. A fresh RNG is seeded on every call, so every package sees
 * the same random stream (as upstream).
 *
 * Fix of an upstream flaw: upstream walks the truth as a Python set, whose order changes from process to
 * process (string hash randomization), so its "random"/"noisy" output was not reproducible across runs.
 * We walk the truth in sorted (code point) order; with the same seed the output is now always the same.
 */
export function predictKeyTypesMock(
  behavior: MockBehavior | string,
  seed: number,
  truth: Iterable<string>,
): Set<string> {
  switch (behavior) {
    case 'perfect':
      return new Set(truth);
    case 'empty':
      return new Set();
    case 'random': {
      const rng = new PyRandom(seed);
      return new Set(sortedByCodePoint(new Set(truth)).filter(() => rng.random() < 0.5));
    }
    case 'noisy': {
      const rng = new PyRandom(seed);
      const out = new Set(sortedByCodePoint(new Set(truth)).filter(() => rng.random() < 0.7));
      for (let i = 0; i < 5; i++) out.add(`0xdead::${rng.randint(0, 9999)}::Fake`);
      return out;
    }
    default:
      throw new Error(`unknown mock behavior: ${behavior}`);
  }
}
