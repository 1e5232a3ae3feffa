// Sui's limits on a transaction, at protocol version 104 (mainnet v1.62, the corpus's framework), checked
// before anything runs and refused as a node refuses them: INVALID_ARGUMENT with Sui's wording. A node's
// simulation checks the programmable transaction's limits always, the gas price in both modes and the
// budget only with checks enabled; the serialized size and the number of gas coins Sui checks when a
// transaction is signed, and they are applied here too, since no transaction over them can run on Sui.
// Sui allows fewer than most limits, and at most the size, the input objects and the gas coins; the
// comparisons below follow it.
import { bcs, TypeTagSerializer, type TypeTag } from '@mysten/sui/bcs';
import { isMoveIdentifier } from '../move/identifier.js';
import { GrpcCode, GrpcStatusError } from './grpc-web.js';

type TransactionData = ReturnType<typeof bcs.TransactionData.parse>['V1'];
type ProgrammableTransaction = Extract<
  TransactionData['kind'],
  { $kind: 'ProgrammableTransaction' }
>['ProgrammableTransaction'];
type Command = ProgrammableTransaction['commands'][number];

/** sui-protocol-config's values at version 104. */
const PROTOCOL_LIMITS = {
  maxTxSizeBytes: 128 * 1024,
  maxProgrammableTxCommands: 1024,
  maxInputObjects: 2048,
  maxPureArgumentSize: 16 * 1024,
  maxArguments: 512,
  maxTypeArguments: 16,
  maxTypeArgumentDepth: 16,
  maxGasPaymentObjects: 256,
  maxTxGas: 50_000_000_000_000n,
  maxGasPrice: 50_000_000_000n,
  /** Since version 18 a multiplier of the gas price: the smallest budget is this many gas units. */
  baseTxCostFixed: 1_000n,
} as const;

const L = PROTOCOL_LIMITS;

/** Sui's `UserInputError`, as its node words it. */
const refused = (error: string) =>
  new GrpcStatusError(GrpcCode.INVALID_ARGUMENT, `Error checking transaction input objects: ${error}`);
const sizeLimit = (limit: string, value: number | bigint) =>
  refused(`Size limit exceeded: ${limit} is ${value}`);

/**
 * The transaction of `transaction.bcs`: at most `maxTxSizeBytes`, checked before it is parsed, and nothing
 * but one canonical `TransactionData` (no bytes left over), as Sui's BCS decoding requires.
 */
export function decodeTransaction(bytes: Uint8Array): TransactionData {
  if (bytes.length > L.maxTxSizeBytes)
    throw sizeLimit(`serialized transaction size exceeded maximum of ${L.maxTxSizeBytes}`, bytes.length);
  const malformed = (why: string) =>
    new GrpcStatusError(GrpcCode.INVALID_ARGUMENT, `transaction.bcs is not a TransactionData: ${why}`);
  let data: ReturnType<typeof bcs.TransactionData.parse>;
  try {
    data = bcs.TransactionData.parse(bytes);
  } catch (error) {
    throw malformed((error as Error).message);
  }
  const used = bcs.TransactionData.serialize(data).toBytes().length;
  if (used !== bytes.length) throw malformed(`${bytes.length} bytes where one encoding takes ${used}`);
  return data.V1;
}

/** Every limit on a parsed transaction; `checksEnabled` is SimulateTransaction's `checks` (dry-run). */
export function checkTransactionLimits(
  tx: TransactionData,
  checksEnabled: boolean,
  referenceGasPrice: bigint,
): void {
  if (tx.kind.$kind === 'ProgrammableTransaction') checkProgrammable(tx.kind.ProgrammableTransaction);
  if (tx.gasData.payment && tx.gasData.payment.length > L.maxGasPaymentObjects)
    throw sizeLimit('maximum number of gas payment objects', L.maxGasPaymentObjects);
  checkGas(BigInt(tx.gasData.price), BigInt(tx.gasData.budget), checksEnabled, referenceGasPrice);
}

