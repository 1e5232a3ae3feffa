import { beforeAll, describe, expect, it } from 'vitest';
import { checkPackage, loadDependencies, type DependencyEnv } from '../../src/move-compiler/check/index.js';
import { DiagnosticBag } from '../../src/move-compiler/diagnostics.js';
import { parseFile } from '../../src/move-compiler/parser/index.js';
import type { TExp, TModule } from '../../src/move-compiler/tir.js';
import { CORPUS_DIR } from '../support/paths.js';

let deps: DependencyEnv;
beforeAll(async () => {
  deps = await loadDependencies({ corpusRoot: CORPUS_DIR });
});

function check(text: string): { modules: TModule[]; codes: string[]; messages: string[] } {
  const bag = new DiagnosticBag();
  const file = parseFile('sources/m.move', text, bag);
  const parseErrors = bag.sorted().map((d) => `${d.code.code} ${d.primary.message}`);
  expect(parseErrors).toEqual([]);
  const modules = checkPackage({ files: [file], addresses: { demo: '0x0' }, dependencies: deps, bag });
  const diagnostics = bag.sorted();
  return {
    modules,
    codes: diagnostics.map((d) => d.code.code),
    messages: diagnostics.map((d) => d.primary.message),
  };
}

describe('checker smoke', () => {
  it('checks a counter module', () => {
    const r = check(`
module demo::counter;

public struct Counter has key {
    id: UID,
    value: u64,
}

public fun create(ctx: &mut TxContext) {
    let c = Counter { id: object::new(ctx), value: 0 };
    transfer::share_object(c);
}

public fun increment(c: &mut Counter) {
    c.value = c.value + 1;
}

public fun value(c: &Counter): u64 { c.value }
`);
    expect(r.messages).toEqual([]);
    expect(r.modules[0]!.functions.map((f) => f.name)).toEqual(['create', 'increment', 'value']);
  });
});

function fn(modules: TModule[], name: string) {
  const found = modules[0]!.functions.find((f) => f.name === name);
  if (!found) throw new Error(`no function ${name}`);
  return found;
}

function collect(exp: TExp | undefined, kind: TExp['kind'], out: TExp[] = []): TExp[] {
  if (!exp) return out;
  if (exp.kind === kind) out.push(exp);
  for (const value of Object.values(exp)) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item && typeof item === 'object' && 'kind' in item && 'loc' in item && 'type' in item)
        collect(item as TExp, kind, out);
      else if (item && typeof item === 'object' && 'exp' in item)
        collect((item as { exp: TExp }).exp, kind, out);
      else if (
        item &&
        typeof item === 'object' &&
        'value' in item &&
        typeof (item as { value: unknown }).value === 'object'
      ) {
        const inner = (item as { value: unknown }).value;
        if (inner && typeof inner === 'object' && 'kind' in inner) collect(inner as TExp, kind, out);
      }
    }
  }
  return out;
}

describe('checker: types and inference', () => {
  it('infers an unsuffixed literal from its use and defaults the rest to u64', () => {
    const r = check(`
module demo::m;
fun f(): u8 {
    let x = 1;
    let y: u8 = x;
    let z = 5;
    z;
    y
}
`);
    expect(r.messages).toEqual([]);
    const locals = fn(r.modules, 'f').locals;
    expect(locals.map((l) => [l.name, l.type])).toEqual([
      ['x', { kind: 'prim', name: 'u8' }],
      ['y', { kind: 'prim', name: 'u8' }],
      ['z', { kind: 'prim', name: 'u64' }],
    ]);
  });

  it('reports an out-of-range literal after inference (E04021)', () => {
    expect(check(`module demo::m; fun f(): u8 { let x: u8 = 256; x }`).codes).toEqual(['E04021']);
  });

  it('reports incompatible types (E04007) and keeps going', () => {
    const r = check(`
module demo::m;
fun f(): u64 {
    let a: u64 = true;
    let b: bool = 3;
    a
}
`);
    expect(r.codes).toEqual(['E04007', 'E04007']);
  });

  it('reports a type it cannot infer (E04010)', () => {
    expect(check(`module demo::m; fun f() { let _v = vector[]; }`).codes).toEqual(['E04010']);
  });

  it('types loop break values and if/else joins', () => {
    const r = check(`
module demo::m;
fun f(c: bool): u16 {
    let x = loop { break 7 };
    let y = if (c) x else 3;
    y
}
`);
    expect(r.messages).toEqual([]);
    expect(fn(r.modules, 'f').locals.map((l) => l.type)).toEqual([
      { kind: 'prim', name: 'bool' },
      { kind: 'prim', name: 'u16' },
      { kind: 'prim', name: 'u16' },
    ]);
  });

  it('folds constants to BCS', () => {
    const r = check(`
module demo::m;
const A: u64 = 10 * 2;
const B: vector<u8> = b"hi";
const C: address = @0x2;
const D: bool = A > 5;
`);
    expect(r.messages).toEqual([]);
    const byName = Object.fromEntries(r.modules[0]!.constants.map((c) => [c.name, [...c.value]]));
    expect(byName.A).toEqual([20, 0, 0, 0, 0, 0, 0, 0]);
    expect(byName.B).toEqual([2, 104, 105]);
    expect(byName.C).toEqual([...new Array(31).fill(0), 2]);
    expect(byName.D).toEqual([1]);
  });
});

