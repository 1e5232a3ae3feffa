// buildInterface on modules made with the fixture builder: each spec rule in isolation.
import { describe, expect, it } from 'vitest';
import type { MoveType } from '../../src/core/types.js';
import {
  buildInterface,
  buildModule,
  deserializeModule,
  fixtures,
  type ModuleJson,
  type ModuleSpec,
} from '../../src/move/index.js';

const { local, mutRef, option, ref, typeParam, uid, vector } = fixtures;

const PKG = '0x00000000000000000000000000000000000000000000000000000000000000ab';
const OTHER = '0x00000000000000000000000000000000000000000000000000000000000000cd';

/** Through real bytes, so the test also covers serialize → deserialize. */
const compile = (spec: ModuleSpec): ModuleJson => deserializeModule(buildModule(spec), spec.name);

// The example module of the contract spec §1.8, in Move:
//   public struct Counter has key { id: UID, value: u64, owner: address }
//   public struct Ticket<phantom T> has store, drop { amount: u64 }
//   public entry fun bump(c: &mut Counter, by: u64)
//   public(package) fun peek<T: copy + drop>(c: &Counter, xs: &vector<Ticket<T>>): (u64, Option<T>)
const counterSpec: ModuleSpec = {
  address: PKG,
  name: 'counter',
  structs: [
    {
      name: 'Counter',
      abilities: ['key'],
      fields: [
        { name: 'id', type: uid() },
        { name: 'value', type: 'u64' },
        { name: 'owner', type: 'address' },
      ],
    },
    {
      name: 'Ticket',
      abilities: ['store', 'drop'],
      typeParams: [{ phantom: true }],
      fields: [{ name: 'amount', type: 'u64' }],
    },
  ],
  functions: [
    { name: 'bump', entry: true, params: [mutRef(local('Counter')), 'u64'] },
    {
      name: 'peek',
      visibility: 'friend',
      typeParams: [['drop', 'copy']],
      params: [ref(local('Counter')), ref(vector(local('Ticket', typeParam(0))))],
      returns: ['u64', option(typeParam(0))],
    },
  ],
};

const datatypeRef = (address: string, module: string, name: string, typeArgs: MoveType[] = []): MoveType => ({
  address,
  kind: 'datatype',
  module,
  name,
  type_args: typeArgs,
});
const addr = (digit: string) => '0x' + digit.padStart(64, '0');

