// Code generation of arithmetic, control flow and locals: each module is generated from hand-written
// typed IR, serialized, and run in our VM and in the real Sui VM (which verifies it first). Expected
// values are worked out by hand from the Move semantics.
import { describe, expect, it } from 'vitest';
import { generateModule } from '../../src/move-compiler/codegen/index.js';
import type { TModule } from '../../src/move-compiler/tir.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import {
  abort,
  assign,
  bin,
  block,
  BOOL,
  brk,
  cont,
  expS,
  fn,
  ifElse,
  letS,
  local,
  loop,
  module,
  NEVER,
  not,
  ret,
  toLocal,
  u64,
  U64,
  whileLoop,
  bool,
  cast,
  U8,
  u8,
  U128,
  u128,
  call,
  tupleExp,
  tuple,
  ignore,
  SELF,
} from './codegen-ir-builders.js';
import {
  expectGeneratedReturns as expectReturns,
  frameworkModules,
  fromHex,
  generateAndRun,
  le64,
  runInBoth,
  suiVmAvailable,
  type TestCall,
} from './support/run-in-both.js';

const arg64 = (value: bigint | number) => fromHex(le64(value));

const compileAndRun = async (modules: TModule[], calls: TestCall[]) =>
  (await generateAndRun(modules, calls)).outcomes;

const SKIP = skipUnlessCi(suiVmAvailable());

