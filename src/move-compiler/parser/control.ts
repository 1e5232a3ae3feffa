// Control expressions (`if`, `while`, `loop`, `match`, `return`, `abort`, `break`, `continue`,
// labels) and blocks. As in Sui's parser, a control expression whose last part is a `{}` block
// ends there: `if (c) a else { b } + 1` adds 1 to the whole `if`.
import type { BlockExp, Exp, Loc, MatchArm, Name, Statement } from '../ast.js';
import { CODES } from '../codes.js';
import { atStartOfExp, parseExp } from './expressions.js';
import { ParseFailure, type ParserState } from './parser-state.js';
import { parseBindList, parseMatchPattern } from './patterns.js';
import type { TokenKind } from './tokens.js';
import { parseType } from './types.js';
import { parseUseDecl } from './uses.js';

const CONTROL_START: ReadonlySet<TokenKind> = new Set<TokenKind>([
  'break',
  'continue',
  'if',
  'while',
  'loop',
  'return',
  'abort',
  'block_label',
  'match',
]);

export function isControlStart(p: ParserState): boolean {
  return CONTROL_START.has(p.kind);
}

interface ControlResult {
  exp: Exp;
  endsInBlock: boolean;
}

/** A block in braces, or any expression; says which, for the "ends in a block" rule. */
function parseExpOrBlock(p: ParserState): ControlResult {
  if (p.at('{')) {
    const start = p.start;
    p.advance();
    return { exp: parseBlockAfterBrace(p, start), endsInBlock: true };
  }
  if (p.at('block_label')) return parseLabeled(p);
  return { exp: parseExp(p), endsInBlock: false };
}

function parseParenthesizedCondition(p: ParserState): Exp {
  p.expect('(');
  const cond = parseExp(p);
  p.expect(')');
  return cond;
}

function parseOptionalLabel(p: ParserState): Name | undefined {
  if (!p.at('block_label')) return undefined;
  const token = p.advance();
  return { value: token.text.slice(1), loc: p.tokenLoc(token) };
}

/** The value after `return`/`break`/`abort`, when one starts here. */
function parseOptionalValue(p: ParserState): ControlResult | undefined {
  return atStartOfExp(p) ? parseExpOrBlock(p) : undefined;
}

export function parseControl(p: ParserState): ControlResult {
  const start = p.start;
  switch (p.advance().kind) {
    case 'if': {
      const cond = parseParenthesizedCondition(p);
      const then = parseExpOrBlock(p);
      if (!p.match('else'))
        return {
          exp: { kind: 'if', loc: p.loc(start), cond, then: then.exp },
          endsInBlock: then.endsInBlock,
        };
      const otherwise = parseExpOrBlock(p);
      return {
        exp: { kind: 'if', loc: p.loc(start), cond, then: then.exp, else: otherwise.exp },
        endsInBlock: otherwise.endsInBlock,
      };
    }
    case 'while': {
      const cond = parseParenthesizedCondition(p);
      const body = parseExpOrBlock(p);
      return {
        exp: { kind: 'while', loc: p.loc(start), cond, body: body.exp },
        endsInBlock: body.endsInBlock,
      };
    }
    case 'loop': {
      const body = parseExpOrBlock(p);
      return { exp: { kind: 'loop', loc: p.loc(start), body: body.exp }, endsInBlock: body.endsInBlock };
    }
    case 'return': {
      const label = parseOptionalLabel(p);
      const value = parseOptionalValue(p);
      const withValue = value === undefined ? {} : { value: value.exp };
      // `return 'a v` leaves the named block `'a` with `v`: the same as `break 'a v`.
      const exp: Exp =
        label === undefined
          ? { kind: 'return', loc: p.loc(start), ...withValue }
          : { kind: 'break', loc: p.loc(start), label, ...withValue };
      return { exp, endsInBlock: value?.endsInBlock ?? false };
    }
    case 'abort': {
      const value = parseOptionalValue(p);
      const exp: Exp =
        value === undefined
          ? { kind: 'abort', loc: p.loc(start) }
          : { kind: 'abort', loc: p.loc(start), code: value.exp };
      return { exp, endsInBlock: value?.endsInBlock ?? false };
    }
    case 'break': {
      const label = parseOptionalLabel(p);
      const value = parseOptionalValue(p);
      const exp: Exp = {
        kind: 'break',
        loc: p.loc(start),
        ...(label === undefined ? {} : { label }),
        ...(value === undefined ? {} : { value: value.exp }),
      };
      return { exp, endsInBlock: value?.endsInBlock ?? false };
    }
    case 'continue': {
      const label = parseOptionalLabel(p);
      const exp: Exp =
        label === undefined
          ? { kind: 'continue', loc: p.loc(start) }
          : { kind: 'continue', loc: p.loc(start), label };
      return { exp, endsInBlock: false };
    }
    case 'match': {
      const subject = parseParenthesizedCondition(p);
      const arms = p.commaList('{', '}', () => parseMatchArm(p), 'a match arm');
      return { exp: { kind: 'match', loc: p.loc(start), subject, arms }, endsInBlock: true };
    }
    default:
      // A block label: we stepped over it; step back through the shared helper.
      return parseLabeledAfterLabel(p, start);
  }
}

