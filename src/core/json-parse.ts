// A strict JSON parser that behaves like Python's json.loads: it accepts NaN/Infinity, reports errors with
// Python-style messages and positions, and can keep the int/float distinction that checksums depend on.
import { PyFloat } from './py-float.js';

/** A parse failure at `pos` (a UTF-16 index into the text). */
export class JsonSyntaxError extends Error {
  constructor(
    readonly msg: string,
    readonly pos: number,
    readonly text: string,
  ) {
    super(`${msg}: ${lineColumn(text, pos)}`);
    this.name = 'JsonSyntaxError';
  }
}

function lineColumn(text: string, pos: number): string {
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const col = pos - before.lastIndexOf('\n');
  return `line ${line} column ${col} (char ${pos})`;
}

export interface ParseJsonOptions {
  /**
   * Keep numbers as Python sees them: literals with `.`, `e` or `E` become PyFloat, integers beyond
   * 2^53 become bigint. Needed to re-serialize (and checksum) files written by Python.
   */
  lossless?: boolean;
}

const WS = new Set([' ', '\t', '\n', '\r']);
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

/** Parses the whole text as one JSON value (surrounding whitespace allowed), like json.loads. */
export function parseJson(text: string, options: ParseJsonOptions = {}): unknown {
  const lossless = options.lossless ?? false;
  let i = 0;

  const fail = (msg: string, pos: number): never => {
    throw new JsonSyntaxError(msg, pos, text);
  };
  const skipWs = (): void => {
    while (i < text.length && WS.has(text[i] as string)) i++;
  };

  const parseString = (): string => {
    const start = i; // at the opening quote
    i++;
    let out = '';
    let run = i;
    for (;;) {
      if (i >= text.length) fail('Unterminated string starting at', start);
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(run, i);
        i++;
        return out;
      }
      if (c < 0x20) fail('Invalid control character at', i);
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(run, i);
      const e = text[i + 1];
      if (e === undefined) fail('Unterminated string starting at', start);
      if (e === 'u') {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Invalid \\uXXXX escape', i + 1);
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else {
        const mapped = ESCAPES[e as string];
        if (mapped === undefined) fail('Invalid \\escape', i);
        out += mapped;
        i += 2;
      }
      run = i;
    }
  };

  const parseNumber = (): unknown => {
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return fail('Expecting value', i);
    i += m[0].length;
    const isFloat = m[1] !== undefined || m[2] !== undefined;
    if (!lossless) return Number(m[0]);
    if (isFloat) return new PyFloat(Number(m[0]));
    const n = Number(m[0]);
    return Number.isSafeInteger(n) ? n + 0 : BigInt(m[0]); // `+ 0` turns -0 into 0, as Python's int does
  };

  const parseValue = (): unknown => {
    skipWs();
    const c = text[i];
    if (c === '{') return parseObject();
    if (c === '[') return parseArray();
    if (c === '"') return parseString();
    for (const [word, value] of LITERALS) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return lossless && typeof value === 'number' ? new PyFloat(value) : value;
      }
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return parseNumber();
    return fail('Expecting value', i);
  };

  const parseArray = (): unknown[] => {
    i++;
    const out: unknown[] = [];
    skipWs();
    if (text[i] === ']') {
      i++;
      return out;
    }
    for (;;) {
      out.push(parseValue());
      skipWs();
      if (text[i] === ']') {
        i++;
        return out;
      }
      if (text[i] !== ',') fail("Expecting ',' delimiter", i);
      i++;
    }
  };

  const parseObject = (): Record<string, unknown> => {
    i++;
    const out: Record<string, unknown> = {};
    skipWs();
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      skipWs();
      if (text[i] !== '"') fail('Expecting property name enclosed in double quotes', i);
      const key = parseString();
      skipWs();
      if (text[i] !== ':') fail("Expecting ':' delimiter", i);
      i++;
      const value = parseValue();
      // defineProperty so that a "__proto__" key is stored as data, never as the prototype.
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      skipWs();
      if (text[i] === '}') {
        i++;
        return out;
      }
      if (text[i] !== ',') fail("Expecting ',' delimiter", i);
      i++;
    }
  };

  const value = parseValue();
  skipWs();
  if (i < text.length) fail('Extra data', i);
  return value;
}

const LITERALS: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
];
