// Interface summaries: the upstream outputs of §29.4, and the whole-module request upstream ignored.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarizeInterface } from '../../../src/core/phase2/summary.js';
import { PROJECT_ROOT } from '../../support/paths.js';

const pad = (hex: string) => '0x' + hex.padStart(64, '0');
const A = pad('abc');
const S1 = pad('1');
const S2 = pad('2');
const iface: unknown = JSON.parse(
  readFileSync(resolve(PROJECT_ROOT, 'test/core/phase2/reference-interface.json'), 'utf8'),
);

describe('summarizeInterface (§29.4)', () => {
  it('entry_then_public', () => {
    expect(summarizeInterface(iface, 60, { mode: 'entry_then_public' })).toBe(
      [
        'Package: 0xabc',
        '',
        'Module: shop',
        '  - public entry fun burn(u128)',
        `  - public entry fun buy<1 type params>(&${A}::shop::Config, vector<u8>, ${S1}::string::String, &${S2}::clock::Clock, &mut ${S2}::tx_context::TxContext)`,
        `  - public entry fun gift(${A}::shop::Item, address)`,
        '  - public fun new_config(u64)',
        '      // Creates a config....',
        '  - public fun pay<1 type params>(unknown, vector<address>)',
        '',
      ].join('\n'),
    );
  });
  it('truncates', () => {
    const lines = summarizeInterface(iface, 2, { mode: 'entry_then_public' }).split('\n');
    expect(lines.slice(3)).toEqual([lines[3], lines[4], '', '... (truncated after 2 functions)']);
    expect(lines[3]).toContain('burn');
    expect(lines[4]).toContain('buy');
  });
  it('focused: three-part targets as upstream', () => {
    expect(
      summarizeInterface(iface, 60, {
        mode: 'focused',
        requestedTargets: ['0xabc::shop::burn', '0xabc::a_mod::init'],
      }),
    ).toBe(
      [
        'Package: 0xabc',
        '',
        'Module: a_mod',
        '  - private fun init()',
        '',
        'Module: shop',
        '  - public entry fun burn(u128)',
        '',
      ].join('\n'),
    );
  });
  it('focused: a two-part target shows the whole module (upstream showed nothing)', () => {
    const text = summarizeInterface(iface, 60, { mode: 'focused', requestedTargets: ['0xabc::shop'] });
    expect(text).toContain('Module: a_mod\n  (No public/entry functions found in this module)');
    expect(text.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(5);
  });
});
