// build-only: offline BCS and static created types over the shared corpus. Expected bytes are written
// out by hand from the BCS layout (or taken from rust-contracts §3.3); expected types come from reading
// the framework's function bodies (quoted in each test) or from the sui-sandbox wheel.
import { bcs } from '@mysten/sui/bcs';
import { fromBase64, toBase64 } from '@mysten/sui/utils';
import { describe, expect, test } from 'vitest';
import type { PtbSpec } from '../../src/core/phase2/ptb-spec.js';
import {
  SimulationError,
  simulatePlan,
  preflightSimulation,
  type SimulationRequest,
} from '../../src/sim/index.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { WHEEL_AVAILABLE, WHEEL_SKIP_REASON, wheelExtract } from '../move/support/wheel.js';
import { skipUnlessCi } from '../support/required-in-ci.js';

const FRAMEWORK_DIR =
  SHARED_PACKAGE_DIRS['0x0000000000000000000000000000000000000000000000000000000000000002']!;
const WRAPPER_ID = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const WRAPPER_DIR = SHARED_PACKAGE_DIRS[WRAPPER_ID]!;
const FULL_2 = '0x' + '0'.repeat(63) + '2';

function request(spec: PtbSpec, packageDir: string | null = FRAMEWORK_DIR): SimulationRequest {
  return {
    mode: 'build-only',
    spec,
    sender: '0x1',
    gasBudget: 10_000_000,
    gasCoin: null,
    rpcUrl: null,
    packageDir,
    requireDryRun: false,
  };
}

// BCS building blocks, by hand: ULEB128 lengths below 128 are one byte.
const bytes = (...parts: (number | number[] | Uint8Array)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'number' ? [part] : [...part])));
const ident = (name: string) => [name.length, ...new TextEncoder().encode(name)];
const address = (lastByte: number) => [...new Array<number>(31).fill(0), lastByte];
const u64 = (value: number) => [value, 0, 0, 0, 0, 0, 0, 0];
const u16 = (value: number) => [value & 0xff, value >> 8];
// Enum tags: CallArg Pure 0 / Object 1; ObjectArg ImmOrOwned 0 / Shared 1; Command MoveCall 0;
// Argument Input 1 / Result 2; TypeTag struct 7.
const ZERO_DIGEST = [32, ...new Array<number>(32).fill(0)];

