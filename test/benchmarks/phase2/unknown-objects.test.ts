// A search agent's plan that needs an object nobody can name is not built (issue 29 item 3). Hand-derived:
// the placeholders are upstream's (spec/harness.md §8.2: exact lookup by normalized type, `0x0` when the
// inventory has no object of that type), the variants upstream's (§8.3: base, addr_sender, ints_0, ints_2, …).
import { describe, expect, it } from 'vitest';
import {
  preparePlaceholderPlan,
  unknownObjectsReason,
} from '../../../src/benchmarks/phase2/workflow/unknown-objects.js';
import { normalizeTypeString } from '../../../src/core/phase2/type-string.js';

const PKG = '0x57ac46a3079b1346201739fbb9aa5df081e4a2f5f4b8146f249b176d7b2ea769';
const COLLECTOR = `${PKG}::FeeCollector::FeeCollector`;
const SENDER = '0x064d87c3da8b7201b18c05bfc3189eb817920b2d089b33e207d1d99dc5ce08e0';
const DUMMY = '0x' + '1'.repeat(64);

/** FeeCollector::transfer_ownership(&mut FeeCollector, address): the baseline's one candidate there. */
const transferOwnership = {
  calls: [
    {
      target: `${PKG}::FeeCollector::transfer_ownership`,
      type_args: [],
      args: [{ $smi_placeholder: COLLECTOR }, { address: DUMMY }],
    },
  ],
};

describe('plans needing objects nobody can name', () => {
  it('are one variant, not built, naming the call, the argument and the type', () => {
    const variants = preparePlaceholderPlan(transferOwnership, {}, 3, SENDER, 4);
    // With a sender, an address argument would give `addr_sender` too: no variant of this plan can be built.
    expect(variants.map((v) => v.name)).toEqual(['base']);
    expect(variants[0]).toMatchObject({
      attempt: 3,
      unbuilt:
        `call 0 (${PKG}::FeeCollector::transfer_ownership) argument 0: no object of type ${COLLECTOR} ` +
        `to pass (the sender's inventory has none)`,
    });
    // The plan itself is checked as any other: it follows the schema, its causality holds.
    expect(variants[0]!.spec).not.toBeNull();
    expect(variants[0]!.causality.valid).toBe(true);
  });

  it('are built as usual once the inventory has the object', () => {
    const inventory = { [normalizeTypeString(COLLECTOR)]: ['0xc0ffee'] };
    const variants = preparePlaceholderPlan(transferOwnership, inventory, 1, SENDER, 4);
    expect(variants.map((v) => [v.name, v.unbuilt])).toEqual([
      ['base', undefined],
      ['addr_sender', undefined],
    ]);
    expect(variants[0]!.spec!.calls[0]!.args[0]).toEqual({ imm_or_owned_object: '0xc0ffee' });
  });

  it('leave plans without placeholders alone, and a plan breaking the schema a schema violation', () => {
    const register = {
      calls: [{ target: `${PKG}::m::register`, type_args: [], args: [{ u64: 1 }] }],
    };
    expect(preparePlaceholderPlan(register, {}, 1, SENDER, 4).map((v) => [v.name, v.unbuilt])).toEqual([
      ['base', undefined],
      ['ints_0', undefined],
      ['ints_2', undefined],
      ['ints_10', undefined],
    ]);
    const broken = { calls: [{ args: [{ $smi_placeholder: COLLECTOR }] }] };
    const [only, ...rest] = preparePlaceholderPlan(broken, {}, 1, SENDER, 4);
    expect(rest).toEqual([]);
    expect(only!.spec).toBeNull();
    expect(only!.unbuilt).toBeUndefined();
  });

  it('list every object a plan lacks', () => {
    expect(
      unknownObjectsReason([
        { call: 0, target: '0xa::m::f', arg: 0, type: '0xa::m::A' },
        { call: 1, target: '0xa::m::g', arg: 2, type: '0x2::coin::Coin<unknown>' },
      ]),
    ).toBe(
      "call 0 (0xa::m::f) argument 0: no object of type 0xa::m::A to pass (the sender's inventory has none); " +
        "call 1 (0xa::m::g) argument 2: no object of type 0x2::coin::Coin<unknown> to pass (the sender's " +
        'inventory has none)',
    );
  });
});
