// The checker on macros and enums: what it expands and lowers, and what it reports. Expected codes
// follow Sui's categories (test/move-compiler/rejections/NOTES.md); E13001 marks what this compiler
// lacks rather than a mistake in the program.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPackage, loadDependencies, type DependencyEnv } from '../../src/move-compiler/check/index.js';
import { DiagnosticBag } from '../../src/move-compiler/diagnostics.js';
import { parseFile } from '../../src/move-compiler/parser/index.js';
import type { TModule } from '../../src/move-compiler/tir.js';
import { CORPUS_DIR } from '../support/paths.js';

let deps: DependencyEnv;
beforeAll(async () => {
  deps = await loadDependencies({ corpusRoot: CORPUS_DIR });
}, 60_000);

function check(...texts: string[]): { modules: TModule[]; found: string[] } {
  const bag = new DiagnosticBag();
  const files = texts.map((text, i) => parseFile(`sources/m${i}.move`, text, bag));
  const modules = checkPackage({ files, addresses: { demo: '0x0' }, dependencies: deps, bag });
  return { modules, found: bag.sorted().map((d) => `${d.code.code} ${d.primary.message}`) };
}

describe('checker: macros', () => {
  it('expands its own macros and std ones, and generates no function for a macro', () => {
    const r = check(`module demo::m;
macro fun twice($x: u64, $f: |u64| -> u64): u64 { $f($f($x)) }
public fun f(v: vector<u64>): u64 { twice!(v.fold!(0, |a, x| a + x), |y| y + 1) }
`);
    expect(r.found).toEqual([]);
    expect(r.modules[0]!.functions.map((fn) => fn.name)).toEqual(['f']);
  });

  it('names a macro it does not have (E13001)', () => {
    const r = check(`module demo::m;
public fun f(v: vector<u64>): bool { v.is_sorted_by!(|a, b| *a <= *b) }
`);
    expect(r.found).toEqual([
      "E13001 macro 'vector::is_sorted_by!' is not available to this compiler: it knows 'assert!', the package's own macros, and std's vector, option and integer macros",
    ]);
  });

  it('reports a wrong number of arguments, and a macro called without !', () => {
    const r = check(`module demo::m;
macro fun one($x: u64): u64 { $x }
public fun f(): u64 { one!(1, 2) }
public fun g(): u64 { one(1) }
`);
    expect(r.found.map((line) => line.slice(0, 6))).toEqual(['E04017', 'E04029']);
  });
});

describe('checker: enums', () => {
  it('refuses to build or match another module’s enum (E04001)', () => {
    const r = check(
      `module demo::a;
public enum Color has copy, drop { Red, Green }
`,
      `module demo::b;
use demo::a::Color;
public fun red(): Color { Color::Red }
public fun is_red(c: Color): bool { match (c) { Color::Red => true, _ => false } }
`,
    );
    expect(r.found.map((line) => line.slice(0, 6))).toEqual(['E04001', 'E04001']);
  });

  it('lowers a match on an enum to a variant switch with one case per variant', () => {
    const r = check(`module demo::m;
public enum Shape has drop { Dot, Square(u64), Rect { w: u64, h: u64 } }
public fun area(s: Shape): u64 {
    match (s) { Shape::Square(side) => side * side, Shape::Rect { w, h } => w * h, Shape::Dot => 0 }
}
`);
    expect(r.found).toEqual([]);
    const body = JSON.stringify(r.modules[0]!.functions[0]!.body, (_k, v: unknown) =>
      typeof v === 'bigint' ? 0 : v,
    );
    expect(body.match(/"kind":"variant_switch"/g)).toHaveLength(1);
    expect(r.modules[0]!.enums[0]!.variants.map((v) => [v.name, v.fields.map((f) => f.name)])).toEqual([
      ['Dot', []],
      ['Square', ['pos0']],
      ['Rect', ['w', 'h']],
    ]);
  });
});
