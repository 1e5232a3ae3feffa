// The failure stages of benchmark-local (spec rust-contracts §4.6) on a hand-built package whose functions
// each hit one of them. Function bodies are `abort 0` (the fixture builder's), so every executed target
// aborts with code 0 in its own frame; expected labels and stages follow from the signatures by hand.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FRAMEWORK,
  buildModule,
  datatype,
  local,
  mutRef,
  ref,
  txContext,
  typeParam,
  vector,
  type ModuleSpec,
} from '../../src/move/fixture-builder.js';
import { benchmarkModules } from '../../src/sandbox/benchmark-local.js';
import { ConstructorMap } from '../../src/sandbox/constructors.js';
import { loadSandboxPackage, type LoadedPackage } from '../../src/sandbox/load-package.js';
import type { LocalRow } from '../../src/sandbox/row.js';
import { TierASynthesizer } from '../../src/sandbox/tier-a.js';
import { buildSandboxPtb, runSandboxPtb } from '../../src/sandbox/tier-b.js';
import { replayState } from '../../scripts/vm-replay-ptb.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { useReplayOracle } from '../vm/support/replay-oracle.js';
import { CORPUS_DIR } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { canonicalTypeName, type Type } from '../../src/vm/types.js';

const ADDRESS = '00000000000000000000000000000000000000000000000000000000000c0de1';
const PROBE: ModuleSpec = {
  address: ADDRESS,
  name: 'probe',
  structs: [
    { name: 'Thing', abilities: ['drop'], fields: [{ name: 'value', type: 'u64' }] },
    { name: 'Outer', abilities: ['drop'], fields: [{ name: 'thing', type: local('Thing') }] },
  ],
  enums: [{ name: 'Choice', abilities: ['drop'], variants: [{ name: 'A' }, { name: 'B' }] }],
  functions: [
    { name: 'new_thing', returns: [local('Thing')] },
    { name: 'use_thing', params: [local('Thing')] },
    // named after what it builds, so a chain may use it (upstream's MM2 rule): Thing first, then Outer
    { name: 'new_outer', params: [local('Thing')], returns: [local('Outer')] },
    { name: 'reads_outer', params: [ref(local('Outer'))] },
    { name: 'takes_enum', params: [local('Choice')] },
    {
      name: 'takes_missing',
      params: [datatype({ address: '0xdead', module: 'gone', name: 'S', abilities: ['drop'] })],
    },
    { name: 'takes_ref_u64', params: [ref('u64')] },
    { name: 'aborts', params: ['u64', vector('u8'), 'bool', 'address', txContext()] },
    { name: 'generic', typeParams: [[]], params: [typeParam(0)] },
    { name: 'needs_key', typeParams: [['key']], params: [typeParam(0)] },
    { name: 'with_clock', params: [ref(datatype(FRAMEWORK.Clock))] },
    { name: 'borrows_thing', params: [mutRef(local('Thing'))] },
    { name: 'hidden', visibility: 'private' },
    { name: 'package_only', visibility: 'friend' },
    { name: 'private_entry', visibility: 'private', entry: true },
  ],
};

let loaded: LoadedPackage;
let rows: Map<string, LocalRow>;
let packageDir: string;
beforeAll(async () => {
  packageDir = join(mkdtempSync(join(tmpdir(), 'smi-sandbox-probe-')), 'probe');
  mkdirSync(join(packageDir, 'bytecode_modules'), { recursive: true });
  writeFileSync(join(packageDir, 'metadata.json'), JSON.stringify({ id: `0x${ADDRESS}` }));
  writeFileSync(join(packageDir, 'bytecode_modules', 'probe.mv'), buildModule(PROBE));
  loaded = await loadSandboxPackage(packageDir, { corpusRoot: CORPUS_DIR });
  rows = new Map(benchmarkModules(loaded.vm, loaded.modules).map((r) => [r.target_function, r]));
});

const SHORT = '0xc0de1';
const abortIn = (fn: string) => new RegExp(`^ABORTED code 0 in ${SHORT}::probe::${fn} at offset \\d+: `);

