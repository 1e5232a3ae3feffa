// A PTB of src/vm/ptb.ts in the JSON form of the wheel's `replay` state, so the same transaction runs on
// both (test/vm/ptb.test.ts, perf/vm-throughput.ts). Pure inputs only: the store's objects are not carried.
import { toBase58 } from '@mysten/sui/utils';
import type { PtbArgument, PtbCommand, PtbInput } from '../src/vm/ptb.js';

function replayArgument(arg: PtbArgument): Record<string, unknown> {
  if (arg.kind === 'NestedResult')
    return { type: 'NestedResult', index: arg.index, result_index: arg.resultIndex };
  return arg.kind === 'GasCoin' ? { type: 'GasCoin' } : { type: arg.kind, index: arg.index };
}

function replayCommand(command: PtbCommand): Record<string, unknown> {
  switch (command.kind) {
    case 'MoveCall':
      return {
        type: 'MoveCall',
        package: command.package,
        module: command.module,
        function: command.function,
        type_arguments: command.typeArgs,
        arguments: command.args.map(replayArgument),
      };
    case 'SplitCoins':
      return {
        type: 'SplitCoins',
        coin: replayArgument(command.coin),
        amounts: command.amounts.map(replayArgument),
      };
    case 'MergeCoins':
      return {
        type: 'MergeCoins',
        destination: replayArgument(command.destination),
        sources: command.sources.map(replayArgument),
      };
    case 'TransferObjects':
      return {
        type: 'TransferObjects',
        objects: command.objects.map(replayArgument),
        address: replayArgument(command.address),
      };
    case 'MakeMoveVec':
      return { type: 'MakeMoveVec', type_arg: command.type, elements: command.elements.map(replayArgument) };
    default:
      throw new Error(`${command.kind} has no replay form here`);
  }
}

export function replayState(ptb: {
  sender: string;
  digest: Uint8Array;
  inputs: PtbInput[];
  commands: PtbCommand[];
}): Record<string, unknown> {
  return {
    transaction: {
      digest: toBase58(ptb.digest),
      sender: '0x' + ptb.sender.replace(/^0x/, ''),
      gas_budget: 1_000_000_000,
      gas_price: 1000,
      commands: ptb.commands.map(replayCommand),
      inputs: ptb.inputs.map((i) => {
        if (i.kind !== 'Pure') throw new Error('object inputs have no replay form here');
        return { type: 'Pure', bytes: Buffer.from(i.bytes).toString('base64') };
      }),
      effects: null,
    },
    objects: {},
    packages: {},
  };
}
