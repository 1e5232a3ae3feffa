// Code generation against the Sui framework and across the modules of one package: objects made
// with sui::object::new and sent with sui::transfer::public_transfer, `entry` functions,
// `public(package)` functions called from a sibling module (friend visibility), and modules that
// declare enums (bytecode version 7). Both VMs must load, verify and run the result.
import { describe, expect, it } from 'vitest';
import type { TExp, TModule } from '../../src/move-compiler/tir.js';
import { COPY, DROP, KEY, STORE } from '../../src/move-compiler/types.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import {
  ADDRESS,
  bin,
  block,
  call,
  datatype,
  expS,
  fn,
  LOC,
  letS,
  local,
  module,
  ref,
  SELF,
  struct,
  SUI,
  toLocal,
  tuple,
  u64,
  U64,
} from './codegen-ir-builders.js';
import { fromHex, generateAndRun, le64, suiVmAvailable } from './support/run-in-both.js';

const run = generateAndRun;

const SKIP = skipUnlessCi(suiVmAvailable());
const CTX = datatype(SUI('tx_context'), 'TxContext');
const UID = datatype(SUI('object'), 'UID');

describe.skipIf(SKIP)('codegen: Sui framework calls and package structure, run in both VMs', () => {
  it('creates an object with object::new and transfers it to the sender', async () => {
    const thing = datatype(SELF, 'Thing');
    const ctx = (mode: 'infer' | 'copy' | 'move' = 'infer') => local(1, ref(CTX, true), mode);
    const idOf: TExp = {
      kind: 'borrow_field',
      loc: LOC,
      type: ref(UID),
      exp: { kind: 'borrow_local', loc: LOC, type: ref(thing), local: 2, isMut: false },
      isMut: false,
      struct: { module: SELF, name: 'Thing' },
      typeArgs: [],
      field: 0,
    };
    // entry fun create(value: u64, ctx: &mut TxContext): address {
    //   let t = Thing { id: object::new(ctx), value };
    //   let a = object::uid_to_address(&t.id);
    //   transfer::public_transfer(t, ctx.sender());
    //   a }
    const create = fn({
      name: 'create',
      isEntry: true,
      params: [
        ['value', U64],
        ['ctx', ref(CTX, true)],
      ],
      locals: [
        ['t', thing],
        ['a', ADDRESS],
      ],
      returns: [ADDRESS],
      body: block(
        [
          letS([toLocal(2)], {
            kind: 'pack',
            loc: LOC,
            type: thing,
            struct: { module: SELF, name: 'Thing' },
            typeArgs: [],
            fields: [
              { index: 0, value: call(SUI('object'), 'new', [ctx()], UID) },
              { index: 1, value: local(0, U64) },
            ],
          }),
          letS([toLocal(3)], call(SUI('object'), 'uid_to_address', [idOf], ADDRESS)),
          expS(
            call(
              SUI('transfer'),
              'public_transfer',
              [
                local(2, thing),
                call(
                  SUI('tx_context'),
                  'sender',
                  [{ kind: 'freeze', loc: LOC, type: ref(CTX), exp: ctx() }],
                  ADDRESS,
                ),
              ],
              tuple(),
              [thing],
            ),
          ),
        ],
        local(3, ADDRESS),
      ),
    });
    const m = module({
      structs: [
        struct('Thing', KEY | STORE, [
          ['id', UID],
          ['value', U64],
        ]),
      ],
      functions: [create],
    });
    const { compiled, outcomes } = await run(
      [m],
      [{ module: 'm', function: 'create', args: [fromHex(le64(5))] }],
    );
    expect(compiled[0]!.function_defs[0]!.is_entry).toBe(true);
    const [{ ours, sui }] = outcomes as [(typeof outcomes)[number]];
    expect(sui).toMatchObject({ success: true });
    expect(sui.returnValues).toHaveLength(1);
    expect(sui.returnValues[0]).toMatch(/^[0-9a-f]{64}$/);
    // The id derives from each VM's own default transaction digest, so only its shape is compared.
    expect(ours).toMatchObject({ success: true });
    expect(ours.returnValues[0]).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);

  it('lets a sibling module call a public(package) function through a friend declaration', async () => {
    const a: TModule = {
      ...module({
        name: 'a',
        functions: [
          fn({
            name: 'helper',
            visibility: 'package',
            params: [['x', U64]],
            returns: [U64],
            body: bin('*', local(0, U64), u64(3)),
          }),
        ],
      }),
      friends: [{ ...SELF, name: 'b' }],
    };
    const b = module({
      name: 'b',
      functions: [
        fn({
          name: 'go',
          params: [['x', U64]],
          returns: [U64],
          body: call({ ...SELF, name: 'a' }, 'helper', [local(0, U64)], U64),
        }),
      ],
    });
    const { compiled, outcomes } = await run(
      [a, b],
      [{ module: 'b', function: 'go', args: [fromHex(le64(14))] }],
    );
    expect(compiled[0]!.function_defs[0]!.visibility).toBe('Friend');
    expect(compiled[0]!.friend_decls).toHaveLength(1);
    for (const side of [outcomes[0]!.sui, outcomes[0]!.ours])
      expect(side).toMatchObject({ success: true, returnValues: [le64(42)] });
  }, 60_000);

  it('writes enum declarations at version 7 and still runs the module', async () => {
    const m: TModule = {
      ...module({ functions: [fn({ name: 'one', returns: [U64], body: u64(1) })] }),
      enums: [
        {
          name: 'Shape',
          loc: LOC,
          abilities: COPY | DROP,
          typeParams: [],
          variants: [
            { name: 'Dot', loc: LOC, fields: [] },
            { name: 'Square', loc: LOC, fields: [{ name: 'side', type: U64 }] },
          ],
        },
      ],
    };
    const { compiled, outcomes } = await run([m], [{ module: 'm', function: 'one' }]);
    expect(compiled[0]!.version).toBe(7);
    for (const side of [outcomes[0]!.sui, outcomes[0]!.ours])
      expect(side).toMatchObject({ success: true, returnValues: [le64(1)] });
  }, 60_000);
});
