// Enums and the instructions the framework never uses, in a hand-assembled module, run on our VM and
// on the real Sui VM (whose loader verifies the module first). Hand-derived values are asserted too.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoveVm } from '../../src/vm/index.js';
import { compareCase, describeDisagreement, type DifferentialCase } from '../../scripts/vm-differential.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { FIXTURE_ADDRESS, writeOpcodePackage } from './support/opcode-fixture.js';
import { callOk, hex, u64 } from './support/vm.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { loadMoveVm } from '../../src/package-store/package-vm.js';

const SKIP_ORACLE = skipUnlessCi(Oracle.available());
const bool = (b: boolean) => Uint8Array.of(b ? 1 : 0);
const u32 = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
const u16 = (n: number) => Uint8Array.of(n & 0xff, n >> 8);

/** Each call with the value our reading of the Move semantics gives, or the failure. */
const CASES: { fn: string; args: Uint8Array[]; expect: string | { status: string } }[] = [
  { fn: 'area', args: [bool(true), u64(5), u64(9)], expect: hex(u64(75)) },
  { fn: 'area', args: [bool(false), u64(5), u64(9)], expect: hex(u64(45)) },
  { fn: 'area', args: [bool(false), u64(2n ** 32n), u64(2n ** 32n)], expect: { status: 'ARITHMETIC_ERROR' } },
  { fn: 'scale', args: [u64(6), u64(7)], expect: hex(u64(42)) },
  { fn: 'wrong_variant', args: [u64(3)], expect: { status: 'VARIANT_TAG_MISMATCH' } },
  { fn: 'exclusive', args: [bool(true), bool(false)], expect: '01' },
  { fn: 'exclusive', args: [bool(true), bool(true)], expect: '00' },
  { fn: 'exclusive', args: [bool(false), bool(false)], expect: '00' },
  { fn: 'pick', args: [bool(true), u32(1), u32(2)], expect: hex(u32(1)) },
  { fn: 'pick', args: [bool(false), u32(1), u32(2)], expect: hex(u32(2)) },
  // u16: 0x8001 << 1 drops the high bit; a shift by 16 or more is an arithmetic error.
  { fn: 'shift16', args: [u16(0x8001), Uint8Array.of(1)], expect: hex(u16(0x0002)) },
  { fn: 'shift16', args: [u16(1), Uint8Array.of(16)], expect: { status: 'ARITHMETIC_ERROR' } },
  { fn: 'shift32', args: [u32(0xf0000000), Uint8Array.of(28)], expect: hex(u32(0xf)) },
  { fn: 'shift32', args: [u32(1), Uint8Array.of(32)], expect: { status: 'ARITHMETIC_ERROR' } },
  // The real VM runs the outer call plus 1024 nested ones, and stops the 1025th.
  { fn: 'depth', args: [u64(1024)], expect: hex(u64(1024)) },
  { fn: 'depth', args: [u64(1025)], expect: { status: 'CALL_STACK_OVERFLOW' } },
];

let packageDir: string;
let vm: MoveVm;

beforeAll(async () => {
  packageDir = writeOpcodePackage();
  vm = await loadMoveVm({ corpusRoot: CORPUS_DIR, packages: [packageDir] });
});

afterAll(() => {
  rmSync(packageDir, { recursive: true, force: true });
});

describe('hand-assembled enums and rare instructions', () => {
  it.each(CASES.map((c, i) => [i, c] as const))('case %i gives the hand-derived result', (_i, c) => {
    const request = { package: FIXTURE_ADDRESS, module: 'ops', function: c.fn, args: c.args };
    if (typeof c.expect === 'string') {
      expect(callOk(vm, request).values).toEqual([c.expect]);
      return;
    }
    const result = vm.callFunction(request);
    expect(result.success ? 'success' : result.error.status).toBe(c.expect.status);
  });

  describe.skipIf(SKIP_ORACLE)('against the real Sui VM', () => {
    let oracle: Oracle;
    beforeAll(() => {
      const framework = Object.entries(SHARED_PACKAGE_DIRS)
        .filter(([id]) => /^0x0{63}[12]$/.test(id))
        .map(([, dir]) => dir);
      oracle = Oracle.start([...framework, packageDir]);
    });
    afterAll(async () => {
      await oracle?.close();
    });

    it('agrees on every case, failures located at the same instruction', async () => {
      const disagreements: string[] = [];
      for (const c of CASES) {
        const testCase: DifferentialCase = {
          package: FIXTURE_ADDRESS,
          module: 'ops',
          function: c.fn,
          typeArgs: [],
          argsHex: c.args.map(hex),
        };
        const comparison = await compareCase(vm, oracle, testCase);
        // A verifier rejection would show as a failure without a location on the oracle's side.
        if (!comparison.agree) disagreements.push(describeDisagreement(comparison));
      }
      expect(disagreements).toEqual([]);
    });
  });
});
