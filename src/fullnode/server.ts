// `smi-bench fullnode`: a server answering Sui's gRPC API from a corpus, on one port both as gRPC-web over
// HTTP/1.1 (what `@mysten/sui/grpc` speaks) and as gRPC over HTTP/2 (what other Sui tools speak).
// Optionally it limits requests per second the way providers do: beyond the limit it answers HTTP 429 with
// `Retry-After`, so clients' back-off can be tried offline. Slow, silent and greedy clients are dropped
// within the limits of `server-limits.ts`.
import { createServer, type IncomingMessage } from 'node:http';
import { constants, createServer as createHttp2Server, type Http2Session } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { Connections } from './connections.js';
import { shareOnePort } from './one-port.js';
import { answerGrpc } from './grpc-native.js';
import { answerGrpcWeb, GrpcCode, sendStatus, type RequestIntake } from './grpc-web.js';
import { LocalChain, type LocalChainOptions } from './local-chain.js';
import { RequestBodies } from './request-bodies.js';
import {
  checkedLimits,
  DEFAULT_SERVER_LIMITS,
  http1Options,
  http2Options,
  type ServerLimits,
} from './server-limits.js';
import { fullnodeMethods } from './services.js';

export interface FullnodeOptions extends LocalChainOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Requests allowed per second before 429; null: no limit. */
  maxRequestsPerSecond: number | null;
  /** Requests must carry `Authorization: Bearer <key>`, as providers ask; null or absent: anyone may ask. */
  apiKey?: string | null;
  /** Timeouts and caps; what is absent is DEFAULT_SERVER_LIMITS'. */
  limits?: Partial<ServerLimits>;
}

export interface Fullnode {
  url: string;
  chain: LocalChain;
  /** The timeouts and caps in force. */
  limits: ServerLimits;
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

export async function startFullnode(options: FullnodeOptions): Promise<Fullnode> {
  const limits = checkedLimits({ ...DEFAULT_SERVER_LIMITS, ...options.limits });
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
  const connections = new Connections(limits.maxConnections);
  const bodies = new RequestBodies(limits.maxRequestBytes, limits.maxBufferedBytes);

  const web = createServer(http1Options(limits), (req, res) => {
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
    answerGrpcWeb(req, res, methods, http1Intake(req))
      .then((answered) => {
        if (answered) return;
        req.resume();
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('smi-bench fullnode: gRPC or gRPC-web (POST /sui.rpc.v2.<Service>/<Method>)\n');
      })
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      });
  });
  const http1Intake = (req: IncomingMessage): RequestIntake => ({
    readBody: (source, declared) => bodies.read(source, declared),
    working: (work) => connections.working(req.socket, work),
  });
  // Quiet past the idle timeout (between requests, or a reply the client does not read): dropped, unless a
  // method of the connection is still running.
  web.setTimeout(limits.idleTimeoutMs);
  web.on('timeout', (socket: Socket) => {
    if (!connections.isWorking(socket)) socket.destroy();
  });

  const native = createHttp2Server(http2Options());
  // Until its first byte a connection is neither protocol's: it has the headers timeout to send one.
  const sessionSockets = shareOnePort(web, native, connections, limits.headersTimeoutMs);
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
    const socket = stream.session && sessionSockets.get(stream.session);
    answerGrpc(stream, headers, methods, {
      // Node has no request timeout for HTTP/2 (a stream's own timeout restarts with every frame), so the
      // whole body gets one deadline here.
      readBody: (source, declared) => {
        const deadline = setTimeout(() => stream.close(constants.NGHTTP2_CANCEL), limits.requestTimeoutMs);
        return bodies.read(source, declared).finally(() => clearTimeout(deadline));
      },
      working: (work) => (socket ? connections.working(socket, work) : work()),
    }).catch(() => stream.destroy());
  });
  native.on('sessionError', () => {}); // a client that goes away mid-session ends only its session
  // A session quiet past the idle timeout (a preface and nothing more, or between requests) is closed,
  // unless one of its methods is still running.
  native.setTimeout(limits.idleTimeoutMs);
  native.on('timeout', (session: Http2Session) => {
    const socket = sessionSockets.get(session);
    if (!socket || !connections.isWorking(socket)) session.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(options.port, options.host, () => {
      web.removeListener('error', reject);
      resolve();
    });
  });
  // Once listening, an error is a connection not accepted (out of descriptors, say): that one is lost and
  // the server goes on. The first is told, since a lasting cause leaves a node that accepts nobody; repeats
  // would only flood the log.
  let toldAcceptError = false;
  web.on('error', (error: Error) => {
    if (toldAcceptError) return;
    toldAcceptError = true;
    process.stderr.write(
      `fullnode: a connection could not be accepted (${error.message}); the node goes on, ` +
        'but if this lasts (out of file descriptors, say) it accepts no client. Later such errors are not shown.\n',
    );
  });
  const { port } = web.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    chain,
    limits,
    close: () =>
      new Promise<void>((resolve) => {
        web.close(() => resolve());
        connections.destroyAll();
      }),
  };
}
