// A fetch for the OpenAI SDK that reads the whole response body before handing the response over.
// Why: the SDK's timeout only runs until the headers arrive, so a server that stalls mid-body would hang
// the call forever; reading the body inside fetch puts it under the same timer. It also keeps the raw text,
// which the SDK discards for JSON error bodies and which our error messages quote. The body is capped so a
// runaway server cannot fill the worker's memory.

/** Statuses whose Response may not carry a body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** A chat answer is a few kilobytes; this leaves room for verbose reasoning fields. */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface BufferedExchange {
  /** The raw body of the last response, once it was fully read. */
  lastBody: string | null;
}

/** The server sent more than the cap; reading stopped there. */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`response body is larger than ${maxBytes} bytes`);
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ResponseTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createBufferingFetch(exchange: BufferedExchange, maxBytes: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const text = await readCapped(response, maxBytes);
    exchange.lastBody = text;
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
