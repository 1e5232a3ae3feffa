// The helper benchmark's answer format, `helper_pkg_v1`: one JSON object holding a Move package (its
// Move.toml and its `sources/*.move` files), the entry functions to run and the model's assumptions.
// Checking it is pure: every reason an answer is refused becomes one line the model is shown next time.
import { isPlainObject } from '../py-value.js';

export const MAX_HELPER_FILES = 100;
/** All source text together, counted in UTF-8 bytes (600 KB). */
export const MAX_HELPER_BYTES = 600 * 1024;

/** Used when the answer has no `move_toml`: a package named `helper` at the address the build replaces. */
export const DEFAULT_MOVE_TOML =
  '[package]\nname = "helper"\nedition = "2024"\n\n[addresses]\nhelper = "0x0"\n';

export interface HelperPayload {
  moveToml: string;
  /** Path (`sources/…/x.move`) to text, in the answer's order. */
  files: { path: string; text: string }[];
  /** `addr::module::function` targets the model asks to run; empty: every zero-argument entry function. */
  entrypoints: string[];
  assumptions: string[];
}

export type PayloadCheck = { ok: true; payload: HelperPayload } | { ok: false; errors: string[] };

const TARGET = /^[A-Za-z0-9_]+::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$/;

/** Why a file path is refused, or null: relative, under `sources/`, no `.` or `..` segment, a `.move` file. */
export function pathProblem(path: string): string | null {
  if (path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:/.test(path))
    return `${JSON.stringify(path)} is an absolute path; give paths relative to the package, under sources/`;
  if (path.includes('\\')) return `${JSON.stringify(path)} uses backslashes; separate folders with /`;
  const segments = path.split('/');
  if (segments.some((s) => s === '..' || s === '.'))
    return `${JSON.stringify(path)} has a "." or ".." segment; paths must stay inside sources/`;
  if (segments[0] !== 'sources' || segments.length < 2 || segments.some((s) => s === ''))
    return `${JSON.stringify(path)} is not a file under sources/`;
  if (!path.endsWith('.move')) return `${JSON.stringify(path)} is not a .move file`;
  return null;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function entrypointTargets(value: unknown, errors: string[]): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.push('"entrypoints" must be a list of {"target": "addr::module::function"}');
    return [];
  }
  const targets: string[] = [];
  for (const [i, item] of value.entries()) {
    // A bare string is read as the target itself.
    const target = typeof item === 'string' ? item : isPlainObject(item) ? item['target'] : undefined;
    if (typeof target !== 'string' || !TARGET.test(target)) {
      errors.push(`entrypoints[${i}] has no target of the form addr::module::function`);
      continue;
    }
    targets.push(target);
  }
  return targets;
}

function sourceFiles(value: unknown, errors: string[]): { path: string; text: string }[] {
  if (!isPlainObject(value)) {
    errors.push('"files" must be an object mapping sources/*.move paths to their text');
    return [];
  }
  const entries = Object.entries(value);
  if (entries.length === 0) errors.push('"files" is empty: give at least one sources/*.move file');
  if (entries.length > MAX_HELPER_FILES)
    errors.push(`"files" has ${entries.length} files; at most ${MAX_HELPER_FILES} are allowed`);
  const files: { path: string; text: string }[] = [];
  let bytes = 0;
  for (const [path, text] of entries) {
    const problem = pathProblem(path);
    if (problem) errors.push(problem);
    if (typeof text !== 'string') {
      errors.push(`the contents of ${JSON.stringify(path)} must be a string`);
      continue;
    }
    bytes += utf8Length(text);
    files.push({ path, text });
  }
  if (bytes > MAX_HELPER_BYTES)
    errors.push(
      `the sources are ${bytes} bytes in all; at most ${MAX_HELPER_BYTES} bytes (600 KB) are allowed`,
    );
  return files;
}

/** Checks a parsed answer; every problem found is listed, not just the first. */
export function checkHelperPayload(value: unknown): PayloadCheck {
  if (!isPlainObject(value))
    return {
      ok: false,
      errors: ['the answer must be one JSON object (helper_pkg_v1), not ' + describe(value)],
    };
  const errors: string[] = [];
  const moveToml = value['move_toml'] ?? DEFAULT_MOVE_TOML;
  if (typeof moveToml !== 'string') errors.push('"move_toml" must be the text of Move.toml');
  const files = sourceFiles(value['files'], errors);
  const entrypoints = entrypointTargets(value['entrypoints'], errors);
  const rawAssumptions = value['assumptions'];
  const assumptions = Array.isArray(rawAssumptions)
    ? rawAssumptions.filter((a): a is string => typeof a === 'string')
    : [];
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, payload: { moveToml: moveToml as string, files, entrypoints, assumptions } };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}
