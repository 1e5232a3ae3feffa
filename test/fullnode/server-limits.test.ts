// `smi-bench fullnode` bounded like a real server, probed with raw sockets on 127.0.0.1: silent, slow-header,
// slow-body and HTTP/2 preface-only clients are closed within the node's limits (short ones here, so the
// tests run fast) while a normal client is served meanwhile; request bodies are capped one by one and in
// total.
import { connect as connectHttp2, constants } from 'node:http2';
import { connect, type Socket } from 'node:net';
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { mainnetFullnode } from '../support/local-fullnode.js';

const LIMITS = {
  headersTimeoutMs: 500,
  requestTimeoutMs: 1000,
  idleTimeoutMs: 700,
  maxConnections: 64,
  maxRequestBytes: 256 * 1024,
  maxBufferedBytes: 1024 * 1024,
};
/** Node looks for expired requests every quarter of the shorter timeout; a loaded machine adds more. */
const SLACK_MS = 1500;
/** How long a test waits before calling a connection that should have been closed still open. */
const GIVE_UP_MS = 5000;

let node: Fullnode;
let host: string;
let port: number;
beforeAll(async () => {
  node = await mainnetFullnode({ limits: LIMITS });
  host = new URL(node.url).hostname;
  port = Number(new URL(node.url).port);
});
afterAll(() => node.close());

interface RawConnection {
  socket: Socket;
  /** How long after opening the node closed it; null: still open at GIVE_UP_MS. */
  closedAfter: Promise<number | null>;
  received(): string;
}

async function rawConnection(): Promise<RawConnection> {
  const socket = connect(port, host);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const opened = Date.now();
  const closedAfter = new Promise<number | null>((resolve) => {
    const giveUp = setTimeout(() => resolve(null), GIVE_UP_MS);
    socket.once('close', () => {
      clearTimeout(giveUp);
      resolve(Date.now() - opened);
    });
  });
  return { socket, closedAfter, received: () => received };
}

/** Writes `text` one piece every `everyMs` until the socket closes. */
function drip(socket: Socket, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text[at++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

async function servedMeanwhile(): Promise<void> {
  const client = new SuiGrpcClient({ network: 'localnet', baseUrl: node.url });
  const { response } = await client.ledgerService.getServiceInfo({});
  expect(response.chain).toBe('localnet');
}

/** Closed by the node at its limit: not before it, and not much after. */
function expectClosedAt(after: number | null, limitMs: number): void {
  expect(after, 'still open').not.toBeNull();
  expect(after!).toBeGreaterThanOrEqual(limitMs - 100);
  expect(after!).toBeLessThanOrEqual(limitMs + SLACK_MS);
}

describe('clients that are slow or silent', () => {
  it('a connection that never sends a byte is closed at the headers timeout; others are served', async () => {
    const silent = await rawConnection();
    await servedMeanwhile();
    expectClosedAt(await silent.closedAfter, LIMITS.headersTimeoutMs);
  });

  it('headers dripped a byte at a time are cut off at the headers timeout (Node’s, in force)', async () => {
    const slow = await rawConnection();
    slow.socket.write('POST /sui.rpc.v2.LedgerService/GetServiceInfo HTTP/1.1\r\nHost: x\r\n');
    drip(slow.socket, 'x-padding: ' + 'a'.repeat(200), 50);
    await servedMeanwhile();
    expectClosedAt(await slow.closedAfter, LIMITS.headersTimeoutMs);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body dripped a byte at a time is cut off at the request timeout', async () => {
    const slow = await rawConnection();
    slow.socket.write(
      'POST /sui.rpc.v2.LedgerService/GetServiceInfo HTTP/1.1\r\nHost: x\r\n' +
        'content-type: application/grpc-web+proto\r\ncontent-length: 100\r\n\r\n',
    );
    drip(slow.socket, '\0'.repeat(100), 50);
    await servedMeanwhile();
    expectClosedAt(await slow.closedAfter, LIMITS.requestTimeoutMs);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an HTTP/2 preface followed by nothing is closed at the idle timeout', async () => {
    const preface = await rawConnection();
    preface.socket.write('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
    await servedMeanwhile();
    expectClosedAt(await preface.closedAfter, LIMITS.idleTimeoutMs);
  });

  it('an HTTP/2 request body dripped a byte at a time is reset at the request timeout', async () => {
    const session = connectHttp2(node.url);
    session.on('error', () => {});
    const stream = session.request({
      ':method': 'POST',
      ':path': '/sui.rpc.v2.LedgerService/GetServiceInfo',
      'content-type': 'application/grpc',
    });
    stream.on('error', () => {});
    const started = Date.now();
    const timer = setInterval(() => !stream.destroyed && stream.write('\0'), 50);
    const after = await new Promise<number | null>((resolve) => {
      const giveUp = setTimeout(() => resolve(null), GIVE_UP_MS);
      stream.once('close', () => {
        clearTimeout(giveUp);
        resolve(Date.now() - started);
      });
    });
    clearInterval(timer);
    session.destroy();
    expectClosedAt(after, LIMITS.requestTimeoutMs);
    expect(stream.rstCode).toBe(constants.NGHTTP2_CANCEL);
  });
});

/** A gRPC-web request whose body is `bytes` long but never finished; what the node answered, if anything. */
async function unfinishedUpload(
  bytes: number,
  declare: boolean,
): Promise<{ status: string | null; close(): void }> {
  const upload = await rawConnection();
  const head = declare ? `content-length: ${bytes + 1}\r\n` : 'transfer-encoding: chunked\r\n';
  upload.socket.write(
    `POST /sui.rpc.v2.LedgerService/GetServiceInfo HTTP/1.1\r\nHost: x\r\ncontent-type: application/grpc-web+proto\r\n${head}\r\n`,
  );
  const body = Buffer.alloc(bytes);
  upload.socket.write(declare ? body : Buffer.concat([Buffer.from(`${bytes.toString(16)}\r\n`), body]));
  // A refusal comes at once; one taken in waits for the rest, which never comes (until the request timeout,
  // whose 408 carries no grpc-status).
  const deadline = Date.now() + 900;
  while (!/grpc-status: \d+/.test(upload.received()) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const status = /grpc-status: (\d+)/.exec(upload.received())?.[1] ?? null;
  return { status, close: () => upload.socket.destroy() };
}

describe('request bodies', () => {
  it('one larger than a request may be is refused (RESOURCE_EXHAUSTED), announced or not', async () => {
    const announced = await unfinishedUpload(LIMITS.maxRequestBytes + 10, true);
    const chunked = await unfinishedUpload(LIMITS.maxRequestBytes + 10, false);
    expect(announced.status).toBe('8');
    expect(chunked.status).toBe('8');
  });

  it('unfinished ones are held up to the total: past it new ones are refused, and served again after', async () => {
    const each = 200 * 1024;
    const uploads = await Promise.all(Array.from({ length: 8 }, () => unfinishedUpload(each, false)));
    const refused = uploads.filter((u) => u.status === '8').length;
    // 1 MiB holds at most five of 200 KiB at once: at least three are refused, not all.
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(refused).toBeLessThan(8);
    for (const upload of uploads) upload.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await servedMeanwhile();
  });
});
