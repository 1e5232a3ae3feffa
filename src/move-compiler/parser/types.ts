// Types, type parameters and abilities.
import type { Name, TypeAst, TypeParamDecl } from '../ast.js';
import { parseNameChain } from './names.js';
import type { ParserState } from './parser-state.js';

/**
 * `u64`, `Coin<SUI>`, `&mut T`, `(A, B)`, `|u64| -> bool`. In a cast (`e as T`) type arguments
 * must touch the name, so `x as u64 < y` stays a comparison.
 */
export function parseType(p: ParserState, spacedTypeArgs = true): TypeAst {
  const start = p.start;
  if (p.at('(')) {
    const elems = p.commaList('(', ')', () => parseType(p), 'a type');
    if (elems.length === 1 && elems[0] !== undefined) return elems[0];
    return { kind: 'tuple', loc: p.loc(start), elems };
  }
  if (p.at('&') || p.at('&mut')) {
    const isMut = p.advance().kind === '&mut' || p.match('mut');
    const inner = parseType(p);
    return { kind: 'ref', loc: p.loc(start), isMut, inner };
  }
  if (p.at('|') || p.at('||')) {
    const params = p.at('||') ? (p.advance(), []) : p.commaList('|', '|', () => parseType(p), 'a type');
    const result: TypeAst = p.match('->')
      ? parseType(p)
      : { kind: 'tuple', loc: p.loc(p.start, p.start), elems: [] };
    return { kind: 'fun', loc: p.loc(start), params, result };
  }
  if (!p.atIdentifier() && !p.at('number') && !p.at('::')) throw p.unexpected('a type name');
  const chain = parseNameChain(p, {
    typeArgs: true,
    spacedTypeArgs,
    macros: false,
    description: 'a type name',
  });
  return { kind: 'apply', loc: p.loc(start), path: chain.path, typeArgs: chain.typeArgs ?? [] };
}

export function parseTypeArgs(p: ParserState): TypeAst[] {
  return p.commaList('<', '>', () => parseType(p), 'a type');
}

const ABILITIES = new Set(['copy', 'drop', 'store', 'key']);

export function parseAbility(p: ParserState): Name {
  const token = p.current;
  if ((token.kind === 'copy' || token.kind === 'identifier') && ABILITIES.has(token.text)) {
    p.advance();
    return { value: token.text, loc: p.tokenLoc(token) };
  }
  const found = token.kind === 'eof' ? 'end-of-file' : `'${token.text}'`;
  throw p.failAt(
    p.tokenLoc(token),
    `Unexpected ${found}. Expected a type ability, one of: 'copy', 'drop', 'store', or 'key'`,
  );
}

/** `<T: copy + drop, phantom U>`; `phantom` only where `allowPhantom` (datatypes). */
export function parseTypeParams(p: ParserState, allowPhantom: boolean): TypeParamDecl[] {
  if (!p.at('<')) return [];
  return p.commaList('<', '>', () => parseTypeParam(p, allowPhantom), 'a type parameter');
}

function parseTypeParam(p: ParserState, allowPhantom: boolean): TypeParamDecl {
  const start = p.start;
  const isPhantom =
    allowPhantom &&
    p.atWord('phantom') &&
    p.lookahead() !== ':' &&
    p.lookahead() !== ',' &&
    p.lookahead() !== '>';
  if (isPhantom) p.advance();
  const name = p.parseIdentifier();
  const constraints: Name[] = [];
  if (p.match(':')) {
    for (;;) {
      constraints.push(parseAbility(p));
      if (p.match('+')) continue;
      if (p.at('>') || p.at(',') || p.at('>>')) break;
      throw p.unexpected("one of: '+', '>', or ','");
    }
  }
  return { loc: p.loc(start), name, isPhantom, constraints };
}
