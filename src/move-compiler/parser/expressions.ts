// Expressions, with Sui's precedence: `=` and lambdas lowest, then `||`, `&&`, comparisons, `as`,
// `|`, `^`, `&`, shifts, `+ -`, `* / %`, then unary `! & &mut * move copy`, then `.f`, `.m()`,
// `[i]` chains on terms.
import type { BinaryOp, Exp, Literal, Name } from '../ast.js';
import { CODES } from '../codes.js';
import { isControlStart, parseBlockAfterBrace, parseControl } from './control.js';
import { parseByteString, parseNumberLiteral } from './literals.js';
import { parseLeadingAddress, parseNameChain } from './names.js';
import type { ParserState } from './parser-state.js';
import { parseBindList } from './patterns.js';
import type { TokenKind } from './tokens.js';
import { parseType, parseTypeArgs } from './types.js';

const PRECEDENCE: Partial<Record<TokenKind, number>> = {
  '||': 3,
  '&&': 4,
  '==': 5,
  '!=': 5,
  '<': 5,
  '>': 5,
  '<=': 5,
  '>=': 5,
  as: 6,
  '|': 8,
  '^': 9,
  '&': 10,
  '<<': 11,
  '>>': 11,
  '+': 12,
  '-': 12,
  '*': 13,
  '/': 13,
  '%': 13,
};

/** Expressions written inside parentheses: `(e) as T` is not an ambiguous cast, `e as T` may be. */
const parenthesized = new WeakSet<Exp>();

/** Tokens that can follow an expression but never start one (Sui's `at_end_of_exp`). */
export function atEndOfExp(p: ParserState): boolean {
  return ['else', '}', ')', ',', ':', ';'].includes(p.kind);
}

const EXP_START: ReadonlySet<TokenKind> = new Set<TokenKind>([
  'number',
  'typed_number',
  'byte_string',
  'identifier',
  'restricted_identifier',
  'syntax_identifier',
  '@',
  'copy',
  'move',
  'false',
  'true',
  '&',
  '&mut',
  '*',
  '!',
  '(',
  '{',
  'abort',
  'break',
  'continue',
  'if',
  'match',
  'loop',
  'return',
  'while',
  'block_label',
]);

export function atStartOfExp(p: ParserState): boolean {
  return EXP_START.has(p.kind);
}

export function parseExp(p: ParserState): Exp {
  const start = p.start;
  if (p.at('|') || p.at('||')) return parseLambda(p);
  const lhs = parseUnary(p);
  if (!p.match('=')) return parseBinary(p, lhs, 1);
  const value = parseExp(p);
  return { kind: 'assign', loc: p.loc(start), lhs, value };
}

function parseLambda(p: ParserState): Exp {
  const start = p.start;
  const params = p.at('||')
    ? (p.advance(), [])
    : p.commaList(
        '|',
        '|',
        () => {
          const pattern = parseBindList(p);
          return p.match(':') ? { pattern, type: parseType(p) } : { pattern };
        },
        'a binding',
      );
  // `|x| -> T { ... }` gives the result type; our AST keeps the body only (its type is inferred where
  // the macro expansion puts it).
  if (p.match('->')) {
    parseType(p);
    const braceStart = p.start;
    p.expect('{');
    const body = parseBlockAfterBrace(p, braceStart);
    return { kind: 'lambda', loc: p.loc(start), params, body };
  }
  const body = parseExp(p);
  return { kind: 'lambda', loc: p.loc(start), params, body };
}

export function parseBinary(p: ParserState, lhs: Exp, minPrecedence: number): Exp {
  let result = lhs;
  let precedence = PRECEDENCE[p.kind] ?? 0;
  while (precedence >= minPrecedence) {
    const opToken = p.advance();
    const opLoc = p.tokenLoc(opToken);
    const start = result.loc.start;
    if (opToken.kind === 'as') {
      if (isAmbiguousCastOperand(result)) {
        p.bag.add(CODES.ambiguousCast, {
          loc: result.loc,
          message: "It is unclear what this 'as' casts; add parentheses around the value to cast",
        });
      }
      const type = parseType(p, false);
      result = { kind: 'cast', loc: p.loc(start), exp: result, type };
      precedence = PRECEDENCE[p.kind] ?? 0;
      continue;
    }
    let rhs = parseUnary(p);
    const nextPrecedence = PRECEDENCE[p.kind] ?? 0;
    if (precedence < nextPrecedence) rhs = parseBinary(p, rhs, precedence + 1);
    result = { kind: 'binary', loc: p.loc(start), op: opToken.kind as BinaryOp, opLoc, lhs: result, rhs };
    precedence = PRECEDENCE[p.kind] ?? 0;
  }
  return result;
}

