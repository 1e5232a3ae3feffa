// dry-run and dev-inspect with `--rpc-protocol json-rpc`, against a JSON-RPC server on 127.0.0.1 answering
// in a full node's shapes (providers that still serve JSON-RPC; gRPC is test/fullnode/).
import { bcs } from '@mysten/sui/bcs';
import { fromBase64 } from '@mysten/sui/utils';
import { afterEach, describe, expect, test } from 'vitest';
import type { PtbSpec } from '../../src/core/phase2/ptb-spec.js';
import {
  fetchInventory,
  preflightSimulation,
  SimulationError,
  simulatePlan,
  type SimulationRequest,
} from '../../src/sim/index.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { ARTIPEDIA } from '../support/artipedia-helper.js';
import { MAINNET_DIR } from '../support/mainnet-roots.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import {
  closedPortUrl,
  RpcFault,
  startSuiRpcServer,
  type RpcHandler,
  type SuiRpcServer,
} from './support/sui-rpc-server.js';
import {
  ABORT,
  baseHandlers,
  CLOCK,
  COINS,
  digest,
  dryRunAnswer,
  effects,
  FULL_2,
  id,
  KIOSK,
  KIOSK_CAP,
  KIOSK_DEFAULT,
  SENDER,
} from './support/sui-rpc-answers.js';

const FRAMEWORK_DIR =
  SHARED_PACKAGE_DIRS['0x0000000000000000000000000000000000000000000000000000000000000002']!;
let server: SuiRpcServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serve(handlers: Record<string, RpcHandler>): Promise<SuiRpcServer> {
  server = await startSuiRpcServer({ ...baseHandlers, ...handlers });
  return server;
}

function request(url: string, overrides: Partial<SimulationRequest> = {}): SimulationRequest {
  return {
    mode: 'dry-run',
    spec: KIOSK_DEFAULT,
    sender: SENDER,
    gasBudget: 5_000_000,
    gasCoin: null,
    rpcUrl: url,
    rpcProtocol: 'json-rpc',
    packageDir: FRAMEWORK_DIR,
    requireDryRun: false,
    ...overrides,
  };
}

const sentTransaction = (rpc: SuiRpcServer, index = 0) =>
  bcs.TransactionData.parse(
    fromBase64(rpc.callsOf('sui_dryRunTransactionBlock')[index]!.params[0] as string),
  );
const sentBudgets = (rpc: SuiRpcServer) =>
  rpc
    .callsOf('sui_dryRunTransactionBlock')
    .map((_call, index) => sentTransaction(rpc, index).V1?.gasData.budget);

