// Upstream vectors (spec/harness.md §29.5, §29.6, §29.8) and hand-derived cases for the plan pipeline.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizePtbSpec } from '../../../src/core/phase2/normalize.js';
import { validateCausality, validatePlanSchema } from '../../../src/benchmarks/phase2/workflow/validate.js';
import { ptbVariants } from '../../../src/benchmarks/phase2/workflow/variants.js';
import { resolvePlaceholders, inventorySummary } from '../../../src/core/phase2/inventory.js';
import { interpretPlanningReply } from '../../../src/benchmarks/phase2/workflow/planning.js';
import { parsePlanFile } from '../../../src/benchmarks/phase2/workflow/plan-file.js';
import { scoreInhabitation } from '../../../src/core/phase2/score.js';
import { canonicalBaseType, normalizeTypeString } from '../../../src/core/phase2/type-string.js';
import type { PtbSpec } from '../../../src/core/phase2/ptb-spec.js';
import { UPSTREAM_DATA_DIR } from '../../support/paths.js';

const pad = (hex: string) => '0x' + hex.padStart(64, '0');

describe('scoring (§29.8)', () => {
  it('matches base types with canonical addresses', () => {
    expect(
      scoreInhabitation(
        ['0x2::coin::Coin', '0x2::object::UID'],
        ['0x2::coin::Coin<0x2::sui::SUI>', '0x2::random::Random'],
      ),
    ).toEqual({ targets: 2, created_distinct: 2, created_hits: 1, missing: 1 });
  });
  it('normalizes type strings and base types', () => {
    expect(normalizeTypeString('0x2::coin::Coin<0xAbC::x::Y>')).toBe(
      `${pad('2')}::coin::Coin<${pad('abc')}::x::Y>`,
    );
    expect(canonicalBaseType('foo')).toBe('foo');
    expect(canonicalBaseType('0x2::a')).toBe(`${pad('2')}::a`);
    // Hand-derived: `0X` is not matched; a string without 0x is returned untouched by the address rule.
    expect(normalizeTypeString(' 0X2::m::S ')).toBe('0X2::m::S');
  });
});

describe('causality (§29.8, §12)', () => {
  it('reports the upstream vector', () => {
    const r = validateCausality({
      calls: [
        { args: [{ result: 1 }] },
        { args: [{ result: 0 }, { nested_result: [0, 1] }, { result: '0' }] },
      ],
    });
    expect(r).toEqual({
      valid: false,
      score: 0.5,
      errors: [
        "Causality violation in call 0: references result 1 which hasn't been produced yet",
        'Result index in call 1, arg 2 must be an integer (got str)',
      ],
    });
  });
  it('handles non-plans and negative indexes', () => {
    expect(validateCausality([]).errors).toEqual(['PTB spec must be a dictionary']);
    expect(validateCausality({}).errors).toEqual(["PTB spec must contain a 'calls' list"]);
    const neg = validateCausality({ calls: [{}, { args: [{ result: -1 }] }] });
    expect(neg.errors[0]).toContain('cannot be negative');
    expect(validateCausality({ calls: [] })).toEqual({ valid: true, score: 1.0, errors: [] });
  });
});