describe.skipIf(SKIP)('codegen: arithmetic and control flow, run in both VMs', () => {
  it('adds, multiplies, casts and compares', async () => {
    const m = module({
      functions: [
        fn({
          name: 'arith',
          params: [
            ['a', U64],
            ['b', U64],
          ],
          returns: [U64],
          // (a + b) * a - b / 2
          body: bin(
            '-',
            bin('*', bin('+', local(0, U64), local(1, U64)), local(0, U64)),
            bin('/', local(1, U64), u64(2)),
          ),
        }),
        fn({
          name: 'narrow',
          params: [['a', U64]],
          returns: [U8, U128, BOOL],
          body: tupleExp(
            cast(bin('%', local(0, U64), u64(256)), U8),
            bin('<<', cast(local(0, U64), U128), u8(64)),
            bin('>=', local(0, U64), u64(10)),
          ),
        }),
      ],
    });
    await expectReturns(
      [m],
      [
        [{ module: 'm', function: 'arith', args: [arg64(7), arg64(4)] }, [le64(75)]],
        [
          { module: 'm', function: 'narrow', args: [arg64(300)] },
          // 300 % 256 = 44; 300 << 64 as u128; 300 >= 10
          ['2c', '0000000000000000' + le64(300), '01'],
        ],
      ],
    );
  }, 60_000);

  it('runs while loops with locals, if expressions and short-circuit operators', async () => {
    // fun sum_odd(n: u64): u64 { let mut i = 0; let mut s = 0; while (i < n) { i = i + 1; if (i % 2 == 0) continue; s = s + i }; s }
    const sumOdd = fn({
      name: 'sum_odd',
      params: [['n', U64]],
      locals: [
        ['i', U64],
        ['s', U64],
      ],
      returns: [U64],
      body: block(
        [
          letS([toLocal(1)], u64(0)),
          letS([toLocal(2)], u64(0)),
          expS(
            whileLoop(
              0,
              bin('<', local(1, U64), local(0, U64)),
              block([
                assign([toLocal(1)], bin('+', local(1, U64), u64(1))),
                expS(ifElse(bin('==', bin('%', local(1, U64), u64(2)), u64(0)), cont(0), block([]), tuple())),
                assign([toLocal(2)], bin('+', local(2, U64), local(1, U64))),
              ]),
            ),
          ),
        ],
        local(2, U64),
      ),
    });
    // fun pick(a: u64, b: u64): u64 { 1 + if (a > b && b != 0 || a == 7) a else b }
    const pick = fn({
      name: 'pick',
      params: [
        ['a', U64],
        ['b', U64],
      ],
      returns: [U64],
      body: bin(
        '+',
        u64(1),
        ifElse(
          bin(
            '||',
            bin('&&', bin('>', local(0, U64), local(1, U64)), bin('!=', local(1, U64), u64(0))),
            bin('==', local(0, U64), u64(7)),
          ),
          local(0, U64),
          local(1, U64),
        ),
      ),
    });
    // fun first_square_above(n: u64): u64 { let mut i = 0; loop { if (i * i > n) break i; i = i + 1 } }
    const firstSquare = fn({
      name: 'first_square_above',
      params: [['n', U64]],
      locals: [['i', U64]],
      returns: [U64],
      body: block(
        [letS([toLocal(1)], u64(0))],
        loop(
          0,
          block([
            expS(
              ifElse(
                bin('>', bin('*', local(1, U64), local(1, U64)), local(0, U64)),
                brk(0, local(1, U64)),
                block([]),
                tuple(),
              ),
            ),
            assign([toLocal(1)], bin('+', local(1, U64), u64(1))),
          ]),
          U64,
        ),
      ),
    });
    const m = module({ functions: [sumOdd, pick, firstSquare] });
    await expectReturns(
      [m],
      [
        [{ module: 'm', function: 'sum_odd', args: [arg64(6)] }, [le64(1 + 3 + 5)]],
        [{ module: 'm', function: 'pick', args: [arg64(5), arg64(3)] }, [le64(6)]],
        [{ module: 'm', function: 'pick', args: [arg64(5), arg64(0)] }, [le64(1)]],
        [{ module: 'm', function: 'pick', args: [arg64(7), arg64(9)] }, [le64(8)]],
        [{ module: 'm', function: 'first_square_above', args: [arg64(50)] }, [le64(8)]],
      ],
    );
  }, 60_000);

  it('returns early, aborts with a code, and keeps code after them out', async () => {
    // fun check(x: u64): u64 { if (x == 0) abort 42; if (x > 100) return 100; let _ = !(x == 1); x + (return x * 2) }
    const check = fn({
      name: 'check',
      params: [['x', U64]],
      returns: [U64],
      body: block(
        [
          expS(ifElse(bin('==', local(0, U64), u64(0)), abort(u64(42)), block([]), tuple())),
          expS(ifElse(bin('>', local(0, U64), u64(100)), ret(u64(100)), block([]), tuple())),
          letS([ignore(BOOL)], not(bin('==', local(0, U64), u64(1)))),
        ],
        bin('+', local(0, U64), ret(bin('*', local(0, U64), u64(2)))),
      ),
    });
    const outcomes = await compileAndRun(
      [module({ functions: [check] })],
      [
        { module: 'm', function: 'check', args: [arg64(0)] },
        { module: 'm', function: 'check', args: [arg64(500)] },
        { module: 'm', function: 'check', args: [arg64(21)] },
      ],
    );
    for (const { ours, sui } of outcomes)
      expect(ours).toMatchObject({ success: sui.success, returnValues: sui.returnValues });
    expect(outcomes[0]!.sui).toMatchObject({
      success: false,
      status: 'ABORTED',
      code: 42n,
      functionIndex: 0,
    });
    expect(outcomes[0]!.ours).toMatchObject({
      success: false,
      status: 'ABORTED',
      code: 42n,
      functionIndex: 0,
    });
    expect(outcomes[0]!.ours.offset).toBe(outcomes[0]!.sui.offset);
    expect(outcomes[1]!.sui.returnValues).toEqual([le64(100)]);
    expect(outcomes[2]!.sui.returnValues).toEqual([le64(42)]);
  }, 60_000);

  it('calls its own functions with tuples and fails on overflow like the VM', async () => {
    const divmod = fn({
      name: 'divmod',
      visibility: 'private',
      params: [
        ['a', U64],
        ['b', U64],
      ],
      returns: [U64, U64],
      body: tupleExp(bin('/', local(0, U64), local(1, U64)), bin('%', local(0, U64), local(1, U64))),
    });
    // fun use_divmod(a: u64, b: u64): u64 { let (q, r) = divmod(a, b); q * 10 + r }
    const useDivmod = fn({
      name: 'use_divmod',
      params: [
        ['a', U64],
        ['b', U64],
      ],
      locals: [
        ['q', U64],
        ['r', U64],
      ],
      returns: [U64],
      body: block(
        [
          letS(
            [toLocal(2), toLocal(3)],
            call(SELF, 'divmod', [local(0, U64), local(1, U64)], tuple(U64, U64)),
          ),
        ],
        bin('+', bin('*', local(2, U64), u64(10)), local(3, U64)),
      ),
    });
    const overflow = fn({
      name: 'overflow',
      params: [['a', U64]],
      returns: [U64],
      body: bin('+', local(0, U64), u64(0xffffffffffffffffn)),
    });
    const outcomes = await compileAndRun(
      [module({ functions: [divmod, useDivmod, overflow] })],
      [
        { module: 'm', function: 'use_divmod', args: [arg64(17), arg64(5)] },
        { module: 'm', function: 'overflow', args: [arg64(1)] },
      ],
    );
    expect(outcomes[0]!.sui.returnValues).toEqual([le64(32)]);
    expect(outcomes[0]!.ours.returnValues).toEqual([le64(32)]);
    for (const side of [outcomes[1]!.sui, outcomes[1]!.ours])
      expect(side).toMatchObject({ success: false, status: 'ARITHMETIC_ERROR', functionIndex: 2 });
    expect(outcomes[1]!.ours.offset).toBe(outcomes[1]!.sui.offset);
  }, 60_000);

  it('evaluates a u128 literal and booleans', async () => {
    const m = module({
      functions: [
        fn({ name: 'big', returns: [U128, BOOL], body: tupleExp(u128(1n << 100n), not(bool(false))) }),
        fn({ name: 'never_returns', returns: [U64], body: loop(0, abort(u64(7)), NEVER) }),
      ],
    });
    const outcomes = await compileAndRun(
      [m],
      [
        { module: 'm', function: 'big' },
        { module: 'm', function: 'never_returns' },
      ],
    );
    // 2^100: bit 4 of byte 12, little-endian.
    const expected = ['00'.repeat(12) + '10' + '00'.repeat(3), '01'];
    expect(outcomes[0]!.sui.returnValues).toEqual(expected);
    expect(outcomes[0]!.ours.returnValues).toEqual(expected);
    expect(outcomes[1]!.sui).toMatchObject({ status: 'ABORTED', code: 7n });
  }, 60_000);
});

