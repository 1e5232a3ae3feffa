// The parser on realistic Move 2024 and on syntax errors. Expected trees are hand-derived from Move's
// grammar; expected error codes and positions come from Sui's parser tests (cited per case) or from
// the rejection manifest's hand derivations.
import { describe, expect, it } from 'vitest';
import type { Exp, FunctionDecl, ModuleMember, SourceFile } from '../../src/move-compiler/ast.js';
import { DiagnosticBag, type Diagnostic } from '../../src/move-compiler/diagnostics.js';
import { parseFile } from '../../src/move-compiler/parser/parser.js';
import { lineColumn } from '../../src/move-compiler/render.js';

function parse(text: string): { file: SourceFile; diagnostics: Diagnostic[] } {
  const bag = new DiagnosticBag();
  const file = parseFile('sources/m.move', text, bag);
  return { file, diagnostics: bag.sorted() };
}

function parseClean(text: string): SourceFile {
  const { file, diagnostics } = parse(text);
  expect(diagnostics.map((d) => `${d.code.code} ${d.primary.message}`)).toEqual([]);
  return file;
}

function at(text: string, diagnostic: Diagnostic): string {
  const { line, column } = lineColumn(text, diagnostic.primary.loc.start);
  return `${diagnostic.code.code}@${line}:${column}`;
}

function members(text: string): ModuleMember[] {
  return parseClean(text).modules[0]?.members ?? [];
}

function fun(text: string, name: string): FunctionDecl {
  const found = members(text).find((m): m is FunctionDecl => m.kind === 'function' && m.name.value === name);
  if (found === undefined) throw new Error(`no function ${name}`);
  return found;
}

/** The body's value expression of `fun f() { <exp> }`, with location fields removed. */
function exp(source: string): unknown {
  const body = fun(`module a::m; fun f() { ${source} }`, 'f').body;
  return strip(body?.result);
}

function strip(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) =>
      key === 'loc' || key === 'opLoc' ? undefined : typeof v === 'bigint' ? `${v}n` : v,
    ),
  );
}

/** A compact shape of an expression tree: binary ops and casts as s-expressions, names as text. */
function shape(e: Exp | undefined): string {
  if (e === undefined) return '?';
  switch (e.kind) {
    case 'binary':
      return `(${e.op} ${shape(e.lhs)} ${shape(e.rhs)})`;
    case 'cast':
      return `(as ${shape(e.exp)})`;
    case 'name':
      return e.path.parts.map((p) => p.value).join('::');
    case 'literal':
      return e.value.kind === 'number' ? String(e.value.value) : e.value.kind;
    case 'not':
      return `(! ${shape(e.exp)})`;
    case 'borrow':
      return `(&${e.isMut ? 'mut' : ''} ${shape(e.exp)})`;
    case 'deref':
      return `(* ${shape(e.exp)})`;
    case 'dot':
      return `(. ${shape(e.exp)} ${e.field.value})`;
    case 'method_call':
      return `(.${e.method.value}() ${shape(e.receiver)} ${e.args.map(shape).join(' ')})`.replace(
        / \)$/,
        ')',
      );
    case 'call':
      return `(${e.path.parts.map((p) => p.value).join('::')}${e.isMacro ? '!' : ''}${e.typeArgs ? `<${e.typeArgs.length}>` : ''} ${e.args.map(shape).join(' ')})`;
    case 'index':
      return `([] ${shape(e.exp)} ${e.indices.map(shape).join(' ')})`;
    case 'if':
      return `(if ${shape(e.cond)} ${shape(e.then)} ${shape(e.else)})`;
    case 'block':
      return `{${shape(e.result)}}`;
    default:
      return e.kind;
  }
}

function valueShape(source: string): string {
  return shape(fun(`module a::m; fun f() { ${source} }`, 'f').body?.result);
}

