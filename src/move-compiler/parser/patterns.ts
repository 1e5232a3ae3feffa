// Patterns: `let` bindings (`x`, `mut x`, `(a, b)`, `S { f, g: x, .. }`, `P(a, ..)`) and `match`
// arm patterns (which add literals, `|` alternatives and `x @ pattern`).
import type { NameAccessChain, Pattern, TypeAst } from '../ast.js';
import { CODES } from '../codes.js';
import { parseLiteral } from './expressions.js';
import { parseNameChain } from './names.js';
import type { ParserState } from './parser-state.js';
import type { TokenKind } from './tokens.js';

const UNPACK_FOLLOWERS: ReadonlySet<TokenKind> = new Set(['{', '<', '::', '(']);

/** `let` left-hand side: one binding, or a parenthesised list of them. */
export function parseBindList(p: ParserState): Pattern {
  if (!p.at('(')) return parseBind(p);
  const start = p.start;
  const elems = p.commaList('(', ')', () => parseBind(p), 'a variable or structure binding');
  if (elems.length === 1 && elems[0] !== undefined) return elems[0];
  return { kind: 'tuple', loc: p.loc(start), elems };
}

export function parseBind(p: ParserState): Pattern {
  const start = p.start;
  const isVariable = (p.atIdentifier() || p.at('mut')) && !UNPACK_FOLLOWERS.has(p.lookahead());
  if (isVariable) {
    const isMut = p.match('mut');
    const name = p.parseIdentifier();
    if (name.value === '_' && !isMut) return { kind: 'wildcard', loc: name.loc };
    return { kind: 'var', loc: p.loc(start), name, isMut };
  }
  const chain = parseNameChain(p, {
    typeArgs: true,
    spacedTypeArgs: true,
    macros: false,
    description: 'a variable or struct name',
  });
  return parseUnpackFields(p, start, chain.path, chain.typeArgs, () => parseBind(p), 'a field binding');
}

/** The fields after a struct name; shared by `let` and `match` patterns, which differ in `inner`. */
function parseUnpackFields(
  p: ParserState,
  start: number,
  path: NameAccessChain,
  typeArgs: TypeAst[] | undefined,
  inner: () => Pattern,
  description: string,
): Pattern {
  let hasRest = false;
  const withTypeArgs = typeArgs === undefined ? {} : { typeArgs };
  if (p.at('(')) {
    const elems: Pattern[] = [];
    p.commaList('(', ')', () => (p.match('..') ? (hasRest = true) : elems.push(inner())), description);
    return { kind: 'unpack_positional', loc: p.loc(start), path, ...withTypeArgs, elems, hasRest };
  }
  const fields: { loc: Pattern['loc']; field: { value: string; loc: Pattern['loc'] }; pattern: Pattern }[] =
    [];
  p.commaList(
    '{',
    '}',
    () => {
      if (p.match('..')) {
        hasRest = true;
        return;
      }
      const fieldStart = p.start;
      const isMut = p.match('mut');
      const field = p.parseIdentifier();
      let pattern: Pattern;
      if (!isMut && p.match(':')) pattern = inner();
      else pattern = { kind: 'var', loc: p.loc(fieldStart), name: field, isMut };
      fields.push({ loc: p.loc(fieldStart), field, pattern });
    },
    description,
  );
  return { kind: 'unpack_named', loc: p.loc(start), path, ...withTypeArgs, fields, hasRest };
}

/** `P1 | P2`, `x @ P`, constructors, names and literals. */
export function parseMatchPattern(p: ParserState): Pattern {
  const start = p.start;
  const alternatives = [parseAtPattern(p)];
  while (p.match('|')) alternatives.push(parseAtPattern(p));
  const first = alternatives[0];
  if (alternatives.length === 1 && first !== undefined) return first;
  return { kind: 'or', loc: p.loc(start), alternatives };
}

function parseAtPattern(p: ParserState): Pattern {
  if (p.at('identifier') && p.lookahead() === '@') {
    const start = p.start;
    const name = p.parseIdentifier();
    if (name.value === '_') throw p.failAt(name.loc, "'_' cannot name the value matched by '@'");
    p.advance();
    const pattern = parseConstructorPattern(p);
    return { kind: 'at', loc: p.loc(start), name, pattern };
  }
  return parseConstructorPattern(p);
}

function parseConstructorPattern(p: ParserState): Pattern {
  const start = p.start;
  if (p.match('(')) {
    const inner = parseMatchPattern(p);
    p.expect(')');
    return inner;
  }
  const startsName = p.at('mut') || p.atIdentifier() || (p.at('number') && p.lookahead() === '::');
  if (!startsName) {
    const literal = parseLiteral(p);
    if (literal === undefined) throw p.failAt(p.tokenLoc(), 'Expected a pattern here');
    return { kind: 'literal', loc: p.loc(start), value: literal };
  }
  const mutToken = p.at('mut') ? p.advance() : undefined;
  const chain = parseNameChain(p, {
    typeArgs: true,
    spacedTypeArgs: true,
    macros: false,
    description: 'a pattern entry',
  });
  if (p.at('(') || p.at('{')) {
    if (mutToken !== undefined) {
      p.bag.add(CODES.unexpectedToken, {
        loc: p.tokenLoc(mutToken),
        message: "'mut' applies only to a variable in a pattern",
      });
    }
    return parseUnpackFields(p, start, chain.path, chain.typeArgs, () => parseMatchPattern(p), 'a pattern');
  }
  return classifyNamePattern(p, start, chain.path, chain.typeArgs, mutToken !== undefined);
}

/**
 * A bare name in a match arm is a binder or a constant/variant, which only name resolution can
 * tell apart. We follow Move's naming convention: a single lowercase (or `mut`) name binds a
 * variable, `_` is a wildcard, anything else (`NONE`, `Color::Red`) names a constant or variant.
 */
function classifyNamePattern(
  p: ParserState,
  start: number,
  path: NameAccessChain,
  typeArgs: TypeAst[] | undefined,
  isMut: boolean,
): Pattern {
  const only = path.parts.length === 1 && path.address === undefined ? path.parts[0] : undefined;
  if (only !== undefined && typeArgs === undefined) {
    if (only.value === '_' && !isMut) return { kind: 'wildcard', loc: only.loc };
    if (isMut || /^[a-z_]/.test(only.value)) return { kind: 'var', loc: p.loc(start), name: only, isMut };
  }
  return typeArgs === undefined
    ? { kind: 'name', loc: p.loc(start), path }
    : { kind: 'name', loc: p.loc(start), path, typeArgs };
}