describe('build-only BCS', () => {
  test('0x2::kiosk::default: one MoveCall, no inputs, and it creates a Kiosk and a KioskOwnerCap', async () => {
    const outcome = await simulatePlan(
      request({ calls: [{ target: '0x2::kiosk::default', type_args: [], args: [] }] }),
    );
    const expected = bytes(0, 1, 0, address(2), ident('kiosk'), ident('default'), 0, 0);
    expect(outcome.bcsBase64).toBe(toBase64(expected));
    // kiosk.move: `entry fun default(ctx) { let (kiosk, cap) = new(ctx);
    //   sui::transfer::transfer(cap, ctx.sender()); sui::transfer::share_object(kiosk); }`
    expect(outcome.createdTypes).toEqual([`${FULL_2}::kiosk::Kiosk`, `${FULL_2}::kiosk::KioskOwnerCap`]);
    expect(outcome.staticCreatedTypes).toEqual(outcome.createdTypes);
    expect(outcome).toMatchObject({ modeUsed: 'build_only', txBuildOk: true, execOk: null, fellBack: false });
  });

  test("upstream's worked example (rust-contracts §3.3): an address input, a Result, two MoveCalls", async () => {
    const spec: PtbSpec = {
      calls: [
        { target: '0x2::coin::zero', type_args: ['0x2::sui::SUI'], args: [] },
        {
          target: '0x2::transfer::public_transfer',
          type_args: ['0x2::coin::Coin<0x2::sui::SUI>'],
          args: [{ result: 0 }, { address: '0xabc' }],
        },
      ],
    };
    const outcome = await simulatePlan(request(spec));
    // The spec's base64 for this example has three stray characters (its padding is wrong); these are
    // the bytes it describes: one pure input (the 32-byte address), then the two calls.
    const sui = [7, ...address(2), ...ident('sui'), ...ident('SUI'), 0];
    const coinOfSui = [7, ...address(2), ...ident('coin'), ...ident('Coin'), 1, ...sui];
    const addressInput = [0, 32, ...new Array<number>(30).fill(0), 0x0a, 0xbc];
    const zero = [0, ...address(2), ...ident('coin'), ...ident('zero'), 1, ...sui, 0];
    const transfer = [
      0,
      ...address(2),
      ...ident('transfer'),
      ...ident('public_transfer'),
      1,
      ...coinOfSui,
      2,
      2,
      ...u16(0),
      1,
      ...u16(0),
    ];
    expect(fromBase64(outcome.bcsBase64!)).toEqual(bytes(1, addressInput, 2, zero, transfer));
    // The plan's own public_transfer places a Coin<SUI>; coin::zero places nothing.
    expect(outcome.createdTypes).toEqual([`${FULL_2}::coin::Coin<${FULL_2}::sui::SUI>`]);
  });

  test('0x2::pay::split<SUI> on a mock coin: objects are mocked and the Coin is found through pay::keep', async () => {
    const spec: PtbSpec = {
      calls: [
        {
          target: '0x2::pay::split',
          type_args: ['0x2::sui::SUI'],
          args: [{ imm_or_owned_object: '0x5' }, { u64: 10 }],
        },
      ],
    };
    const outcome = await simulatePlan(request(spec));
    const coinRef = [1, 0, ...address(5), ...u64(1), ...ZERO_DIGEST];
    const amount = [0, 8, ...u64(10)];
    const suiTag = [7, ...address(2), ...ident('sui'), ...ident('SUI'), 0];
    const call = [
      0,
      ...address(2),
      ...ident('pay'),
      ...ident('split'),
      1,
      ...suiTag,
      2,
      1,
      ...u16(0),
      1,
      ...u16(1),
    ];
    expect(fromBase64(outcome.bcsBase64!)).toEqual(bytes(2, coinRef, amount, 1, call));
    // pay.move: `entry fun split<T>(coin, amount, ctx) { keep(coin.split(amount, ctx), ctx) }` and
    // `fun keep<T>(c: Coin<T>, ctx) { transfer::public_transfer(c, ctx.sender()) }`: only the
    // transitive scan sees the transfer, with T = SUI carried through.
    expect(outcome.createdTypes).toEqual([`${FULL_2}::coin::Coin<${FULL_2}::sui::SUI>`]);
  });

  test('type parameters are substituted: transfer_policy::default<SUI>', async () => {
    const spec: PtbSpec = {
      calls: [
        {
          target: '0x2::transfer_policy::default',
          type_args: ['0x2::sui::SUI'],
          args: [{ imm_or_owned_object: '0x7' }],
        },
      ],
    };
    // transfer_policy.move: `entry fun default<T>(pub, ctx) { let (policy, cap) = new<T>(pub, ctx);
    //   sui::transfer::share_object(policy); sui::transfer::transfer(cap, ctx.sender()); }`
    const outcome = await simulatePlan(request(spec));
    expect(outcome.createdTypes).toEqual([
      `${FULL_2}::transfer_policy::TransferPolicy<${FULL_2}::sui::SUI>`,
      `${FULL_2}::transfer_policy::TransferPolicyCap<${FULL_2}::sui::SUI>`,
    ]);
  });

  test('inputs are shared the way the Sui builder shares them', async () => {
    const spec: PtbSpec = {
      calls: [
        {
          target: '0x2::m::f',
          type_args: [],
          args: [
            { u64: 7 },
            { shared_object: { id: '0x6', mutable: false } },
            { sender_sui_coin: { index: 3 } },
            { gas_coin: null },
          ],
        },
        {
          target: '0x2::m::g',
          type_args: [],
          args: [{ u64: 7 }, { shared_object: { id: '0x06', mutable: true } }, { nested_result: [0, 1] }],
        },
      ],
    };
    const outcome = await simulatePlan(request(spec, null));
    const parsed = bcs.ProgrammableTransaction.parse(fromBase64(outcome.bcsBase64!));
    const id = (lastByte: number) => '0x' + lastByte.toString(16).padStart(64, '0');
    expect(parsed.inputs).toEqual([
      { $kind: 'Pure', Pure: { bytes: toBase64(Uint8Array.from(u64(7))) } },
      // Used immutably, then mutably: one input, mutable.
      {
        $kind: 'Object',
        Object: {
          $kind: 'SharedObject',
          SharedObject: { objectId: id(6), initialSharedVersion: '1', mutable: true },
        },
      },
      // The sender's coin number 3 is mocked as the id ending in 03; the gas coin as 0x…1234.
      {
        $kind: 'Object',
        Object: {
          $kind: 'ImmOrOwnedObject',
          ImmOrOwnedObject: { objectId: id(3), version: '1', digest: '1'.repeat(32) },
        },
      },
      {
        $kind: 'Object',
        Object: {
          $kind: 'ImmOrOwnedObject',
          ImmOrOwnedObject: { objectId: id(0x1234), version: '1', digest: '1'.repeat(32) },
        },
      },
    ]);
    expect(parsed.commands[1]?.MoveCall?.arguments).toEqual([
      { $kind: 'Input', Input: 0 },
      { $kind: 'Input', Input: 1 },
      { $kind: 'NestedResult', NestedResult: [0, 1] },
    ]);
  });
  test('pure values: every kind written as BCS, one input each', async () => {
    const spec: PtbSpec = {
      calls: [
        {
          target: '0x2::m::f',
          type_args: [],
          args: [
            { u8: 255 },
            { u16: 258 },
            { u64: '18446744073709551615' },
            { u128: '340282366920938463463374607431768211455' },
            { bool: true },
            { vector_u8_utf8: 'hé' },
            { vector_u8_hex: '0x0aff' },
            { vector_bool: [true, false] },
            { vector_u64: [1, '2'] },
            { vector_address: ['0x2'] },
          ],
        },
      ],
    };
    const outcome = await simulatePlan(request(spec, null));
    const inputs = bcs.ProgrammableTransaction.parse(fromBase64(outcome.bcsBase64!)).inputs;
    const expected = [
      [0xff],
      [0x02, 0x01],
      new Array<number>(8).fill(0xff),
      new Array<number>(16).fill(0xff),
      [1],
      [3, 0x68, 0xc3, 0xa9], // "hé" in UTF-8, length first
      [2, 0x0a, 0xff],
      [2, 1, 0],
      [2, ...u64(1), ...u64(2)],
      [1, ...address(2)],
    ];
    expect(inputs.map((input) => [...fromBase64(input.Pure!.bytes)])).toEqual(expected);
  });
});