describe('normalization (§29.6)', () => {
  const input = {
    calls: [
      {
        target: '0x2::m::f',
        type_args: [],
        args: [
          { object: 'abc' },
          { u64: '100' },
          { u128: '340282366920938463463374607431768211455' },
          { u64: 1.9 },
          { u8: true },
          { bool: 'true' },
          { vector_u64: ['1', 2, 'x'] },
          { result: '0' },
          { nested_result: ['0', '1'] },
          { address: 'ff' },
          { shared_object: { id: '6', mutable: 'no' } },
          { shared_object: { id: '0x6', mutable: 1 } },
          { shared_object: { id: '0x6', mutable: 2 } },
          { $smi_placeholder: '0x2::coin::Coin' },
          { u64: ' 7 ' },
          { u64: '1_000' },
        ],
      },
    ],
  };
  it('applies every upstream correction, keeping u128 exact instead of clamping', () => {
    const frozen = JSON.stringify(input);
    const out = normalizePtbSpec(input);
    expect(JSON.stringify(input)).toBe(frozen);
    expect(out.spec.calls[0]!.args).toEqual([
      { imm_or_owned_object: '0xabc' },
      { u64: 100 },
      { u128: '340282366920938463463374607431768211455' }, // upstream: 9223372036854775807 (its bug)
      { u64: 1 },
      { u8: 1 },
      { bool: 'true' },
      { vector_u64: [1, 2, 'x'] },
      { result: 0 },
      { nested_result: [0, 1] },
      { address: '0xff' },
      { shared_object: { id: '0x6', mutable: false } },
      { shared_object: { id: '0x6', mutable: true } },
      { shared_object: { id: '0x6', mutable: true } },
      { imm_or_owned_object: '0x0' },
      { u64: 7 },
      { u64: 1000 },
    ]);
    expect(out.corrections).toEqual([
      'call[0].args[0]: arg_kind_object_to_imm_or_owned',
      'call[0].args[0]: address_missing_0x_prefix',
      'call[0].args[1]: integer_string_to_int',
      'call[0].args[2]: integer_string_to_int',
      'call[0].args[6]: integer_string_to_int',
      'call[0].args[7]: result_ref_string_to_int',
      'call[0].args[8]: nested_result_string_to_int',
      'call[0].args[9]: address_missing_0x_prefix',
      'call[0].args[10].shared_object: address_missing_0x_prefix',
      'call[0].args[10].shared_object: boolean_string_to_bool',
      'call[0].args[12].shared_object: boolean_string_to_bool',
      'call[0].args[14]: integer_string_to_int',
      'call[0].args[15]: integer_string_to_int',
      'placeholder: $smi_placeholder -> imm_or_owned_object(0x0)',
    ]);
    expect(out.counts).toEqual({
      arg_kind_object_to_imm_or_owned: 1,
      address_missing_0x_prefix: 3,
      integer_string_to_int: 5,
      result_ref_string_to_int: 1,
      nested_result_string_to_int: 1,
      boolean_string_to_bool: 2,
      placeholder: 1,
    });
  });
  it('never throws on garbage and leaves it for schema validation', () => {
    for (const garbage of [null, 7, 'x', [], { calls: 'no' }]) {
      const out = normalizePtbSpec(garbage);
      expect(out.corrections).toEqual([]);
      expect(validatePlanSchema(out.spec).valid).toBe(false);
    }
  });
});

describe('schema validation', () => {
  const call = (args: unknown[]) =>
    ({ calls: [{ target: '0x2::m::f', type_args: [], args }] }) as unknown as PtbSpec;
  it('accepts a well-formed plan', () => {
    // u64 max = 2^64-1 = 18446744073709551615, as an exact string.
    expect(
      validatePlanSchema(
        call([
          { u64: '18446744073709551615' },
          { address: '0x1' },
          { shared_object: { id: '0x6', mutable: false } },
        ]),
      ),
    ).toEqual({ valid: true, errors: [] });
  });
  it('rejects out-of-range ints, bad kinds and forward results', () => {
    const r = validatePlanSchema(
      call([
        { u8: 256 },
        { u64: '18446744073709551616' },
        { pure: '0x00' },
        { result: 0 },
        { vector_u8_hex: '0x1' },
      ]),
    );
    expect(r.valid).toBe(false);
    expect(r.errors).toHaveLength(5);
    expect(r.errors[2]).toContain('unsupported argument kind "pure"');
  });
});

describe('variants (§29.5)', () => {
  const plan = (args: unknown[]) => ({ calls: [{ target: '0x2::m::f', type_args: [], args }] });
  const names = (v: { name: string }[]) => v.map((x) => x.name);
  it('builds the upstream variant lists', () => {
    const base = plan([{ address: '0x2' }, { u64: 1 }, { vector_address: ['0x3', '0x4'] }]);
    const v = ptbVariants(base, '0xabc', 10);
    expect(names(v)).toEqual(['base', 'addr_sender', 'ints_0', 'ints_2', 'ints_10', 'ints_100']);
    expect((v[1]!.spec as ReturnType<typeof plan>).calls[0]!.args).toEqual([
      { address: '0xabc' },
      { u64: 1 },
      { vector_address: ['0xabc', '0xabc'] },
    ]);
    expect(names(ptbVariants(base, '0x0', 10))).toEqual(['base', 'ints_0', 'ints_2', 'ints_10', 'ints_100']);
    expect(names(ptbVariants(plan([{ u64: 2 }]), '0x0', 10))).toEqual([
      'base',
      'ints_0',
      'ints_10',
      'ints_100',
    ]);
    expect(names(ptbVariants(base, '0xabc', 4))).toEqual(['base', 'addr_sender', 'ints_0', 'ints_2']);
    expect(base.calls[0]!.args[1]).toEqual({ u64: 1 });
  });
});

