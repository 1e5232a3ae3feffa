// Reading request bodies within two caps: one request's size, and what all unfinished requests hold
// together, so that many large uploads at once cannot grow the process without bound. Past either cap the
// request is refused with RESOURCE_EXHAUSTED, gRPC's status for a message larger than a server takes, and
// the caller stops reading it.
import { GrpcCode, GrpcStatusError } from './grpc-web.js';

export class RequestBodies {
  /** Bytes held by bodies still being read. */
  private held = 0;

  constructor(
    private readonly maxRequestBytes: number,
    private readonly maxBufferedBytes: number,
  ) {}

  /** The whole body; one announced larger than a request may be is refused before any of it is read. */
  read(source: NodeJS.ReadableStream, declaredLength: string | undefined): Promise<Buffer> {
    if (declaredLength !== undefined && Number(declaredLength) > this.maxRequestBytes)
      return Promise.reject(this.tooLarge());
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const settle = (error: Error | null) => {
        if (settled) return;
        settled = true;
        this.held -= size;
        source.removeListener('data', onData);
        if (error) reject(error);
        else resolve(Buffer.concat(chunks, size));
      };
      const onData = (chunk: Buffer) => {
        if (size + chunk.length > this.maxRequestBytes) return settle(this.tooLarge());
        if (this.held + chunk.length > this.maxBufferedBytes)
          return settle(
            new GrpcStatusError(
              GrpcCode.RESOURCE_EXHAUSTED,
              'the node is holding as many request bytes as it takes; try again shortly',
            ),
          );
        size += chunk.length;
        this.held += chunk.length;
        chunks.push(chunk);
      };
      source.on('data', onData);
      source.once('end', () => settle(null));
      source.once('error', (error: Error) => settle(error));
      source.once('close', () => settle(new Error('the client closed the request')));
    });
  }

  private tooLarge(): GrpcStatusError {
    return new GrpcStatusError(
      GrpcCode.RESOURCE_EXHAUSTED,
      `request larger than this node takes (${this.maxRequestBytes} bytes)`,
    );
  }
}
