// gRPC proper, over HTTP/2 without TLS (h2c, prior knowledge), for tools that speak it rather than gRPC-web
// (Rust and Go clients, grpcurl, @grpc/grpc-js): the same methods and framing, the status in HTTP/2
// trailers, or in the headers alone for an error ("trailers-only").
import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { callMethod, grpcStatusOf, readBody, type UnaryMethod } from './grpc-web.js';

export async function answerGrpc(
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  methods: ReadonlyMap<string, UnaryMethod>,
): Promise<void> {
  const contentType = String(headers['content-type'] ?? '');
  if (headers[':method'] !== 'POST' || !contentType.startsWith('application/grpc')) {
    stream.respond({ ':status': 415, 'content-type': 'text/plain' }, { endStream: false });
    stream.end('smi-bench fullnode: gRPC (application/grpc) or gRPC-web only\n');
    return;
  }
  try {
    const reply = await callMethod(methods, String(headers[':path'] ?? ''), await readBody(stream));
    stream.respond({ ':status': 200, 'content-type': 'application/grpc+proto' }, { waitForTrailers: true });
    stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0', 'grpc-message': '' }));
    stream.end(reply);
  } catch (error) {
    const status = grpcStatusOf(error);
    if (stream.destroyed) return;
    stream.respond(
      {
        ':status': 200,
        'content-type': 'application/grpc+proto',
        'grpc-status': String(status.code),
        'grpc-message': encodeURIComponent(status.message),
      },
      { endStream: true },
    );
  }
}
