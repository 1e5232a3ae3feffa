// `#[test_only]`, `#[allow(unused_variable)]`, `#[expected_failure(abort_code = m::E)]`. An assigned
// value (`= m::E`, `= 1`) becomes the attribute's single argument, named by the value's text.
import type { Attribute, Name } from '../ast.js';
import { parseNameChain } from './names.js';
import type { ParserState } from './parser-state.js';

export function parseAttributes(p: ParserState): Attribute[] {
  const attributes: Attribute[] = [];
  while (p.at('#')) {
    p.advance();
    attributes.push(...p.commaList('[', ']', () => parseAttribute(p), 'attribute'));
  }
  return attributes;
}

function parseAttribute(p: ParserState): Attribute {
  const start = p.start;
  // `for` is a keyword but also an attribute name (`#[syntax(for)]`).
  const name: Name = p.at('for')
    ? { value: p.current.text, loc: p.tokenLoc(p.advance()) }
    : p.parseIdentifier();
  if (p.match('=')) {
    const value = parseAttributeValue(p);
    return { loc: p.loc(start), name, args: [{ loc: value.loc, name: value, args: [] }] };
  }
  const args = p.at('(') ? p.commaList('(', ')', () => parseAttribute(p), 'attribute') : [];
  return { loc: p.loc(start), name, args };
}

const LITERAL_KINDS = new Set(['number', 'typed_number', 'byte_string', 'true', 'false']);

function parseAttributeValue(p: ParserState): Name {
  const start = p.start;
  if (p.at('@')) {
    p.advance();
    const address = p.advance();
    return { value: `@${address.text}`, loc: p.loc(start) };
  }
  if (LITERAL_KINDS.has(p.kind) && p.lookahead() !== '::') {
    const token = p.advance();
    return { value: token.text, loc: p.tokenLoc(token) };
  }
  const chain = parseNameChain(p, {
    typeArgs: false,
    spacedTypeArgs: false,
    macros: false,
    description: 'attribute name value',
  });
  const address = chain.path.address;
  const parts = chain.path.parts.map((part) => part.value);
  const prefix = address === undefined ? [] : [`0x${address.value.toString(16)}`];
  return { value: [...prefix, ...parts].join('::'), loc: chain.path.loc };
}