describe('dry-run', () => {
  test('success: the created objects come from objectChanges, and the transaction is the plan', async () => {
    const rpc = await serve({
      sui_dryRunTransactionBlock: () =>
        dryRunAnswer({ status: 'success' }, ['0x2::kiosk::Kiosk', '0x2::kiosk::KioskOwnerCap']),
    });
    const outcome = await simulatePlan(request(rpc.url));
    expect(outcome).toMatchObject({
      modeUsed: 'dry_run',
      createdTypes: [KIOSK, KIOSK_CAP],
      staticCreatedTypes: [KIOSK, KIOSK_CAP],
      txBuildOk: true,
      execOk: true,
      failure: null,
      fellBack: false,
      gasBudgetUsed: 5_000_000,
      attempts: 1,
    });
    const tx = sentTransaction(rpc).V1!;
    expect(tx.sender).toBe(SENDER);
    // Gas: the sender's first coin, the reference price, the requested budget.
    expect(tx.gasData).toEqual({
      payment: [{ objectId: COINS[0]!.coinObjectId, version: '11', digest: COINS[0]!.digest }],
      owner: SENDER,
      price: '750',
      budget: '5000000',
    });
    expect(tx.kind.ProgrammableTransaction?.commands[0]?.MoveCall).toMatchObject({
      package: FULL_2,
      module: 'kiosk',
      function: 'default',
    });
  });

  test('a Move abort is reported with its code and location, and the ladder is not climbed', async () => {
    const rpc = await serve({
      sui_dryRunTransactionBlock: () => dryRunAnswer({ status: 'failure', error: ABORT }),
    });
    const outcome = await simulatePlan(request(rpc.url, { gasBudgetLadder: [20_000_000, 50_000_000] }));
    expect(outcome).toMatchObject({
      execOk: false,
      createdTypes: [],
      attempts: 1,
      gasBudgetUsed: 5_000_000,
    });
    expect(outcome.failure).toEqual({
      status: 'failure',
      effectsError: ABORT,
      abortCode: '3',
      abortLocation: '0x2::kiosk::withdraw',
    });
    expect(rpc.callsOf('sui_dryRunTransactionBlock')).toHaveLength(1);
  });

  test('out of gas: the next ladder budget is tried, and only until the transaction runs', async () => {
    const rpc = await serve({
      sui_dryRunTransactionBlock: (params) => {
        const budget = BigInt(bcs.TransactionData.parse(fromBase64(params[0] as string)).V1!.gasData.budget);
        return budget < 2_000_000n
          ? dryRunAnswer({ status: 'failure', error: 'InsufficientGas' })
          : dryRunAnswer({ status: 'success' }, ['0x2::kiosk::Kiosk', '0x2::kiosk::KioskOwnerCap']);
      },
    });
    const outcome = await simulatePlan(
      request(rpc.url, { gasBudget: 1000, gasBudgetLadder: [1000, 2_000_000, 50_000_000] }),
    );
    expect(sentBudgets(rpc)).toEqual(['1000', '2000000']);
    expect(outcome).toMatchObject({
      execOk: true,
      gasBudgetUsed: 2_000_000,
      attempts: 2,
      failure: null,
      createdTypes: [KIOSK, KIOSK_CAP],
    });
  });

  test('out of gas at every budget: the whole ladder is tried and the highest budget reported', async () => {
    const rpc = await serve({
      sui_dryRunTransactionBlock: () => dryRunAnswer({ status: 'failure', error: 'InsufficientGas' }),
    });
    const outcome = await simulatePlan(
      request(rpc.url, { gasBudgetLadder: [20_000_000, 5_000_000, 90_000_000] }),
    );
    expect(sentBudgets(rpc)).toEqual(['5000000', '20000000', '90000000']);
    expect(outcome).toMatchObject({ execOk: false, gasBudgetUsed: 90_000_000, attempts: 3, fellBack: false });
  });

  test('the best attempt is reported when a later budget cannot even run', async () => {
    const rpc = await serve({
      sui_dryRunTransactionBlock: (_params, call) => {
        if (call === 1) return dryRunAnswer({ status: 'failure', error: 'InsufficientGas' });
        throw new RpcFault(
          -32002,
          'Error checking transaction input objects: GasBalanceTooLow { gas_balance: 5000000000, needed_gas_amount: 90000000000 }',
        );
      },
    });
    const outcome = await simulatePlan(request(rpc.url, { gasBudgetLadder: [90_000_000_000] }));
    expect(sentBudgets(rpc)).toEqual(['5000000', '90000000000']);
    expect(outcome).toMatchObject({ execOk: false, gasBudgetUsed: 5_000_000, attempts: 2, fellBack: false });
    expect(outcome.failure?.effectsError).toBe('InsufficientGas');
  });

  const refused: RpcHandler = () => {
    throw new RpcFault(-32002, 'Error checking transaction input objects: ObjectNotFound');
  };
  const inspectedOk = { effects: effects({ status: 'success' }, ['a', 'b']), events: [], results: [] };

  test('a dry-run the node refuses falls back to dev-inspect, crediting the static types', async () => {
    const rpc = await serve({
      sui_dryRunTransactionBlock: refused,
      sui_devInspectTransactionBlock: () => inspectedOk,
    });
    const outcome = await simulatePlan(request(rpc.url));
    expect(outcome).toMatchObject({
      modeUsed: 'dev_inspect',
      fellBack: true,
      execOk: true,
      createdTypes: [KIOSK, KIOSK_CAP],
      attempts: 2,
    });
    expect(outcome.dryRunError).toMatch(
      /dry-run: the RPC refused: Error checking transaction input objects: ObjectNotFound/,
    );
    const [sender, kind, gasPrice] = rpc.callsOf('sui_devInspectTransactionBlock')[0]!.params;
    expect(sender).toBe(SENDER);
    expect(gasPrice).toBeNull();
    expect(
      bcs.TransactionKind.parse(fromBase64(kind as string)).ProgrammableTransaction?.commands[0]?.MoveCall
        ?.function,
    ).toBe('default');
  });

  test('--require-dry-run: no fallback, the refusal is the error', async () => {
    const rpc = await serve({
      sui_dryRunTransactionBlock: refused,
      sui_devInspectTransactionBlock: () => inspectedOk,
    });
    const error = await simulatePlan(request(rpc.url, { requireDryRun: true })).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SimulationError);
    expect((error as SimulationError).kind).toBe('rejected');
    expect((error as SimulationError).message).toMatch(/ObjectNotFound/);
    expect(rpc.callsOf('sui_devInspectTransactionBlock')).toHaveLength(0);
  });

  test('a sender with no SUI coin cannot pay gas, so dev-inspect answers instead', async () => {
    const rpc = await serve({
      suix_getCoins: () => ({ data: [], nextCursor: null, hasNextPage: false }),
      sui_devInspectTransactionBlock: () => inspectedOk,
    });
    const outcome = await simulatePlan(request(rpc.url));
    expect(outcome).toMatchObject({ modeUsed: 'dev_inspect', fellBack: true });
    expect(outcome.dryRunError).toMatch(/owns no SUI coin to pay for gas/);
    expect(rpc.callsOf('sui_dryRunTransactionBlock')).toHaveLength(0);
  });

  test('a gas coin given by id is read from the chain and pays', async () => {
    const rpc = await serve({ sui_dryRunTransactionBlock: () => dryRunAnswer({ status: 'success' }) });
    await simulatePlan(request(rpc.url, { gasCoin: '0x' + 'AA'.repeat(32) }));
    expect(sentTransaction(rpc).V1?.gasData.payment).toEqual([
      { objectId: id('aa'), version: '3', digest: digest(30) },
    ]);
    expect(rpc.callsOf('suix_getCoins')).toHaveLength(0);
  });

  test('an RPC that does not answer in time is a timeout; an abort stops the wait at once', async () => {
    const rpc = await serve({ sui_dryRunTransactionBlock: () => new Promise(() => {}) });
    const slow = await simulatePlan(request(rpc.url, { timeoutMs: 300 })).catch((thrown: unknown) => thrown);
    expect(slow).toMatchObject({ kind: 'timeout', message: `dry-run: no answer from ${rpc.url} in time` });
    const controller = new AbortController();
    const running = simulatePlan(request(rpc.url), controller.signal).catch((thrown: unknown) => thrown);
    setTimeout(() => controller.abort(new Error('activity cancelled')), 200);
    expect(await running).toMatchObject({ message: 'activity cancelled' });
  });

  test('a dead RPC is a clear, retryable error, with no fallback', async () => {
    const url = await closedPortUrl();
    const error = await simulatePlan(request(url)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SimulationError);
    expect((error as SimulationError).kind).toBe('unavailable');
    expect((error as SimulationError).message).toContain(`cannot reach the Sui RPC at ${url}`);
    await expect(
      preflightSimulation({ mode: 'dry-run', rpcUrl: url, rpcProtocol: 'json-rpc' }),
    ).rejects.toThrow(/cannot reach the Sui RPC/);
  });

  test('a network named with another node is refused: JSON-RPC cannot say which network a node serves', async () => {
    const rpc = await serve({});
    await expect(
      preflightSimulation({ mode: 'dry-run', rpcUrl: rpc.url, rpcProtocol: 'json-rpc', network: 'mainnet' }),
    ).rejects.toThrow(`--network mainnet cannot be checked against ${rpc.url} over JSON-RPC`);
  });
});

