// How long a server asked us to wait, from `retry-after-ms` (non-standard, used by OpenAI) or `Retry-After`
// (seconds or an HTTP-date). Temporal uses the result as the next retry delay.

type HeaderLookup = (name: string) => string | null | undefined;

/** Milliseconds to wait (never negative), or null when no usable header is present. */
export function parseRetryAfterMs(getHeader: HeaderLookup, nowMs: number = Date.now()): number | null {
  const millis = parseNonNegativeNumber(getHeader('retry-after-ms'));
  if (millis !== null) return Math.round(millis);

  const raw = getHeader('retry-after')?.trim();
  if (!raw) return null;
  const seconds = parseNonNegativeNumber(raw);
  if (seconds !== null) return Math.round(seconds * 1000);
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowMs);
}

function parseNonNegativeNumber(raw: string | null | undefined): number | null {
  const text = raw?.trim();
  if (!text || !/^\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}
