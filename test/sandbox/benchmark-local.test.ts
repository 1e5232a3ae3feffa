// benchmark-local over the corpus's wrapper_coin package, in-process. Expected rows are derived by hand from
// the package's signatures (spec rust-contracts §4.3–§4.5); the transactions of Tier B then run through the
// real Sui runtime (the sui-sandbox wheel's replay), which must agree on success and on the ids created.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { benchmarkModules, staticCalls } from '../../src/sandbox/benchmark-local.js';
import { ConstructorMap } from '../../src/sandbox/constructors.js';
import { loadSandboxPackage, type LoadedPackage } from '../../src/sandbox/load-package.js';
import { formatLocalRow, type LocalRow } from '../../src/sandbox/row.js';
import { TierASynthesizer } from '../../src/sandbox/tier-a.js';
import { buildSandboxPtb, runSandboxPtb, type SandboxPtb } from '../../src/sandbox/tier-b.js';
import { canonicalTypeName } from '../../src/vm/types.js';
import type { PtbCommand } from '../../src/vm/ptb.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { useReplayOracle } from '../vm/support/replay-oracle.js';
import { replayState } from '../../scripts/vm-replay-ptb.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';

const PACKAGE_ID = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const PACKAGE_DIR = SHARED_PACKAGE_DIRS[PACKAGE_ID]!;
const MODULE = `${PACKAGE_ID}::wrapper_coin`;
const SHORT_MODULE = MODULE; // the address has no leading zero, so its short form is the full one

let loaded: LoadedPackage;
let rows: LocalRow[];
beforeAll(async () => {
  loaded = await loadSandboxPackage(PACKAGE_DIR, { corpusRoot: CORPUS_DIR });
  rows = benchmarkModules(loaded.vm, loaded.modules);
});

function row(fn: string): LocalRow {
  const found = rows.find((r) => r.target_function === fn);
  if (!found) throw new Error(`no row for ${fn}`);
  return found;
}

describe('benchmark-local on wrapper_coin', () => {
  it('has one row per public or entry function, in declaration order (init is private: no row)', () => {
    expect(rows.map((r) => `${r.target_module}::${r.target_function}`)).toEqual([
      'wrapper_coin::probe_transfer_cap',
      'wrapper_coin::probe_transfer_cap_generic',
      'wrapper_coin::probe_transfer_coin_generic',
      'wrapper_coin::probe_transfer_metadata_cap_generic',
    ]);
    for (const r of rows) expect(r.target_package).toBe(PACKAGE_ID);
  });

  it('builds TreasuryCap<WRAPPER_COIN> with create_currency and passes that cap to the target: a Tier B hit', () => {
    expect(row('probe_transfer_cap')).toEqual({
      target_package: PACKAGE_ID,
      target_module: 'wrapper_coin',
      target_function: 'probe_transfer_cap',
      status: 'tier_b_hit',
      tier_a_details: {
        resolved_params: [`treasury_cap_via_otw:${MODULE}::WRAPPER_COIN`, 'synthesizable:TxContext'],
        bcs_roundtrip_verified: true,
        has_object_params: false,
      },
      tier_b_details: { execution_success: true, target_modules_accessed: [SHORT_MODULE] },
    });
  });

  it('instantiates type parameters as u64: Coin<u64> from coin::zero, made-up caps for the others', () => {
    expect(row('probe_transfer_coin_generic').tier_a_details?.resolved_params).toEqual([
      'construct:Coin',
      'synthesizable:TxContext',
    ]);
    // TreasuryCap<u64>: u64 is no one-time witness, so no create_currency; the cap is made up field by field.
    expect(row('probe_transfer_cap_generic').tier_a_details?.resolved_params).toEqual([
      'synthesized:TreasuryCap',
      'synthesizable:TxContext',
    ]);
    expect(row('probe_transfer_metadata_cap_generic').tier_a_details?.resolved_params).toEqual([
      'synthesized:MetadataCap',
      'synthesizable:TxContext',
    ]);
    for (const r of rows) expect(r.status).toBe('tier_b_hit');
  });

  it('writes rows with §4.7 keys in order and leaves out empty optionals', () => {
    const line = formatLocalRow(row('probe_transfer_cap'));
    expect(Object.keys(JSON.parse(line) as object)).toEqual([
      'target_package',
      'target_module',
      'target_function',
      'status',
      'tier_a_details',
      'tier_b_details',
    ]);
    expect(line).not.toContain('static_calls'); // the probes call only the framework
    expect(line).not.toContain('null');
  });

  it('lists no framework calls among static_calls', () => {
    for (const fn of ['probe_transfer_cap', 'probe_transfer_coin_generic'])
      expect(staticCalls(loaded.modules.find((m) => m.name === 'wrapper_coin')!.function(fn)!)).toEqual([]);
  });

  it('--tier-a-only: the same Tier A, no execution, no stage', () => {
    const tierAOnly = benchmarkModules(loaded.vm, loaded.modules, { tierAOnly: true });
    expect(tierAOnly.map((r) => r.status)).toEqual(['tier_a_hit', 'tier_a_hit', 'tier_a_hit', 'tier_a_hit']);
    expect(tierAOnly.map((r) => r.tier_a_details)).toEqual(rows.map((r) => r.tier_a_details));
    for (const r of tierAOnly) expect(r.tier_b_details ?? r.failure_stage).toBeUndefined();
  });

  it('passes the constructor result on in the same transaction (Result, not bytes)', () => {
    const ptb = ptbOf('probe_transfer_coin_generic');
    expect(ptb.commands.map((c) => (c.kind === 'MoveCall' ? `${c.module}::${c.function}` : c.kind))).toEqual([
      'coin::zero',
      'wrapper_coin::probe_transfer_coin_generic',
    ]);
    const target = ptb.commands[1] as Extract<PtbCommand, { kind: 'MoveCall' }>;
    expect(target.args).toEqual([{ kind: 'Result', index: 0 }]);
  });
});

