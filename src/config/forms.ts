// The forms an SMI_* value may take, as zod schemas over the raw string, each with the words that say what
// it accepts (`a whole number from 1 to 1024`): the error for a bad value names the variable and that form.
import { z } from 'zod';
import { clamp, parseBoolWord, parseFloatLoose, parseIntLoose } from './env-values.js';

/** A schema over the raw text of one variable (never empty: empty counts as unset), and what it accepts. */
export interface Form<T> {
  schema: z.ZodType<T, string>;
  accepts: string;
}

const WHOLE = /^\s*\d+\s*$/;

/** A whole number in [min, max], written in decimal digits. */
export function wholeNumber(min: number, max: number): Form<number> {
  return {
    schema: z.string().regex(WHOLE).transform(Number).pipe(z.number().int().min(min).max(max)),
    accepts: `a whole number from ${min} to ${max}`,
  };
}

/** A TCP port. */
export function port(): Form<number> {
  return { ...wholeNumber(1, 65535), accepts: 'a port number (1 to 65535)' };
}

/** A decimal number above 0 (`0.5`, `12`). */
export function positiveDecimal(): Form<number> {
  return {
    schema: z
      .string()
      .transform((raw) => parseFloatLoose(raw) ?? Number.NaN)
      .pipe(z.number().positive().finite()),
    accepts: 'a number above 0',
  };
}

/** A price, 0 or more (strict: a price that does not parse is refused rather than read as 0). */
export function price(): Form<number> {
  return {
    schema: z
      .string()
      .transform((raw) => parseFloatLoose(raw) ?? Number.NaN)
      .pipe(z.number().min(0).finite()),
    accepts: 'a price in US dollars per million tokens',
  };
}

/** One of `words`, exactly, or (`anyCase`) without regard to case; the value is the word as listed. */
export function oneOf<const W extends string>(words: readonly W[], anyCase = false): Form<W> {
  const key = (word: string) => (anyCase ? word.trim().toUpperCase() : word);
  const byKey = new Map(words.map((word) => [key(word), word]));
  return {
    schema: z
      .string()
      .refine((raw) => byKey.has(key(raw)))
      .transform((raw) => byKey.get(key(raw)) as W),
    accepts: words.length === 1 ? `${words[0]}` : `one of ${words.join(', ')}`,
  };
}

/** true/false, yes/no, on/off, 1/0 (upstream's words). */
export function yesNo(): Form<boolean> {
  return {
    schema: z
      .string()
      .transform((raw) => parseBoolWord(raw))
      .pipe(z.boolean()),
    accepts: 'true/false, yes/no, on/off or 1/0',
  };
}

/** Any text (a name, a key). */
export function text(): Form<string> {
  return { schema: z.string(), accepts: 'text' };
}

/** A file or folder, relative to the working directory or absolute. */
export function path(): Form<string> {
  return { schema: z.string(), accepts: 'a path' };
}

/** An http(s) URL. */
export function httpUrl(): Form<string> {
  return { schema: z.url({ protocol: /^https?$/ }), accepts: 'an http:// or https:// URL' };
}

/**
 * Upstream's lenient whole number: a value that does not read as one gives `fallback`, then the result is
 * clamped to [min, max]. Never an error, as in the harness smi-bench re-implements.
 */
export function lenientWholeNumber(fallback: number, min: number, max: number): Form<number> {
  return {
    schema: z.string().transform((raw) => clamp(parseIntLoose(raw) ?? fallback, min, max)),
    accepts: `a whole number, clamped to ${min}–${max} (anything else reads as ${fallback}, as upstream)`,
  };
}

/** Upstream's lenient decimal number, as `lenientWholeNumber`. */
export function lenientDecimal(fallback: number, min: number, max: number): Form<number> {
  return {
    schema: z.string().transform((raw) => clamp(parseFloatLoose(raw) ?? fallback, min, max)),
    accepts: `a number, clamped to ${min}–${max} (anything else reads as ${fallback}, as upstream)`,
  };
}