describe.skipIf(SKIP)('run-in-both: the Sui VM verifies what it loads', () => {
  it('refuses a module whose code leaves a value on the stack at return', async () => {
    const dependencies = await frameworkModules();
    const m = module({ functions: [fn({ name: 'f', returns: [U64], body: u64(1) })] });
    const json = generateModule(m, { packageModules: [m], dependencies }).json;
    json.function_defs[0]!.code!.code.unshift({ LdU64: 2n });
    const [outcome] = await runInBoth([json], [{ module: 'm', function: 'f' }]);
    expect(outcome!.sui.success).toBe(false);
    expect(outcome!.sui.message).toMatch(/POSITIVE_STACK_SIZE_AT_BLOCK_END|RET_TYPE_MISMATCH|verif/i);
  }, 60_000);
});

describe.skipIf(SKIP)('codegen: branching inside operands, run in both VMs', () => {
  it('parks earlier arguments when a later one branches, aborts or breaks out of nested loops', async () => {
    const add3 = fn({
      name: 'add3',
      visibility: 'private',
      params: [
        ['a', U64],
        ['b', U64],
        ['c', U64],
      ],
      returns: [U64],
      body: bin(
        '+',
        bin('*', local(0, U64), u64(100)),
        bin('+', bin('*', local(1, U64), u64(10)), local(2, U64)),
      ),
    });
    // fun mix(x: u64): u64 { add3(x, if (x > 3) 1 else 2, x + 1) }
    const mix = fn({
      name: 'mix',
      params: [['x', U64]],
      returns: [U64],
      body: call(
        SELF,
        'add3',
        [
          local(0, U64),
          ifElse(bin('>', local(0, U64), u64(3)), u64(1), u64(2)),
          bin('+', local(0, U64), u64(1)),
        ],
        U64,
      ),
    });
    // fun bail(x: u64): u64 { add3(x, if (x == 0) abort 9 else x, 0) }
    const bail = fn({
      name: 'bail',
      params: [['x', U64]],
      returns: [U64],
      body: call(
        SELF,
        'add3',
        [local(0, U64), ifElse(bin('==', local(0, U64), u64(0)), abort(u64(9)), local(0, U64), U64), u64(0)],
        U64,
      ),
    });
    // fun grid(n: u64): (u64, u64) {
    //   let mut i = 0; let mut count = 0;
    //   'outer: loop { i = i + 1; let mut j = 0;
    //     while (j < n) { j = j + 1; if (j == i) continue; if (i * j > 12) break 'outer (i, count); count = count + 1 } } }
    const grid = fn({
      name: 'grid',
      params: [['n', U64]],
      locals: [
        ['i', U64],
        ['count', U64],
        ['j', U64],
      ],
      returns: [U64, U64],
      body: block(
        [letS([toLocal(1)], u64(0)), letS([toLocal(2)], u64(0))],
        loop(
          0,
          block([
            assign([toLocal(1)], bin('+', local(1, U64), u64(1))),
            letS([toLocal(3)], u64(0)),
            expS(
              whileLoop(
                1,
                bin('<', local(3, U64), local(0, U64)),
                block([
                  assign([toLocal(3)], bin('+', local(3, U64), u64(1))),
                  expS(ifElse(bin('==', local(3, U64), local(1, U64)), cont(1), block([]), tuple())),
                  expS(
                    ifElse(
                      bin('>', bin('*', local(1, U64), local(3, U64)), u64(12)),
                      brk(0, tupleExp(local(1, U64), local(2, U64))),
                      block([]),
                      tuple(),
                    ),
                  ),
                  assign([toLocal(2)], bin('+', local(2, U64), u64(1))),
                ]),
              ),
            ),
          ]),
          tuple(U64, U64),
        ),
      ),
    });
    const outcomes = await compileAndRun(
      [module({ functions: [add3, mix, bail, grid] })],
      [
        { module: 'm', function: 'mix', args: [arg64(5)] },
        { module: 'm', function: 'mix', args: [arg64(2)] },
        { module: 'm', function: 'bail', args: [arg64(4)] },
        { module: 'm', function: 'bail', args: [arg64(0)] },
        { module: 'm', function: 'grid', args: [arg64(5)] },
      ],
    );
    // grid(5): i=1: j=2..5 count 4 (j=1 skipped); i=2: j=1,3,4,5 → 4 (2*5=10 ≤ 12), count 8;
    // i=3: j=1,2 → count 10, j=3 skipped, j=4 → 12 not > 12 → count 11, j=5 → 15 > 12: break (3, 11).
    // mix(5) = 5*100 + 1*10 + 6; mix(2) = 2*100 + 2*10 + 3; bail(4) = 4*100 + 4*10 + 0.
    const expected = [[le64(516)], [le64(223)], [le64(440)], null, [le64(3), le64(11)]];
    outcomes.forEach(({ ours, sui }, i) => {
      const values = expected[i];
      if (values) {
        expect(sui).toMatchObject({ success: true, returnValues: values });
        expect(ours).toMatchObject({ success: true, returnValues: values });
      } else {
        expect(sui).toMatchObject({ success: false, status: 'ABORTED', code: 9n });
        expect(ours).toMatchObject({ success: false, status: 'ABORTED', code: 9n, offset: sui.offset });
      }
    });
  }, 60_000);
});