describe('module forms', () => {
  it('reads file-level, block and address-block modules', () => {
    const fileLevel = parseClean('module example::coin_flip;\nfun f() {}\n');
    expect(fileLevel.modules.map((m) => [m.address, m.name.value].map((x) => strip(x)))).toEqual([
      [{ kind: 'named', name: 'example' }, 'coin_flip'],
    ]);
    const block = parseClean('module 0x2::m { fun f() {} }\nmodule 0x2::n { }');
    expect(block.modules.map((m) => m.name.value)).toEqual(['m', 'n']);
    expect(strip(block.modules[0]?.address)).toEqual({ kind: 'numeric', value: '2n' });
    const addressBlock = parseClean('address 0x42 { module m { } module n { } }');
    expect(addressBlock.modules.map((m) => [m.name.value, strip(m.address)])).toEqual([
      ['m', { kind: 'numeric', value: '66n' }],
      ['n', { kind: 'numeric', value: '66n' }],
    ]);
  });

  it('keeps attributes, including assigned and nested ones', () => {
    const [member] = members('module a::m;\n#[test, expected_failure(abort_code = a::m::EBad)]\nfun t() {}');
    const names = member?.attributes.map((a) => [
      a.name.value,
      a.args.map((x) => [x.name.value, x.args.map((y) => y.name.value)]),
    ]);
    expect(names).toEqual([
      ['test', []],
      ['expected_failure', [['abort_code', ['a::m::EBad']]]],
    ]);
  });

  it('flattens every form of use', () => {
    const [use1, use2, use3] = members(
      'module a::m;\nuse sui::{coin::{Self, Coin as C}, balance};\nuse std::string as s;\nuse 0x2::object::UID;\n',
    );
    const items = (m: ModuleMember | undefined): string[] =>
      m?.kind === 'use'
        ? m.items.map(
            (i) =>
              `${i.kind}:${i.address.kind === 'named' ? i.address.name : i.address.value}::${i.module.value}${i.kind === 'member' ? `::${i.member.value}` : ''}${i.alias ? ` as ${i.alias.value}` : ''}`,
          )
        : [];
    expect(items(use1)).toEqual(['module:sui::coin', 'member:sui::coin::Coin as C', 'module:sui::balance']);
    expect(items(use2)).toEqual(['module:std::string as s']);
    expect(items(use3)).toEqual(['member:2::object::UID']);
  });

  it('reads use fun, public use fun and friend', () => {
    const [a, b, c] = members(
      'module a::m;\nuse fun f as S.g;\npublic use fun a::m::h as a::m::S.k;\nfriend a::n;',
    );
    expect(a?.kind === 'use_fun' && [a.isPublic, a.function.parts.length, a.method.value]).toEqual([
      false,
      1,
      'g',
    ]);
    expect(
      b?.kind === 'use_fun' && [b.isPublic, b.function.parts.length, b.type.parts.map((p) => p.value)],
    ).toEqual([true, 3, ['a', 'm', 'S']]);
    expect(c?.kind).toBe('friend');
  });
});

