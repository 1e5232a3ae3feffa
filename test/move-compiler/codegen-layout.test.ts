// The instructions the generator picks, checked against sequences derived by hand from the rules:
// a read becomes MoveLoc at its last use and CopyLoc before (copyable types only), code after
// `return`/`abort` is dropped, values cross branches in locals, and the source map has one location
// per instruction.
import { describe, expect, it } from 'vitest';
import { generateModule } from '../../src/move-compiler/codegen/index.js';
import type { Loc } from '../../src/move-compiler/ast.js';
import type { TExp, TModule } from '../../src/move-compiler/tir.js';
import { DROP } from '../../src/move-compiler/types.js';
import {
  bin,
  block,
  BOOL,
  call,
  datatype,
  expS,
  fn,
  ifElse,
  local,
  LOC,
  module,
  ret,
  SELF,
  struct,
  toLocal,
  u64,
  U64,
  assign,
  whileLoop,
  tuple,
  letS,
} from './codegen-ir-builders.js';

function codeOf(m: TModule, index = 0) {
  const { json, sourceMap } = generateModule(m, { packageModules: [m] });
  const def = json.function_defs[index]!;
  return { code: def.code!.code, json, sourceMap: sourceMap.functions[index]! };
}

describe('codegen: copy/move inference', () => {
  it('copies a copyable local before its last use and moves it at the last use', () => {
    const m = module({
      functions: [
        fn({ name: 'f', params: [['x', U64]], returns: [U64], body: bin('+', local(0, U64), local(0, U64)) }),
      ],
    });
    expect(codeOf(m).code).toEqual([{ CopyLoc: 0 }, { MoveLoc: 0 }, 'Add', 'Ret']);
  });

  it('always moves values without copy, and keeps explicit copy/move modes', () => {
    const token = datatype(SELF, 'Token');
    const m = module({
      structs: [struct('Token', DROP, [['v', U64]])],
      functions: [
        fn({
          name: 'take',
          params: [
            ['a', token],
            ['b', token],
          ],
          body: block([]),
        }),
        fn({
          name: 'f',
          params: [
            ['t', token],
            ['x', U64],
          ],
          returns: [U64, U64],
          body: block([expS(call(SELF, 'take', [local(0, token), local(0, token)], tuple()))], {
            kind: 'tuple',
            loc: LOC,
            type: tuple(U64, U64),
            elems: [local(1, U64, 'copy'), local(1, U64, 'copy')],
          }),
        }),
      ],
    });
    expect(codeOf(m, 1).code).toEqual([
      { MoveLoc: 0 },
      { MoveLoc: 0 },
      { Call: 0 },
      { CopyLoc: 1 },
      { CopyLoc: 1 },
      'Ret',
    ]);
  });

  it('keeps a local live around a loop back edge', () => {
    // while (i < n) { i = i + 1 }; i
    const m = module({
      functions: [
        fn({
          name: 'f',
          params: [['n', U64]],
          locals: [['i', U64]],
          returns: [U64],
          body: block(
            [
              letS([toLocal(1)], u64(0)),
              expS(
                whileLoop(
                  0,
                  bin('<', local(1, U64), local(0, U64)),
                  block([assign([toLocal(1)], bin('+', local(1, U64), u64(1)))]),
                ),
              ),
            ],
            local(1, U64),
          ),
        }),
      ],
    });
    expect(codeOf(m).code).toEqual([
      { LdU64: 0n },
      { StLoc: 1 },
      { CopyLoc: 1 }, // 2: loop head
      { CopyLoc: 0 },
      'Lt',
      { BrFalse: 11 },
      { MoveLoc: 1 },
      { LdU64: 1n },
      'Add',
      { StLoc: 1 },
      { Branch: 2 },
      { MoveLoc: 1 }, // 11: exit
      'Ret',
    ]);
  });
});

describe('codegen: layout', () => {
  it('drops code after return and routes an if value through a local', () => {
    // fun f(c: bool): u64 { 1 + if (c) { return 5 } else 2 }
    const body: TExp = bin('+', u64(1), ifElse(local(0, BOOL), block([], ret(u64(5))), u64(2), U64));
    const m = module({ functions: [fn({ name: 'f', params: [['c', BOOL]], returns: [U64], body })] });
    const { code, json, sourceMap } = codeOf(m);
    // 1 is parked in local 1 before the branch; the if's result goes through local 2, then is
    // parked in local 3 so that it lands above the 1.
    expect(code).toEqual([
      { LdU64: 1n },
      { StLoc: 1 },
      { MoveLoc: 0 },
      { BrFalse: 6 },
      { LdU64: 5n },
      'Ret',
      { LdU64: 2n },
      { StLoc: 2 },
      { MoveLoc: 2 },
      { StLoc: 3 },
      { MoveLoc: 1 },
      { MoveLoc: 3 },
      'Add',
      'Ret',
    ]);
    expect(json.signatures[json.function_defs[0]!.code!.locals]).toEqual(['U64', 'U64', 'U64']);
    expect(sourceMap.codeLocs).toHaveLength(code.length);
    expect(sourceMap.locals.map((l) => l.name)).toEqual(['c', '%tmp1', '%tmp2', '%tmp3']);
  });

  it('maps each instruction to the location of the expression that produced it', () => {
    const at = (start: number): Loc => ({ file: 'a.move', start, end: start + 1 });
    const body: TExp = {
      ...bin('*', { ...local(0, U64), loc: at(10) }, { ...u64(3), loc: at(20) }),
      loc: at(5),
    };
    const m = module({ functions: [fn({ name: 'f', params: [['x', U64]], returns: [U64], body })] });
    // The implicit `Ret` sits on the body's value, where Sui reports values left unused at the end.
    expect(codeOf(m).sourceMap.codeLocs.map((l) => l.start)).toEqual([10, 20, 5, 5]);
  });

  it('puts the module first and its own handles before imported ones', () => {
    const m = module({
      structs: [struct('S', DROP, [['v', U64]])],
      functions: [
        fn({ name: 'f', visibility: 'private', body: block([]) }),
        fn({ name: 'g', visibility: 'package', body: block([]) }),
      ],
    });
    const { json } = codeOf(m);
    expect(json.self_module_handle_idx).toBe(0);
    expect(json.identifiers[json.module_handles[0]!.name]).toBe('m');
    expect(json.function_defs.map((d) => [d.function, d.visibility])).toEqual([
      [0, 'Private'],
      [1, 'Friend'],
    ]);
    expect(json.struct_defs[0]!.struct_handle).toBe(0);
    expect(json.version).toBe(6);
    expect(json.metadata).toEqual([]);
  });
});
