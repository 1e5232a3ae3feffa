// Typing of expressions: AST `Exp` -> `TExp`, with inference variables resolved later by `finalize`.
import type { BlockExp, Exp, Literal, Loc } from '../ast.js';
import { CODES } from '../codes.js';
import type { TExp, TStmt } from '../tir.js';
import { COPY, DROP, prim, UNIT, type Type } from '../types.js';
import { encodeAddress, encodeBool, encodeBytes } from './bcs.js';
import { checkCall, checkMethodCall } from './calls.js';
import type { FunctionContext } from './function-context.js';
import { isIntegerType, showType } from './infer.js';
import { checkAssign, checkLet } from './lvalues.js';
import { checkMatch } from './match.js';
import { borrowExp, readPlace } from './places.js';
import { sameModule } from './scope.js';
import { checkPackVariant, resolveVariant } from './variants.js';

const U64 = prim('u64');
const BOOL = prim('bool');

export function unitExp(loc: Loc): TExp {
  return { kind: 'unit', loc, type: UNIT };
}

export function checkExp(f: FunctionContext, e: Exp): TExp {
  switch (e.kind) {
    case 'literal':
      return checkLiteral(f, e.value, e.loc);
    case 'name':
      return checkName(f, e);
    case 'call':
      return checkCall(f, e);
    case 'method_call':
      return checkMethodCall(f, e);
    case 'pack':
      return checkCall(f, e);
    case 'vector':
      return checkVector(f, e);
    case 'block':
      return checkBlock(f, e);
    case 'if':
      return checkIf(f, e);
    case 'while':
      return checkWhile(f, e);
    case 'loop':
      return checkLoop(f, e);
    case 'assign':
      return checkAssign(f, e);
    case 'return': {
      const value = e.value ? checkExp(f, e.value) : unitExp(e.loc);
      return {
        kind: 'return',
        loc: e.loc,
        type: { kind: 'never' },
        value: f.expect(value, f.returnType, 'invalid return value', e.loc),
      };
    }
    case 'abort':
      return { kind: 'abort', loc: e.loc, type: { kind: 'never' }, code: abortCode(f, e.code, e.loc) };
    case 'break':
      return checkBreak(f, e);
    case 'continue': {
      const frame = findLoop(f, e.label?.value, e.loc);
      return frame
        ? { kind: 'continue', loc: e.loc, type: { kind: 'never' }, label: frame.id }
        : f.errorExp(e.loc);
    }
    case 'deref': {
      const inner = checkExp(f, e.exp);
      const t = f.subst.shallow(inner.type);
      if (t.kind !== 'ref') {
        if (!f.subst.isError(t))
          f.ctx.report(
            CODES.expectedSpecificType,
            e.exp.loc,
            `'*' needs a reference, found '${showType(f.subst.resolve(t))}'`,
          );
        return f.errorExp(e.loc);
      }
      f.requireAbilities(t.inner, COPY, e.loc, "dereferencing copies the value, which needs 'copy'");
      return { kind: 'deref', loc: e.loc, type: t.inner, exp: inner };
    }
    case 'borrow':
      return borrowExp(f, e.exp, e.isMut, e.loc);
    case 'dot':
    case 'index':
      return readPlace(f, e);
    case 'not': {
      const inner = f.expect(checkExp(f, e.exp), BOOL, "'!' takes a bool");
      return { kind: 'not', loc: e.loc, type: BOOL, exp: inner };
    }
    case 'binary':
      return checkBinary(f, e);
    case 'cast': {
      const inner = checkExp(f, e.exp);
      requireInteger(f, inner, 'a cast needs an integer');
      const target = f.resolveTypeAst(e.type);
      if (!isIntegerType(target) && !f.subst.isError(target)) {
        f.ctx.report(
          CODES.builtinOperation,
          e.type.loc,
          `cannot cast to '${showType(target)}': casts are between integer types`,
        );
      }
      return { kind: 'cast', loc: e.loc, type: target, exp: inner };
    }
    case 'annot':
      return f.expect(checkExp(f, e.exp), f.resolveTypeAst(e.type), 'invalid type annotation');
    case 'tuple': {
      if (e.elems.length === 0) return unitExp(e.loc);
      const elems = e.elems.map((x) => checkExp(f, x));
      return { kind: 'tuple', loc: e.loc, type: { kind: 'tuple', elems: elems.map((x) => x.type) }, elems };
    }
    case 'move':
    case 'copy': {
      const local = f.lookupLocal(e.name.value);
      if (local === undefined) {
        f.ctx.report(CODES.unboundVariable, e.name.loc, `unbound variable '${e.name.value}'`);
        return f.errorExp(e.loc);
      }
      const type = f.locals[local]!.type;
      if (e.kind === 'copy') f.requireAbilities(type, COPY, e.loc, "'copy' needs the 'copy' ability");
      return { kind: 'local', loc: e.loc, type, local, mode: e.kind };
    }
    case 'wildcard':
      f.ctx.report(CODES.invalidLValue, e.loc, "'_' can only be assigned to");
      return f.errorExp(e.loc);
    case 'match':
      return checkMatch(f, e);
    case 'lambda':
      f.ctx.report(CODES.unexpectedToken, e.loc, 'a lambda can only be an argument of a macro call');
      return f.errorExp(e.loc);
  }
}