describe('datatypes and functions', () => {
  it('reads structs with phantom parameters, abilities before or after fields, and positional fields', () => {
    const [vault, pair, empty] = members(
      'module a::m;\npublic struct Vault<phantom T: store, U> has key, store { id: UID, balance: Balance<T> }\npublic struct Pair(u64, bool) has copy, drop;\npublic struct Marker {} has drop;',
    );
    expect(
      vault?.kind === 'struct' && [
        vault.typeParams.map((t) => [t.name.value, t.isPhantom, t.constraints.map((c) => c.value)]),
        vault.abilities.map((a) => a.value),
        vault.fields.kind,
      ],
    ).toEqual([
      [
        ['T', true, ['store']],
        ['U', false, []],
      ],
      ['key', 'store'],
      'named',
    ]);
    expect(
      pair?.kind === 'struct' &&
        pair.fields.kind === 'positional' && [pair.fields.types.length, pair.abilities.map((a) => a.value)],
    ).toEqual([2, ['copy', 'drop']]);
    expect(empty?.kind === 'struct' && [empty.fields.kind, empty.abilities.map((a) => a.value)]).toEqual([
      'named',
      ['drop'],
    ]);
  });

  it('reads enums with all three variant shapes', () => {
    const [color] = members(
      'module a::m;\npublic enum Color<T> has copy, drop { Red, Rgb(u8, u8, u8), Named { name: T }, }',
    );
    expect(color?.kind === 'enum' && color.variants.map((v) => [v.name.value, v.fields.kind])).toEqual([
      ['Red', 'none'],
      ['Rgb', 'positional'],
      ['Named', 'named'],
    ]);
  });

  it('reads function modifiers, generics, mut parameters and return types', () => {
    const source =
      'module a::m;\npublic(package) entry fun a<T: copy + drop>(mut x: u64, r: &mut vector<T>): (u64, bool) { (x, true) }\npublic(friend) fun b() {}\nnative fun c(): u64;\nmacro fun d<$T>($x: $T, $f: |$T| -> u64): u64 { $f($x) }\nconst MAX: u64 = 1_000;';
    const [a, b, c, d, k] = members(source);
    expect(
      a?.kind === 'function' && [
        a.visibility,
        a.isEntry,
        a.params.map((p) => [p.name.value, p.isMut]),
        a.returnType?.kind,
      ],
    ).toEqual([
      'package',
      true,
      [
        ['x', true],
        ['r', false],
      ],
      'tuple',
    ]);
    expect(b?.kind === 'function' && b.visibility).toBe('friend');
    expect(c?.kind === 'function' && [c.isNative, c.body]).toEqual([true, undefined]);
    expect(d?.kind === 'function' && [d.isMacro, d.params[1]?.type.kind]).toEqual([true, 'fun']);
    expect(k?.kind === 'constant' && strip(k.value)).toEqual({
      kind: 'literal',
      value: { kind: 'number', value: '1000n' },
    });
  });
});