function parseLabeled(p: ParserState): ControlResult {
  const start = p.start;
  p.advance();
  return parseLabeledAfterLabel(p, start);
}

/** `'a: loop {..}`, `'a: while (..) {..}`, `'a: {..}`; the label token is already consumed. */
function parseLabeledAfterLabel(p: ParserState, start: number): ControlResult {
  const labelToken = p.peekAt(-1);
  const label: Name = { value: labelToken.text.slice(1), loc: p.tokenLoc(labelToken) };
  p.expect(':');
  const inner = isControlStart(p) ? parseControl(p) : parseExpOrBlock(p);
  const exp = inner.exp;
  if (exp.kind === 'while' || exp.kind === 'loop' || exp.kind === 'block') {
    exp.label = label;
    exp.loc = p.loc(start);
  } else {
    p.bag.add(CODES.invalidExpressionLabel, {
      loc: label.loc,
      message: "Only 'while', 'loop' and '{ }' blocks can carry a label",
    });
  }
  return { exp, endsInBlock: inner.endsInBlock };
}

function parseMatchArm(p: ParserState): MatchArm {
  const start = p.start;
  const pattern = parseMatchPattern(p);
  const guard = p.match('if') ? parseParenthesizedCondition(p) : undefined;
  p.expect('=>');
  const body = parseExpOrBlock(p).exp;
  return guard === undefined
    ? { loc: p.loc(start), pattern, body }
    : { loc: p.loc(start), pattern, guard, body };
}

/**
 * The inside of `{ ... }` after the `{`: leading `use`s, then items separated by `;`; the last item
 * without `;` is the block's value. An item that fails to parse is reported and skipped up to its
 * `;` so later mistakes in the same body are reported too.
 */
export function parseBlockAfterBrace(p: ParserState, start: number): BlockExp {
  const stmts: Statement[] = [];
  while (p.at('use')) {
    const useStart = p.start;
    const decl = parseUseDecl(p, [], useStart, false);
    stmts.push({ kind: 'use', loc: p.loc(useStart), decl });
  }
  let result: Exp | undefined;
  let semicolon: Loc | undefined;
  while (!p.at('}') && !p.at('eof')) {
    semicolon = undefined;
    try {
      const item = parseSequenceItem(p);
      if (p.at('}')) {
        if (item.kind === 'exp') result = item.exp;
        else {
          stmts.push(item);
          p.report(p.unexpected("';'"));
        }
        break;
      }
      stmts.push(item);
      semicolon = p.tokenLoc(p.expect(';'));
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error;
      p.report(error);
      skipPastItem(p);
    }
  }
  p.expect('}');
  const block: BlockExp = { kind: 'block', loc: p.loc(start), stmts };
  if (result !== undefined) block.result = result;
  else if (semicolon !== undefined) block.trailingSemicolon = semicolon;
  return block;
}

function parseSequenceItem(p: ParserState): Statement {
  const start = p.start;
  if (p.match('let')) {
    const pattern = parseBindList(p);
    const type = p.match(':') ? parseType(p) : undefined;
    const value = p.match('=') ? parseExp(p) : undefined;
    const stmt: Statement = { kind: 'let', loc: p.loc(start), pattern };
    if (type !== undefined) stmt.type = type;
    if (value !== undefined) stmt.value = value;
    return stmt;
  }
  const exp = parseExp(p);
  return { kind: 'exp', loc: p.loc(start), exp };
}

/** Skips to just after the next `;` of this block, or up to its closing `}`. */
function skipPastItem(p: ParserState): void {
  let depth = 0;
  for (;;) {
    const kind = p.kind;
    if (kind === 'eof') return;
    if (depth === 0 && kind === '}') return;
    p.advance();
    if (kind === '{' || kind === '(' || kind === '[') depth++;
    else if (kind === '}' || kind === ')' || kind === ']') depth = Math.max(0, depth - 1);
    else if (kind === ';' && depth === 0) return;
  }
}
