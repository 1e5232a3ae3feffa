// A fetch for the OpenAI SDK that reads the whole response body before handing the response over.
// Why: the SDK's timeout only runs until the headers arrive, so a server that stalls mid-body would hang
// the call forever; reading the body inside fetch puts it under the same timer. It also keeps the raw text,
// which the SDK discards for JSON error bodies and which our error messages quote.

/** Statuses whose Response may not carry a body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

export interface BufferedExchange {
  /** The raw body of the last response, once it was fully read. */
  lastBody: string | null;
}

export function createBufferingFetch(exchange: BufferedExchange): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.text();
    exchange.lastBody = text;
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
