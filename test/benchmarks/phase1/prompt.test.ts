import { describe, expect, it } from 'vitest';
import { buildPhase1Prompt, PHASE1_INSTRUCTIONS } from '../../../src/benchmarks/phase1/workflow/prompt.js';
import {
  REFERENCE_INTERFACE_TEXT,
  REFERENCE_PHASE1_PAYLOAD,
} from '../../core/fixtures/reference-interface.js';

const iface = JSON.parse(REFERENCE_INTERFACE_TEXT) as unknown;

function payloadOf(prompt: string): unknown {
  expect(prompt.startsWith(PHASE1_INSTRUCTIONS)).toBe(true);
  return JSON.parse(prompt.slice(PHASE1_INSTRUCTIONS.length));
}

describe('buildPhase1Prompt (harness §4.4, §29.4)', () => {
  it('matches the reference payload byte for byte with max_structs = 1', () => {
    const { prompt, structsIncluded } = buildPhase1Prompt(iface, 1);
    expect(structsIncluded).toBe(1);
    expect(prompt).toBe(PHASE1_INSTRUCTIONS + REFERENCE_PHASE1_PAYLOAD);
  });

  it('asks for the key_types object and ends the instructions with a newline', () => {
    expect(PHASE1_INSTRUCTIONS).toContain('"key_types"');
    expect(PHASE1_INSTRUCTIONS).toContain('0xADDR::module::Struct');
    expect(PHASE1_INSTRUCTIONS.endsWith('\n')).toBe(true);
  });

  it('includes every struct, without abilities, when the limit allows', () => {
    const { prompt, structsIncluded } = buildPhase1Prompt(iface, 200);
    expect(structsIncluded).toBe(2);
    const payload = payloadOf(prompt) as { modules: Record<string, { structs: Record<string, unknown> }> };
    expect(Object.keys(payload.modules)).toEqual(['shop']);
    expect(payload.modules['shop']?.structs['Receipt']).toEqual({
      fields: [{ name: 'amount', type: { kind: 'u64' } }],
    });
    expect(prompt).not.toContain('"abilities"');
    expect(prompt).not.toContain('"key"');
  });

  it('gives an empty modules object for max_structs = 0', () => {
    const { prompt, structsIncluded } = buildPhase1Prompt(iface, 0);
    expect(structsIncluded).toBe(0);
    expect(payloadOf(prompt)).toEqual({
      modules: {},
      note: 'Struct abilities are intentionally omitted.',
      package_id: '0xabc',
    });
  });

  it('stops across modules at the limit, in interface order', () => {
    const multi = {
      package_id: '0x9',
      modules: {
        b: { address: '0x9', structs: { X: { fields: [] }, Y: { fields: [] } } },
        a: { address: '0x9', structs: { Z: { fields: [] } } },
      },
    };
    const { prompt, structsIncluded } = buildPhase1Prompt(multi, 2);
    expect(structsIncluded).toBe(2);
    expect(payloadOf(prompt)).toMatchObject({
      modules: { b: { structs: { X: { fields: [] }, Y: { fields: [] } } } },
    });
    expect(
      Object.keys((payloadOf(buildPhase1Prompt(multi, 3).prompt) as { modules: object }).modules),
    ).toEqual(['a', 'b']);
  });

  it('skips malformed modules, structs and fields, and copies field types raw', () => {
    const messy = {
      package_id: '',
      modules: {
        bad1: 'x',
        bad2: { address: 5, structs: {} },
        m: {
          address: '0x1',
          structs: {
            NoFields: { abilities: ['key'] },
            NotObject: 3,
            S: {
              fields: [
                { name: 'a' },
                'junk',
                { name: 1, type: { kind: 'u8' } },
                { name: 'b', type: { kind: 'weird' } },
              ],
            },
          },
        },
      },
    };
    const { prompt, structsIncluded } = buildPhase1Prompt(messy, 1);
    expect(structsIncluded).toBe(1);
    expect(payloadOf(prompt)).toEqual({
      modules: {
        m: {
          address: '0x1',
          structs: {
            S: {
              fields: [
                { name: 'a', type: null },
                { name: 'b', type: { kind: 'weird' } },
              ],
            },
          },
        },
      },
      note: 'Struct abilities are intentionally omitted.',
      package_id: '<unknown>',
    });
  });

  it('escapes non-ASCII names like Python', () => {
    const { prompt } = buildPhase1Prompt(
      { package_id: '0x1', modules: { m: { address: '0x1', structs: { É: { fields: [] } } } } },
      5,
    );
    expect(prompt).toContain('"\\u00c9": {');
  });

  it('tolerates a non-object interface', () => {
    expect(buildPhase1Prompt(null, 5).structsIncluded).toBe(0);
  });
});