function checkLiteral(f: FunctionContext, literal: Literal, loc: Loc): TExp {
  switch (literal.kind) {
    case 'number': {
      const type = literal.suffix ? prim(literal.suffix) : f.subst.fresh(true);
      const node: TExp = { kind: 'literal', loc, type, value: new Uint8Array() };
      f.numbers.set(node, literal.value);
      return node;
    }
    case 'bool':
      return { kind: 'literal', loc, type: BOOL, value: encodeBool(literal.value) };
    case 'address': {
      const address = f.ctx.addressOf(literal.value);
      if (address === undefined) {
        f.ctx.report(
          CODES.addressWithoutValue,
          loc,
          `named address '${literal.value.kind === 'named' ? literal.value.name : ''}' has no value`,
        );
        return f.errorExp(loc);
      }
      return { kind: 'literal', loc, type: prim('address'), value: encodeAddress(address) };
    }
    case 'bytes':
      return {
        kind: 'literal',
        loc,
        type: { kind: 'vector', elem: prim('u8') },
        value: encodeBytes(literal.value),
      };
  }
}

/**
 * The code of `abort` / `assert!`: a u64, or Sui's clever code, line-tagged, when none is written or
 * the code is an `#[error]` constant (of any constant type).
 */
export function abortCode(f: FunctionContext, code: Exp | undefined, loc: Loc): TExp {
  const clever = (at: Loc, fields: { constant?: string; errorCode?: number }): TExp => ({
    kind: 'clever_code',
    loc: at,
    type: U64,
    // Inside a macro's expansion, the line is the macro call's (as the Move Book's clever errors say).
    line: f.env.source.lineOf(f.macroSites[0] ?? at),
    ...fields,
  });
  if (!code) return clever(loc, {});
  const error = errorConstant(f, code);
  if (error)
    return clever(code.loc, {
      constant: error.name,
      ...(error.error?.code === undefined ? {} : { errorCode: error.error.code }),
    });
  return f.expect(checkExp(f, code), U64, 'an abort code is a u64');
}

/** `code` is the plain name of an `#[error]` constant of this module (not shadowed by a local). */
function errorConstant(f: FunctionContext, code: Exp) {
  if (code.kind !== 'name' || code.typeArgs || code.path.address || code.path.parts.length !== 1)
    return undefined;
  if (f.lookupLocal(code.path.parts[0]!.value) !== undefined) return undefined;
  // A single name resolves without reporting anything; longer paths take the ordinary route.
  const member = f.scope.resolveMember(code.path);
  if (!member || !sameModule(member.module, f.scope.self)) return undefined;
  const constant = f.ctx.module(member.module)?.constants.get(member.name);
  return constant?.error ? constant : undefined;
}