describe('buildInterface', () => {
  it('reproduces the spec example', () => {
    const result = buildInterface([compile(counterSpec)], PKG);
    const counter = datatypeRef(PKG, 'counter', 'Counter');
    expect(result).toStrictEqual({
      module_names: ['counter'],
      modules: {
        counter: {
          address: PKG,
          functions: {
            bump: {
              acquires: [],
              is_entry: true,
              is_native: false,
              params: [{ kind: 'ref', mutable: true, to: counter }, { kind: 'u64' }],
              returns: [],
              type_params: [],
              visibility: 'public',
            },
            peek: {
              acquires: [],
              is_entry: false,
              is_native: false,
              params: [
                { kind: 'ref', mutable: false, to: counter },
                {
                  kind: 'ref',
                  mutable: false,
                  to: {
                    kind: 'vector',
                    type: datatypeRef(PKG, 'counter', 'Ticket', [{ index: 0, kind: 'type_param' }]),
                  },
                },
              ],
              returns: [
                { kind: 'u64' },
                datatypeRef(addr('1'), 'option', 'Option', [{ index: 0, kind: 'type_param' }]),
              ],
              type_params: [{ constraints: ['copy', 'drop'] }],
              visibility: 'friend',
            },
          },
          structs: {
            Counter: {
              abilities: ['key'],
              fields: [
                { name: 'id', type: datatypeRef(addr('2'), 'object', 'UID') },
                { name: 'value', type: { kind: 'u64' } },
                { name: 'owner', type: { kind: 'address' } },
              ],
              is_native: false,
              type_params: [],
            },
            Ticket: {
              abilities: ['drop', 'store'],
              fields: [{ name: 'amount', type: { kind: 'u64' } }],
              is_native: false,
              type_params: [{ constraints: [], is_phantom: true }],
            },
          },
        },
      },
      package_id: PKG,
      schema_version: 1,
    });
  });

  it('lists abilities as copy, drop, store, key whatever the declaration order', () => {
    const module = compile({
      address: PKG,
      name: 'm',
      structs: [
        {
          name: 'All',
          abilities: ['key', 'store', 'drop', 'copy'],
          typeParams: [{ constraints: ['key', 'copy'] }],
        },
      ],
    });
    const all = buildInterface([module], PKG).modules.m!.structs.All!;
    expect(all.abilities).toEqual(['copy', 'drop', 'store', 'key']);
    expect(all.type_params).toEqual([{ constraints: ['copy', 'key'], is_phantom: false }]);
  });

  it('keeps compiler artifacts: dummy_field for empty structs, pos0 for positional ones', () => {
    const module = compile({
      address: PKG,
      name: 'm',
      structs: [
        { name: 'WITNESS', abilities: ['drop'] },
        {
          name: 'Pair',
          fields: [
            { name: 'pos0', type: 'u8' },
            { name: 'pos1', type: 'bool' },
          ],
        },
      ],
    });
    const structs = buildInterface([module], PKG).modules.m!.structs;
    expect(structs.WITNESS!.fields).toEqual([{ name: 'dummy_field', type: { kind: 'bool' } }]);
    expect(structs.Pair!.fields.map((field) => field.name)).toEqual(['pos0', 'pos1']);
  });

  it('maps visibility, entry and native flags', () => {
    const module = compile({
      address: PKG,
      name: 'm',
      functions: [
        { name: 'pub' },
        { name: 'pkg', visibility: 'friend' },
        { name: 'hidden', visibility: 'private' },
        { name: 'entry_only', visibility: 'private', entry: true },
        { name: 'public_entry', entry: true },
        { name: 'builtin', native: true, visibility: 'private' },
      ],
    });
    const functions = buildInterface([module], PKG).modules.m!.functions;
    const flags = Object.fromEntries(
      Object.entries(functions).map(([name, fn]) => [name, [fn.visibility, fn.is_entry, fn.is_native]]),
    );
    expect(flags).toEqual({
      builtin: ['private', false, true],
      entry_only: ['private', true, false],
      hidden: ['private', false, false],
      pkg: ['friend', false, false],
      pub: ['public', false, false],
      public_entry: ['public', true, false],
    });
  });

  it('lists acquired resources by name, addressed to the module itself', () => {
    const module = compile({
      address: PKG,
      name: 'm',
      structs: [
        { name: 'Zed', abilities: ['key'] },
        { name: 'Alpha', abilities: ['key'] },
      ],
      functions: [{ name: 'f' }],
    });
    // Struct defs are in name order (Alpha=0, Zed=1); list them the other way round.
    module.function_defs[0]!.acquires_global_resources = [1, 0];
    const acquires = buildInterface([module], PKG).modules.m!.functions.f!.acquires;
    expect(acquires).toEqual([
      { address: PKG, module: 'm', name: 'Alpha' },
      { address: PKG, module: 'm', name: 'Zed' },
    ]);
  });

  it('reports native structs with no fields', () => {
    const module = compile({ address: PKG, name: 'm', structs: [{ name: 'N', abilities: ['store'] }] });
    module.struct_defs[0]!.field_information = 'Native';
    expect(buildInterface([module], PKG).modules.m!.structs.N).toEqual({
      abilities: ['store'],
      fields: [],
      is_native: true,
      type_params: [],
    });
  });

  it('sorts module names by bytes and lets a later duplicate win', () => {
    const names = ['zeta', 'Alpha', '_under', 'alpha', 'a1'];
    const modules = names.map((name) => compile({ address: PKG, name }));
    const first = compile({ address: PKG, name: 'dup', structs: [{ name: 'First' }] });
    const second = compile({ address: PKG, name: 'dup', structs: [{ name: 'Second' }] });
    const result = buildInterface([...modules, first, second], PKG);
    expect(result.module_names).toEqual(['Alpha', '_under', 'a1', 'alpha', 'dup', 'zeta']);
    expect(Object.keys(result.modules)).toEqual(result.module_names);
    expect(Object.keys(result.modules.dup!.structs)).toEqual(['Second']);
  });

  it('uses the self address for modules and own types when it differs from the package id (upgrades)', () => {
    const module = compile({
      address: OTHER,
      name: 'm',
      structs: [{ name: 'Obj', abilities: ['key'], fields: [{ name: 'id', type: uid() }] }],
      functions: [{ name: 'get', params: [ref(local('Obj'))] }],
    });
    const result = buildInterface([module], PKG);
    expect(result.package_id).toBe(PKG);
    expect(result.modules.m!.address).toBe(OTHER);
    expect(result.modules.m!.functions.get!.params[0]).toEqual({
      kind: 'ref',
      mutable: false,
      to: datatypeRef(OTHER, 'm', 'Obj'),
    });
  });

  it('passes the package id through verbatim', () => {
    expect(buildInterface([compile({ address: '0x1', name: 'm' })], '0x1').package_id).toBe('0x1');
  });

  it('emits enums only when asked, with variant tags in declaration order', () => {
    const withEnum = compile({
      address: PKG,
      name: 'e',
      enums: [
        {
          name: 'State',
          abilities: ['copy', 'drop', 'store'],
          typeParams: [{ phantom: true }],
          variants: [
            { name: 'Open', fields: [{ name: 'pos0', type: 'u64' }] },
            { name: 'Closed' },
            {
              name: 'Archived',
              fields: [
                { name: 'at', type: 'u64' },
                { name: 'by', type: 'address' },
              ],
            },
          ],
        },
      ],
      functions: [{ name: 'state', returns: [local('State', 'u8')] }],
    });
    const plain = compile({ address: PKG, name: 'p' });

    const v1 = buildInterface([withEnum, plain], PKG);
    expect(v1.schema_version).toBe(1);
    expect(v1.modules.e).not.toHaveProperty('enums');
    expect(v1.modules.e!.structs).toEqual({});
    expect(v1.modules.e!.functions.state!.returns).toEqual([
      datatypeRef(PKG, 'e', 'State', [{ kind: 'u8' }]),
    ]);

    const v2 = buildInterface([withEnum, plain], PKG, { includeEnums: true });
    expect(v2.schema_version).toBe(2);
    expect(v2.modules.p!.enums).toEqual({});
    expect(v2.modules.e!.enums).toEqual({
      State: {
        abilities: ['copy', 'drop', 'store'],
        type_params: [{ constraints: [], is_phantom: true }],
        variants: [
          { fields: [{ name: 'pos0', type: { kind: 'u64' } }], name: 'Open', tag: 0 },
          { fields: [], name: 'Closed', tag: 1 },
          {
            fields: [
              { name: 'at', type: { kind: 'u64' } },
              { name: 'by', type: { kind: 'address' } },
            ],
            name: 'Archived',
            tag: 2,
          },
        ],
      },
    });
  });

  it('gives the same interface for bytecode versions 5, 6 and 7', () => {
    const results = [5, 6, 7].map((version) => {
      const module = compile({ ...counterSpec, version });
      expect(module.version).toBe(version);
      return buildInterface([module], PKG);
    });
    expect(results[1]).toStrictEqual(results[0]);
    expect(results[2]).toStrictEqual(results[0]);
  });

  it('throws a plain Error on an out-of-range index instead of producing undefined', () => {
    const module = compile(counterSpec);
    module.struct_defs[0]!.struct_handle = 99;
    expect(() => buildInterface([module], PKG)).toThrow(/datatype handle index 99 out of range/);
  });
});
