// wrapper_coin's currency creation as a PTB (the steps of its init): new_currency_with_otw with the one-time
// witness as pure bytes `{ dummy_field: true }`, optionally make_regulated, finalize, and the caps to the
// sender. Sui refuses a witness as pure bytes; `pureInputsForAnyType` (and the wheel's replay) take it.
import type { PtbArgument, PtbCommand, PtbInput } from '../../../src/vm/ptb.js';
import { SHARED_PACKAGE_DIRS } from '../../support/paths.js';
import { byteVector, fromHex } from './vm.js';

export const WRAPPER_PACKAGE = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
export const WRAPPER_PACKAGE_DIR = SHARED_PACKAGE_DIRS[WRAPPER_PACKAGE]!;
export const WRAPPER_OTW = `${WRAPPER_PACKAGE}::wrapper_coin::WRAPPER_COIN`;

export function currencyPtb(
  sender: string,
  witnessType: string,
  witness: Uint8Array,
  { regulated = false } = {},
): { inputs: PtbInput[]; commands: PtbCommand[] } {
  const pure = (bytes: Uint8Array): PtbInput => ({ kind: 'Pure', bytes });
  const input = (index: number) => ({ kind: 'Input', index }) as const;
  const builder = { kind: 'NestedResult', index: 0, resultIndex: 0 } as const;
  const call = (fn: string, args: PtbArgument[]): PtbCommand => ({
    kind: 'MoveCall',
    package: '0x2',
    module: 'coin_registry',
    function: fn,
    typeArgs: [witnessType],
    args,
  });
  const commands: PtbCommand[] = [
    call('new_currency_with_otw', [1, 2, 3, 4, 5, 6].map(input)),
    ...(regulated ? [call('make_regulated', [builder, input(7)])] : []),
    call('finalize', [builder]),
  ];
  const finalized = commands.length - 1;
  commands.push({
    kind: 'TransferObjects',
    objects: [
      { kind: 'NestedResult', index: 0, resultIndex: 1 },
      { kind: 'Result', index: finalized },
      ...(regulated ? [{ kind: 'Result', index: 1 } as const] : []),
    ],
    address: input(0),
  });
  return {
    inputs: [
      pure(fromHex(sender)),
      pure(witness),
      pure(Uint8Array.of(2)),
      pure(byteVector('WRAP')),
      pure(byteVector('WrapperCoin')),
      pure(byteVector('')),
      pure(byteVector('')),
      ...(regulated ? [pure(Uint8Array.of(0))] : []),
    ],
    commands,
  };
}