function checkName(f: FunctionContext, e: Exp & { kind: 'name' }): TExp {
  const parts = e.path.parts;
  if (!e.path.address && parts.length === 1) {
    const local = f.lookupLocal(parts[0]!.value);
    if (local !== undefined)
      return { kind: 'local', loc: e.loc, type: f.locals[local]!.type, local, mode: 'infer' };
  }
  const variant = resolveVariant(f.scope, e.path);
  if (variant === 'reported') return f.errorExp(e.loc);
  if (variant) return checkPackVariant(f, variant, e.path, e.typeArgs, [], e.loc);
  const member = f.scope.resolveMember(e.path);
  if (!member) return f.errorExp(e.loc);
  const constant = f.ctx.module(member.module)?.constants.get(member.name);
  if (constant) {
    if (member.module.address !== f.scope.self.address || member.module.name !== f.scope.self.name) {
      f.ctx.report(
        CODES.visibility,
        e.loc,
        `constant '${member.name}' is internal to module '${member.module.name}'`,
      );
    }
    return { kind: 'constant', loc: e.loc, type: constant.type, module: member.module, name: member.name };
  }
  if (parts.length === 1 && !e.path.address) {
    f.ctx.report(CODES.unboundVariable, e.loc, `unbound variable '${parts[0]!.value}'`);
  } else {
    f.ctx.report(
      CODES.unboundModuleMember,
      e.loc,
      `module '${member.module.name}' has no constant '${member.name}'`,
    );
  }
  return f.errorExp(e.loc);
}

function checkVector(f: FunctionContext, e: Exp & { kind: 'vector' }): TExp {
  const elemType = e.elemType ? f.resolveTypeAst(e.elemType) : f.subst.fresh();
  const elems = e.elems.map((x) => f.expect(checkExp(f, x), elemType, 'invalid vector element'));
  return { kind: 'vector', loc: e.loc, type: { kind: 'vector', elem: elemType }, elemType, elems };
}

export function checkBlock(f: FunctionContext, block: BlockExp): TExp {
  return f.inBlock(() => {
    const stmts: TStmt[] = [];
    let diverges = false;
    for (const stmt of block.stmts) {
      if (stmt.kind === 'use') {
        if (stmt.decl.kind === 'use') f.scope.addUse(stmt.decl);
        else
          f.ctx.report(
            CODES.unsupportedLanguageItem,
            stmt.loc,
            "'use fun' inside a function body is not supported yet",
          );
        continue;
      }
      if (stmt.kind === 'let') {
        stmts.push(checkLet(f, stmt));
        continue;
      }
      const exp = checkExp(f, stmt.exp);
      if (f.subst.shallow(exp.type).kind === 'never') diverges = true;
      else f.requireAbilities(exp.type, DROP, stmt.exp.loc, "';' discards this value, which needs 'drop'");
      stmts.push({ kind: 'exp', loc: stmt.loc, exp });
    }
    const result = block.result ? checkExp(f, block.result) : unitExp(implicitUnitLoc(block));
    const type: Type = !block.result && diverges ? { kind: 'never' } : result.type;
    return { kind: 'block', loc: block.loc, type, stmts, result };
  });
}

/**
 * Where a block without a final expression produces its `()`: the `;` ending its last statement, or
 * its `{` when it is empty. Sui reports values left unused at a function's end there.
 */
function implicitUnitLoc(block: BlockExp): Loc {
  return (
    block.trailingSemicolon ?? { file: block.loc.file, start: block.loc.start, end: block.loc.start + 1 }
  );
}

function checkIf(f: FunctionContext, e: Exp & { kind: 'if' }): TExp {
  const cond = f.expect(checkExp(f, e.cond), BOOL, 'an if condition is a bool');
  const elseExp = e.else;
  if (!elseExp) {
    const [then, otherwise] = f.inBranches([() => checkExp(f, e.then), () => unitExp(e.loc)]) as [TExp, TExp];
    const thenUnit = f.expect(then, UNIT, "an 'if' without 'else' has type '()'");
    return { kind: 'if', loc: e.loc, type: UNIT, cond, then: thenUnit, else: otherwise };
  }
  const [then, otherwise] = f.inBranches([() => checkExp(f, e.then), () => checkExp(f, elseExp)]) as [
    TExp,
    TExp,
  ];
  const joined = f.subst.join(then.type, otherwise.type);
  if (!joined) {
    f.reportMismatch(
      e.loc,
      otherwise.type,
      then.type,
      'the branches of this if have different types',
      elseExp.loc,
    );
    return { kind: 'if', loc: e.loc, type: f.subst.errorType(), cond, then, else: otherwise };
  }
  return {
    kind: 'if',
    loc: e.loc,
    type: joined,
    cond,
    then: f.expect(then, joined, 'branch'),
    else: f.expect(otherwise, joined, 'branch'),
  };
}

