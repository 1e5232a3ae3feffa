// gRPC proper, over HTTP/2 without TLS (h2c, prior knowledge), for tools that speak it rather than gRPC-web
// (Rust and Go clients, grpcurl, @grpc/grpc-js): the same methods and framing, the status in HTTP/2
// trailers, or in the headers alone for an error ("trailers-only").
import { constants, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import {
  ACCEPTED_ENCODINGS,
  callMethod,
  grpcStatusOf,
  type RequestIntake,
  type UnaryMethod,
} from './grpc-web.js';

export async function answerGrpc(
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  methods: ReadonlyMap<string, UnaryMethod>,
  intake: RequestIntake,
): Promise<void> {
  const contentType = String(headers['content-type'] ?? '');
  if (headers[':method'] !== 'POST' || !contentType.startsWith('application/grpc')) {
    stream.respond({ ':status': 415, 'content-type': 'text/plain' }, { endStream: false });
    stream.end('smi-bench fullnode: gRPC (application/grpc) or gRPC-web only\n');
    return;
  }
  const grpcHeaders = {
    'content-type': 'application/grpc+proto',
    'grpc-accept-encoding': ACCEPTED_ENCODINGS,
  };
  let bodyRead = false;
  try {
    const body = await intake.readBody(stream, headers['content-length']);
    bodyRead = true;
    const encoding = headers['grpc-encoding'];
    const path = String(headers[':path'] ?? '');
    const reply = await intake.working(() => callMethod(methods, path, { body, encoding }));
    stream.respond({ ':status': 200, ...grpcHeaders }, { waitForTrailers: true });
    stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0', 'grpc-message': '' }));
    stream.end(reply);
  } catch (error) {
    const status = grpcStatusOf(error);
    if (stream.destroyed || stream.closed) return;
    stream.respond(
      {
        ':status': 200,
        ...grpcHeaders,
        'grpc-status': String(status.code),
        'grpc-message': encodeURIComponent(status.message),
      },
      { endStream: true },
    );
    // A body refused part-way is not read further: the client is told to stop sending it.
    if (!bodyRead) stream.close(constants.NGHTTP2_NO_ERROR);
  }
}
