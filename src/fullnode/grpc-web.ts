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

/**
 * The longest `grpc-message` this server sends: an error that quotes bad input quotes a prefix, never a
 * megabyte back to the client.
 */
const MAX_STATUS_MESSAGE = 256;

function shortened(message: string): string {
  return message.length <= MAX_STATUS_MESSAGE ? message : `${message.slice(0, MAX_STATUS_MESSAGE - 1)}…`;
}

export class GrpcStatusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(shortened(message));
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

/** What the server lends one request: its body within the node's caps, and its connection marked working. */
export interface RequestIntake {
  /** The whole body, refused past the caps (RESOURCE_EXHAUSTED), `declaredLength` before reading any. */
  readBody(source: NodeJS.ReadableStream, declaredLength: string | undefined): Promise<Buffer>;
  /** Runs the method, with the connection counted as working (not dropped for being quiet meanwhile). */
  working<T>(work: () => Promise<T>): Promise<T>;
}

/** A request's framing: its body, and the `grpc-encoding` its client says it compressed messages with. */
export interface RequestFrames {
  body: Buffer;
  encoding: string | string[] | undefined;
}

/** This node compresses nothing and takes no compressed message. */
export const ACCEPTED_ENCODINGS = 'identity';

/**
 * Runs the method at `path` on a request body of length-prefixed frames (the same framing in gRPC and
 * gRPC-web); the answer is one data frame.
 * @throws GrpcStatusError
 */
export async function callMethod(
  methods: ReadonlyMap<string, UnaryMethod>,
  path: string,
  request: RequestFrames,
): Promise<Buffer> {
  const method = methods.get(path);
  if (!method)
    throw new GrpcStatusError(GrpcCode.UNIMPLEMENTED, `${path.slice(0, 80)} is not served by this node`);
  let input: object;
  try {
    input = method.input.fromBinary(requestMessage(request));
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
  return {
    code: GrpcCode.INTERNAL,
    message: shortened(error instanceof Error ? error.message : String(error)),
  };
}

function frame(flag: number, payload: Uint8Array): Buffer {
  const out = Buffer.alloc(5 + payload.length);
  out[0] = flag;
  out.writeUInt32BE(payload.length, 1);
  out.set(payload, 5);
  return out;
}

/**
 * The first data frame's message; a request with no frame is an empty message. A compressed message is
 * refused as gRPC's compression spec says: UNIMPLEMENTED for an encoding this node does not take, INTERNAL
 * for the compressed flag without any encoding named.
 */
function requestMessage({ body, encoding: given }: RequestFrames): Uint8Array {
  const encoding = Array.isArray(given) ? given.join(',') : given;
  if (body.length === 0) return new Uint8Array();
  if (body.length < 5 || body[0]! > 1)
    throw new GrpcStatusError(GrpcCode.INVALID_ARGUMENT, 'malformed gRPC request frame');
  if (body[0] === 1) {
    if (encoding === undefined || encoding === 'identity')
      throw new GrpcStatusError(
        GrpcCode.INTERNAL,
        'compressed flag set on a message without a grpc-encoding to decompress it with',
      );
    throw new GrpcStatusError(
      GrpcCode.UNIMPLEMENTED,
      `grpc-encoding ${encoding.slice(0, 40)} is not supported (grpc-accept-encoding: ${ACCEPTED_ENCODINGS})`,
    );
  }
  const length = body.readUInt32BE(1);
  if (body.length < 5 + length)
    throw new GrpcStatusError(GrpcCode.INVALID_ARGUMENT, 'truncated gRPC request frame');
  return body.subarray(5, 5 + length);
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'grpc-status, grpc-message, retry-after',
  'grpc-accept-encoding': ACCEPTED_ENCODINGS,
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
  intake: RequestIntake,
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
    const raw = await intake.readBody(req, req.headers['content-length']).catch((error: unknown) => {
      // The rest of the body is not read: the connection ends with the answer, before more of it comes.
      res.setHeader('connection', 'close');
      res.once('finish', () => req.socket.destroy());
      throw error;
    });
    const body = text ? Buffer.from(raw.toString('ascii'), 'base64') : raw;
    const encoding = req.headers['grpc-encoding'];
    const reply = await intake.working(() =>
      callMethod(methods, req.url?.split('?')[0] ?? '', { body, encoding }),
    );
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
