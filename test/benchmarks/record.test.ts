// The run-level activities and `smi-bench results` take a run's record from BENCHMARKS by the run's phase:
// each benchmark's must be its own, or a run's rows would be written and read in another's format.
import { describe, expect, it } from 'vitest';
import { BENCHMARKS } from '../../src/benchmarks/registry.js';
import { PHASES } from '../../src/contracts/phases.js';

describe("the benchmarks' records", () => {
  it('are there for every phase a run can be, each under its own name', async () => {
    expect(Object.keys(BENCHMARKS).sort()).toEqual([...PHASES].sort());
    for (const [name, benchmark] of Object.entries(BENCHMARKS)) {
      expect((await benchmark.record()).phase, name).toBe(name);
    }
  });
});