describe('expressions', () => {
  it('follows Move precedence', () => {
    expect(valueShape('a || b && c == d + e * f')).toBe('(|| a (&& b (== c (+ d (* e f)))))');
    expect(valueShape('a | b ^ c & d << 1 + 2')).toBe('(| a (^ b (& c (<< d (+ 1 2)))))');
    expect(valueShape('a - b - c')).toBe('(- (- a b) c)');
    // `as` binds tighter than comparisons, looser than arithmetic.
    expect(valueShape('a + b as u64 < c')).toBe('(< (as (+ a b)) c)');
    expect(valueShape('!*&x.f')).toBe('(! (* (& (. x f))))');
    expect(valueShape('&mut v[i + 1]')).toBe('(&mut ([] v (+ i 1)))');
  });

  it('tells type arguments from less-than by the space before <', () => {
    expect(valueShape('f<u64>(x)')).toBe('(f<1> x)');
    expect(valueShape('f < g')).toBe('(< f g)');
    expect(valueShape('a < b && c > d')).toBe('(&& (< a b) (> c d))');
    expect(valueShape('x.m<u8, T>(1)')).toBe('(.m() x 1)');
    expect(valueShape('vector<vector<u8>>[]')).toBe('vector');
  });

  it('reads calls, macros, method chains, packs and literals', () => {
    expect(valueShape('assert!(x > 0, EBad)')).toBe('(assert! (> x 0) EBad)');
    expect(valueShape('coin::value(&c).min(10)')).toBe('(.min() (coin::value (& c)) 10)');
    expect(valueShape('0x2::coin::zero<SUI>(ctx)')).toBe('(coin::zero<1> ctx)');
    expect(exp('S { a, b: 1 }')).toEqual({
      kind: 'pack',
      path: { parts: [{ value: 'S' }] },
      fields: [
        { field: { value: 'a' }, value: { kind: 'name', path: { parts: [{ value: 'a' }] } } },
        { field: { value: 'b' }, value: { kind: 'literal', value: { kind: 'number', value: '1n' } } },
      ],
    });
    expect(exp('0xffu8')).toEqual({
      kind: 'literal',
      value: { kind: 'number', value: '255n', suffix: 'u8' },
    });
    expect(exp('@0x1')).toEqual({
      kind: 'literal',
      value: { kind: 'address', value: { kind: 'numeric', value: '1n' } },
    });
    expect(exp('@sui')).toEqual({
      kind: 'literal',
      value: { kind: 'address', value: { kind: 'named', name: 'sui' } },
    });
    expect(exp('b"a\\n"')).toEqual({ kind: 'literal', value: { kind: 'bytes', value: { 0: 97, 1: 10 } } });
    expect(exp('x"00ff"')).toEqual({ kind: 'literal', value: { kind: 'bytes', value: { 0: 0, 1: 255 } } });
    expect(exp('(x: u64)')).toMatchObject({ kind: 'annot' });
    expect(exp('p.0')).toMatchObject({ kind: 'dot', field: { value: '0' } });
    expect(exp('vector[1, 2]')).toMatchObject({ kind: 'vector', elems: [{}, {}] });
    expect(exp('|x| x + 1')).toMatchObject({ kind: 'lambda', params: [{ pattern: { kind: 'var' } }] });
    expect(exp('move x')).toMatchObject({ kind: 'move', name: { value: 'x' } });
  });

  it('ends a control expression at its block, as Sui does', () => {
    expect(valueShape('if (c) a else { b } + 1')).toBe('(+ (if c a {b}) 1)');
    expect(valueShape('if (c) a else b + 1')).toBe('(if c a (+ b 1))');
  });

  it('reads statements: let patterns, assignments, loops with labels, match', () => {
    const body = fun(
      `module a::m;
fun f(v: &mut vector<u64>) {
    let (a, mut b): (u64, u64) = (1, 2);
    let Pair(x, ..) = p;
    let S { f, g: mut h, .. } = s;
    let _ = 3;
    (a, _) = (4, 5);
    *v.borrow_mut(0) = 1;
    'outer: loop { if (a > 0) break 'outer; continue 'outer };
    while (b < 10) { b = b + 1; };
    let r = match (c) { Color::Red => 1, Color::Rgb(r, _, _) if (r > 0) => r as u64, x @ Other { .. } => 2, NONE | ALSO => 3, _ => 0 };
    abort
}`,
      'f',
    ).body;
    const kinds = body?.stmts.map((s) =>
      s.kind === 'let' ? `let:${s.pattern.kind}` : s.kind === 'exp' ? s.exp.kind : s.kind,
    );
    expect(kinds).toEqual([
      'let:tuple',
      'let:unpack_positional',
      'let:unpack_named',
      'let:wildcard',
      'assign',
      'assign',
      'loop',
      'while',
      'let:var',
    ]);
    expect(body?.result?.kind).toBe('abort');
    const loop = body?.stmts[6];
    expect(loop?.kind === 'exp' && loop.exp.kind === 'loop' && loop.exp.label?.value).toBe('outer');
    const matchStmt = body?.stmts[8];
    const match = matchStmt?.kind === 'let' ? matchStmt.value : undefined;
    expect(
      match?.kind === 'match' && match.arms.map((arm) => [arm.pattern.kind, arm.guard !== undefined]),
    ).toEqual([
      ['name', false],
      ['unpack_positional', true],
      ['at', false],
      ['or', false],
      ['wildcard', false],
    ]);
    const unpack = body?.stmts[2];
    expect(unpack?.kind === 'let' && strip(unpack.pattern)).toEqual({
      kind: 'unpack_named',
      path: { parts: [{ value: 'S' }] },
      fields: [
        { field: { value: 'f' }, pattern: { kind: 'var', name: { value: 'f' }, isMut: false } },
        { field: { value: 'g' }, pattern: { kind: 'var', name: { value: 'h' }, isMut: true } },
      ],
      hasRest: true,
    });
  });
});

