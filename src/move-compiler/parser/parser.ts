// Entry point of the front end: one source file to its modules. A member that fails to parse is
// reported and skipped to the next member keyword, so one file yields several syntax errors.
import type { AddressRef, Attribute, ModuleDecl, ModuleMember, SourceFile } from '../ast.js';
import { CODES } from '../codes.js';
import type { DiagnosticBag } from '../diagnostics.js';
import { parseAttributes } from './attributes.js';
import { MEMBER_KEYWORDS, parseModuleMember } from './declarations.js';
import { tokenize } from './lexer.js';
import { parseLeadingAddress } from './names.js';
import { ParseFailure, ParserState } from './parser-state.js';
import type { TokenKind } from './tokens.js';

export function parseFile(path: string, text: string, bag: DiagnosticBag): SourceFile {
  const p = new ParserState(path, tokenize(path, text, bag), bag);
  const modules: ModuleDecl[] = [];
  while (!p.at('eof')) {
    try {
      const attributes = parseAttributes(p);
      if (p.at('module')) modules.push(parseModule(p, attributes, undefined));
      else if (p.atWord('address')) modules.push(...parseAddressBlock(p));
      else {
        const found = p.at('eof') ? 'end-of-file' : `'${p.current.text}'`;
        throw p.failAt(
          p.tokenLoc(),
          `A Move file holds 'module' declarations (or 'address' blocks), not ${found}`,
        );
      }
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error;
      p.report(error);
      skipUntil(p, new Set(['module']));
    }
  }
  return { path, text, modules };
}

/** `address a { module m { ... } ... }`: each module gets the block's address. */
function parseAddressBlock(p: ParserState): ModuleDecl[] {
  p.advance();
  const address = parseLeadingAddress(p);
  p.expect('{');
  const modules: ModuleDecl[] = [];
  while (!p.at('}') && !p.at('eof')) {
    const attributes = parseAttributes(p);
    modules.push(parseModule(p, attributes, address));
  }
  p.expect('}');
  return modules;
}

const MEMBER_START: ReadonlySet<TokenKind> = new Set<TokenKind>([
  'use',
  'friend',
  'const',
  'fun',
  'struct',
  'enum',
  'module',
  'public',
  'native',
  '#',
]);

function parseModule(
  p: ParserState,
  attributes: Attribute[],
  blockAddress: AddressRef | undefined,
): ModuleDecl {
  const start = p.start;
  p.expect('module');
  const first = parseLeadingAddress(p);
  let address: AddressRef;
  let name;
  if (p.at('::') || first.kind === 'numeric') {
    p.expect('::');
    address = first;
    name = p.parseIdentifier();
  } else {
    name = { value: first.name, loc: first.loc };
    address = blockAddress ?? missingAddress(p, name.loc);
  }
  const fileLevel = p.at(';');
  if (!p.match(';') && !p.match('{')) throw p.unexpected("'{' or ';' after the module name");
  if (fileLevel && blockAddress !== undefined) {
    p.bag.add(CODES.invalidModule, {
      loc: name.loc,
      message: "A file-level 'module ...;' cannot sit inside an 'address' block",
    });
  }
  const members: ModuleMember[] = [];
  for (;;) {
    if (fileLevel ? p.at('eof') || p.at('module') : p.at('}')) break;
    const done = parseMemberRecovering(p, members);
    if (done) break;
  }
  if (!fileLevel && p.at('}')) p.advance();
  return { loc: p.loc(start), attributes, address, name, members };
}

/** Parses one member into `members`; on failure reports it and skips ahead. True when the module cannot go on. */
function parseMemberRecovering(p: ParserState, members: ModuleMember[]): boolean {
  const memberStart = p.start;
  try {
    const attributes = parseAttributes(p);
    if (p.at('module')) {
      // A second module begins while this one is still open: report and let the file loop take it.
      p.report(p.unexpected(`a module member: ${MEMBER_KEYWORDS}`));
      return true;
    }
    members.push(parseModuleMember(p, attributes));
    return false;
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    p.report(error);
    if (!MEMBER_START.has(p.kind) || p.start === memberStart) p.advance();
    skipUntil(p, MEMBER_START);
    return p.at('eof') || p.at('module');
  }
}

function skipUntil(p: ParserState, kinds: ReadonlySet<TokenKind>): void {
  while (!p.at('eof') && !kinds.has(p.kind)) p.advance();
}

function missingAddress(p: ParserState, loc: AddressRef['loc']): AddressRef {
  p.bag.add(CODES.invalidModule, {
    loc,
    message: "Invalid module declaration. The module has no address: write 'module <address>::<name>'",
  });
  return { kind: 'numeric', value: 0n, loc };
}
