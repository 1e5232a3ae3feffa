// gRPC-web over HTTP/1.1, the wire `@mysten/sui/grpc` speaks: a POST to `/<package.Service>/<Method>` whose
// body is one length-prefixed protobuf message (binary, or base64 for the `-text` content types), answered
// by a data frame and a trailer frame carrying `grpc-status`. An error is a "trailers-only" answer: the
// status in the HTTP headers and no body. Unary calls only: streaming has no use here.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** gRPC status codes this server answers with. */
export const GrpcCode = {
  OK: 0,
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  UNAUTHENTICATED: 16,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
} as const;

export class GrpcStatusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** What this server needs of a protobuf message type (Mysten's generated `GrpcTypes` have it). */
export interface MessageCodec<T> {
  fromBinary(bytes: Uint8Array): T;
  toBinary(message: T): Uint8Array;
}

/** One unary method: its request and response types and what it does. */
export interface UnaryMethod<I extends object = object, O extends object = object> {
  input: MessageCodec<I>;
  output: MessageCodec<O>;
  handle(request: I): Promise<O> | O;
}

const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/**
 * Runs the method at `path` on a request body of length-prefixed frames (the same framing in gRPC and
 * gRPC-web); the answer is one data frame.
 * @throws GrpcStatusError
 */
export async function callMethod(
  methods: ReadonlyMap<string, UnaryMethod>,
  path: string,
  body: Buffer,
): Promise<Buffer> {
  const method = methods.get(path);
  if (!method) throw new GrpcStatusError(GrpcCode.UNIMPLEMENTED, `${path} is not served by this node`);
  let input: object;
  try {
    input = method.input.fromBinary(requestMessage(body));
  } catch (error) {
    if (error instanceof GrpcStatusError) throw error;
    throw new GrpcStatusError(
      GrpcCode.INVALID_ARGUMENT,
      `cannot decode the request: ${(error as Error).message}`,
    );
  }
  return frame(0x00, method.output.toBinary(await method.handle(input)));
}

/** Any failure as a gRPC status; what is not a GrpcStatusError is INTERNAL. */
export function grpcStatusOf(error: unknown): { code: number; message: string } {
  if (error instanceof GrpcStatusError) return { code: error.code, message: error.message };
  return { code: GrpcCode.INTERNAL, message: error instanceof Error ? error.message : String(error) };
}

export function readBody(req: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES)
        reject(new GrpcStatusError(GrpcCode.INVALID_ARGUMENT, 'request too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function frame(flag: number, payload: Uint8Array): Buffer {
  const out = Buffer.alloc(5 + payload.length);
  out[0] = flag;
  out.writeUInt32BE(payload.length, 1);
  out.set(payload, 5);
  return out;
}

/** The first data frame's message; a request with no frame is an empty message. */
function requestMessage(body: Buffer): Uint8Array {
  if (body.length === 0) return new Uint8Array();
  if (body.length < 5 || (body[0]! & 0x80) !== 0)
    throw new GrpcStatusError(GrpcCode.INVALID_ARGUMENT, 'malformed gRPC-web request frame');
  const length = body.readUInt32BE(1);
  if (body.length < 5 + length)
    throw new GrpcStatusError(GrpcCode.INVALID_ARGUMENT, 'truncated gRPC-web request frame');
  return body.subarray(5, 5 + length);
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'grpc-status, grpc-message, retry-after',
};

/** A "trailers-only" answer: the status in the headers, no body. */
export function sendStatus(res: ServerResponse, contentType: string, code: number, message: string): void {
  res.writeHead(200, {
    ...CORS_HEADERS,
    'content-type': contentType,
    'grpc-status': String(code),
    'grpc-message': encodeURIComponent(message),
  });
  res.end();
}

/**
 * Answers one gRPC-web request with `methods`, keyed by path (`/sui.rpc.v2.LedgerService/GetObject`).
 * Returns false when the request is not gRPC-web, so the caller can answer it otherwise.
 */
export async function answerGrpcWeb(
  req: IncomingMessage,
  res: ServerResponse,
  methods: ReadonlyMap<string, UnaryMethod>,
): Promise<boolean> {
  const contentType = String(req.headers['content-type'] ?? '');
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      ...CORS_HEADERS,
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': '*',
    });
    res.end();
    return true;
  }
  if (req.method !== 'POST' || !contentType.startsWith('application/grpc-web')) return false;
  const text = contentType.startsWith('application/grpc-web-text');
  try {
    const raw = await readBody(req);
    const body = text ? Buffer.from(raw.toString('ascii'), 'base64') : raw;
    const reply = await callMethod(methods, req.url?.split('?')[0] ?? '', body);
    const trailer = Buffer.from('grpc-status: 0\r\ngrpc-message: \r\n', 'ascii');
    const payload = Buffer.concat([reply, frame(0x80, trailer)]);
    res.writeHead(200, { ...CORS_HEADERS, 'content-type': contentType });
    res.end(text ? Buffer.from(payload.toString('base64'), 'ascii') : payload);
  } catch (error) {
    const status = grpcStatusOf(error);
    sendStatus(res, contentType, status.code, status.message);
  }
  return true;
}