function checkWhile(f: FunctionContext, e: Exp & { kind: 'while' }): TExp {
  const cond = f.expect(checkExp(f, e.cond), BOOL, 'a while condition is a bool');
  const frame = f.pushLoop(false, e.label?.value);
  const body = f.expect(checkExp(f, e.body), UNIT, "a loop body has type '()'");
  f.popLoop();
  return { kind: 'while', loc: e.loc, type: UNIT, label: frame.id, cond, body };
}

function checkLoop(f: FunctionContext, e: Exp & { kind: 'loop' }): TExp {
  const frame = f.pushLoop(true, e.label?.value);
  const body = f.expect(checkExp(f, e.body), UNIT, "a loop body has type '()'");
  f.popLoop();
  return { kind: 'loop', loc: e.loc, type: frame.breakType ?? { kind: 'never' }, label: frame.id, body };
}

function findLoop(f: FunctionContext, label: string | undefined, loc: Loc) {
  const frame =
    label === undefined ? f.loops[f.loops.length - 1] : [...f.loops].reverse().find((l) => l.label === label);
  if (!frame) {
    f.ctx.report(
      CODES.invalidLoopControl,
      loc,
      label === undefined ? 'not inside a loop' : `no enclosing loop labelled '${label}'`,
    );
  }
  return frame;
}

function checkBreak(f: FunctionContext, e: Exp & { kind: 'break' }): TExp {
  const frame = findLoop(f, e.label?.value, e.loc);
  if (!frame) return f.errorExp(e.loc);
  let value: TExp | undefined;
  if (e.value) {
    value = checkExp(f, e.value);
    if (!frame.isLoop)
      f.ctx.report(CODES.invalidLoopControl, e.value.loc, "only 'loop' can break with a value");
  }
  if (frame.isLoop) {
    const type = value?.type ?? UNIT;
    const joined = frame.breakType ? f.subst.join(frame.breakType, type) : type;
    if (!joined)
      f.reportMismatch(e.loc, type, frame.breakType!, 'this break value differs from earlier ones');
    else frame.breakType = joined;
  }
  return { kind: 'break', loc: e.loc, type: { kind: 'never' }, label: frame.id, ...(value ? { value } : {}) };
}

export function requireInteger(f: FunctionContext, exp: TExp, what: string): void {
  if (!f.subst.subtype(exp.type, f.subst.fresh(true))) {
    f.ctx.report(CODES.builtinOperation, exp.loc, `${what}, found '${showType(f.subst.resolve(exp.type))}'`);
  }
}

const ARITHMETIC = new Set(['+', '-', '*', '/', '%', '&', '|', '^']);
const ORDERING = new Set(['<', '>', '<=', '>=']);

function checkBinary(f: FunctionContext, e: Exp & { kind: 'binary' }): TExp {
  const lhs = checkExp(f, e.lhs);
  const rhs = checkExp(f, e.rhs);
  const op = e.op;
  const node = (type: Type, l: TExp, r: TExp): TExp => ({
    kind: 'binary',
    loc: e.loc,
    type,
    op,
    lhs: l,
    rhs: r,
  });
  if (op === '&&' || op === '||') {
    return node(BOOL, f.expect(lhs, BOOL, `'${op}' takes bools`), f.expect(rhs, BOOL, `'${op}' takes bools`));
  }
  if (op === '<<' || op === '>>') {
    requireInteger(f, lhs, `'${op}' shifts an integer`);
    return node(lhs.type, lhs, f.expect(rhs, prim('u8'), 'a shift amount is a u8'));
  }
  if (op === '==' || op === '!=') {
    const joined = f.subst.join(lhs.type, rhs.type);
    if (!joined) {
      f.reportMismatch(e.opLoc, rhs.type, lhs.type, `the operands of '${op}' differ`, e.rhs.loc);
      return node(BOOL, lhs, rhs);
    }
    f.requireAbilities(joined, DROP, e.loc, "comparing values consumes them, which needs 'drop'");
    return node(BOOL, f.expect(lhs, joined, 'operand'), f.expect(rhs, joined, 'operand'));
  }
  requireInteger(f, lhs, `'${op}' takes integers`);
  const right = f.expect(rhs, lhs.type, `the operands of '${op}' differ`, e.opLoc);
  if (ARITHMETIC.has(op)) return node(lhs.type, lhs, right);
  if (ORDERING.has(op)) return node(BOOL, lhs, right);
  throw new Error(`unknown operator ${op}`);
}
