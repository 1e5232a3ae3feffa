// Module members: constants, structs, enums, functions, friends, uses.
import type {
  Attribute,
  ConstantDecl,
  DatatypeFields,
  EnumDecl,
  FieldDecl,
  FriendDecl,
  FunctionDecl,
  ModuleMember,
  Name,
  ParamDecl,
  StructDecl,
  VariantDecl,
} from '../ast.js';
import { CODES } from '../codes.js';
import { parseBlockAfterBrace } from './control.js';
import { parseExp } from './expressions.js';
import { parseModifiers, rejectModifiers, type Modifiers } from './modifiers.js';
import { parseNameChain } from './names.js';
import type { ParserState } from './parser-state.js';
import { parseAbility, parseType, parseTypeParams } from './types.js';
import { parseUseDecl } from './uses.js';

export const MEMBER_KEYWORDS = "'spec', 'use', 'friend', 'const', 'fun', 'struct', or 'enum'";

/** One member after its attributes; throws ParseFailure when it cannot be parsed. */
export function parseModuleMember(p: ParserState, attributes: Attribute[]): ModuleMember {
  const start = p.start;
  if (p.at('friend')) return parseFriend(p, attributes, start);
  const mods = parseModifiers(p);
  switch (p.kind) {
    case 'const':
      return parseConstant(p, attributes, start, mods);
    case 'fun':
      return parseFunction(p, attributes, start, mods);
    case 'struct':
      return parseStruct(p, attributes, start, mods);
    case 'enum':
      return parseEnum(p, attributes, start, mods);
    case 'use': {
      rejectModifiers(p, mods, 'use', ['native', 'entry', 'macro']);
      const isFun = p.lookahead() === 'fun';
      if (!isFun && mods.visibility !== undefined) {
        p.bag.add(CODES.invalidModifier, {
          loc: mods.visibility.loc,
          message: "Only 'use fun' can be public; a plain 'use' is always local to its module",
        });
      }
      return parseUseDecl(p, attributes, start, isFun && mods.visibility?.value === 'public');
    }
    default:
      throw p.unexpected(`a module member: ${MEMBER_KEYWORDS}`);
  }
}

function parseFriend(p: ParserState, attributes: Attribute[], start: number): FriendDecl {
  p.expect('friend');
  const chain = parseNameChain(p, {
    typeArgs: false,
    spacedTypeArgs: false,
    macros: false,
    description: 'a friend declaration',
  });
  p.expect(';');
  return { kind: 'friend', loc: p.loc(start), attributes, module: chain.path };
}

function parseConstant(
  p: ParserState,
  attributes: Attribute[],
  start: number,
  mods: Modifiers,
): ConstantDecl {
  if (mods.visibility !== undefined) {
    p.bag.add(CODES.invalidModifier, {
      loc: mods.visibility.loc,
      message: 'A constant is always private to its module; remove the visibility',
    });
  }
  rejectModifiers(p, mods, 'constant', ['native', 'entry', 'macro']);
  p.expect('const');
  const name = p.parseIdentifier();
  if (p.at('=')) throw p.failAt(p.tokenLoc(), `A constant needs a type: write '${name.value}: <type>'`);
  p.expect(':');
  const type = parseType(p);
  p.expect('=');
  const value = parseExp(p);
  p.expect(';');
  return { kind: 'constant', loc: p.loc(start), attributes, name, type, value };
}

function parseFunction(
  p: ParserState,
  attributes: Attribute[],
  start: number,
  mods: Modifiers,
): FunctionDecl {
  p.expect('fun');
  const name = p.parseIdentifier();
  const typeParams = parseTypeParams(p, false);
  const params = p.commaList('(', ')', () => parseParam(p), 'a function parameter');
  const returnType = p.match(':') ? parseType(p) : undefined;
  const fn: FunctionDecl = {
    kind: 'function',
    loc: p.loc(start),
    attributes,
    visibility: mods.visibility?.value ?? 'private',
    isEntry: mods.entry !== undefined,
    isNative: mods.native !== undefined,
    isMacro: mods.macro !== undefined,
    name,
    typeParams,
    params,
  };
  if (mods.visibility !== undefined) fn.visibilityLoc = mods.visibility.loc;
  if (mods.entry !== undefined) fn.entryLoc = mods.entry;
  if (returnType !== undefined) fn.returnType = returnType;
  if (fn.isNative) p.expect(';');
  else {
    const bodyStart = p.start;
    p.expect('{');
    fn.body = parseBlockAfterBrace(p, bodyStart);
  }
  fn.loc = p.loc(start);
  return fn;
}

function parseParam(p: ParserState): ParamDecl {
  const start = p.start;
  const isMut = p.match('mut');
  const name = p.parseIdentifier();
  p.expect(':');
  const type = parseType(p);
  return { loc: p.loc(start), isMut, name, type };
}

/** `has a, b` before the fields; ends at `{`, `(` or `;`. */
function parseInfixAbilities(p: ParserState): Name[] {
  if (!p.atWord('has')) return [];
  p.advance();
  const abilities = [parseAbility(p)];
  for (;;) {
    if (p.match(',')) abilities.push(parseAbility(p));
    else if (p.at('{') || p.at('(') || p.at(';')) return abilities;
    else throw p.unexpected("one of: ',', '{', '(', or ';'");
  }
}

