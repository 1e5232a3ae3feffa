// Every module of the shared corpus (0x1, 0x2, 0x3 and a user package) is real, verified bytecode:
// the verifier must accept all of them, quickly.
import { describe, expect, it } from 'vitest';
import { verifyModule, verifyPackage } from '../../src/bytecode-verifier/index.js';
import { loadCorpus, lookupIn } from './verifier-support.js';

describe('verifier on the shared corpus', () => {
  const corpus = loadCorpus();
  const lookup = lookupIn(corpus.values());

  for (const [id, modules] of corpus) {
    it(`accepts every module of ${id.slice(0, 8)}…${id.slice(-4)}`, () => {
      expect(modules.length).toBeGreaterThan(0);
      const failures = modules.flatMap(({ file, module }) =>
        verifyModule(module, lookup).map(
          (e) => `${file}: ${e.status} fn ${e.functionIndex} @${e.offset} ${e.message}`,
        ),
      );
      expect(failures).toEqual([]);
    });
  }

  // Speed is measured by perf scripts, not asserted here: the machines are shared and noisy.
  it('verifies every package as a whole, its modules linked to each other', () => {
    for (const modules of corpus.values()) {
      expect(
        verifyPackage(
          modules.map((m) => m.module),
          lookup,
        ),
      ).toEqual([]);
    }
  });
});
