// What `smi-bench fullnode` answers a malformed request, on both wires: a structural error (bad protobuf,
// bad BCS, a transaction BCS cannot spell) is INVALID_ARGUMENT, never INTERNAL; a refusal quotes at most a
// short prefix of the bad input; a compressed message is refused as gRPC's compression spec says, since the
// node takes none (UNIMPLEMENTED for an encoding it does not take, INTERNAL for the flag without one).
import { connect as connectHttp2, type IncomingHttpHeaders } from 'node:http2';
import { bcs } from '@mysten/sui/bcs';
import { GrpcTypes } from '@mysten/sui/grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { mainnetFullnode } from '../support/local-fullnode.js';

const GET_OBJECT = '/sui.rpc.v2.LedgerService/GetObject';
const SIMULATE = '/sui.rpc.v2.TransactionExecutionService/SimulateTransaction';
const SENDER = `0x${'12'.repeat(32)}`;

let node: Fullnode;
beforeAll(async () => {
  node = await mainnetFullnode();
});
afterAll(() => node.close());

/** One length-prefixed gRPC frame. */
function frame(message: Uint8Array, flag = 0): Buffer {
  const head = Buffer.alloc(5);
  head[0] = flag;
  head.writeUInt32BE(message.length, 1);
  return Buffer.concat([head, message]);
}

interface Status {
  code: number;
  message: string;
  acceptEncoding: string | null;
}

/** A gRPC-web call (HTTP/1.1) and its status. */
async function overWeb(path: string, body: Buffer, headers: Record<string, string> = {}): Promise<Status> {
  const response = await fetch(`${node.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/grpc-web+proto', ...headers },
    body,
  });
  await response.arrayBuffer();
  return {
    code: Number(response.headers.get('grpc-status')),
    message: decodeURIComponent(response.headers.get('grpc-message') ?? ''),
    acceptEncoding: response.headers.get('grpc-accept-encoding'),
  };
}

/** A gRPC call (HTTP/2) and its status: in the trailers, or in the headers of a trailers-only answer. */
async function overGrpc(path: string, body: Buffer, headers: Record<string, string> = {}): Promise<Status> {
  const session = connectHttp2(node.url);
  try {
    const stream = session.request({
      ':method': 'POST',
      ':path': path,
      'content-type': 'application/grpc',
      ...headers,
    });
    let head: IncomingHttpHeaders = {};
    let trailers: IncomingHttpHeaders = {};
    stream.once('response', (got) => (head = got));
    stream.once('trailers', (got) => (trailers = got));
    stream.resume();
    stream.end(body);
    await new Promise((resolve) => stream.once('close', resolve));
    const status = { ...head, ...trailers };
    return {
      code: Number(status['grpc-status']),
      message: decodeURIComponent(String(status['grpc-message'] ?? '')),
      acceptEncoding: (head['grpc-accept-encoding'] as string | undefined) ?? null,
    };
  } finally {
    session.close();
  }
}

const simulateBcs = (bytes: Uint8Array) =>
  frame(GrpcTypes.SimulateTransactionRequest.toBinary({ transaction: { bcs: { value: bytes } } }));

function transactionBytes(): Uint8Array {
  return bcs.TransactionData.serialize({
    V1: {
      kind: { ProgrammableTransaction: { inputs: [], commands: [] } },
      sender: SENDER,
      gasData: { payment: [], owner: SENDER, price: 1000n, budget: 50_000_000n },
      expiration: { None: true },
    },
  }).toBytes();
}

describe.each([
  ['gRPC-web', overWeb],
  ['gRPC over HTTP/2', overGrpc],
])('a malformed request over %s', (_wire, call) => {
  it('bad protobuf is INVALID_ARGUMENT', async () => {
    const status = await call(GET_OBJECT, frame(Buffer.from([0x0a, 0x05, 0x30])));
    expect(status.code).toBe(3);
    expect(status.message).toMatch(/^cannot decode the request/);
  });

  it('a transaction with bytes after its TransactionData is INVALID_ARGUMENT', async () => {
    const status = await call(
      SIMULATE,
      simulateBcs(Buffer.concat([transactionBytes(), Buffer.from([1, 2])])),
    );
    expect(status).toMatchObject({ code: 3 });
    expect(status.message).toMatch(/^transaction\.bcs is not a TransactionData/);
  });

  it('a structured transaction naming no valid address is INVALID_ARGUMENT, not INTERNAL', async () => {
    const request = GrpcTypes.SimulateTransactionRequest.toBinary({
      transaction: {
        sender: 'not-an-address',
        kind: {
          data: {
            oneofKind: 'programmableTransaction',
            programmableTransaction: { inputs: [], commands: [] },
          },
        },
      },
    });
    const status = await call(SIMULATE, frame(request));
    expect(status.code).toBe(3);
    expect(status.message).toContain('not-an-address');
  });

  it('a refusal quotes a short prefix of a megabyte of bad input', async () => {
    const huge = `0x${'z'.repeat(1024 * 1024)}`;
    const status = await call(GET_OBJECT, frame(GrpcTypes.GetObjectRequest.toBinary({ objectId: huge })));
    expect(status.code).toBe(3);
    expect(status.message.length).toBeLessThanOrEqual(256);
    expect(status.message).toMatch(/^invalid object id "0xzzzz/);
  });

  it('a compressed message without an encoding is INTERNAL; with one the node does not take, UNIMPLEMENTED', async () => {
    const request = GrpcTypes.GetObjectRequest.toBinary({ objectId: '0x2' });
    const flagOnly = await call(GET_OBJECT, frame(request, 1));
    expect(flagOnly.code).toBe(13);
    expect(flagOnly.message).toMatch(/compressed flag/);
    const gzip = await call(GET_OBJECT, frame(request, 1), { 'grpc-encoding': 'gzip' });
    expect(gzip.code).toBe(12);
    expect(gzip.acceptEncoding).toBe('identity');
    // The same message uncompressed is served.
    expect((await call(GET_OBJECT, frame(request))).code).toBe(0);
  });
});
