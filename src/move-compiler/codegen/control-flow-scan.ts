// Whether evaluating an expression branches or leaves early. The verifier wants the operand stack
// empty at every block boundary, so values computed before such an expression go through locals.
import type { TExp, TStmt } from '../tir.js';

const BRANCHING = new Set(['if', 'while', 'loop', 'break', 'continue', 'return', 'abort', 'variant_switch']);

export function hasControlFlow(exp: TExp): boolean {
  if (BRANCHING.has(exp.kind)) return true;
  if (exp.kind === 'binary' && (exp.op === '&&' || exp.op === '||')) return true;
  return children(exp).some(hasControlFlow);
}

function children(exp: TExp): TExp[] {
  switch (exp.kind) {
    case 'unit':
    case 'literal':
    case 'constant':
    case 'clever_code':
    case 'local':
    case 'borrow_local':
    case 'continue':
      return [];
    case 'call':
      return exp.args;
    case 'pack':
    case 'pack_variant':
      return exp.fields.map((field) => field.value);
    case 'variant_switch':
      return [exp.subject, ...exp.cases];
    case 'vector':
      return exp.elems;
    case 'tuple':
      return exp.elems;
    case 'borrow_field':
    case 'deref':
    case 'freeze':
    case 'not':
    case 'cast':
      return [exp.exp];
    case 'write_ref':
      return [exp.ref, exp.value];
    case 'binary':
      return [exp.lhs, exp.rhs];
    case 'if':
      return [exp.cond, exp.then, exp.else];
    case 'while':
      return [exp.cond, exp.body];
    case 'loop':
      return [exp.body];
    case 'break':
      return exp.value ? [exp.value] : [];
    case 'return':
      return [exp.value];
    case 'abort':
      return [exp.code];
    case 'block':
      return [...exp.stmts.flatMap(statementChildren), exp.result];
    case 'assign':
      return [exp.value];
  }
}

function statementChildren(stmt: TStmt): TExp[] {
  if (stmt.kind === 'exp') return [stmt.exp];
  return stmt.value ? [stmt.value] : [];
}
