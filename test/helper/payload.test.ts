// The helper_pkg_v1 check: each way an answer is refused, with the reason the model is shown.
import { describe, expect, it } from 'vitest';
import { checkHelperPayload, DEFAULT_MOVE_TOML, MAX_HELPER_BYTES } from '../../src/core/helper/payload.js';
import { readHelperAnswer } from '../../src/helper/build.js';

const MODULE = 'module helper::m;\n';
const files = (entries: Record<string, unknown>) => ({ move_toml: DEFAULT_MOVE_TOML, files: entries });
const errorsOf = (value: unknown): string[] => {
  const checked = checkHelperPayload(value);
  return checked.ok ? [] : checked.errors;
};

describe('checkHelperPayload', () => {
  it('accepts a package, reading entrypoints as objects or strings', () => {
    const checked = checkHelperPayload({
      ...files({ 'sources/m.move': MODULE, 'sources/sub/n.move': MODULE }),
      entrypoints: [{ target: 'helper::m::run' }, '0x0::m::other'],
      assumptions: ['none'],
    });
    expect(checked).toEqual({
      ok: true,
      payload: {
        moveToml: DEFAULT_MOVE_TOML,
        files: [
          { path: 'sources/m.move', text: MODULE },
          { path: 'sources/sub/n.move', text: MODULE },
        ],
        entrypoints: ['helper::m::run', '0x0::m::other'],
        assumptions: ['none'],
      },
    });
  });

  it('refuses what is not one object', () => {
    expect(errorsOf([1, 2])).toEqual(['the answer must be one JSON object (helper_pkg_v1), not a list']);
    expect(errorsOf('text')).toEqual(['the answer must be one JSON object (helper_pkg_v1), not a string']);
    expect(errorsOf(null)).toEqual(['the answer must be one JSON object (helper_pkg_v1), not null']);
  });

  it('refuses an answer without files', () => {
    expect(errorsOf({ move_toml: DEFAULT_MOVE_TOML })).toEqual([
      '"files" must be an object mapping sources/*.move paths to their text',
    ]);
    expect(errorsOf(files({}))).toEqual(['"files" is empty: give at least one sources/*.move file']);
  });

  it('refuses paths that leave sources/, absolute paths and other files', () => {
    expect(errorsOf(files({ 'sources/../Move.move': MODULE }))).toEqual([
      '"sources/../Move.move" has a "." or ".." segment; paths must stay inside sources/',
    ]);
    expect(errorsOf(files({ '/etc/m.move': MODULE }))).toEqual([
      '"/etc/m.move" is an absolute path; give paths relative to the package, under sources/',
    ]);
    expect(errorsOf(files({ 'C:/m.move': MODULE }))[0]).toContain('is an absolute path');
    expect(errorsOf(files({ 'sources/m.txt': 'x' }))).toEqual(['"sources/m.txt" is not a .move file']);
    expect(errorsOf(files({ 'tests/m.move': MODULE }))).toEqual([
      '"tests/m.move" is not a file under sources/',
    ]);
  });

  it('refuses 101 files and more than 600 KB', () => {
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`sources/m${i}.move`, MODULE]));
    expect(errorsOf(files(many))).toEqual(['"files" has 101 files; at most 100 are allowed']);
    const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`sources/m${i}.move`, MODULE]));
    expect(checkHelperPayload(files(hundred)).ok).toBe(true);
    // 'é' is two bytes in UTF-8: half as many characters already pass the limit.
    const big = 'é'.repeat(MAX_HELPER_BYTES / 2 + 1);
    expect(errorsOf(files({ 'sources/m.move': big }))).toEqual([
      `the sources are ${MAX_HELPER_BYTES + 2} bytes in all; at most 614400 bytes (600 KB) are allowed`,
    ]);
    expect(checkHelperPayload(files({ 'sources/m.move': 'x'.repeat(MAX_HELPER_BYTES) })).ok).toBe(true);
  });

  it('lists every problem at once', () => {
    expect(errorsOf({ move_toml: 3, files: { 'a.move': 1 }, entrypoints: ['nope'] })).toEqual([
      '"move_toml" must be the text of Move.toml',
      '"a.move" is not a file under sources/',
      'the contents of "a.move" must be a string',
      'entrypoints[0] has no target of the form addr::module::function',
    ]);
  });

  it('reads the JSON out of a reply, and says so when there is none', () => {
    expect(
      readHelperAnswer('Here:\n```json\n' + JSON.stringify(files({ 'sources/m.move': MODULE })) + '\n```').ok,
    ).toBe(true);
    const none = readHelperAnswer('I cannot do that.');
    expect(none.ok).toBe(false);
    expect(none.ok ? [] : none.errors[0]).toMatch(/^the answer holds no JSON object: /);
  });
});
