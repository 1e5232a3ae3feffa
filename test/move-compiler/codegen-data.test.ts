// Code generation of structs, references, vectors, generics, constants and calls into the framework,
// run in our VM and in the real Sui VM. Expected values are worked out by hand (BCS: integers
// little-endian, structs as their fields in order, vectors with a ULEB128 length first).
import { describe, expect, it } from 'vitest';
import type { TExp, TModule } from '../../src/move-compiler/tir.js';
import { COPY, DROP, STORE, type Type } from '../../src/move-compiler/types.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import {
  abort,
  ADDRESS,
  address,
  bin,
  block,
  borrowLocal,
  bytes,
  call,
  datatype,
  deref,
  expS,
  fn,
  freeze,
  ignore,
  LOC,
  letS,
  local,
  module,
  param,
  ref,
  SELF,
  STD,
  struct,
  SUI,
  toLocal,
  tuple,
  u64,
  unpackSelf,
  U64,
  U8,
  vec,
  vector,
  writeRef,
} from './codegen-ir-builders.js';
import {
  expectGeneratedReturns as expectReturns,
  fromHex,
  generateAndRun,
  le64,
  suiVmAvailable,
  type TestCall,
} from './support/run-in-both.js';

const run = async (modules: TModule[], calls: TestCall[]) => (await generateAndRun(modules, calls)).outcomes;

const POINT = datatype(SELF, 'Point');
const borrowField = (
  exp: TExp,
  field: number,
  fieldType: Type,
  isMut = false,
  name = 'Point',
  typeArgs: Type[] = [],
): TExp => ({
  kind: 'borrow_field',
  loc: LOC,
  type: ref(fieldType, isMut),
  exp,
  isMut,
  struct: { module: SELF, name },
  typeArgs,
  field,
});
const pack = (name: string, fields: { index: number; value: TExp }[], typeArgs: Type[] = []): TExp => ({
  kind: 'pack',
  loc: LOC,
  type: datatype(SELF, name, typeArgs),
  struct: { module: SELF, name },
  typeArgs,
  fields,
});

const SKIP = skipUnlessCi(suiVmAvailable());