describe('dev-inspect', () => {
  test('objects are read from the chain: versions, shared initial versions, the sender coin', async () => {
    const rpc = await serve({ sui_devInspectTransactionBlock: () => inspectedAbort() });
    const spec: PtbSpec = {
      calls: [
        {
          target: '0x2::kiosk::default',
          type_args: [],
          args: [
            { imm_or_owned_object: '0x' + 'AA'.repeat(32) },
            { shared_object: { id: '0x6', mutable: true } },
            { sender_sui_coin: { index: 5 } },
          ],
        },
      ],
    };
    const outcome = await simulatePlan(request(rpc.url, { mode: 'dev-inspect', spec }));
    // The run aborted, so nothing is credited, although the bytecode would create both.
    expect(outcome).toMatchObject({
      modeUsed: 'dev_inspect',
      execOk: false,
      createdTypes: [],
      staticCreatedTypes: [KIOSK, KIOSK_CAP],
    });
    expect(outcome.failure?.abortCode).toBe('3');
    const kind = bcs.TransactionKind.parse(
      fromBase64(rpc.callsOf('sui_devInspectTransactionBlock')[0]!.params[1] as string),
    );
    expect(kind.ProgrammableTransaction?.inputs.map((input) => input.Object)).toEqual([
      {
        $kind: 'ImmOrOwnedObject',
        ImmOrOwnedObject: { objectId: id('aa'), version: '3', digest: digest(30) },
      },
      {
        $kind: 'SharedObject',
        SharedObject: { objectId: CLOCK, initialSharedVersion: '1', mutable: true },
      },
      // Coins c0 (the gas coin, excluded) and c1: index 5 is clamped to the last one, as smi_tx_sim does.
      {
        $kind: 'ImmOrOwnedObject',
        ImmOrOwnedObject: { objectId: id('c1'), version: '12', digest: digest(8) },
      },
    ]);
  });

  test('an upgraded package, called by its storage id, is credited its types under their defining ids', async () => {
    // artipedia's register_points (../shared/mainnet, version 6 of 0xb7c36a…) packs a UserNumber and
    // transfers it; bcs.json's typeOriginTable says version 6 (0x13fe3a…) defined that type.
    const rpc = await serve({
      sui_devInspectTransactionBlock: () => ({
        effects: effects({ status: 'success' }, []),
        events: [],
        results: [],
      }),
    });
    const spec: PtbSpec = {
      calls: [{ target: `${ARTIPEDIA}::artipedia::register_points`, type_args: [], args: [{ u64: 7 }] }],
    };
    const outcome = await simulatePlan(
      request(rpc.url, { mode: 'dev-inspect', spec, packageDir: packageDirFor(MAINNET_DIR, ARTIPEDIA) }),
    );
    expect(outcome).toMatchObject({
      modeUsed: 'dev_inspect',
      execOk: true,
      createdTypes: [`${ARTIPEDIA}::artipedia::UserNumber`],
      staticCreatedTypes: [`${ARTIPEDIA}::artipedia::UserNumber`],
    });
  });

  test('a missing object and an object that is not shared are named', async () => {
    const rpc = await serve({});
    const run = (arg: PtbSpec['calls'][number]['args'][number]) =>
      simulatePlan(
        request(rpc.url, {
          mode: 'dev-inspect',
          spec: { calls: [{ target: '0x2::m::f', type_args: [], args: [arg] }] },
        }),
      );
    await expect(run({ imm_or_owned_object: id('bb') })).rejects.toThrow(`object ${id('bb')} does not exist`);
    await expect(run({ shared_object: { id: id('aa'), mutable: false } })).rejects.toThrow(
      `object ${id('aa')} is not shared`,
    );
  });
});

