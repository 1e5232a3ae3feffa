// src/vm against the real Sui Move VM (the sui-sandbox wheel): every public function of 0x1 and 0x2
// whose parameters can be synthesised (pure values, and structs, enums and objects built field by
// field), with a fixed seed; return bytes, abort codes and locations must match. Also type arguments
// a generic public or entry function cannot take (0x1, 0x2 and wrapper_coin), wrapper_coin's public
// functions, and the wheel's validate_metadata_bcs. Skips only outside CI when the wheel is not installed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoveVm } from '../../src/vm/index.js';
import {
  compareCase,
  describeDisagreement,
  generateCases,
  generateConstraintViolations,
  verdict,
  type CaseComparison,
} from '../../scripts/vm-differential.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { compareCaseByReplay } from '../../scripts/vm-replay-differential.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { bcsBytes } from './support/crypto-calls.js';
import { metadataBcs, VALID } from './support/validator-metadata.js';
import { WRAPPER_PACKAGE, WRAPPER_PACKAGE_DIR } from './support/wrapper-currency.js';
import { loadMoveVm } from '../../src/package-store/package-vm.js';

const FRAMEWORK_DIRS = Object.entries(SHARED_PACKAGE_DIRS)
  .filter(([id]) => /^0x0{63}[123]$/.test(id))
  .map(([, dir]) => dir);
const SKIP = skipUnlessCi(Oracle.available());
/** wrapper_coin (the corpus's non-framework package) as a replay state's package. */
const WRAPPER_REPLAY_PACKAGES = {
  [WRAPPER_PACKAGE]: {
    package_id: WRAPPER_PACKAGE,
    modules: Object.fromEntries(
      readdirSync(join(WRAPPER_PACKAGE_DIR, 'bytecode_modules')).map((file) => [
        file.replace(/\.mv$/, ''),
        readFileSync(join(WRAPPER_PACKAGE_DIR, 'bytecode_modules', file)).toString('base64'),
      ]),
    ),
  },
};
/** Why a request was refused: a wrong type-argument count, an unmet constraint, or something else. */
function refusal(message = ''): string {
  if (/takes \d+ type arguments|expects \d+ type argument/.test(message)) return 'arity';
  if (/lacks|violates constraints/.test(message)) return 'constraint';
  return message;
}
async function sweep(vm: MoveVm, oracle: Oracle, address: string, seed: number, perFunction: number) {
  const { cases } = generateCases(vm, [address], seed, perFunction, { structs: true });
  const comparisons: CaseComparison[] = [];
  for (const testCase of cases) comparisons.push(await compareCase(vm, oracle, testCase));
  return comparisons;
}

