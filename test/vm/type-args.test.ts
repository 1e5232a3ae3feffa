// Type arguments a function cannot take are refused before it runs, by the PTB executor with Sui's statuses
// (`TypeArgumentError` … `ConstraintNotSatisfied`, `TypeArityMismatch`) and by direct calls as bad requests.
// The real Sui runtime (the sui-sandbox wheel's replay) refuses the same PTBs at the same command.
// From the framework's source: `public fun public_transfer<T: key + store>(obj: T, recipient: address)`,
// `public fun destroy_with_default<Element: drop>(t: Option<Element>, default: Element): Element`.
import { beforeAll, describe, expect, it } from 'vitest';
import { executePtb, type PtbRequest } from '../../src/vm/ptb.js';
import { VmLoadError, type MoveVm } from '../../src/vm/index.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { replayState } from '../../scripts/vm-replay-ptb.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { useReplayOracle } from './support/replay-oracle.js';
import { address, frameworkVm, u64 } from './support/vm.js';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

/** `public_transfer<typeArgs>(0u64, @0x1)`: one MoveCall on two pure inputs. */
const publicTransfer = (typeArgs: string[]): PtbRequest => ({
  sender: 'ab'.repeat(32),
  digest: new Uint8Array(32),
  inputs: [
    { kind: 'Pure', bytes: u64(0) },
    { kind: 'Pure', bytes: address('1') },
  ],
  commands: [
    {
      kind: 'MoveCall',
      package: '0x2',
      module: 'transfer',
      function: 'public_transfer',
      typeArgs,
      args: [
        { kind: 'Input', index: 0 },
        { kind: 'Input', index: 1 },
      ],
    },
  ],
  objects: [],
});

const CASES = [
  {
    typeArgs: ['u64'],
    status: 'TypeArgumentError',
    message: 'type argument 0 of transfer::public_transfer (u64) lacks key: ConstraintNotSatisfied',
    wheel: 'violates constraints',
  },
  {
    typeArgs: [],
    status: 'TypeArityMismatch',
    message: 'transfer::public_transfer takes 1 type arguments, got 0',
    wheel: 'expects 1 type argument(s), but 0 provided',
  },
  // Well-formed at every depth, as Sui's loader builds the type: `struct Table<phantom K: copy + drop + store,
  // phantom V: store> has key, store` (so public_transfer's own `key + store` holds), `struct Coin<phantom T>`.
  {
    typeArgs: ['0x2::table::Table<0x2::coin::Coin<0x2::sui::SUI>, u64>'],
    status: 'TypeArgumentError',
    message:
      'type argument 0 of table::Table (0000000000000000000000000000000000000000000000000000000000000002::coin::Coin<0000000000000000000000000000000000000000000000000000000000000002::sui::SUI>) lacks copy, drop: ConstraintNotSatisfied',
    wheel: 'CONSTRAINT_NOT_SATISFIED',
  },
  {
    typeArgs: ['0x2::table::Table<u64, 0x2::table::Table<0x2::coin::Coin<0x2::sui::SUI>, u8>>'],
    status: 'TypeArgumentError',
    message:
      'type argument 0 of table::Table (0000000000000000000000000000000000000000000000000000000000000002::coin::Coin<0000000000000000000000000000000000000000000000000000000000000002::sui::SUI>) lacks copy, drop: ConstraintNotSatisfied',
    wheel: 'CONSTRAINT_NOT_SATISFIED',
  },
  {
    typeArgs: ['0x2::coin::Coin<0x2::sui::SUI, u8>'],
    status: 'TypeArityMismatch',
    message: 'coin::Coin takes 1 type arguments, got 2',
    wheel: 'Type argument count mismatch for 0x2::coin::Coin: expected 1, got 2',
  },
  {
    typeArgs: ['0x2::coin::Coin<0x2::no_such_module::X>'],
    status: 'TypeArgumentError',
    message:
      '0000000000000000000000000000000000000000000000000000000000000002::no_such_module::X does not exist: TypeNotFound',
    wheel: 'LINKER_ERROR',
  },
];

describe('type arguments a PTB MoveCall cannot take', () => {
  for (const c of CASES) {
    it(`public_transfer<${c.typeArgs.join(', ')}>: ${c.status}, nothing run`, () => {
      const effects = executePtb(vm, publicTransfer(c.typeArgs));
      expect(effects.success).toBe(false);
      expect(effects.error).toEqual({ command: 0, status: c.status, message: c.message });
      expect(effects.tx.transfers).toEqual([]);
    });
  }
});

describe('type arguments a direct call cannot take', () => {
  it('destroy_with_default<Coin<SUI>> (no drop): refused as a bad request', () => {
    expect(() =>
      vm.callFunction({
        package: '0x1',
        module: 'option',
        function: 'destroy_with_default',
        typeArgs: ['0x2::coin::Coin<0x2::sui::SUI>'],
        args: [Uint8Array.of(0), new Uint8Array(40)],
      }),
    ).toThrow(VmLoadError);
  });
});

describe.skipIf(skipUnlessCi(Oracle.available()))('the same PTBs in the real Sui runtime', () => {
  const oracle = useReplayOracle();
  for (const c of CASES) {
    it(`public_transfer<${c.typeArgs.join(', ')}>: refused at command 0`, async () => {
      const request = publicTransfer(c.typeArgs);
      const theirs = await oracle().replay(replayState(request));
      expect(theirs.success).toBe(false);
      expect(theirs.effects?.failed_command_index).toBe(0);
      expect(theirs.error).toContain(c.wheel);
    });
  }
});