function inspectedAbort() {
  return { effects: effects({ status: 'failure', error: ABORT }, []), events: [], error: ABORT, results: [] };
}

describe('pre-flight and inventory', () => {
  test('RPC modes ask the RPC for its chain id', async () => {
    const rpc = await serve({});
    const report = await preflightSimulation({
      mode: 'dev-inspect',
      rpcUrl: rpc.url,
      rpcProtocol: 'json-rpc',
    });
    expect(report.chainId).toBe('4c78adac');
    await expect(
      preflightSimulation({ mode: 'dry-run', rpcUrl: null, rpcProtocol: 'json-rpc' }),
    ).rejects.toThrow(/needs a node to talk to/);
  });

  test('the inventory pages through the sender objects and groups them by normalized type', async () => {
    const item = (objectId: string, type: string) => ({
      data: { objectId, version: '1', digest: digest(4), type },
    });
    const rpc = await serve({
      suix_getOwnedObjects: (params, call) =>
        call === 1
          ? {
              data: [
                item(id('01'), '0x2::kiosk::KioskOwnerCap'),
                item(id('02'), '0x2::coin::Coin<0x2::sui::SUI>'),
              ],
              nextCursor: 'page2',
              hasNextPage: true,
            }
          : { data: [item(id('03'), '0x2::kiosk::KioskOwnerCap')], nextCursor: null, hasNextPage: false },
    });
    const inventory = await fetchInventory(rpc.url, SENDER, { protocol: 'json-rpc' });
    expect(inventory).toEqual({
      [KIOSK_CAP]: [id('01'), id('03')],
      [`${FULL_2}::coin::Coin<${FULL_2}::sui::SUI>`]: [id('02')],
    });
    expect(rpc.callsOf('suix_getOwnedObjects').map((call) => call.params)).toEqual([
      [SENDER, { options: { showType: true } }, null, 50],
      [SENDER, { options: { showType: true } }, 'page2', 50],
    ]);
    expect(await fetchInventory(rpc.url, '0x0', { protocol: 'json-rpc' })).toEqual({});
  });
});