describe('syntax errors', () => {
  it('reports the token where a ; was required (rejections/47-missing-semicolon)', () => {
    const text =
      'module helper::h;\n\npublic fun total(a: u64, b: u64): u64 {\n    let sum = a + b\n    let fee = 1;\n    sum + fee\n}\n';
    const { diagnostics } = parse(text);
    expect(diagnostics.map((d) => at(text, d))).toEqual(['E01002@5:5']);
    expect(diagnostics[0]?.primary.message).toBe("Unexpected 'let'");
    expect(diagnostics[0]?.secondary.map((l) => l.message)).toEqual(["Expected ';'"]);
  });

  it('reports a missing parameter at the second comma (rejections/48-unexpected-token)', () => {
    const text = 'module helper::h;\n\npublic fun total(a: u64,, b: u64): u64 {\n    a + b\n}\n';
    expect(parse(text).diagnostics.map((d) => at(text, d))).toEqual(['E01002@3:25']);
  });

  it("reports a postfix ability list without ';' (Sui move_2024/parser/ability_modifier_postfix_no_semi)", () => {
    const text = 'address 0x42 {\nmodule M {\n    public struct Foo {} has store\n}\n}\n';
    const { diagnostics } = parse(text);
    expect(diagnostics.map((d) => at(text, d))[0]).toBe('E01002@4:1');
    expect(diagnostics[0]?.secondary.map((l) => l.message)).toEqual(["Expected one of: ',' or ';'"]);
  });

  it("reports every ambiguous 'as' (Sui move_2024/parser/cast_invalid)", () => {
    const text =
      "module a::m {\n\n    fun simple(cond: bool, x: u32) {\n        if (cond) x else { x } as u32;\n        while (cond) {} as u32;\n        loop {} as u32;\n        'l: { 0u64 } as u32;\n        || { 0 } as u32;\n        return as u32;\n        loop {\n            break as u32;\n            continue as u32;\n        };\n        0u64 as u32 as u32;\n    }\n}\n";
    expect(parse(text).diagnostics.map((d) => at(text, d))).toEqual([
      'E01015@4:9',
      'E01015@5:9',
      'E01015@6:9',
      'E01015@7:9',
      'E01015@9:9',
      'E01015@11:13',
      'E01015@12:13',
      'E01015@14:9',
    ]);
  });

  it('recovers to report one error per broken member', () => {
    const text = 'module a::m;\nfun a() { let x = ; }\nfun b(: u64) {}\nfun c() { 1 }\nstruct 5\n';
    const { file, diagnostics } = parse(text);
    expect(diagnostics.map((d) => at(text, d))).toEqual(['E01002@2:19', 'E01002@3:7', 'E01002@5:8']);
    expect(file.modules[0]?.members.map((m) => (m.kind === 'function' ? m.name.value : m.kind))).toEqual([
      'a',
      'c',
    ]);
  });

  it('reports lexical errors with their own codes', () => {
    const text = 'module a::m;\nfun f() { let x = 300u8; let y = b"\\q"; let z = x"abc"; ~ }\n';
    expect(parse(text).diagnostics.map((d) => at(text, d))).toEqual([
      'E01006@2:19',
      'E01007@2:34',
      'E01008@2:49',
      'E01001@2:57',
    ]);
  });

  it('counts positions in UTF-8 bytes', () => {
    const text = 'module a::m;\n// é\nfun f() { let = 1; }\n';
    const [diagnostic] = parse(text).diagnostics;
    expect(diagnostic?.primary.loc.start).toBe(Buffer.byteLength('module a::m;\n// é\nfun f() { let '));
    expect(at(text, diagnostic!)).toBe('E01002@3:15');
  });
});
