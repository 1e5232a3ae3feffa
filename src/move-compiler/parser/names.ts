// Addresses and name access chains (`x`, `m::f`, `0x2::coin::Coin<T>`, `assert!`), including Sui's
// rule for `<` after a name in an expression: it opens type arguments only when written directly
// after the name (no space) or after a macro `!`; otherwise it is the less-than operator.
import type { AddressRef, NameAccessChain, TypeAst, Name } from '../ast.js';
import { CODES } from '../codes.js';
import { parseAddressLiteral } from './literals.js';
import type { ParserState } from './parser-state.js';
import { parseTypeArgs } from './types.js';

/** `0x2` or `sui` where an address is expected (after `@`, in `module a::m`, in `use a::m`). */
export function parseLeadingAddress(p: ParserState, description = 'an address or an identifier'): AddressRef {
  if (p.at('number')) {
    const token = p.advance();
    const loc = p.tokenLoc(token);
    return { kind: 'numeric', value: parseAddressLiteral(token.text, loc, p.bag), loc };
  }
  if (p.atIdentifier()) {
    const name = p.parseIdentifier();
    return { kind: 'named', name: name.value, loc: name.loc };
  }
  throw p.unexpected(description);
}

export interface NameChainOptions {
  /** Type arguments may follow a path segment. */
  typeArgs: boolean;
  /** Type arguments may be separated from the name by spaces (types, patterns), not in expressions. */
  spacedTypeArgs: boolean;
  /** `name!` marks a macro call. */
  macros: boolean;
  description: string;
}

export interface ParsedNameChain {
  path: NameAccessChain;
  typeArgs?: TypeAst[];
  isMacro: boolean;
}

export function parseNameChain(p: ParserState, options: NameChainOptions): ParsedNameChain {
  const start = p.start;
  // A leading `::` (global path) adds nothing our resolution needs.
  if (p.at('::') && p.lookahead() !== '::') p.advance();
  let address: (AddressRef & { kind: 'numeric' }) | undefined;
  const parts: Name[] = [];
  if (p.at('number')) {
    const leading = parseLeadingAddress(p);
    if (leading.kind === 'numeric') address = leading;
    if (!p.at('::'))
      throw p.failAt(leading.loc, "Expected '::' after the anonymous address in this module access chain");
  } else {
    parts.push(p.parseIdentifier());
  }
  let suffix = address === undefined ? parseMacroAndTypeArgs(p, options) : { isMacro: false };
  let typeArgs = suffix.typeArgs;
  let isMacro = suffix.isMacro;
  while (p.at('::')) {
    p.advance();
    parts.push(p.parseIdentifier());
    suffix = parseMacroAndTypeArgs(p, options);
    typeArgs = suffix.typeArgs ?? typeArgs;
    isMacro = isMacro || suffix.isMacro;
  }
  if (parts.length > 4 || (address !== undefined && parts.length > 3)) {
    p.bag.add(CODES.invalidSyntaxName, { loc: p.loc(start), message: 'Too many path segments in this name' });
  }
  const path: NameAccessChain =
    address === undefined ? { loc: p.loc(start), parts } : { loc: p.loc(start), address, parts };
  return typeArgs === undefined ? { path, isMacro } : { path, typeArgs, isMacro };
}

function parseMacroAndTypeArgs(
  p: ParserState,
  options: NameChainOptions,
): { typeArgs?: TypeAst[]; isMacro: boolean } {
  let isMacro = false;
  if (p.at('!')) {
    const bang = p.advance();
    if (options.macros) isMacro = true;
    else
      p.bag.add(CODES.invalidSyntaxName, {
        loc: p.tokenLoc(bang),
        message: `Macro invocations are not allowed here. Expected ${options.description}`,
      });
  }
  if (!p.at('<') || !(p.adjacentToPrevious || isMacro || options.spacedTypeArgs)) return { isMacro };
  const start = p.start;
  const typeArgs = parseTypeArgs(p);
  if (!options.typeArgs) {
    p.bag.add(CODES.invalidSyntaxName, {
      loc: p.loc(start),
      message: `Type arguments are not allowed here. Expected ${options.description}`,
    });
    return { isMacro };
  }
  return { typeArgs, isMacro };
}