function checkProgrammable(pt: ProgrammableTransaction): void {
  if (pt.commands.length >= L.maxProgrammableTxCommands)
    throw sizeLimit('maximum commands in a programmable transaction', L.maxProgrammableTxCommands);
  const objects = new Set<string>();
  let receiving = 0;
  for (const input of pt.inputs) {
    if (input.$kind !== 'Object') continue;
    const object = input.Object;
    if (object.$kind === 'Receiving') {
      receiving += 1;
      continue;
    }
    const id =
      object.$kind === 'ImmOrOwnedObject' ? object.ImmOrOwnedObject.objectId : object.SharedObject.objectId;
    if (objects.has(id)) throw refused("The transaction inputs contain duplicated ObjectRef's");
    objects.add(id);
  }
  // Sui counts each package the calls name as an input object too.
  const packages = new Set(pt.commands.flatMap((c) => (c.$kind === 'MoveCall' ? [c.MoveCall.package] : [])));
  if (objects.size + packages.size + receiving > L.maxInputObjects)
    throw sizeLimit('maximum input + receiving objects in a transaction', L.maxInputObjects);
  for (const input of pt.inputs)
    if (input.$kind === 'Pure' && Buffer.byteLength(input.Pure.bytes, 'base64') >= L.maxPureArgumentSize)
      throw sizeLimit('maximum pure argument size', L.maxPureArgumentSize);
  for (const command of pt.commands) checkCommand(command);
}

const EMPTY_COMMAND =
  'TransferObjects, MergeCoin, and Publish cannot have empty arguments. If MakeMoveVec has empty arguments, it must have a type specified';

function checkCommand(command: Command): void {
  const commandArguments = (count: number) => {
    if (count >= L.maxArguments)
      throw sizeLimit('maximum arguments in a programmable transaction command', L.maxArguments);
  };
  switch (command.$kind) {
    case 'MoveCall': {
      const call = command.MoveCall;
      const counted = { nodes: 0 };
      for (const type of call.typeArguments) checkTypeArgument(type, counted);
      if (call.arguments.length >= L.maxArguments)
        throw sizeLimit('maximum arguments in a move call', L.maxArguments);
      // Sui names the module even when the function is the bad one.
      if (!isMoveIdentifier(call.module) || !isMoveIdentifier(call.function))
        throw badIdentifier(call.module);
      return;
    }
    case 'TransferObjects':
    case 'MergeCoins':
    case 'SplitCoins': {
      const args =
        command.$kind === 'TransferObjects'
          ? command.TransferObjects.objects
          : command.$kind === 'MergeCoins'
            ? command.MergeCoins.sources
            : command.SplitCoins.amounts;
      if (args.length === 0) throw refused(EMPTY_COMMAND);
      commandArguments(args.length);
      return;
    }
    case 'MakeMoveVec': {
      const { type, elements } = command.MakeMoveVec;
      if (type === null && elements.length === 0) throw refused(EMPTY_COMMAND);
      if (type !== null) checkTypeArgument(type, { nodes: 0 });
      commandArguments(elements.length);
      return;
    }
    default:
      return;
  }
}

/**
 * Every node of a type counts towards the call's type arguments (fewer than `maxTypeArguments` in all of
 * a call's), and none may lie `maxTypeArgumentDepth` deep or deeper (the outermost is at depth 1).
 */
function checkTypeArgument(type: string, counted: { nodes: number }): void {
  let tag: TypeTag;
  try {
    tag = TypeTagSerializer.parseFromStr(type);
  } catch {
    throw refused(`invalid type argument ${type.slice(0, 64)}`);
  }
  const stack: [TypeTag, number][] = [[tag, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    counted.nodes += 1;
    if (counted.nodes >= L.maxTypeArguments)
      throw sizeLimit('maximum type arguments in a call transaction', L.maxTypeArguments);
    if (depth >= L.maxTypeArgumentDepth)
      throw sizeLimit('maximum type argument depth in a call transaction', L.maxTypeArgumentDepth);
    if ('vector' in node) stack.push([node.vector, depth + 1]);
    else if ('struct' in node) {
      const { module, name, typeParams } = node.struct;
      if (!isMoveIdentifier(module)) throw badIdentifier(module);
      if (!isMoveIdentifier(name)) throw badIdentifier(name);
      for (const param of typeParams) stack.push([param, depth + 1]);
    }
  }
}

const badIdentifier = (text: string) =>
  refused(`Invalid identifier found in the transaction: ${text.slice(0, 64)}`);

/**
 * The gas price lies from the reference gas price to below `maxGasPrice`, in both modes; with checks
 * enabled the budget lies from `baseTxCostFixed` units at that price up to `maxTxGas`.
 */
function checkGas(price: bigint, budget: bigint, checksEnabled: boolean, referenceGasPrice: bigint): void {
  if (price < referenceGasPrice)
    throw refused(`Gas price ${price} under reference gas price (RGP) ${referenceGasPrice}`);
  if (price >= L.maxGasPrice) throw refused(`Gas price cannot exceed ${L.maxGasPrice} mist`);
  if (!checksEnabled) return;
  if (budget > L.maxTxGas) throw refused(`Gas budget: ${budget} is higher than max: ${L.maxTxGas}`);
  const min = L.baseTxCostFixed * price;
  if (budget < min) throw refused(`Gas budget: ${budget} is lower than min: ${min}`);
}