describe('build-only rejects what cannot be built, saying where', () => {
  const cases: [string, PtbSpec, RegExp][] = [
    [
      'pure (never supported by smi_tx_sim)',
      { calls: [{ target: '0x2::m::f', type_args: [], args: [{ pure: '00' } as never] }] },
      /call 0 \(0x2::m::f\): unsupported PTB arg kind: pure/,
    ],
    [
      'an unfinished type argument',
      { calls: [{ target: '0x2::m::f', type_args: ['0x2::m::S<'], args: [] }] },
      /invalid type argument "0x2::m::S<"/,
    ],
    [
      'a two-part target',
      { calls: [{ target: '0x2::m', type_args: [], args: [] }] },
      /invalid call target "0x2::m"/,
    ],
    [
      'a placeholder nobody filled',
      { calls: [{ target: '0x2::m::f', type_args: [], args: [{ $smi_placeholder: '0x2::m::S' }] }] },
      /unresolved placeholder/,
    ],
    [
      'a u64 written as a number beyond 2^53',
      { calls: [{ target: '0x2::m::f', type_args: [], args: [{ u64: 2 ** 60 }] }] },
      /beyond 2\^53 and may have lost digits/,
    ],
    [
      'a u8 out of range',
      { calls: [{ target: '0x2::m::f', type_args: [], args: [{ u8: 256 }] }] },
      /u8 value 256/,
    ],
    [
      'an object used as shared and as owned',
      {
        calls: [
          {
            target: '0x2::m::f',
            type_args: [],
            args: [{ imm_or_owned_object: '0x9' }, { shared_object: { id: '0x9', mutable: true } }],
          },
        ],
      },
      /Mismatched Object argument kind/,
    ],
  ];
  test.each(cases)('%s', async (_name, spec, message) => {
    const failure = await simulatePlan(request(spec, null)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SimulationError);
    expect((failure as SimulationError).kind).toBe('rejected');
    expect((failure as SimulationError).message).toMatch(message);
  });

  test('an unknown mode', async () => {
    await expect(simulatePlan({ ...request({ calls: [] }), mode: 'quantum' as never })).rejects.toThrow(
      /unknown simulation mode "quantum"/,
    );
  });

  test('pre-flight for build-only needs no RPC at all', async () => {
    const report = await preflightSimulation({ mode: 'build-only', rpcUrl: null });
    expect(report.chainId).toBeNull();
  });
});

if (!WHEEL_AVAILABLE) console.warn(`wheel cross-check of static types skipped: ${WHEEL_SKIP_REASON}`);

describe.skipIf(skipUnlessCi(WHEEL_AVAILABLE))('static types against the sui-sandbox wheel', () => {
  test('wrapper_coin probes transfer their first parameter, with T replaced', async () => {
    // Each probe_transfer_* function takes an object and transfers it to the sender: what it creates
    // is its first parameter's type, as the wheel reads it, with the type parameter instantiated.
    const wheel = await wheelExtract(WRAPPER_DIR);
    const functions = wheel.modules.wrapper_coin!.functions;
    const render = (t: Record<string, unknown>, arg: string): string => {
      if (t.kind === 'type_param') return arg;
      const args = (t.type_args as Record<string, unknown>[]).map((inner) => render(inner, arg));
      return `${t.address as string}::${t.module as string}::${t.name as string}${args.length ? `<${args.join(', ')}>` : ''}`;
    };
    const probes = Object.keys(functions).filter((name) => name.startsWith('probe_transfer'));
    expect(probes.length).toBeGreaterThanOrEqual(4);
    for (const name of probes) {
      const firstParam = (functions[name]!.params as Record<string, unknown>[])[0]!;
      const outcome = await simulatePlan(
        request(
          {
            calls: [
              { target: `${WRAPPER_ID}::wrapper_coin::${name}`, type_args: ['0x2::sui::SUI'], args: [] },
            ],
          },
          WRAPPER_DIR,
        ),
      );
      expect(outcome.createdTypes, name).toEqual([render(firstParam, `${FULL_2}::sui::SUI`)]);
    }
  });
});
