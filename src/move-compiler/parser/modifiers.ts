// Module member modifiers: `public`, `public(package)`, `public(friend)`, `native`, `entry`,
// `macro`, each allowed once; and the check that a member kind accepts the ones it was given.
import type { Loc, Visibility } from '../ast.js';
import { CODES } from '../codes.js';
import type { ParserState } from './parser-state.js';

export interface Modifiers {
  visibility?: { value: Exclude<Visibility, 'private'>; loc: Loc };
  native?: Loc;
  entry?: Loc;
  macro?: Loc;
}

export function parseModifiers(p: ParserState): Modifiers {
  const mods: Modifiers = {};
  for (;;) {
    if (p.at('public')) {
      const visibility = parseVisibility(p);
      if (mods.visibility !== undefined) reportDuplicate(p, 'public', visibility.loc, mods.visibility.loc);
      mods.visibility = visibility;
      continue;
    }
    const key = p.at('native')
      ? 'native'
      : p.atWord('entry')
        ? 'entry'
        : p.atWord('macro')
          ? 'macro'
          : undefined;
    if (key === undefined) return mods;
    const loc = p.tokenLoc(p.advance());
    const previous = mods[key];
    if (previous !== undefined) reportDuplicate(p, key, loc, previous);
    mods[key] = loc;
  }
}

function reportDuplicate(p: ParserState, modifier: string, loc: Loc, previous: Loc): void {
  p.bag.add(CODES.duplicateItem, { loc, message: `'${modifier}' is given twice` }, [
    { loc: previous, message: 'First given here' },
  ]);
}

function parseVisibility(p: ParserState): { value: Exclude<Visibility, 'private'>; loc: Loc } {
  const start = p.start;
  p.expect('public');
  if (!p.match('(')) return { value: 'public', loc: p.loc(start) };
  const inner = p.advance();
  if (inner.kind !== ')') p.expect(')');
  const loc = p.loc(start);
  if (inner.kind === 'friend') return { value: 'friend', loc };
  if (inner.kind === 'identifier' && inner.text === 'package') return { value: 'package', loc };
  throw p.failAt(loc, "Unknown visibility: write 'public', 'public(package)' or 'public(friend)'");
}

type ModifierName = 'visibility' | 'native' | 'entry' | 'macro';

const WHERE_ALLOWED: Record<Exclude<ModifierName, 'visibility'>, string> = {
  native: 'functions or structs',
  entry: 'functions',
  macro: 'functions',
};

/** Reports each modifier that `memberKind` does not take (visibility is checked by the caller). */
export function rejectModifiers(
  p: ParserState,
  mods: Modifiers,
  memberKind: string,
  rejected: Exclude<ModifierName, 'visibility'>[],
): void {
  for (const name of rejected) {
    const loc = mods[name];
    if (loc === undefined) continue;
    p.bag.add(CODES.invalidModifier, {
      loc,
      message: `'${name}' is only for ${WHERE_ALLOWED[name]}, not a ${memberKind}`,
    });
  }
}