function isAmbiguousCastOperand(exp: Exp): boolean {
  if (parenthesized.has(exp)) return false;
  switch (exp.kind) {
    case 'if':
    case 'while':
    case 'loop':
    case 'match':
    case 'return':
    case 'abort':
    case 'break':
    case 'continue':
    case 'cast':
      return true;
    case 'block':
      return exp.label !== undefined;
    default:
      return false;
  }
}

export function parseUnary(p: ParserState): Exp {
  const start = p.start;
  switch (p.kind) {
    case '!': {
      p.advance();
      return { kind: 'not', loc: p.loc(start), exp: parseUnary(p) };
    }
    case '&mut':
    case '&': {
      const isMut = p.advance().kind === '&mut' || p.match('mut');
      return { kind: 'borrow', loc: p.loc(start), isMut, exp: parseUnary(p) };
    }
    case '*': {
      p.advance();
      return { kind: 'deref', loc: p.loc(start), exp: parseUnary(p) };
    }
    case 'move':
    case 'copy': {
      const keyword = p.advance().kind;
      const operand = parseUnary(p);
      const name = singleName(operand);
      if (name === undefined) {
        p.bag.add(CODES.invalidMoveOrCopy, {
          loc: operand.loc,
          message: `Invalid '${keyword}'. Expected a variable name`,
        });
        return operand;
      }
      return { kind: keyword === 'move' ? 'move' : 'copy', loc: p.loc(start), name };
    }
    default:
      return parseDotChain(p);
  }
}

function singleName(exp: Exp): Name | undefined {
  if (exp.kind !== 'name' || exp.typeArgs !== undefined || exp.path.address !== undefined) return undefined;
  return exp.path.parts.length === 1 ? exp.path.parts[0] : undefined;
}

function parseDotChain(p: ParserState): Exp {
  const start = p.start;
  let exp = parseTerm(p);
  for (;;) {
    if (p.at('.')) {
      p.advance();
      exp = parseDotSuffix(p, exp, start);
    } else if (p.at('[')) {
      const indices = p.commaList('[', ']', () => parseExp(p), 'an index access expression');
      exp = { kind: 'index', loc: p.loc(start), exp, indices };
    } else return exp;
  }
}

function parseDotSuffix(p: ParserState, receiver: Exp, start: number): Exp {
  if (p.at('number') || p.at('typed_number')) {
    const token = p.advance();
    if (!/^\d+$/.test(token.text) || Number(token.text) > 255) {
      p.bag.add(CODES.unexpectedToken, {
        loc: p.tokenLoc(token),
        message: 'Invalid field access. Positional fields are decimal numbers from 0 to 255',
      });
    }
    return {
      kind: 'dot',
      loc: p.loc(start),
      exp: receiver,
      field: { value: token.text, loc: p.tokenLoc(token) },
    };
  }
  if (!p.atIdentifier()) throw p.unexpected('an identifier or a decimal number');
  const method = p.parseIdentifier();
  const isCall = (p.at('<') && p.adjacentToPrevious) || p.at('(') || p.at('!');
  if (!isCall) return { kind: 'dot', loc: p.loc(start), exp: receiver, field: method };
  const isMacro = p.match('!');
  const typeArgs = p.at('<') ? parseTypeArgs(p) : undefined;
  const args = parseCallArgs(p);
  const call: Exp = { kind: 'method_call', loc: p.loc(start), receiver, method, isMacro, args };
  if (typeArgs !== undefined && call.kind === 'method_call') call.typeArgs = typeArgs;
  return call;
}

export function parseCallArgs(p: ParserState): Exp[] {
  return p.commaList('(', ')', () => parseExp(p), 'a call argument expression');
}

/** `true`, `false`, numbers, `@addr`, byte strings; undefined when the token starts none. */
export function parseLiteral(p: ParserState): Literal | undefined {
  const token = p.current;
  switch (token.kind) {
    case 'true':
    case 'false':
      p.advance();
      return { kind: 'bool', value: token.kind === 'true' };
    case 'number':
    case 'typed_number': {
      if (token.kind === 'number' && p.lookahead() === '::') return undefined;
      p.advance();
      return { kind: 'number', ...parseNumberLiteral(token.text, p.tokenLoc(token), p.bag) };
    }
    case '@':
      p.advance();
      return { kind: 'address', value: parseLeadingAddress(p) };
    case 'byte_string':
      p.advance();
      return { kind: 'bytes', value: parseByteString(token.text, p.tokenLoc(token), p.bag) };
    default:
      return undefined;
  }
}