describe('failure stages on a hand-built package', () => {
  it('rows for public and entry functions only (a private entry function included)', () => {
    expect([...rows.keys()].sort()).toEqual(
      [
        'aborts',
        'borrows_thing',
        'generic',
        'needs_key',
        'new_outer',
        'new_thing',
        'private_entry',
        'reads_outer',
        'takes_enum',
        'takes_missing',
        'takes_ref_u64',
        'use_thing',
        'with_clock',
      ].sort(),
    );
  });

  it('A2: an enum by value, a struct of a module that is not there', () => {
    expect(rows.get('takes_enum')).toMatchObject({ status: 'miss', failure_stage: 'A2' });
    expect(rows.get('takes_enum')?.failure_reason).toContain('struct definition not found');
    expect(rows.get('takes_missing')).toMatchObject({ status: 'miss', failure_stage: 'A2' });
    expect(rows.get('takes_missing')?.failure_reason).toContain(
      'module not found for struct 0xdead::gone::S',
    );
    expect(rows.get('takes_missing')?.tier_a_details).toBeUndefined();
  });

  it('a non-struct referent is an object: Tier A hit, Tier B skipped, no stage', () => {
    expect(rows.get('takes_ref_u64')).toEqual({
      target_package: `0x${ADDRESS}`,
      target_module: 'probe',
      target_function: 'takes_ref_u64',
      status: 'tier_a_hit',
      tier_a_details: { resolved_params: ['object'], bcs_roundtrip_verified: true, has_object_params: true },
    });
  });

  it('B2: the target aborts; primitives, vectors and the context are made up', () => {
    const row = rows.get('aborts')!;
    expect(row).toMatchObject({ status: 'tier_a_hit', failure_stage: 'B2' });
    expect(row.tier_a_details?.resolved_params).toEqual([
      'U64',
      'Vector(U8)',
      'Bool',
      'Address',
      'synthesizable:TxContext',
    ]);
    expect(row.tier_b_details?.execution_success).toBe(false);
    expect(row.tier_b_details?.error).toMatch(abortIn('aborts'));
    expect(row.failure_reason).toBe(`execution failed: ${row.tier_b_details?.error}`);
    expect(row.tier_b_details?.target_modules_accessed).toEqual([`${SHORT}::probe`]);
    expect(rows.get('generic')?.tier_a_details?.resolved_params).toEqual(['type_param[0]=U64']);
    expect(rows.get('with_clock')?.tier_a_details?.resolved_params).toEqual(['synthesizable:Clock']);
    expect(rows.get('with_clock')?.tier_b_details?.error).toMatch(abortIn('with_clock'));
    expect(rows.get('private_entry')?.failure_stage).toBe('B2');
  });

  it('B2 before running: u64 for a `key` type parameter breaks its constraint, as Sui refuses it', () => {
    const row = rows.get('needs_key')!;
    expect(row.tier_a_details?.resolved_params).toEqual(['type_param[0]=U64']);
    expect(row.failure_stage).toBe('B2');
    // The PTB executor's refusal, with Sui's execution failure: TypeArgumentError { ConstraintNotSatisfied }.
    expect(row.tier_b_details?.error).toBe(
      'TypeArgumentError: type argument 0 of probe::needs_key (u64) lacks key: ConstraintNotSatisfied (command 0)',
    );
  });

  it('B1: the constructor of an argument aborts before the target runs', () => {
    const row = rows.get('use_thing')!;
    expect(row.tier_a_details?.resolved_params).toEqual(['construct:Thing']);
    expect(row).toMatchObject({ status: 'tier_a_hit', failure_stage: 'B1' });
    expect(row.failure_reason).toMatch(
      /^PTB constructor chain failed: ABORTED code 0 in 0xc0de1::probe::new_thing/,
    );
    // the target was never entered
    expect(row.tier_b_details?.target_modules_accessed).toBeUndefined();
    expect(rows.get('borrows_thing')?.tier_a_details?.resolved_params).toEqual([
      'constructible_ref:&mut Thing',
    ]);
    expect(rows.get('borrows_thing')?.failure_stage).toBe('B1');
  });

  it('a chain: Outer built from a Thing built first, results passed from call to call', () => {
    const row = rows.get('reads_outer')!;
    expect(row.tier_a_details?.resolved_params).toEqual(['constructible_ref_hop1:&Outer']);
    expect(row.failure_stage).toBe('B1'); // new_thing aborts, as every function here does
    const target = loaded.modules[0]!.function('reads_outer')!;
    const a = new TierASynthesizer(loaded.vm.loader, new ConstructorMap(loaded.vm.loader)).run(target);
    if (!a.ok) throw new Error(a.reason);
    const ptb = buildSandboxPtb(loaded.vm, target, a.typeArgs, a.args);
    expect(ptb.commands).toMatchObject([
      { kind: 'MoveCall', function: 'new_thing', args: [] },
      { kind: 'MoveCall', function: 'new_outer', args: [{ kind: 'Result', index: 0 }] },
      { kind: 'MoveCall', function: 'reads_outer', args: [{ kind: 'Result', index: 1 }] },
    ]);
    expect(ptb.targetCommand).toBe(2);
  });
});

/** The wheel's spelling of a type argument: `0x`-prefixed addresses. */
const wheelType = (t: string | Type) =>
  (typeof t === 'string' ? t : canonicalTypeName(t)).replace(/\b([0-9a-f]{64})::/g, '0x$1::');

describe.skipIf(skipUnlessCi(Oracle.available()))('failures against the real Sui runtime', () => {
  const oracle = useReplayOracle();

  for (const [fn, failingCommand] of [
    ['aborts', 0],
    ['use_thing', 0],
    ['generic', 0],
    ['needs_key', 0],
  ] as const) {
    it(`${fn}: both fail, at the same command`, async () => {
      const target = loaded.modules[0]!.function(fn)!;
      const a = new TierASynthesizer(loaded.vm.loader, new ConstructorMap(loaded.vm.loader)).run(target);
      if (!a.ok) throw new Error(a.reason);
      const ptb = buildSandboxPtb(loaded.vm, target, a.typeArgs, a.args);
      const ours = runSandboxPtb(loaded.vm, ptb, 1_000_000);
      const commands = ptb.commands.map((c) =>
        c.kind === 'MoveCall' ? { ...c, package: `0x${c.package}`, typeArgs: c.typeArgs.map(wheelType) } : c,
      );
      const module = Buffer.from(buildModule(PROBE)).toString('base64');
      const state = {
        ...replayState({ ...ptb, commands }),
        packages: { [`0x${ADDRESS}`]: { modules: { probe: module } } },
      };
      const theirs = await oracle().replay(state);
      expect(ours.success).toBe(false);
      expect(theirs.success).toBe(false);
      expect(ours.success ? null : ours.command).toBe(failingCommand);
      expect(theirs.effects?.failed_command_index ?? null).toBe(failingCommand);
    });
  }
});