function ptbOf(fnName: string): SandboxPtb {
  const fn = loaded.modules.find((m) => m.name === 'wrapper_coin')!.function(fnName)!;
  const a = new TierASynthesizer(loaded.vm.loader, new ConstructorMap(loaded.vm.loader)).run(fn);
  if (!a.ok) throw new Error(a.reason);
  return buildSandboxPtb(loaded.vm, fn, a.typeArgs, a.args);
}

/** The wheel's spelling of a type argument: `0x`-prefixed addresses. */
const wheelType = (t: unknown) =>
  canonicalTypeName(t as Parameters<typeof canonicalTypeName>[0]).replace(/\b([0-9a-f]{64})::/g, '0x$1::');

/** The same transaction as the wheel's replay state, with wrapper_coin's modules in it. */
function wheelState(ptb: SandboxPtb): Record<string, unknown> {
  const commands = ptb.commands.map((c) =>
    c.kind === 'MoveCall' ? { ...c, package: `0x${c.package}`, typeArgs: c.typeArgs.map(wheelType) } : c,
  );
  const state = replayState({ ...ptb, commands });
  const modules: Record<string, string> = {};
  for (const file of readdirSync(join(PACKAGE_DIR, 'bytecode_modules')))
    modules[file.replace(/\.mv$/, '')] = readFileSync(join(PACKAGE_DIR, 'bytecode_modules', file)).toString(
      'base64',
    );
  return { ...state, packages: { [PACKAGE_ID]: { modules } } };
}

const strip = (id: string) => '0x' + (id.replace(/^0x/, '').replace(/^0+/, '') || '0');

describe.skipIf(skipUnlessCi(Oracle.available()))('Tier B against the real Sui runtime', () => {
  const oracle = useReplayOracle();

  for (const fn of ['probe_transfer_cap', 'probe_transfer_coin_generic']) {
    it(`${fn}: same success and the same created object ids`, async () => {
      const ptb = ptbOf(fn);
      const ours = runSandboxPtb(loaded.vm, ptb, 5_000_000);
      const theirs = await oracle().replay(wheelState(ptb));
      expect(theirs.error).toBeNull();
      expect(ours.success).toBe(true);
      expect(theirs.success).toBe(true);
      const created = ours.success ? ours.effects.created.map((c) => strip(c.id)).sort() : [];
      expect(created.length).toBeGreaterThan(0);
      expect(created).toEqual([...theirs.effects!.created].sort());
    });
  }

  // A made-up cap is an object with id 0x0 that no command created: the target sends it to the sender. The
  // wheel lists such an object among the created ones; ours records its transfer (it was not derived here).
  for (const fn of ['probe_transfer_cap_generic', 'probe_transfer_metadata_cap_generic']) {
    it(`${fn}: both succeed and the made-up object 0x0 goes to the sender`, async () => {
      const ptb = ptbOf(fn);
      const ours = runSandboxPtb(loaded.vm, ptb, 5_000_000);
      const theirs = await oracle().replay(wheelState(ptb));
      expect(ours.success).toBe(true);
      expect(theirs.success).toBe(true);
      expect(theirs.effects!.created).toEqual(['0x0']);
      const transfers = ours.success ? ours.effects.tx.transfers : [];
      expect(transfers.map((t) => [strip(t.objectId), t.owner])).toEqual([
        ['0x0', { kind: 'address', address: '0'.repeat(64) }],
      ]);
    });
  }
});