describe('checker: names and visibility', () => {
  it('reports unbound names with their codes', () => {
    const r = check(`
module demo::m;
use demo::nothere;
fun f(): u64 {
    let a = y;
    foo();
    a
}
`);
    expect(r.codes).toEqual(['E03002', 'E03009', 'E03005']);
  });

  it('refuses assignment to and &mut of a local without mut (E04024)', () => {
    const r = check(`
module demo::m;
fun f() {
    let x = 1;
    x = 2;
    let v = vector[1u8];
    v.push_back(2);
}
`);
    expect(r.codes).toEqual(['E04024', 'E04024']);
  });

  it('refuses private and public(package) functions of other packages (E04001)', () => {
    const r = check(`
module demo::m;
fun f(): UID {
    sui::object::clock()
}
`);
    expect(r.codes).toEqual(['E04001']);
  });

  it('refuses field access and packing of other modules types (E04001)', () => {
    const r = check(`
module demo::m;
use sui::coin::Coin;
use sui::sui::SUI;
fun f(c: &Coin<SUI>): u64 { let _b = &c.balance; 0 }
`);
    expect(r.codes).toEqual(['E04001']);
  });

  it('checks argument counts (E04016, E04017)', () => {
    const r = check(`
module demo::m;
fun g(_a: u64, _b: u64) {}
fun f() { g(1); g(1, 2, 3); }
`);
    expect(r.codes).toEqual(['E04016', 'E04017']);
  });
});

describe('checker: abilities and Sui rules', () => {
  it('checks ability constraints of type arguments (E05001)', () => {
    const r = check(`
module demo::m;
public struct NoStore has key { id: UID }
fun f(o: NoStore) { transfer::public_transfer(o, @0x1); }
`);
    expect(r.codes).toEqual(['E05001']);
  });

  it('requires id: UID first in a key struct (Sui E02007)', () => {
    expect(check(`module demo::m; public struct S has key { value: u64 }`).codes).toEqual(['Sui E02007']);
  });

  it('reports a phantom parameter in a non-phantom position (E02013)', () => {
    expect(check(`module demo::m; public struct S<phantom T> has drop { v: vector<T> }`).codes).toEqual([
      'E02013',
    ]);
  });

  it('refuses private transfer of a foreign type (Sui E02009)', () => {
    const r = check(`
module demo::m;
use sui::coin::Coin;
use sui::sui::SUI;
fun f(c: Coin<SUI>) { transfer::transfer(c, @0x1); }
`);
    expect(r.codes).toEqual(['Sui E02009']);
  });

  it('checks init (Sui E02003) and one-time witnesses (Sui E02004)', () => {
    expect(check(`module demo::m; public fun init(_ctx: &mut TxContext) {}`).codes).toEqual(['Sui E02003']);
    expect(
      check(`module demo::m; public struct M has drop, copy {} fun init(_w: M, _ctx: &mut TxContext) {}`)
        .codes,
    ).toEqual(['Sui E02004']);
    expect(
      check(`module demo::m; public struct M has drop {} fun init(_w: M, _ctx: &mut TxContext) {}`).codes,
    ).toEqual([]);
  });
});