function parseTerm(p: ParserState): Exp {
  const start = p.start;
  if (isControlStart(p)) {
    const { exp, endsInBlock } = parseControl(p);
    if (!endsInBlock || atEndOfExp(p)) return exp;
    return parseBinary(p, exp, 1);
  }
  if (p.atWord('vector') && (p.lookahead() === '<' || p.lookahead() === '[')) return parseVectorLiteral(p);
  const literal = parseLiteral(p);
  if (literal !== undefined) return { kind: 'literal', loc: p.loc(start), value: literal };
  if (p.atIdentifier() || p.at('number') || (p.at('::') && p.lookahead() === 'identifier'))
    return parseNameExp(p);
  if (p.at('(')) return parseParenthesized(p);
  if (p.at('{')) {
    p.advance();
    return parseBlockAfterBrace(p, start);
  }
  throw p.unexpected('an expression term');
}

function parseVectorLiteral(p: ParserState): Exp {
  const start = p.start;
  p.advance();
  const elemType = p.at('<') ? parseTypeArgs(p) : undefined;
  const elems = p.commaList('[', ']', () => parseExp(p), 'a vector argument expression');
  // The AST holds one element type, so the arity is checked here (Sui's naming pass does it).
  if (elemType !== undefined && elemType.length !== 1) {
    const code = elemType.length === 0 ? CODES.tooFewTypeArguments : CODES.tooManyTypeArguments;
    p.bag.add(code, {
      loc: p.loc(start, start + 'vector'.length),
      message: `Invalid 'vector' instantiation. Expected 1 type argument but got ${elemType.length}`,
    });
  }
  const first = elemType?.[0];
  return first === undefined
    ? { kind: 'vector', loc: p.loc(start), elems }
    : { kind: 'vector', loc: p.loc(start), elemType: first, elems };
}

function parseParenthesized(p: ParserState): Exp {
  const start = p.start;
  p.advance();
  if (p.match(')')) return { kind: 'tuple', loc: p.loc(start), elems: [] };
  const first = parseExp(p);
  if (p.match(':')) {
    const type = parseType(p);
    p.expect(')');
    return { kind: 'annot', loc: p.loc(start), exp: first, type };
  }
  if (!p.at(')')) p.expect(',');
  const rest = p.commaListAfterOpen(start, '(', ')', () => parseExp(p), 'an expression');
  if (rest.length > 0) return { kind: 'tuple', loc: p.loc(start), elems: [first, ...rest] };
  parenthesized.add(first);
  return first;
}

/** `x`, `m::f(..)`, `f<T>(..)`, `assert!(..)`, `S { f: e }`, `S(e)`, `_` (on the left of `=`). */
function parseNameExp(p: ParserState): Exp {
  const start = p.start;
  const chain = parseNameChain(p, {
    typeArgs: true,
    spacedTypeArgs: false,
    macros: true,
    description: 'a name',
  });
  const withTypeArgs = chain.typeArgs === undefined ? {} : { typeArgs: chain.typeArgs };
  if (chain.isMacro || p.at('(')) {
    const args = parseCallArgs(p);
    return {
      kind: 'call',
      loc: p.loc(start),
      path: chain.path,
      isMacro: chain.isMacro,
      ...withTypeArgs,
      args,
    };
  }
  if (p.at('{')) {
    const fields = p.commaList(
      '{',
      '}',
      () => {
        const fieldStart = p.start;
        const field = p.parseIdentifier();
        const value: Exp = p.match(':')
          ? parseExp(p)
          : { kind: 'name', loc: field.loc, path: { loc: field.loc, parts: [field] } };
        return { loc: p.loc(fieldStart), field, value };
      },
      'a field expression',
    );
    return { kind: 'pack', loc: p.loc(start), path: chain.path, ...withTypeArgs, fields };
  }
  const only = singleName({ kind: 'name', loc: chain.path.loc, path: chain.path, ...withTypeArgs });
  if (only?.value === '_') return { kind: 'wildcard', loc: only.loc };
  return { kind: 'name', loc: p.loc(start), path: chain.path, ...withTypeArgs };
}
