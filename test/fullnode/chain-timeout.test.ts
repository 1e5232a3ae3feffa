// A node that never answers is a timeout, and a timeout is worth a retry: the gRPC-web transport would
// otherwise report it as an INTERNAL error, which reads as a refusal. The caller's own abort stays an abort.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainError, chainStep, createChainClient } from '../../src/chain/grpc-client.js';
import { SimulationError, simulatePlan } from '../../src/sim/index.js';
import { KIOSK_DEFAULT, SENDER } from '../sim/support/sui-rpc-answers.js';

let silent: Server;
let stalling: Server;
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

beforeAll(async () => {
  // Takes the request and never says a word.
  silent = createServer(() => {});
  // Sends the headers of a gRPC-web answer, then nothing more.
  stalling = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/grpc-web+proto' });
    res.flushHeaders();
  });
  await Promise.all([listen(silent), listen(stalling)]);
});
afterAll(() => {
  silent.closeAllConnections();
  stalling.closeAllConnections();
  silent.close();
  stalling.close();
});

async function failure(url: string, signal?: AbortSignal): Promise<unknown> {
  const client = createChainClient(url, { timeoutMs: 300, signal });
  return chainStep(url, 'asking the node what it serves', signal, () =>
    client.ledgerService.getServiceInfo({}),
  ).then(
    () => expect.fail('the node answered'),
    (error: unknown) => error,
  );
}

describe('a gRPC request that gets no answer in time', () => {
  it('is a transient timeout when the node never answers', async () => {
    const error = await failure(urlOf(silent));
    expect(error).toBeInstanceOf(ChainError);
    expect(error).toMatchObject({ kind: 'timeout', transient: true });
    expect((error as Error).message).toMatch(/no answer from http:\/\/127\.0\.0\.1:\d+ in time/);
  });

  it('is a transient timeout when the answer stops after its headers', async () => {
    const error = await failure(urlOf(stalling));
    expect(error).toMatchObject({ kind: 'timeout', transient: true });
  });

  it('is the caller’s abort, not a timeout, when the caller gives up first', async () => {
    const reason = new Error('the run was cancelled');
    const error = await failure(urlOf(silent), abortAfter(50, reason));
    expect(error).toBe(reason);
  });
});

describe('a simulation whose node gets no answer in time', () => {
  it('fails as a timeout, which the activity retries, not as a refusal', async () => {
    const url = urlOf(silent);
    const error = await simulatePlan({
      mode: 'dry-run',
      spec: KIOSK_DEFAULT,
      sender: SENDER,
      gasBudget: 5_000_000,
      gasCoin: null,
      rpcUrl: url,
      rpcProtocol: 'grpc',
      packageDir: null,
      requireDryRun: false,
      timeoutMs: 300,
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SimulationError);
    expect(error).toMatchObject({ kind: 'timeout' });
  });
});

function abortAfter(ms: number, reason: Error): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(reason), ms);
  return controller.signal;
}