describe.skipIf(SKIP)('codegen: data, run in both VMs', () => {
  it('packs in declaration order after evaluating in source order, unpacks, and borrows fields', async () => {
    const point = struct('Point', COPY | DROP, [
      ['x', U64],
      ['y', U64],
    ]);
    // fun make(x: u64, y: u64): Point { Point { y: y + 1, x } }
    const make = fn({
      name: 'make',
      params: [
        ['x', U64],
        ['y', U64],
      ],
      returns: [POINT],
      body: pack('Point', [
        { index: 1, value: bin('+', local(1, U64), u64(1)) },
        { index: 0, value: local(0, U64) },
      ]),
    });
    // fun sum(p: Point): u64 { let Point { x, y } = p; x * 100 + y }
    const sum = fn({
      name: 'sum',
      params: [['p', POINT]],
      locals: [
        ['x', U64],
        ['y', U64],
      ],
      returns: [U64],
      body: block(
        [letS([unpackSelf('Point', [toLocal(1), toLocal(2)])], local(0, POINT))],
        bin('+', bin('*', local(1, U64), u64(100)), local(2, U64)),
      ),
    });
    // fun bump(p: &mut Point) { p.x = p.x + 10 }
    const bump = fn({
      name: 'bump',
      params: [['p', ref(POINT, true)]],
      body: block([
        expS(
          writeRef(
            borrowField(local(0, ref(POINT, true)), 0, U64, true),
            bin('+', deref(borrowField(local(0, ref(POINT, true)), 0, U64)), u64(10)),
          ),
        ),
      ]),
    });
    // fun bumped(p: Point): Point { bump(&mut p); bump(&mut p); p }
    const bumped = fn({
      name: 'bumped',
      params: [['p', POINT]],
      returns: [POINT],
      body: block(
        [
          expS(call(SELF, 'bump', [borrowLocal(0, POINT, true)], tuple())),
          expS(call(SELF, 'bump', [borrowLocal(0, POINT, true)], tuple())),
        ],
        local(0, POINT),
      ),
    });
    // fun sum_ref(p: &mut Point): u64 { let Point { x, y: _ } = freeze(p); *x }  (and read y through p)
    const sumRef = fn({
      name: 'sum_ref',
      params: [['p', ref(POINT, true)]],
      locals: [['x', ref(U64)]],
      returns: [U64],
      body: block(
        [
          letS(
            [unpackSelf('Point', [toLocal(1), ignore(ref(U64))], 'imm')],
            freeze(local(0, ref(POINT, true))),
          ),
        ],
        bin('+', deref(local(1, ref(U64))), deref(borrowField(local(0, ref(POINT, true)), 1, U64))),
      ),
    });
    const m = module({ structs: [point], functions: [make, sum, bump, bumped, sumRef] });
    const p = (x: number, y: number) => le64(x) + le64(y);
    await expectReturns(
      [m],
      [
        [{ module: 'm', function: 'make', args: [fromHex(le64(3)), fromHex(le64(4))] }, [p(3, 5)]],
        [{ module: 'm', function: 'sum', args: [fromHex(p(3, 4))] }, [le64(304)]],
        [{ module: 'm', function: 'bumped', args: [fromHex(p(3, 4))] }, [p(23, 4)]],
        [{ module: 'm', function: 'sum_ref', args: [fromHex(p(3, 4))] }, [le64(7)]],
      ],
    );
  }, 60_000);

  it('builds vectors, loads byte strings and addresses from the pool, and calls std::vector', async () => {
    const v64 = vec(U64);
    // fun vec3(a: u64): vector<u64> { let mut v = vector[a, a + 1]; vector::push_back(&mut v, 9); v }
    const vec3 = fn({
      name: 'vec3',
      params: [['a', U64]],
      locals: [['v', v64]],
      returns: [v64],
      body: block(
        [
          letS([toLocal(1)], vector(U64, [local(0, U64), bin('+', local(0, U64), u64(1))])),
          expS(call(STD('vector'), 'push_back', [borrowLocal(1, v64, true), u64(9)], tuple(), [U64])),
        ],
        local(1, v64),
      ),
    });
    // fun len(v: vector<u64>): u64 { vector::length(&v) }
    const len = fn({
      name: 'len',
      params: [['v', v64]],
      returns: [U64],
      body: call(STD('vector'), 'length', [borrowLocal(0, v64)], U64, [U64]),
    });
    const consts = fn({
      name: 'consts',
      returns: [vec(U8), ADDRESS, vec(vec(U8))],
      body: {
        kind: 'tuple',
        loc: LOC,
        type: tuple(vec(U8), ADDRESS, vec(vec(U8))),
        elems: [bytes('hi'), address('2a'), vector(vec(U8), [bytes('a'), bytes('')])],
      },
    });
    await expectReturns(
      [module({ functions: [vec3, len, consts] })],
      [
        [{ module: 'm', function: 'vec3', args: [fromHex(le64(5))] }, ['03' + le64(5) + le64(6) + le64(9)]],
        [{ module: 'm', function: 'len', args: [fromHex('02' + le64(1) + le64(2))] }, [le64(2)]],
        [{ module: 'm', function: 'consts' }, ['026869', '00'.repeat(31) + '2a', '02016100']],
      ],
    );
  }, 60_000);

  it('instantiates generic structs and functions', async () => {
    const box = struct(
      'Box',
      COPY | DROP | STORE,
      [['value', param(0)]],
      [{ name: 'T', constraints: 0, isPhantom: false }],
    );
    const boxOf = (t: Type) => datatype(SELF, 'Box', [t]);
    // fun wrap<T: copy + drop + store>(v: T): Box<T> { Box { value: v } }
    const wrap = fn({
      name: 'wrap',
      typeParams: [COPY | DROP | STORE],
      params: [['v', param(0)]],
      returns: [boxOf(param(0))],
      body: pack('Box', [{ index: 0, value: local(0, param(0)) }], [param(0)]),
    });
    // fun peek<T: copy + drop + store>(b: &Box<T>): T { *&b.value }
    const peek = fn({
      name: 'peek',
      typeParams: [COPY | DROP | STORE],
      params: [['b', ref(boxOf(param(0)))]],
      returns: [param(0)],
      body: deref(borrowField(local(0, ref(boxOf(param(0)))), 0, param(0), false, 'Box', [param(0)])),
    });
    // fun twice(x: u64): u64 { let b = wrap(x); peek(&b) + peek(&wrap<u64>(x)) } — the second through a temp
    const twice = fn({
      name: 'twice',
      params: [['x', U64]],
      locals: [
        ['b', boxOf(U64)],
        ['c', boxOf(U64)],
      ],
      returns: [U64],
      body: block(
        [
          letS([toLocal(1)], call(SELF, 'wrap', [local(0, U64)], boxOf(U64), [U64])),
          letS([toLocal(2)], local(1, boxOf(U64))),
        ],
        bin(
          '+',
          call(SELF, 'peek', [borrowLocal(1, boxOf(U64))], U64, [U64]),
          call(SELF, 'peek', [borrowLocal(2, boxOf(U64))], U64, [U64]),
        ),
      ),
    });
    await expectReturns(
      [module({ structs: [box], functions: [wrap, peek, twice] })],
      [
        [{ module: 'm', function: 'wrap', typeArgs: ['u8'], args: [fromHex('07')] }, ['07']],
        [{ module: 'm', function: 'twice', args: [fromHex(le64(21))] }, [le64(42)]],
      ],
    );
  }, 60_000);

  it('aborts with a declared constant and calls sui::coin::value on a coin', async () => {
    const coinOfSui = datatype(SUI('coin'), 'Coin', [datatype(SUI('sui'), 'SUI')]);
    const m = module({
      constants: [{ name: 'ENotEnough', loc: LOC, type: U64, value: fromHex(le64(77)) }],
      functions: [
        // fun need(c: &Coin<SUI>, n: u64): u64 { let v = coin::value(c); if (v < n) abort ENotEnough; v }
        fn({
          name: 'need',
          params: [
            ['c', ref(coinOfSui)],
            ['n', U64],
          ],
          locals: [['v', U64]],
          returns: [U64],
          body: block(
            [
              letS(
                [toLocal(2)],
                call(SUI('coin'), 'value', [local(0, ref(coinOfSui))], U64, [datatype(SUI('sui'), 'SUI')]),
              ),
              expS({
                kind: 'if',
                loc: LOC,
                type: tuple(),
                cond: bin('<', local(2, U64), local(1, U64)),
                then: abort({ kind: 'constant', loc: LOC, type: U64, module: SELF, name: 'ENotEnough' }),
                else: block([]),
              }),
            ],
            local(2, U64),
          ),
        }),
      ],
    });
    const coin = '11'.repeat(32) + le64(500);
    const outcomes = await run(
      [m],
      [
        { module: 'm', function: 'need', args: [fromHex(coin), fromHex(le64(100))] },
        { module: 'm', function: 'need', args: [fromHex(coin), fromHex(le64(501))] },
      ],
    );
    expect(outcomes[0]!.sui).toMatchObject({ success: true, returnValues: [le64(500)] });
    expect(outcomes[0]!.ours).toMatchObject({ success: true, returnValues: [le64(500)] });
    for (const side of [outcomes[1]!.sui, outcomes[1]!.ours])
      expect(side).toMatchObject({ status: 'ABORTED', code: 77n });
  }, 60_000);
});