/** `has a, b;` after the fields; merged into `abilities`, reported if both forms were written. */
function parsePostfixAbilities(p: ParserState, infix: { loc?: Name['loc']; abilities: Name[] }): Name[] {
  if (!p.atWord('has')) return infix.abilities;
  const hasLoc = p.tokenLoc(p.advance());
  if (infix.loc !== undefined) {
    p.bag.add(
      CODES.invalidModifier,
      {
        loc: hasLoc,
        message: 'Abilities are declared before the fields or after them, not in both places',
      },
      [{ loc: infix.loc, message: 'First declared here' }],
    );
  }
  const abilities = [parseAbility(p)];
  for (;;) {
    if (p.match(',')) abilities.push(parseAbility(p));
    else if (p.at(';')) break;
    else throw p.unexpected("one of: ',' or ';'");
  }
  p.expect(';');
  return abilities;
}

function rejectDatatypeVisibility(p: ParserState, mods: Modifiers, what: 'struct' | 'enum'): void {
  // `public(package) struct` cannot be represented in the AST, so it is reported here; a missing
  // `public` is the checker's to report.
  const visibility = mods.visibility;
  if (visibility === undefined || visibility.value === 'public') return;
  p.bag.add(CODES.invalidModifier, {
    loc: visibility.loc,
    message: `A ${what} is either 'public' or private to its module; 'public(${visibility.value})' is not available`,
  });
}

function parseStruct(p: ParserState, attributes: Attribute[], start: number, mods: Modifiers): StructDecl {
  rejectDatatypeVisibility(p, mods, 'struct');
  rejectModifiers(p, mods, 'struct', ['entry', 'macro']);
  p.expect('struct');
  const name = p.parseIdentifier();
  const typeParams = parseTypeParams(p, true);
  const infixLoc = p.atWord('has') ? p.tokenLoc() : undefined;
  const infixAbilities = parseInfixAbilities(p);
  const isNative = mods.native !== undefined;
  let fields: DatatypeFields = { kind: 'none' };
  let abilities = infixAbilities;
  if (isNative) p.expect(';');
  else if (p.at('{') || p.at('(')) {
    fields = parseDatatypeFields(p);
    abilities = parsePostfixAbilities(p, {
      ...(infixLoc === undefined ? {} : { loc: infixLoc }),
      abilities: infixAbilities,
    });
    // A positional struct without postfix abilities may end with `;`.
    if (fields.kind === 'positional') p.match(';');
  } else {
    const expected =
      infixLoc === undefined
        ? "the fields '{ ... }' or '( ... )', or 'has' and the abilities"
        : "the fields '{ ... }' or '( ... )'";
    throw p.failAt(
      p.tokenLoc(),
      `Unexpected ${p.at('eof') ? 'end-of-file' : `'${p.current.text}'`}. Expected ${expected}`,
    );
  }
  return {
    kind: 'struct',
    loc: p.loc(start),
    attributes,
    isPublic: mods.visibility !== undefined,
    isNative,
    name,
    typeParams,
    abilities,
    fields,
  };
}

/** `{ f: T, ... }` or `(T, ...)`. */
function parseDatatypeFields(p: ParserState): DatatypeFields {
  const start = p.start;
  if (p.at('(')) {
    const types = p.commaList(
      '(',
      ')',
      () => {
        if (p.at('identifier') && p.lookahead() === ':') {
          p.bag.add(CODES.unexpectedToken, {
            loc: p.tokenLoc(),
            message: 'A positional struct lists types only, without field names',
          });
          p.advance();
          p.advance();
        }
        return parseType(p);
      },
      'a type',
    );
    return { kind: 'positional', loc: p.loc(start), types };
  }
  const fields = p.commaList('{', '}', () => parseField(p), 'a field');
  return { kind: 'named', loc: p.loc(start), fields };
}

function parseField(p: ParserState): FieldDecl {
  const start = p.start;
  const name = p.parseIdentifier();
  p.expect(':');
  const type = parseType(p);
  return { loc: p.loc(start), name, type };
}

function parseEnum(p: ParserState, attributes: Attribute[], start: number, mods: Modifiers): EnumDecl {
  rejectDatatypeVisibility(p, mods, 'enum');
  rejectModifiers(p, mods, 'enum', ['native', 'entry', 'macro']);
  p.expect('enum');
  const name = p.parseIdentifier();
  const typeParams = parseTypeParams(p, true);
  const infixLoc = p.atWord('has') ? p.tokenLoc() : undefined;
  const infixAbilities = parseInfixAbilities(p);
  if (p.at('(')) throw p.failAt(p.tokenLoc(), "An enum's variants are written inside '{ }'");
  if (p.at(';')) throw p.failAt(p.tokenLoc(), 'An enum cannot be native');
  const variants = p.commaList('{', '}', () => parseVariant(p), 'a variant');
  const abilities = parsePostfixAbilities(p, {
    ...(infixLoc === undefined ? {} : { loc: infixLoc }),
    abilities: infixAbilities,
  });
  return {
    kind: 'enum',
    loc: p.loc(start),
    attributes,
    isPublic: mods.visibility !== undefined,
    name,
    typeParams,
    abilities,
    variants,
  };
}

function parseVariant(p: ParserState): VariantDecl {
  const start = p.start;
  const name = p.parseIdentifier();
  const fields: DatatypeFields = p.at('{') || p.at('(') ? parseDatatypeFields(p) : { kind: 'none' };
  return { loc: p.loc(start), name, fields };
}