describe('placeholders (§8.2)', () => {
  it('fills from the inventory without mutating the input', () => {
    const coin = `${pad('2')}::coin::Coin<${pad('2')}::sui::SUI>`;
    const raw = {
      calls: [
        { args: [{ $smi_placeholder: '0x2::coin::Coin<0x2::sui::SUI>' }, { $smi_placeholder: '0x2::x::Y' }] },
      ],
    };
    const out = resolvePlaceholders(raw, { [coin]: ['0xc0', '0xc1'] });
    expect(out).toEqual({
      spec: { calls: [{ args: [{ imm_or_owned_object: '0xc0' }, { imm_or_owned_object: '0x0' }] }] },
      resolved: false,
      // the second argument of call 0 (a call without a target) asked for a type the sender does not own
      unresolved: [{ call: 0, target: '?', arg: 1, type: '0x2::x::Y' }],
    });
    expect(raw.calls[0]!.args[0]).toEqual({ $smi_placeholder: '0x2::coin::Coin<0x2::sui::SUI>' });
    expect(
      inventorySummary({ b: ['1'], a: ['1', '2'] })
        .split('\n')
        .slice(1),
    ).toEqual(['- a: 2 objects available', '- b: 1 objects available']);
  });
});

describe('planning replies (§7.4)', () => {
  it('follows upstream rules', () => {
    expect(interpretPlanningReply({ need_more: ['a::b::c'], calls: [] }, [])).toEqual({
      kind: 'need_more',
      newTargets: ['a::b::c'],
    });
    expect(interpretPlanningReply({ need_more: ['a::b::c'] }, ['a::b::c'])).toEqual({ kind: 'loop' });
    expect(interpretPlanningReply({ need_more: 'x' }, [])).toEqual({ kind: 'need_more', newTargets: [] });
    expect(interpretPlanningReply({ calls: [] }, []).kind).toBe('plan');
    expect(interpretPlanningReply({ foo: 1, bar: 2 }, [])).toEqual({
      kind: 'error',
      message: "unexpected response keys: ['foo', 'bar']",
    });
  });
});

describe('plan file (§3.4)', () => {
  it('reads the upstream fixture', () => {
    const fixture = resolve(UPSTREAM_DATA_DIR, 'fixtures', 'phase2_plans_two_packages.json');
    const plans = parsePlanFile(readFileSync(fixture, 'utf8'), fixture);
    expect([...plans.keys()]).toEqual([
      '0x1c515fb0c7979c0106b841f528374bf2ee14b0c605ab2d97c52e25ed3488826a',
      '0xd177e8fbb09c9700b186cbdeb049c665e7f519dacebd3f4b3ca226a7bf7fbd2e',
    ]);
    const seal = plans.get('0xd177e8fbb09c9700b186cbdeb049c665e7f519dacebd3f4b3ca226a7bf7fbd2e') as PtbSpec;
    expect(seal.calls[0]!.args).toEqual([{ vector_address: ['0x1'] }]);
  });
  it("finds a plan written under a short id by the package's full id", () => {
    const plans = parsePlanFile('{"0x2": {"calls": []}}', 'p.json');
    expect(plans.get(pad('2'))).toEqual({ calls: [] });
  });
  it('rejects non-objects, saying why, and drops non-object plans', () => {
    const shape = '--plan-file must be a JSON object mapping package_id -> PTB spec: p.json';
    expect(() => parsePlanFile('[]', 'p.json')).toThrow(`${shape} (it holds an array)`);
    expect(() => parsePlanFile('null', 'p.json')).toThrow(`${shape} (it holds null)`);
    expect(() => parsePlanFile('"x"', 'p.json')).toThrow(`${shape} (it holds a string)`);
    expect(() => parsePlanFile('not json\n', 'p.json')).toThrow(`${shape} (not JSON: `);
    expect([...parsePlanFile('{"a": 1, "b": {"calls": []}, "c": [], "d": null}', 'p.json').keys()]).toEqual([
      pad('b'),
    ]);
  });
});
