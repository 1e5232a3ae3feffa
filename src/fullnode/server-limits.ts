// How long a local node waits for a client and how much it holds for it: a client that is slow, silent or
// greedy is dropped and the others are served. Node's own server limits carry each one where Node has one
// (HTTP/1.1: `headersTimeout`, `requestTimeout`, `keepAliveTimeout`, `timeout`, `maxHeaderSize`; HTTP/2: the
// session timeout, `settings`, `maxSessionMemory`); the rest (waiting for a connection's first byte, an
// HTTP/2 request's whole body, the connection cap, buffered bytes) is ours, since Node has none.
import type { ServerOptions as HttpServerOptions } from 'node:http';
import type { ServerOptions as Http2ServerOptions } from 'node:http2';

export interface ServerLimits {
  /** From a connection's first byte (or from its opening, for a silent one) to its request's headers. */
  headersTimeoutMs: number;
  /** From a request's start to its last body byte. */
  requestTimeoutMs: number;
  /** A connection with nothing under way (between requests, or writing to a client that does not read). */
  idleTimeoutMs: number;
  /** Open connections; past it the oldest one with no method running gives way, else the newcomer. */
  maxConnections: number;
  /** One request's body. */
  maxRequestBytes: number;
  /** All unfinished request bodies together. */
  maxBufferedBytes: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  maxConnections: 256,
  maxRequestBytes: 4 * 1024 * 1024,
  maxBufferedBytes: 64 * 1024 * 1024,
};

/** Request headers, in bytes, on both protocols (Node's HTTP/1.1 default, stated on purpose). */
const MAX_HEADER_BYTES = 16 * 1024;
/** gRPC clients open a few streams at once; 100 is what gRPC servers commonly allow. */
const MAX_STREAMS_PER_SESSION = 100;
/** HTTP/2's smallest frame size: nothing a unary call sends needs larger frames. */
const MAX_FRAME_BYTES = 16 * 1024;
/** What one HTTP/2 session may buffer in nghttp2, in MB (Node's default, stated on purpose). */
const MAX_SESSION_MEMORY_MB = 10;

/**
 * How often Node looks for requests past their headers or request timeout: its default (30 s) would let a
 * short timeout run long, so a quarter of the shorter timeout, at most a second.
 */
function checkingIntervalMs(limits: ServerLimits): number {
  return Math.max(
    10,
    Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
  );
}

export function http1Options(limits: ServerLimits): HttpServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    connectionsCheckingInterval: checkingIntervalMs(limits),
    maxHeaderSize: MAX_HEADER_BYTES,
  };
}

export function http2Options(): Http2ServerOptions {
  return {
    maxSessionMemory: MAX_SESSION_MEMORY_MB,
    settings: {
      maxConcurrentStreams: MAX_STREAMS_PER_SESSION,
      maxFrameSize: MAX_FRAME_BYTES,
      maxHeaderListSize: MAX_HEADER_BYTES,
    },
  };
}

/** Limits as a user gives them; a mistake Node would only throw on later is said here. */
export function checkedLimits(limits: ServerLimits): ServerLimits {
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new RangeError('the headers timeout cannot be longer than the request timeout');
  if (limits.maxRequestBytes > limits.maxBufferedBytes)
    throw new RangeError('one request cannot be allowed more bytes than all requests together');
  return limits;
}
