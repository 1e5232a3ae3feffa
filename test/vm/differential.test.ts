// src/vm against the real Sui Move VM (the sui-sandbox wheel): every public function of 0x1 and 0x2
// whose parameters can be synthesised, with a fixed seed; return bytes, abort codes and locations
// must match. Skips only outside CI when the wheel is not installed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoveVm } from '../../src/vm/index.js';
import {
  compareCase,
  describeDisagreement,
  generateCases,
  verdict,
  type CaseComparison,
} from '../../scripts/vm-differential.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';

const FRAMEWORK_DIRS = Object.entries(SHARED_PACKAGE_DIRS)
  .filter(([id]) => /^0x0{63}[123]$/.test(id))
  .map(([, dir]) => dir);
const SKIP = !Oracle.available() && process.env.CI !== 'true';

async function sweep(vm: MoveVm, oracle: Oracle, address: string, seed: number, perFunction: number) {
  const { cases } = generateCases(vm, [address], seed, perFunction);
  const comparisons: CaseComparison[] = [];
  for (const testCase of cases) comparisons.push(await compareCase(vm, oracle, testCase));
  return comparisons;
}

describe.skipIf(SKIP)('differential against the real Sui VM', () => {
  let vm: MoveVm;
  let oracle: Oracle;

  beforeAll(async () => {
    vm = await MoveVm.load({ corpusRoot: CORPUS_DIR });
    oracle = Oracle.start(FRAMEWORK_DIRS);
  });

  afterAll(async () => {
    await oracle?.close();
  });

  it('agrees on every synthesisable public function of 0x1', async () => {
    const comparisons = await sweep(vm, oracle, '0x1', 7, 3);
    const functions = new Set(comparisons.map((c) => `${c.testCase.module}::${c.testCase.function}`));
    expect(functions.size).toBeGreaterThan(140);
    // Both outcomes occur, so the comparison covers failures and their locations too.
    expect(comparisons.some((c) => !c.oracle.success && c.oracle.status === 'ABORTED')).toBe(true);
    expect(comparisons.some((c) => !c.oracle.success && c.oracle.status === 'ARITHMETIC_ERROR')).toBe(true);
    expect(comparisons.filter((c) => !c.agree).map(describeDisagreement)).toEqual([]);
  }, 60_000);

  it('agrees on 0x2 except where the wheel is known to differ from Sui, or a native is unimplemented', async () => {
    const comparisons = await sweep(vm, oracle, '0x2', 11, 2);
    const verdicts = comparisons.map((c) => ({ c, ...verdict(c) }));
    expect(verdicts.filter((v) => v.verdict === 'disagree').map((v) => describeDisagreement(v.c))).toEqual(
      [],
    );
    const agreeing = verdicts.filter((v) => v.verdict === 'agree').length;
    expect(agreeing).toBeGreaterThan(100);
    // The natives we leave out are exactly these (each fails with UNIMPLEMENTED_NATIVE, never a fake value).
    const unimplemented = new Set(
      verdicts.filter((v) => v.verdict === 'unimplemented').map((v) => v.c.testCase.module),
    );
    expect([...unimplemented].sort()).toEqual(['bls12381', 'ecvrf']);
  }, 60_000);
});
