// Baseline candidates: the upstream worked example (§29.4) and the real Sui framework interface as our
// extractor writes it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzePackage } from '../../../src/core/phase2/baseline.js';
import { PROJECT_ROOT } from '../../support/paths.js';

const pad = (hex: string) => '0x' + hex.padStart(64, '0');
const A = pad('abc');
const S1 = pad('1');
const S2 = pad('2');
const DUMMY = '0x' + '1'.repeat(64);
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

describe('analyzePackage on the reference interface (§29.4)', () => {
  const result = analyzePackage(readJson(resolve(PROJECT_ROOT, 'test/core/phase2/reference-interface.json')));
  it('builds the upstream candidates', () => {
    expect(result.candidatesOk).toEqual([
      [
        { target: `${A}::shop::new_config`, type_args: [], args: [{ u64: 1 }] },
        { target: `${S1}::string::utf8`, type_args: [], args: [{ vector_u8_utf8: 'sui' }] },
        {
          target: '0xabc::shop::buy',
          type_args: [`${S2}::sui::SUI`],
          args: [
            { result: 0 },
            { vector_u8_hex: '0x01' },
            { result: 1 },
            { shared_object: { id: '0x6', mutable: false } },
          ],
        },
      ],
      [
        {
          target: '0xabc::shop::gift',
          type_args: [],
          args: [{ $smi_placeholder: `${A}::shop::Item` }, { address: DUMMY }],
        },
      ],
    ]);
  });
  it('rejects with upstream reasons', () => {
    expect(result.candidatesRejected).toEqual([
      { target: '0xabc::a_mod::helper', reasons: ['not_public_entry'] },
      { target: '0xabc::a_mod::init', reasons: ['not_public_entry'] },
      { target: '0xabc::shop::burn', reasons: ['unsupported_param_type'] },
      { target: '0xabc::shop::new_config', reasons: ['not_public_entry'] },
      { target: '0xabc::shop::pay', reasons: ['not_public_entry', 'unsupported_param_type'] },
    ]);
    expect(result.reasonsSummary).toEqual({ not_public_entry: 4, unsupported_param_type: 2 });
  });
  it('reports an invalid interface', () => {
    expect(analyzePackage({ modules: [] }).reasonsSummary).toEqual({ interface_missing_or_invalid: 1 });
  });
});

describe('analyzePackage on the Sui framework (0x2)', () => {
  const iface = readJson(resolve(PROJECT_ROOT, `test/fixtures/interface/${S2}.json`)) as {
    modules: Record<string, { functions: Record<string, { visibility: string; is_entry: boolean }> }>;
  };
  const result = analyzePackage(iface);
  const entryCall = (calls: { target: string }[]) => calls[calls.length - 1]!.target;

  it('offers only public entry functions, each rejected one for its parameters', () => {
    const publicEntry = new Set<string>();
    for (const [m, mod] of Object.entries(iface.modules))
      for (const [f, fn] of Object.entries(mod.functions))
        if (fn.visibility === 'public' && fn.is_entry) publicEntry.add(`${S2}::${m}::${f}`);
    const offered = result.candidatesOk.map(entryCall);
    for (const t of offered) expect(publicEntry.has(t), t).toBe(true);
    for (const r of result.candidatesRejected)
      if (publicEntry.has(r.target)) expect(r.reasons).toEqual(['unsupported_param_type']);
      else expect(r.reasons).toContain('not_public_entry');
    expect(offered.length + result.candidatesRejected.filter((r) => publicEntry.has(r.target)).length).toBe(
      publicEntry.size,
    );
  });

  it('builds coin::mint_and_transfer by the rules', () => {
    // &mut TreasuryCap<T>: no default; the only public single-return constructors of TreasuryCap are
    // generic, so it becomes a placeholder; u64 → 1; address → the dummy; &mut TxContext is stripped;
    // the one type parameter becomes SUI.
    const mint = result.candidatesOk.find((c) => entryCall(c) === `${S2}::coin::mint_and_transfer`);
    expect(mint).toEqual([
      {
        target: `${S2}::coin::mint_and_transfer`,
        type_args: [`${S2}::sui::SUI`],
        args: [{ $smi_placeholder: `${S2}::coin::TreasuryCap<unknown>` }, { u64: 1 }, { address: DUMMY }],
      },
    ]);
  });

  it('rejects display::add_multiple (vector<String>)', () => {
    expect(result.candidatesRejected).toContainEqual({
      target: `${S2}::display::add_multiple`,
      reasons: ['unsupported_param_type'],
    });
  });
});
