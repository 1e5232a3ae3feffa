// `smi-bench fullnode`: a server answering Sui's gRPC API from a corpus, on one port both as gRPC-web over
// HTTP/1.1 (what `@mysten/sui/grpc` speaks) and as gRPC over HTTP/2 (what other Sui tools speak).
// Optionally it limits requests per second the way providers do: beyond the limit it answers HTTP 429 with
// `Retry-After`, so clients' back-off can be tried offline.
import { createServer } from 'node:http';
import { createServer as createHttp2Server } from 'node:http2';
import { createServer as createNetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { answerGrpc } from './grpc-native.js';
import { answerGrpcWeb, GrpcCode, sendStatus } from './grpc-web.js';
import { LocalChain, type LocalChainOptions } from './local-chain.js';
import { fullnodeMethods } from './services.js';

export interface FullnodeOptions extends LocalChainOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Requests allowed per second before 429; null: no limit. */
  maxRequestsPerSecond: number | null;
  /** Requests must carry `Authorization: Bearer <key>`, as providers ask; null or absent: anyone may ask. */
  apiKey?: string | null;
}

export interface Fullnode {
  url: string;
  chain: LocalChain;
  close(): Promise<void>;
}

/** A fixed one-second window: simple, and what a client sees from most providers' limits. */
function rateLimiter(perSecond: number | null): () => number | null {
  let windowStart = 0;
  let used = 0;
  return () => {
    if (perSecond === null) return null;
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      used = 0;
    }
    used += 1;
    return used > perSecond ? Math.max(1, Math.ceil((windowStart + 1000 - now) / 1000)) : null;
  };
}

/** Why a request is turned away before it reaches a method: over the rate, or without the API key. */
type Refusal = { kind: 'rate'; waitSeconds: number } | { kind: 'key' } | null;

const KEY_MESSAGE = 'missing or wrong API key (Authorization: Bearer …)';

/** How HTTP/2's connection preface (`PRI * HTTP/2.0`) starts; no HTTP/1.1 method does. */
const HTTP2_PREFACE = Buffer.from('PRI');

export async function startFullnode(options: FullnodeOptions): Promise<Fullnode> {
  const chain = await LocalChain.open(options);
  const methods = fullnodeMethods(chain);
  const overLimit = rateLimiter(options.maxRequestsPerSecond);
  const gate = (method: string | undefined, authorization: string | undefined): Refusal => {
    if (method !== 'POST') return null;
    const wait = overLimit();
    if (wait !== null) return { kind: 'rate', waitSeconds: wait };
    if (options.apiKey && authorization !== `Bearer ${options.apiKey}`) return { kind: 'key' };
    return null;
  };

  const web = createServer((req, res) => {
    const refusal = gate(req.method, req.headers.authorization);
    if (refusal) {
      req.resume();
      if (refusal.kind === 'rate') {
        res.writeHead(429, { 'retry-after': String(refusal.waitSeconds), 'content-type': 'text/plain' });
        res.end('too many requests\n');
      } else {
        const contentType = String(req.headers['content-type'] ?? 'application/grpc-web+proto');
        sendStatus(res, contentType, GrpcCode.UNAUTHENTICATED, KEY_MESSAGE);
      }
      return;
    }
    answerGrpcWeb(req, res, methods)
      .then((answered) => {
        if (answered) return;
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('smi-bench fullnode: gRPC or gRPC-web (POST /sui.rpc.v2.<Service>/<Method>)\n');
      })
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      });
  });

  const native = createHttp2Server();
  native.on('stream', (stream, headers) => {
    const refusal = gate(headers[':method'], headers.authorization);
    if (refusal?.kind === 'rate') {
      stream.respond({ ':status': 429, 'retry-after': String(refusal.waitSeconds) }, { endStream: true });
      return;
    }
    if (refusal?.kind === 'key') {
      stream.respond(
        {
          ':status': 200,
          'content-type': 'application/grpc+proto',
          'grpc-status': String(GrpcCode.UNAUTHENTICATED),
          'grpc-message': encodeURIComponent(KEY_MESSAGE),
        },
        { endStream: true },
      );
      return;
    }
    answerGrpc(stream, headers, methods).catch(() => stream.destroy());
  });
  native.on('sessionError', () => {}); // a client that goes away mid-session ends only its session

  // One port for both: a connection that opens with HTTP/2's preface is gRPC, any other HTTP/1.1.
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      // HTTP/2 reads what was put back itself when its session starts; HTTP/1.1 waits for the flow.
      if (first.subarray(0, HTTP2_PREFACE.length).equals(HTTP2_PREFACE)) native.emit('connection', socket);
      else {
        web.emit('connection', socket);
        socket.resume();
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    chain,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
