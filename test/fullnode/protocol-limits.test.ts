// SimulateTransaction on `smi-bench fullnode` applies Sui's limits at protocol version 104 (mainnet v1.62):
// each limit just below passes (whatever the transaction does next), just above is refused with
// INVALID_ARGUMENT and Sui's words. The values and wording were read by hand from Sui's sources
// (sui-protocol-config at version 104; sui-types' transaction validity checks and UserInputError texts).
import { bcs } from '@mysten/sui/bcs';
import { GrpcTypes, SuiGrpcClient } from '@mysten/sui/grpc';
import { toBase58 } from '@mysten/sui/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { mainnetFullnode } from '../support/local-fullnode.js';

type CallArg = Parameters<typeof bcs.CallArg.serialize>[0];
type Command = Parameters<typeof bcs.Command.serialize>[0];
type ObjectRef = { objectId: string; version: string; digest: string };

const SENDER = `0x${'12'.repeat(32)}`;
const PREFIX = 'Error checking transaction input objects: ';
const sizeLimit = (limit: string, value: number | string) =>
  `${PREFIX}Size limit exceeded: ${limit} is ${value}`;

let node: Fullnode;
beforeAll(async () => {
  node = await mainnetFullnode();
});
afterAll(() => node.close());

interface Shape {
  inputs?: CallArg[];
  commands?: Command[];
  payment?: ObjectRef[];
  price?: bigint;
  budget?: bigint;
}

const EMPTY_VECTOR: Command = { MakeMoveVec: { type: 'u8', elements: [] } };

function transaction(shape: Shape): Uint8Array {
  return bcs.TransactionData.serialize({
    V1: {
      kind: {
        ProgrammableTransaction: { inputs: shape.inputs ?? [], commands: shape.commands ?? [EMPTY_VECTOR] },
      },
      sender: SENDER,
      gasData: {
        payment: shape.payment ?? [],
        owner: SENDER,
        price: shape.price ?? 1000n,
        budget: shape.budget ?? 50_000_000n,
      },
      expiration: { None: true },
    },
  }).toBytes();
}

/** The node's answer: OK, or the status's code and message. */
async function simulate(bytes: Uint8Array, checks = true): Promise<{ code: string; message: string }> {
  const { ENABLED, DISABLED } = GrpcTypes.SimulateTransactionRequest_TransactionChecks;
  const client = new SuiGrpcClient({ network: 'localnet', baseUrl: node.url });
  try {
    await client.transactionExecutionService.simulateTransaction({
      transaction: { bcs: { value: bytes } },
      checks: checks ? ENABLED : DISABLED,
    });
    return { code: 'OK', message: '' };
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message: decodeURIComponent(message) };
  }
}

async function expectPasses(shape: Shape | Uint8Array, checks = true): Promise<void> {
  const answer = await simulate(shape instanceof Uint8Array ? shape : transaction(shape), checks);
  expect(answer.code, answer.message).not.toBe('INVALID_ARGUMENT');
}

async function expectRefused(shape: Shape | Uint8Array, message: string, checks = true): Promise<void> {
  const answer = await simulate(shape instanceof Uint8Array ? shape : transaction(shape), checks);
  expect(answer).toEqual({ code: 'INVALID_ARGUMENT', message });
}

const id = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const shared = (n: number): CallArg => ({
  Object: { SharedObject: { objectId: id(n + 1), initialSharedVersion: 1, mutable: false } },
});
const pure = (length: number): CallArg => ({ Pure: { bytes: new Uint8Array(length) } });
const gasRef = (n: number): ObjectRef => ({
  objectId: id(n + 1),
  version: '1',
  digest: toBase58(new Uint8Array(32).fill(n % 256)),
});
const times = <T>(count: number, make: (i: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i));
const moveCall = (typeArguments: string[], args: number): Command => ({
  MoveCall: {
    package: '0x1',
    module: 'vector',
    function: 'empty',
    typeArguments,
    arguments: times(args, () => ({ Input: 0 })),
  },
});
/** `vector<…vector<u8>…>` with `nodes` type nodes, as deep. */
const nested = (nodes: number): string => 'vector<'.repeat(nodes - 1) + 'u8' + '>'.repeat(nodes - 1);

