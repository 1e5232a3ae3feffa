// `smi-bench fullnode`: an HTTP server answering Sui's gRPC API (as gRPC-web, what `@mysten/sui/grpc`
// speaks) from a corpus. Optionally it limits requests per second the way providers do: beyond the limit it
// answers HTTP 429 with `Retry-After`, so clients' back-off can be tried offline.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

export async function startFullnode(options: FullnodeOptions): Promise<Fullnode> {
  const chain = await LocalChain.open(options);
  const methods = fullnodeMethods(chain);
  const overLimit = rateLimiter(options.maxRequestsPerSecond);
  const server: Server = createServer((req, res) => {
    const wait = req.method === 'POST' ? overLimit() : null;
    if (wait !== null) {
      req.resume();
      res.writeHead(429, { 'retry-after': String(wait), 'content-type': 'text/plain' });
      res.end('too many requests\n');
      return;
    }
    if (options.apiKey && req.method === 'POST' && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      req.resume();
      const contentType = String(req.headers['content-type'] ?? 'application/grpc-web+proto');
      sendStatus(
        res,
        contentType,
        GrpcCode.UNAUTHENTICATED,
        'missing or wrong API key (Authorization: Bearer …)',
      );
      return;
    }
    answerGrpcWeb(req, res, methods)
      .then((answered) => {
        if (answered) return;
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end(`smi-bench fullnode: gRPC-web only (POST /sui.rpc.v2.<Service>/<Method>)\n`);
      })
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      });
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
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