describe.skipIf(SKIP)('differential against the real Sui VM', () => {
  let vm: MoveVm;
  let oracle: Oracle;

  beforeAll(async () => {
    vm = await loadMoveVm({ corpusRoot: CORPUS_DIR, packages: [WRAPPER_PACKAGE_DIR] });
    oracle = Oracle.start([...FRAMEWORK_DIRS, WRAPPER_PACKAGE_DIR]);
  });

  afterAll(async () => {
    await oracle?.close();
  });

  it('agrees on every synthesisable public function of 0x1', async () => {
    const comparisons = await sweep(vm, oracle, '0x1', 7, 3);
    const functions = new Set(comparisons.map((c) => `${c.testCase.module}::${c.testCase.function}`));
    expect(functions.size).toBeGreaterThan(170);
    // Both outcomes occur, so the comparison covers failures and their locations too.
    expect(comparisons.some((c) => !c.oracle.success && c.oracle.status === 'ABORTED')).toBe(true);
    expect(comparisons.some((c) => !c.oracle.success && c.oracle.status === 'ARITHMETIC_ERROR')).toBe(true);
    expect(comparisons.filter((c) => !c.agree).map(describeDisagreement)).toEqual([]);
  }, 60_000);

  it('agrees on 0x2 except where the wheel is known to differ from Sui, or a native is unimplemented', async () => {
    const comparisons = await sweep(vm, oracle, '0x2', 11, 1);
    const verdicts = comparisons.map((c) => ({ c, ...verdict(c) }));
    expect(verdicts.filter((v) => v.verdict === 'disagree').map((v) => describeDisagreement(v.c))).toEqual(
      [],
    );
    const agreeing = verdicts.filter((v) => v.verdict === 'agree').length;
    expect(agreeing).toBeGreaterThan(350);
    // No native stops a call: the two src/vm/README.md lists as not implemented are out of any call's reach.
    const stoppedAt = verdicts
      .filter((v) => v.verdict === 'unimplemented')
      .map((v) => `${v.c.testCase.module}::${v.c.testCase.function}: ${v.c.ours.message}`);
    expect(stoppedAt).toEqual([]);
  }, 60_000);

  it('agrees on 0x3 (the system package) except where the wheel is known to differ from Sui', async () => {
    const comparisons = await sweep(vm, oracle, '0x3', 5, 2);
    const verdicts = comparisons.map((c) => ({ c, ...verdict(c) }));
    expect(
      new Set(comparisons.map((c) => `${c.testCase.module}::${c.testCase.function}`)).size,
    ).toBeGreaterThan(50);
    expect(verdicts.filter((v) => v.verdict === 'disagree').map((v) => describeDisagreement(v.c))).toEqual(
      [],
    );
    expect(verdicts.filter((v) => v.verdict === 'agree').length).toBeGreaterThan(100);
    expect(verdicts.filter((v) => v.verdict === 'unimplemented')).toEqual([]);
  }, 60_000);

  it('agrees on functions taking a TxContext, run as one-command PTBs with a chosen digest', async () => {
    const { cases } = generateCases(vm, ['0x2'], 5, 1, {
      structs: true,
      txContext: true,
      onlyTxContext: true,
    });
    expect(cases.length).toBeGreaterThan(80);
    const verdicts = [];
    for (const [index, testCase] of cases.entries()) {
      const digest = Uint8Array.from({ length: 32 }, (_, i) => (index * 131 + i * 7 + 1) & 0xff);
      const comparison = await compareCaseByReplay(vm, oracle, testCase, digest, '5e'.repeat(32));
      verdicts.push({ c: comparison, ...verdict(comparison) });
    }
    expect(verdicts.filter((v) => v.verdict === 'disagree').map((v) => describeDisagreement(v.c))).toEqual(
      [],
    );
    // The id check is not vacuous: many calls create objects the wheel reports under digest-derived ids.
    const withIds = verdicts.filter(
      (v) => v.verdict === 'agree' && v.c.oracle.returnValues.some((x) => x.startsWith('0x')),
    );
    expect(withIds.length).toBeGreaterThanOrEqual(15);
  }, 60_000);

  it('refuses the same type arguments: one too many or too few, or lacking a required ability', async () => {
    const cases = generateConstraintViolations(vm, ['0x1', '0x2', WRAPPER_PACKAGE], 13);
    expect(cases.filter((c) => c.module === 'wrapper_coin').length).toBe(6);
    expect(cases.filter((c) => c.typeArgs.includes('u64') && c.function === 'public_transfer').length).toBe(
      2,
    );
    const mismatches = [];
    for (const testCase of cases) {
      const { ours, oracle: theirs } = testCase.takesTxContext
        ? await compareCaseByReplay(
            vm,
            oracle,
            testCase,
            new Uint8Array(32),
            '5e'.repeat(32),
            WRAPPER_REPLAY_PACKAGES,
          )
        : await compareCase(vm, oracle, testCase);
      const kinds = [ours, theirs].map((o) => `${o.status} ${refusal(o.message)}`);
      if (kinds[0] !== kinds[1] || !['REFUSED arity', 'REFUSED constraint'].includes(kinds[0]!)) {
        mismatches.push(
          `${testCase.module}::${testCase.function}<${testCase.typeArgs.join(',')}>: ${kinds.join(' / ')}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
    expect(cases.length).toBeGreaterThan(1000);
  }, 120_000);

  it("covers wrapper_coin's public functions, run as one-command PTBs with its package", async () => {
    const { cases } = generateCases(vm, [WRAPPER_PACKAGE], 17, 2, { structs: true, txContext: true });
    expect(new Set(cases.map((c) => c.function))).toEqual(
      new Set([
        'probe_transfer_cap',
        'probe_transfer_cap_generic',
        'probe_transfer_coin_generic',
        'probe_transfer_metadata_cap_generic',
      ]),
    );
    for (const [index, testCase] of cases.entries()) {
      const digest = Uint8Array.from({ length: 32 }, (_, i) => (index * 29 + i) & 0xff);
      const comparison = await compareCaseByReplay(
        vm,
        oracle,
        testCase,
        digest,
        '5e'.repeat(32),
        WRAPPER_REPLAY_PACKAGES,
      );
      expect(comparison.agree, describeDisagreement(comparison)).toBe(true);
    }
  }, 60_000);

  it("pins down the wheel's validate_metadata_bcs, which accepts any bytes", async () => {
    const call = (metadata: Uint8Array) =>
      compareCase(vm, oracle, {
        package: '0x3',
        module: 'validator',
        function: 'validate_metadata_bcs',
        typeArgs: [],
        argsHex: [Buffer.from(bcsBytes(metadata)).toString('hex')],
      });
    // Valid metadata from Sui's tests: both accept it.
    expect((await call(metadataBcs(VALID))).agree).toBe(true);
    // A protocol key that is no BLS point (Sui: abort 1), and bytes that are no metadata (MALFORMED).
    for (const bytes of [metadataBcs({ ...VALID, protocolKey: 'beef' }), new Uint8Array()]) {
      const comparison = await call(bytes);
      expect(comparison.oracle.success).toBe(true);
      expect(verdict(comparison).verdict).toBe('oracle-deviation');
    }
  }, 60_000);
});
