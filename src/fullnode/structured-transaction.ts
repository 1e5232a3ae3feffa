// A transaction sent as gRPC's structured `Transaction` rather than BCS: what `@mysten/sui`'s Transaction
// builder sends to have a node resolve it (objects named by id only, no gas yet). The node fills in each
// object's version and digest (and whether it is shared) from its state, picks the sender's first coin and a
// budget when asked to (`do_gas_selection`), and gives back both the BCS it will simulate and the resolved
// transaction the builder reads.
import { bcs } from '@mysten/sui/bcs';
import { GrpcTypes } from '@mysten/sui/grpc';
import { GrpcCode, GrpcStatusError } from './grpc-web.js';
import { REFERENCE_GAS_PRICE, type LocalChain } from './local-chain.js';
import { fullAddress } from '../move/address.js';

type CallArg = Parameters<typeof bcs.CallArg.serialize>[0];
type Argument = Parameters<typeof bcs.Argument.serialize>[0];
type Command = Parameters<typeof bcs.Command.serialize>[0];

/** What a selected gas payment may spend when the transaction names no budget: 0.05 SUI. */
const SELECTED_BUDGET = 50_000_000n;
const {
  Input_InputKind: InputKind,
  Argument_ArgumentKind: ArgumentKind,
  Owner_OwnerKind: OwnerKind,
} = GrpcTypes;

const unsupported = (what: string) =>
  new GrpcStatusError(GrpcCode.UNIMPLEMENTED, `a local node does not run ${what}`);
const refuse = (message: string) => new GrpcStatusError(GrpcCode.INVALID_ARGUMENT, message);

function argument(arg: GrpcTypes.Argument | undefined): Argument {
  switch (arg?.kind) {
    case ArgumentKind.GAS:
      return { GasCoin: true };
    case ArgumentKind.INPUT:
      return { Input: arg.input ?? 0 };
    case ArgumentKind.RESULT:
      return arg.subresult === undefined
        ? { Result: arg.result ?? 0 }
        : { NestedResult: [arg.result ?? 0, arg.subresult] };
    default:
      throw refuse('an argument of unknown kind');
  }
}

function command({ command: c }: GrpcTypes.Command): Command {
  switch (c.oneofKind) {
    case 'moveCall':
      return {
        MoveCall: {
          package: c.moveCall.package ?? '',
          module: c.moveCall.module ?? '',
          function: c.moveCall.function ?? '',
          typeArguments: c.moveCall.typeArguments,
          arguments: c.moveCall.arguments.map(argument),
        },
      };
    case 'transferObjects':
      return {
        TransferObjects: {
          objects: c.transferObjects.objects.map(argument),
          address: argument(c.transferObjects.address),
        },
      };
    case 'splitCoins':
      return {
        SplitCoins: { coin: argument(c.splitCoins.coin), amounts: c.splitCoins.amounts.map(argument) },
      };
    case 'mergeCoins':
      return {
        MergeCoins: {
          destination: argument(c.mergeCoins.coin),
          sources: c.mergeCoins.coinsToMerge.map(argument),
        },
      };
    case 'makeMoveVector':
      return {
        MakeMoveVec: {
          type: c.makeMoveVector.elementType ?? null,
          elements: c.makeMoveVector.elements.map(argument),
        },
      };
    default:
      throw unsupported(`${c.oneofKind ?? 'unknown'} commands`);
  }
}

/** An input as BCS, and as the resolved gRPC input the builder reads back. */
async function input(chain: LocalChain, given: GrpcTypes.Input): Promise<[CallArg, GrpcTypes.Input]> {
  if (given.kind === InputKind.PURE) return [{ Pure: { bytes: given.pure ?? new Uint8Array() } }, given];
  if (given.kind === InputKind.FUNDS_WITHDRAWAL) throw unsupported('address balance withdrawals');
  if (!given.objectId) throw refuse('an input that is neither a pure value nor an object');
  const object = await chain.object(fullAddress(given.objectId));
  if (!object)
    throw new GrpcStatusError(GrpcCode.NOT_FOUND, `object ${fullAddress(given.objectId)} not found`);
  const ref = { objectId: object.objectId!, version: object.version!, digest: object.digest! };
  if (given.kind === InputKind.RECEIVING)
    return [{ Object: { Receiving: ref } }, { kind: InputKind.RECEIVING, ...ref }];
  if (object.owner?.kind === OwnerKind.SHARED) {
    const shared = {
      objectId: ref.objectId,
      initialSharedVersion: object.owner.version!,
      mutable: given.mutable ?? true,
    };
    return [
      { Object: { SharedObject: shared } },
      {
        kind: InputKind.SHARED,
        objectId: ref.objectId,
        version: shared.initialSharedVersion,
        mutable: shared.mutable,
      },
    ];
  }
  return [{ Object: { ImmOrOwnedObject: ref } }, { kind: InputKind.IMMUTABLE_OR_OWNED, ...ref }];
}

export async function resolveStructured(
  chain: LocalChain,
  tx: GrpcTypes.Transaction,
  doGasSelection: boolean,
): Promise<{ bytes: Uint8Array; resolved: GrpcTypes.Transaction }> {
  const data = tx.kind?.data;
  if (data?.oneofKind !== 'programmableTransaction')
    throw refuse('only programmable transactions can be simulated');
  const sender = fullAddress(tx.sender ?? '0x0');
  const inputs = await Promise.all(data.programmableTransaction.inputs.map((i) => input(chain, i)));
  const commands = data.programmableTransaction.commands.map(command);
  let payment = (tx.gasPayment?.objects ?? []).map((o) => ({
    objectId: o.objectId ?? '',
    version: o.version ?? 0n,
    digest: o.digest ?? '',
  }));
  if (payment.length === 0 && doGasSelection) {
    const [first] = chain.coinsOf(sender);
    if (!first)
      throw new GrpcStatusError(GrpcCode.FAILED_PRECONDITION, `${sender} owns no SUI to pay for gas`);
    const coin = (await chain.object(first.id))!;
    payment = [{ objectId: coin.objectId!, version: coin.version!, digest: coin.digest! }];
  }
  const price = tx.gasPayment?.price ?? REFERENCE_GAS_PRICE;
  const budget = tx.gasPayment?.budget ?? SELECTED_BUDGET;
  const owner = tx.gasPayment?.owner ?? sender;
  const bytes = bcs.TransactionData.serialize({
    V1: {
      kind: { ProgrammableTransaction: { inputs: inputs.map(([arg]) => arg), commands } },
      sender,
      gasData: { payment, owner, price, budget },
      expiration: { None: true },
    },
  }).toBytes();
  const resolved: GrpcTypes.Transaction = {
    ...tx,
    sender,
    kind: {
      ...tx.kind,
      data: {
        oneofKind: 'programmableTransaction',
        programmableTransaction: { ...data.programmableTransaction, inputs: inputs.map(([, i]) => i) },
      },
    },
    gasPayment: { objects: payment, owner, price, budget },
    expiration: { kind: GrpcTypes.TransactionExpiration_TransactionExpirationKind.NONE },
  };
  return { bytes, resolved };
}