describe('checker: method calls, borrows and macros', () => {
  it('resolves methods through the defining module and the framework use funs', () => {
    const r = check(`
module demo::m;
use sui::coin::Coin;
public struct Obj has key { id: UID }
fun f<T>(c: &Coin<T>, o: &Obj, ctx: &TxContext): (u64, address, address) {
    (c.value(), o.id.to_address(), ctx.sender())
}
`);
    expect(r.messages).toEqual([]);
    const calls = collect(fn(r.modules, 'f').body, 'call').map((c) =>
      c.kind === 'call' ? `${c.function.module.name}::${c.function.name}` : '',
    );
    expect(calls).toEqual(['coin::value', 'object::uid_to_address', 'tx_context::sender']);
  });

  it('borrows a receiver mutably when the method takes &mut, and indexes vectors', () => {
    const r = check(`
module demo::m;
fun f(): u64 {
    let mut v = vector[];
    v.push_back(10);
    v[0]
}
`);
    expect(r.messages).toEqual([]);
    const body = fn(r.modules, 'f').body;
    const calls = collect(body, 'call');
    expect(calls.map((c) => (c.kind === 'call' ? c.function.name : ''))).toEqual(['push_back', 'borrow']);
    const push = calls[0]!;
    expect(push.kind === 'call' && push.args[0]!.kind).toBe('borrow_local');
    expect(push.kind === 'call' && push.args[0]!.type).toEqual({
      kind: 'ref',
      isMut: true,
      inner: { kind: 'vector', elem: { kind: 'prim', name: 'u64' } },
    });
  });

  it('lowers assert! without a code to an abort with a line-tagged clever code', () => {
    const r = check(`module demo::m;
fun f(x: u64) {

    assert!(x > 0);
}
`);
    expect(r.messages).toEqual([]);
    const abort = collect(fn(r.modules, 'f').body, 'abort')[0];
    const code = abort?.kind === 'abort' ? abort.code : undefined;
    expect(code).toMatchObject({ kind: 'clever_code', line: 4 });
    expect(code).not.toHaveProperty('constant');
  });

  it('gives abort without a code the line of the abort, and an #[error] constant its name and code', () => {
    const r = check(`module demo::m;
#[error(code = 7)]
const EBad: vector<u8> = b"bad";
fun f() {
    abort
}
fun g(ok: bool) {
    assert!(ok, EBad);
}
`);
    expect(r.messages).toEqual([]);
    const code = (name: string) => {
      const abort = collect(fn(r.modules, name).body, 'abort')[0];
      return abort?.kind === 'abort' ? abort.code : undefined;
    };
    expect(code('f')).toMatchObject({ kind: 'clever_code', line: 5 });
    expect(code('g')).toMatchObject({ kind: 'clever_code', line: 8, constant: 'EBad', errorCode: 7 });
  });

  it('reads an #[error] code as a u8 literal, and reports one that is not', () => {
    const withCode = (written: string) =>
      check(`module demo::m;
#[error(code = ${written})]
const EBad: vector<u8> = b"bad";
fun g(ok: bool) {
    assert!(ok, EBad);
}
`);
    const errorCode = (r: ReturnType<typeof check>) => {
      const abort = collect(fn(r.modules, 'g').body, 'abort')[0];
      return abort?.kind === 'abort' && abort.code.kind === 'clever_code' ? abort.code.errorCode : undefined;
    };
    for (const [written, value] of [
      ['1_0', 10],
      ['0x2a', 42],
      ['255u8', 255],
    ] as const) {
      const r = withCode(written);
      expect(r.messages).toEqual([]);
      expect(errorCode(r)).toBe(value);
    }
    expect(withCode('300').codes).toEqual(['E02015']);
    expect(withCode('300').messages).toEqual(["The error code must be a u8, found '300'"]);
    expect(withCode('7u64').codes).toEqual(['E02015']);
  });

  it('inserts freeze when &mut is passed for &', () => {
    const r = check(`
module demo::m;
fun len(v: &vector<u8>): u64 { v.length() }
fun f(v: &mut vector<u8>): u64 { len(v) }
`);
    expect(r.messages).toEqual([]);
    expect(collect(fn(r.modules, 'f').body, 'freeze')).toHaveLength(1);
  });
});

describe('checker: statements and patterns', () => {
  it('accepts unpacks, tuples, positional structs, labels, casts and writes through references', () => {
    const r = check(`
module demo::m;
public struct Obj has key { id: UID, value: u64 }
public struct Pair(u64, bool) has copy, drop;
fun two(): (u64, bool) { (1, true) }
fun destroy(o: Obj): u64 {
    let Obj { id, value } = o;
    id.delete();
    value
}
fun peek(o: &Obj): u64 {
    let Obj { id: _, value } = o;
    *value
}
fun f(): u128 {
    let (a, b) = two();
    let p = Pair(a, b);
    let Pair(x, _) = p;
    let mut n = 0;
    'outer: while (n < 10) {
        n = n + 1;
        if (n == 3) continue 'outer;
        if (n == 8) break;
    };
    let mut y = x;
    *&mut y = y << 2;
    (n as u128) + (y as u128)
}
`);
    expect(r.messages).toEqual([]);
    const peek = fn(r.modules, 'peek').body;
    expect(peek?.kind === 'block' && peek.stmts[0]?.kind === 'let' && peek.stmts[0].targets[0]).toMatchObject(
      { kind: 'unpack', ref: 'imm' },
    );
  });

  it('reports several mistakes of different kinds in one build', () => {
    const r = check(`
module demo::m;
public struct S has drop { v: u64 }
fun f(s: S): u64 {
    let t = S { v: 1, w: 2 };
    s.nope + t.v + missing::g()
}
`);
    // `missing::g`: in Move 2024 a leading name that is no module alias is E03006 (Sui's move_2024/naming/unbound_module).
    expect(r.codes).toEqual(['E03010', 'E03010', 'E03006']);
  });
});
