// `use` declarations, flattened into one item per imported module or member, and `use fun`.
import type { AddressRef, Attribute, Name, UseDecl, UseFunDecl, UseItem } from '../ast.js';
import { CODES } from '../codes.js';
import { parseLeadingAddress, parseNameChain } from './names.js';
import { ParseFailure, type ParserState } from './parser-state.js';

/** Parses from the `use` keyword; `start` is where the declaration (with its modifiers) began. */
export function parseUseDecl(
  p: ParserState,
  attributes: Attribute[],
  start: number,
  isPublic: boolean,
): UseDecl | UseFunDecl {
  p.expect('use');
  if (p.match('fun')) return parseUseFun(p, attributes, start, isPublic);
  const address = parseLeadingAddress(p);
  p.expect('::', start, ' after an address in a use declaration');
  const items: UseItem[] = [];
  if (p.at('{')) {
    p.commaList('{', '}', () => parseUseModule(p, address, items), 'a module use clause');
  } else {
    parseUseModule(p, address, items);
  }
  expectSemicolon(p);
  return { kind: 'use', loc: p.loc(start), attributes, items };
}

function parseUseFun(p: ParserState, attributes: Attribute[], start: number, isPublic: boolean): UseFunDecl {
  const noTypeArgs = { typeArgs: false, spacedTypeArgs: false, macros: false };
  const fn = parseNameChain(p, { ...noTypeArgs, description: 'a function name' });
  p.expect('as');
  const type = parseNameChain(p, { ...noTypeArgs, description: 'a type name with no type arguments' });
  p.expect('.');
  const method = p.parseIdentifier();
  expectSemicolon(p);
  return {
    kind: 'use_fun',
    loc: p.loc(start),
    attributes,
    isPublic,
    function: fn.path,
    type: type.path,
    method,
  };
}

/** A missing `;` after a use is reported without abandoning the declaration, as Sui does. */
function expectSemicolon(p: ParserState): void {
  try {
    p.expect(';');
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    p.report(error);
  }
}

/** `m`, `m as n`, `m::x`, `m::x as y`, `m::{Self, x as y}`. */
function parseUseModule(p: ParserState, address: AddressRef, items: UseItem[]): void {
  const start = p.start;
  const module = p.parseIdentifier();
  const alias = parseAlias(p);
  if (alias !== undefined || !p.match('::')) {
    items.push(withAlias({ kind: 'module', loc: p.loc(start), address, module }, alias));
    return;
  }
  const parseMember = (): void => {
    const memberStart = p.start;
    const member = p.parseIdentifier();
    const memberAlias = parseAlias(p);
    const loc = p.loc(memberStart);
    if (member.value === 'Self') items.push(withAlias({ kind: 'module', loc, address, module }, memberAlias));
    else items.push(withAlias({ kind: 'member', loc, address, module, member }, memberAlias));
  };
  if (p.at('{')) {
    const members = p.commaList('{', '}', parseMember, 'a module member alias');
    if (members.length === 0) {
      p.bag.add(CODES.unexpectedToken, {
        loc: p.loc(start),
        message: 'Expected at least one member in this use',
      });
    }
  } else parseMember();
}

function parseAlias(p: ParserState): Name | undefined {
  return p.match('as') ? p.parseIdentifier() : undefined;
}

function withAlias<T extends UseItem>(item: T, alias: Name | undefined): T {
  return alias === undefined ? item : { ...item, alias };
}
