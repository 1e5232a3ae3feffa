// Tolerant JSON reading of noisy text (model replies, tool stdout): upstream utils.safe_json_loads and
// json_extract.py.
import { JsonSyntaxError, parseJson, type ParseJsonOptions } from './json-parse.js';
import { pyRepr, pyStrip } from './py-string.js';

/** A JSON parse failure with upstream's message shape: context, decoder message, position, snippet. */
export class JsonParseError extends Error {
  constructor(
    message: string,
    readonly pos: number,
  ) {
    super(message);
    this.name = 'JsonParseError';
  }
}

/** The model reply held no usable JSON (upstream JsonExtractError, a ValueError). */
export class JsonExtractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonExtractError';
  }
}

export interface SafeJsonLoadsOptions extends ParseJsonOptions {
  /** Width of the snippet around the error position (half on each side). */
  maxSnippetLen?: number;
}

/**
 * Strict parse; failing that, the span from the first `{` to the last `}`, then from the first `[` to the
 * last `]` (objects first, as upstream). Throws JsonParseError located in the original text.
 */
export function safeJsonLoads(text: string, context = '', options: SafeJsonLoadsOptions = {}): unknown {
  const { maxSnippetLen = 100, ...parseOptions } = options;
  let firstError: unknown;
  try {
    return parseJson(text, parseOptions);
  } catch (e) {
    firstError = e;
  }
  const s = pyStrip(text);
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
    const start = s.indexOf(open);
    const end = s.lastIndexOf(close);
    if (start === -1 || end === -1 || end <= start) continue;
    try {
      return parseJson(s.slice(start, end + 1), parseOptions);
    } catch {
      // try the next bracket kind
    }
  }
  if (!(firstError instanceof JsonSyntaxError)) throw firstError;
  const pos = firstError.pos;
  const half = Math.floor(maxSnippetLen / 2);
  const from = Math.max(0, pos - half);
  const to = Math.min(text.length, pos + half);
  const snippet = (from > 0 ? '...' : '') + text.slice(from, to) + (to < text.length ? '...' : '');
  const where = context ? ` in ${context}` : '';
  throw new JsonParseError(
    `JSON parse error${where}: ${firstError.message}\nPosition ${pos}, snippet: ${pyRepr(snippet)}`,
    pos,
  );
}

// The first fenced block, with or without a `json` tag (any case), as upstream's pattern
// /```(?:json)?\s*([\s\S]*?)\s*```/i would find it. Hand-written because that regex backtracks on long
// whitespace runs (cubic time: a reply of 10,000 blanks took minutes); this walks the text a bounded number
// of times. Equivalence: the regex matches at the first ``` iff another ``` starts 3 or more characters
// later; it takes the `json` tag when present; the body starts after the leading whitespace and ends
// before the whitespace that precedes the next ``` (the surrounding pyStrip makes the trim edges moot).
const TICKS = '```';
const WHITESPACE = /\s/;
const JSON_TAG = /^json$/i;

function stripFence(text: string): string {
  const open = text.indexOf(TICKS);
  const close0 = open === -1 ? -1 : text.indexOf(TICKS, open + TICKS.length);
  if (close0 === -1) return pyStrip(text);
  let from = open + TICKS.length;
  if (JSON_TAG.test(text.slice(from, from + 4))) from += 4;
  while (from < text.length && WHITESPACE.test(text[from] as string)) from++;
  const close = text.indexOf(TICKS, from);
  let to = close;
  while (to > from && WHITESPACE.test(text[to - 1] as string)) to--;
  return pyStrip(text.slice(from, to));
}

/** Any JSON value found in a model reply (fence stripped first). */
export function extractJsonValue(text: string): unknown {
  try {
    return safeJsonLoads(stripFence(text), 'model response extraction');
  } catch (e) {
    if (e instanceof JsonParseError) throw new JsonExtractError(`no JSON found: ${e.message}`);
    throw e;
  }
}

/** The type strings of a reply shaped as `[...]` or `{"key_types": [...]}`; non-strings are dropped. */
export function extractTypeList(text: string): Set<string> {
  const value = extractJsonValue(text);
  let items: unknown[] | undefined;
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'object' && value !== null) {
    const keyTypes = (value as Record<string, unknown>)['key_types'];
    if (Array.isArray(keyTypes)) items = keyTypes;
  }
  if (items === undefined) {
    throw new JsonExtractError('unexpected JSON shape (expected array or {key_types:[...]})');
  }
  return new Set(items.filter((x): x is string => typeof x === 'string'));
}
