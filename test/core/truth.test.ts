import { describe, expect, it } from 'vitest';
import { extractKeyTypes } from '../../src/core/truth.js';
import { REFERENCE_INTERFACE_TEXT } from './fixtures/reference-interface.js';

describe('extractKeyTypes', () => {
  it('finds the key struct of the §29.4 reference interface, under the module address', () => {
    expect([...extractKeyTypes(JSON.parse(REFERENCE_INTERFACE_TEXT))]).toEqual([
      '0x0000000000000000000000000000000000000000000000000000000000000abc::shop::Item',
    ]);
  });

  it('uses the module address, not package_id', () => {
    const iface = {
      package_id: '0x59f',
      modules: { m: { address: '0xc35e', structs: { S: { abilities: ['key', 'store'] } } } },
    };
    expect([...extractKeyTypes(iface)]).toEqual(['0xc35e::m::S']);
  });

  it('tolerates malformed input by skipping it', () => {
    expect(extractKeyTypes(null).size).toBe(0);
    expect(extractKeyTypes({}).size).toBe(0);
    expect(extractKeyTypes({ modules: [] }).size).toBe(0);
    expect(extractKeyTypes({ modules: 'x' }).size).toBe(0);
    const iface = {
      modules: {
        noAddress: { structs: { S: { abilities: ['key'] } } },
        numAddress: { address: 1, structs: { S: { abilities: ['key'] } } },
        listStructs: { address: '0x1', structs: [{ abilities: ['key'] }] },
        notObject: 5,
        ok: {
          address: '0x1',
          structs: {
            A: { abilities: ['key'] },
            B: { abilities: 'key' },
            C: null,
            D: { abilities: ['store'] },
            E: {},
            F: { abilities: ['copy', 'key'] },
          },
        },
      },
    };
    expect([...extractKeyTypes(iface)]).toEqual(['0x1::ok::A', '0x1::ok::F']);
  });
});
