// Constructs the checker once refused or mis-lowered, compiled end to end (check, generate, verify):
// temporaries that must be borrowed, a package-wide `public use fun`, `let x;` assigned later, empty
// structs, and the Sui rules on `init`, `entry` and locals found by typing.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDependencies, type DependencyEnv } from '../../src/move-compiler/check/deps.js';
import { compilePackage, type CompileResult } from '../../src/move-compiler/compile.js';
import { CORPUS_DIR } from '../support/paths.js';

let dependencies: DependencyEnv;
beforeAll(async () => {
  dependencies = await loadDependencies({ corpusRoot: CORPUS_DIR });
}, 60_000);

function compile(...texts: string[]): CompileResult {
  const files = texts.map((text, i) => ({ path: `sources/m${i}.move`, text }));
  return compilePackage({ packageName: 'demo', addresses: { demo: '0x0' }, files, dependencies });
}

function errors(result: CompileResult): string[] {
  return result.diagnostics.filter((d) => d.code.severity === 'error').map((d) => d.code.code);
}

describe('temporaries are borrowed through a hidden local', () => {
  it('compiles &f(), f().field and a method taking & or &mut on a call result', () => {
    const result = compile(`module demo::m;
public struct Pair has drop { a: u64, b: u64 }
fun make(): Pair { Pair { a: 1, b: 2 } }
fun sum(p: &Pair): u64 { p.a + p.b }
fun bump(p: &mut Pair): u64 { p.a = p.a + 1; p.a }
public fun f(): u64 {
    let r = &make();
    r.a + make().b + make().sum() + make().bump() + sum(&make())
}
`);
    expect(result.diagnostics).toEqual([]);
    expect(result.modules).toHaveLength(1);
  });
});

describe('method aliases', () => {
  it("sees another module's `public use fun` for its type", () => {
    const result = compile(
      `module demo::a;
public struct Meter has drop { v: u64 }
public fun make(v: u64): Meter { Meter { v } }
public fun meter_value(m: &Meter): u64 { m.v }
public use fun meter_value as Meter.reading;
`,
      `module demo::b;
public fun read(): u64 { demo::a::make(3).reading() }
`,
    );
    expect(result.diagnostics).toEqual([]);
  });
});

describe('a `let` without a value (Sui move_2024/typing/let_mut_assign_loop_invalid)', () => {
  it('may be assigned once on each path without mut', () => {
    const result = compile(`module demo::m;
public fun f(c: bool): u64 {
    let x;
    if (c) x = 1 else x = 2;
    x
}
`);
    expect(result.diagnostics).toEqual([]);
  });

  it('refuses a second assignment, and any assignment in a loop', () => {
    expect(errors(compile(`module demo::m; public fun f(): u64 { let x; x = 1; x = 2; x }`))).toEqual([
      'E04024',
    ]);
    expect(
      errors(compile(`module demo::m; public fun f(c: bool) { let x; while (c) { x = 1u64; x; }; }`)),
    ).toEqual(['E04024']);
  });
});

describe('declarations', () => {
  it('gives an empty struct a field in bytecode, so a one-time witness module verifies', () => {
    const result = compile(`module demo::m;
public struct M has drop {}
public struct Marker has drop {}
fun init(_w: M, _ctx: &mut TxContext) { let Marker {} = Marker {}; }
`);
    expect(result.diagnostics).toEqual([]);
  });

  it('lets a generic struct declare abilities its parameters may lack', () => {
    expect(
      compile(`module demo::m; public struct Box<T> has copy, drop, store { value: T }`).diagnostics,
    ).toEqual([]);
  });

  it('reads positional fields with .0', () => {
    expect(
      compile(`module demo::m; public struct P(u64, u64) has drop; public fun f(p: P): u64 { p.0 + p.1 }`)
        .diagnostics,
    ).toEqual([]);
  });

  it('refuses a struct that contains itself, directly or through another (E04018)', () => {
    expect(errors(compile(`module demo::m; public struct S { next: vector<S> }`))).toEqual(['E04018']);
    expect(errors(compile(`module demo::m; public struct A { b: B } public struct B { a: A }`))).toEqual([
      'E04018',
    ]);
  });

  it('refuses a local holding several values (E04005)', () => {
    expect(
      errors(compile(`module demo::m; public fun f(): u64 { let t = (1u64, 2u64); let (a, _) = t; a }`)),
    ).toEqual(['E04005']);
  });
});

describe('Sui rules found by typing', () => {
  it('refuses calling init (Sui E02006)', () => {
    const result = compile(`module demo::m;
fun init(_ctx: &mut TxContext) {}
public fun again(ctx: &mut TxContext) { init(ctx) }
`);
    expect(errors(result)).toEqual(['Sui E02006']);
  });

  it('refuses entry parameters a transaction cannot give and results it cannot drop (Sui E02002)', () => {
    const result = compile(`module demo::m;
public struct Ticket { n: u64 }
entry fun take(t: Ticket) { let Ticket { n: _ } = t; }
entry fun give(): Ticket { Ticket { n: 0 } }
`);
    expect(errors(result)).toEqual(['Sui E02002', 'Sui E02002']);
  });
});
