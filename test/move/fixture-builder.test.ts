import { describe, expect, it } from 'vitest';
import {
  buildModule,
  buildModuleJson,
  deserializeModule,
  fixtures,
  serializeModule,
} from '../../src/move/index.js';

const { coin, local, mutRef, option, txContext, typeParam, uid, vector } = fixtures;

const spec: fixtures.ModuleSpec = {
  address: '0xbeef',
  name: 'pool',
  structs: [
    {
      name: 'Pool',
      abilities: ['key'],
      typeParams: [{ phantom: true }],
      fields: [
        { name: 'id', type: uid() },
        { name: 'reserves', type: vector('u64') },
      ],
    },
    { name: 'LpToken', abilities: ['store', 'drop'], fields: [{ name: 'shares', type: 'u128' }] },
  ],
  functions: [
    {
      name: 'swap',
      typeParams: [[]],
      params: [mutRef(local('Pool', typeParam(0))), coin(typeParam(0)), txContext()],
      returns: [coin(typeParam(0))],
    },
    { name: 'lp_value', params: [local('LpToken')], returns: [option('u64')] },
  ],
};

describe('fixture builder', () => {
  it('writes modules that deserialize back to the same object', () => {
    const bytes = buildModule(spec);
    expect([...bytes.subarray(0, 4)]).toEqual([0xa1, 0x1c, 0xeb, 0x0b]);
    const json = deserializeModule(bytes, 'pool.mv');
    expect(json).toStrictEqual(buildModuleJson(spec));
    expect(serializeModule(json)).toStrictEqual(bytes);
  });

  it('lays out pools like compiler output', () => {
    const json = buildModuleJson(spec);
    const sorted = [...json.identifiers].sort();
    expect(json.identifiers).toEqual(sorted);
    expect(new Set(json.identifiers).size).toBe(json.identifiers.length);
    // Self address first, then dependencies in order; self module handle first.
    expect(json.address_identifiers).toEqual([
      '000000000000000000000000000000000000000000000000000000000000beef',
      '0000000000000000000000000000000000000000000000000000000000000001',
      '0000000000000000000000000000000000000000000000000000000000000002',
    ]);
    expect(json.self_module_handle_idx).toBe(0);
    const handleNames = json.module_handles.map(
      (handle) => `${handle.address}::${json.identifiers[handle.name]}`,
    );
    expect(handleNames).toEqual(['0::pool', '1::option', '2::coin', '2::object', '2::tx_context']);
    const datatypeNames = json.datatype_handles.map((handle) => json.identifiers[handle.name]);
    expect(datatypeNames).toEqual(['LpToken', 'Pool', 'Option', 'Coin', 'UID', 'TxContext']);
    const signatures = json.signatures.map((signature) => JSON.stringify(signature));
    expect(new Set(signatures).size).toBe(signatures.length);
  });

  it('defaults to version 6, or 7 when the module has enums', () => {
    expect(buildModuleJson(spec).version).toBe(6);
    const withEnum = buildModuleJson({
      address: '0x1',
      name: 'e',
      enums: [{ name: 'E', variants: [{ name: 'A' }] }],
    });
    expect(withEnum.version).toBe(7);
    expect(deserializeModule(buildModule({ ...spec, version: 5 }), 'v5').version).toBe(5);
  });

  it('refuses descriptions the bytecode cannot express', () => {
    expect(() =>
      buildModule({ address: '0x1', name: 'e', version: 6, enums: [{ name: 'E', variants: [] }] }),
    ).toThrow(/enums need bytecode version 7/);
    expect(() => buildModule({ ...spec, functions: [{ name: 'f', params: [local('Pool')] }] })).toThrow(
      /Pool takes 1 type argument/,
    );
    expect(() => buildModule({ ...spec, functions: [{ name: 'f', params: [local('Nope')] }] })).toThrow(
      /declares no struct or enum Nope/,
    );
    expect(() => buildModule({ ...spec, address: '0xZZ' })).toThrow(/not a Move address/);
    expect(() => buildModule({ ...spec, structs: [{ name: 'A' }, { name: 'A' }] })).toThrow(
      /duplicate name A/,
    );
  });
});