describe('Sui protocol limits on SimulateTransaction', () => {
  it('commands: fewer than 1,024', async () => {
    await expectPasses({ commands: times(1023, () => EMPTY_VECTOR) });
    await expectRefused(
      { commands: times(1024, () => EMPTY_VECTOR) },
      sizeLimit('maximum commands in a programmable transaction', 1024),
    );
  });

  it('input and receiving objects: at most 2,048, each package called counting as one', async () => {
    await expectPasses({ inputs: times(2048, shared) });
    await expectRefused(
      { inputs: times(2049, shared) },
      sizeLimit('maximum input + receiving objects in a transaction', 2048),
    );
    await expectRefused(
      { inputs: [...times(2048, shared), pure(8)], commands: [moveCall(['u8'], 0)] },
      sizeLimit('maximum input + receiving objects in a transaction', 2048),
    );
    await expectRefused(
      { inputs: [shared(7), shared(7)] },
      `${PREFIX}The transaction inputs contain duplicated ObjectRef's`,
    );
  });

  it('pure arguments: under 16 KiB', async () => {
    await expectPasses({ inputs: [pure(16 * 1024 - 1)] });
    await expectRefused({ inputs: [pure(16 * 1024)] }, sizeLimit('maximum pure argument size', 16384));
  });

  it('arguments: fewer than 512 in a call and in any other command', async () => {
    await expectPasses({ inputs: [pure(8)], commands: [moveCall(['u8'], 511)] });
    await expectRefused(
      { inputs: [pure(8)], commands: [moveCall(['u8'], 512)] },
      sizeLimit('maximum arguments in a move call', 512),
    );
    const split = (n: number): Command => ({
      SplitCoins: { coin: { GasCoin: true }, amounts: times(n, () => ({ Input: 0 })) },
    });
    await expectPasses({ inputs: [pure(8)], commands: [split(511)] });
    await expectRefused(
      { inputs: [pure(8)], commands: [split(512)] },
      sizeLimit('maximum arguments in a programmable transaction command', 512),
    );
  });

  it('type arguments: fewer than 16 nodes in a call, none 16 deep', async () => {
    await expectPasses({
      commands: [
        moveCall(
          times(15, () => 'u8'),
          0,
        ),
      ],
    });
    await expectRefused(
      {
        commands: [
          moveCall(
            times(16, () => 'u8'),
            0,
          ),
        ],
      },
      sizeLimit('maximum type arguments in a call transaction', 16),
    );
    // Depth 16 takes 16 nodes, so at version 104 the count refuses it first, as Sui does.
    await expectPasses({ commands: [moveCall([nested(15)], 0)] });
    await expectRefused(
      { commands: [moveCall([nested(16)], 0)] },
      sizeLimit('maximum type arguments in a call transaction', 16),
    );
    await expectRefused(
      { commands: [{ MakeMoveVec: { type: nested(16), elements: [] } }] },
      sizeLimit('maximum type arguments in a call transaction', 16),
    );
  });

  it('empty TransferObjects, MergeCoins and SplitCoins are refused', async () => {
    await expectRefused(
      { commands: [{ SplitCoins: { coin: { GasCoin: true }, amounts: [] } }] },
      `${PREFIX}TransferObjects, MergeCoin, and Publish cannot have empty arguments. If MakeMoveVec has empty arguments, it must have a type specified`,
    );
  });

  it('identifiers: a module, function or type name that is not a Move identifier is refused', async () => {
    const call = (module: string, fn: string, typeArguments: string[] = []): Command => ({
      MoveCall: { package: '0x2', module, function: fn, typeArguments, arguments: [] },
    });
    await expectPasses({ commands: [call('coin', 'zero', ['0x2::sui::SUI'])] });
    const invalid = (name: string) => `${PREFIX}Invalid identifier found in the transaction: ${name}`;
    await expectRefused({ commands: [call('co in', 'zero')] }, invalid('co in'));
    // Sui names the module when the function is the bad one.
    await expectRefused({ commands: [call('coin', '_')] }, invalid('coin'));
    await expectRefused({ commands: [call('coin', 'zero', ['0x2::sui::9SUI'])] }, invalid('9SUI'));
  });

  it('gas payment: at most 256 coins', async () => {
    await expectPasses({ payment: times(256, gasRef) });
    await expectRefused(
      { payment: times(257, gasRef) },
      sizeLimit('maximum number of gas payment objects', 256),
    );
  });

  it('gas price: from the reference gas price to below 50 SUI, checks enabled or not', async () => {
    for (const checks of [true, false]) {
      await expectPasses({ price: 1000n }, checks);
      await expectRefused(
        { price: 999n },
        `${PREFIX}Gas price 999 under reference gas price (RGP) 1000`,
        checks,
      );
      await expectPasses({ price: 49_999_999_999n, budget: 50_000_000_000_000n }, checks);
      await expectRefused(
        { price: 50_000_000_000n, budget: 50_000_000_000_000n },
        `${PREFIX}Gas price cannot exceed 50000000000 mist`,
        checks,
      );
    }
  });

  it('gas budget with checks enabled: from 1,000 units at the gas price to 50,000 SUI', async () => {
    await expectPasses({ budget: 1_000_000n });
    await expectRefused({ budget: 999_999n }, `${PREFIX}Gas budget: 999999 is lower than min: 1000000`);
    await expectRefused({ budget: 0n }, `${PREFIX}Gas budget: 0 is lower than min: 1000000`);
    await expectPasses({ price: 2000n, budget: 2_000_000n });
    await expectRefused(
      { price: 2000n, budget: 1_999_999n },
      `${PREFIX}Gas budget: 1999999 is lower than min: 2000000`,
    );
    await expectPasses({ budget: 50_000_000_000_000n });
    await expectRefused(
      { budget: 50_000_000_000_001n },
      `${PREFIX}Gas budget: 50000000000001 is higher than max: 50000000000000`,
    );
    await expectRefused(
      { budget: 2n ** 64n - 1n },
      `${PREFIX}Gas budget: 18446744073709551615 is higher than max: 50000000000000`,
    );
    // A dev-inspect (checks disabled) is not held to the budget's bounds, as on Sui.
    await expectPasses({ budget: 0n }, false);
  });

  it('size: at most 128 KiB of BCS', async () => {
    const ofSize = (size: number): Uint8Array => {
      const base = transaction({ inputs: times(9, () => pure(14_500)) }).length;
      // The last pure value grows by what is missing (staying under 16 KiB); its length prefix stays two bytes.
      const bytes = transaction({ inputs: [...times(8, () => pure(14_500)), pure(14_500 + size - base)] });
      expect(bytes.length).toBe(size);
      return bytes;
    };
    await expectPasses(ofSize(128 * 1024));
    await expectRefused(
      ofSize(128 * 1024 + 1),
      sizeLimit('serialized transaction size exceeded maximum of 131072', 131073),
    );
  });
});
