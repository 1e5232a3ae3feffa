// Creating a currency through coin_registry with the one-time witness of the corpus package wrapper_coin.
// wrapper_coin::init, read from its bytecode:
//   let (builder, treasury_cap) = coin_registry::new_currency_with_otw<WRAPPER_COIN>(otw, 2, b"WRAP".to_string(),
//       b"WrapperCoin".to_string(), b"".to_string(), b"".to_string(), ctx);
//   let metadata_cap = coin_registry::finalize(builder, ctx);
//   transfer::public_transfer(treasury_cap, ctx.sender()); transfer::public_transfer(metadata_cap, ctx.sender());
// and the framework source: new_currency_with_otw asserts types::is_one_time_witness(&otw) (else
// ENotOneTimeWitness), makes the TreasuryCap (first fresh id), then the Currency (second) with an extra-fields
// bag (third); finalize drops the bag, makes the MetadataCap (fourth) and, for an OTW currency, transfers the
// Currency to the registry's address 0xc. Ids: blake2b256(0xf1 ‖ digest ‖ u64 LE n). The same PTB then runs
// on the real Sui VM (the wheel's replay), which must make the same ids and fail the same way.
import { blake2b } from '@noble/hashes/blake2.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MoveVm, TransactionState } from '../../src/vm/index.js';
import { executePtb } from '../../src/vm/ptb.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { useReplayOracle } from './support/replay-oracle.js';
import { replayState } from '../../scripts/vm-replay-ptb.js';
import { CORPUS_DIR } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { byteVector, fromHex, hex, u64 } from './support/vm.js';
import {
  currencyPtb,
  WRAPPER_OTW,
  WRAPPER_PACKAGE,
  WRAPPER_PACKAGE_DIR,
} from './support/wrapper-currency.js';
import { loadMoveVm } from '../../src/package-store/package-vm.js';

const PACKAGE = WRAPPER_PACKAGE;
const PACKAGE_DIR = WRAPPER_PACKAGE_DIR;
const OTW = WRAPPER_OTW;
const SENDER = 'ab'.repeat(32);
const DIGEST = fromHex('4d'.repeat(32));
const nthId = (n: number) => hex(blake2b(Uint8Array.from([0xf1, ...DIGEST, ...u64(n)]), { dkLen: 32 }));
const short = (id: string) => '0x' + id.replace(/^0+(?=.)/, '');
const typeName = (t: string) => `${'0'.repeat(63)}2::${t}<${PACKAGE.slice(2)}::wrapper_coin::WRAPPER_COIN>`;
// The abort the real Sui VM reports for a type that is not a one-time witness: a Move 2024 "clever" code,
// whose identifier constant (bits 16-31: 24) is the constant "ENotOneTimeWitness" of coin_registry.
const NOT_OTW_CODE = 13838718166283845657n;

let vm: MoveVm;
beforeAll(async () => {
  vm = await loadMoveVm({ corpusRoot: CORPUS_DIR, packages: [PACKAGE_DIR] });
});

const run = (witnessType: string, witness: Uint8Array, pureInputsForAnyType = true) =>
  executePtb(vm, {
    sender: SENDER,
    digest: DIGEST,
    ...currencyPtb(SENDER, witnessType, witness),
    pureInputsForAnyType,
  });

describe('coin_registry with the one-time witness of wrapper_coin', () => {
  it('init, run as Sui runs it at publish, registers the currency and gives the sender both caps', () => {
    const tx = new TransactionState({ sender: SENDER, digest: DIGEST });
    const result = vm.callFunction({
      package: PACKAGE,
      module: 'wrapper_coin',
      function: 'init',
      args: [Uint8Array.of(1)],
      tx,
    });
    expect(result.success).toBe(true);
    const sender = { kind: 'address', address: SENDER };
    expect(tx.transfers.map((t) => [t.objectId, t.owner])).toEqual([
      [nthId(1), { kind: 'address', address: '0'.repeat(63) + 'c' }], // Currency, to the registry
      [nthId(0), sender], // TreasuryCap
      [nthId(3), sender], // MetadataCap
    ]);
    expect(tx.createdIds).toEqual([0, 1, 2, 3].map(nthId));
    expect(tx.deletedIds).toEqual([nthId(2)]); // the builder's extra-fields bag
  });

  it("by Sui's rule, the witness cannot be pure bytes: InvalidUsageOfPureArg at the call's argument 0", () => {
    const effects = run(OTW, Uint8Array.of(1), false);
    expect(effects.error).toMatchObject({
      command: 0,
      status: 'CommandArgumentError',
      argument: { index: 0, kind: 'InvalidUsageOfPureArg' },
    });
    expect(effects.created).toEqual([]);
  });

  it('as a PTB: the effects name the types, and the Currency holds what init passed', () => {
    const effects = run(OTW, Uint8Array.of(1));
    expect(effects.error).toBeNull();
    expect(effects.created.map((c) => [c.id, c.type])).toEqual([
      [nthId(1), typeName('coin_registry::Currency')],
      [nthId(0), typeName('coin::TreasuryCap')],
      [nthId(3), typeName('coin_registry::MetadataCap')],
    ]);
    // Currency { id, decimals: u8, name, symbol, description, icon_url: String, … }
    const currency = hex(effects.created[0]!.bytes);
    const strings = ['WrapperCoin', 'WRAP', '', ''].map((s) => hex(byteVector(s))).join('');
    expect(currency.startsWith(nthId(1) + '02' + strings)).toBe(true);
    // TreasuryCap { id, total_supply: Supply { value: 0 } }
    expect(hex(effects.created[1]!.bytes)).toBe(nthId(0) + hex(u64(0)));
  });

  it('refuses a type that is not a one-time witness, with ENotOneTimeWitness', () => {
    // 0x1::ascii::Char { byte: u8 } has drop but is no OTW (one bool field, named after its module).
    const effects = run('0x1::ascii::Char', Uint8Array.of(0x41));
    expect(effects.error).toMatchObject({ command: 0, status: 'ABORTED', code: NOT_OTW_CODE });
    expect(effects.error?.location).toMatchObject({
      address: '0x' + '0'.repeat(63) + '2',
      module: 'coin_registry',
      function: 'new_currency_with_otw',
      offset: 7,
    });
    expect(Number((NOT_OTW_CODE >> 16n) & 0xffffn)).toBe(24);
    expect(effects.created).toEqual([]);
  });
});

describe('the legacy coin::create_currency with the same witness', () => {
  // create_currency<T: drop>(witness, decimals, symbol, name, description, icon_url: Option<Url>, ctx):
  //   assert!(is_one_time_witness(&witness), EBadWitness /* = 0 */);
  //   (TreasuryCap { id: object::new(ctx), total_supply: create_supply(witness) },
  //    CoinMetadata { id: object::new(ctx), decimals, name: utf8(name), symbol: ascii(symbol), description, icon_url })
  const args = (witness: Uint8Array) => [
    witness,
    Uint8Array.of(2),
    byteVector('WRAP'),
    byteVector('WrapperCoin'),
    byteVector(''),
    Uint8Array.of(0), // icon_url: None
  ];

  it('returns the TreasuryCap and the CoinMetadata', () => {
    const tx = new TransactionState({ sender: SENDER, digest: DIGEST });
    const result = vm.callFunction({
      package: '0x2',
      module: 'coin',
      function: 'create_currency',
      typeArgs: [OTW],
      args: args(Uint8Array.of(1)),
      tx,
    });
    expect(result.success && result.returnValues.map(hex)).toEqual([
      nthId(0) + hex(u64(0)),
      nthId(1) + '02' + ['WrapperCoin', 'WRAP', ''].map((t) => hex(byteVector(t))).join('') + '00',
    ]);
  });

  it('aborts with EBadWitness (0) for a type that is not a one-time witness', () => {
    const result = vm.callFunction({
      package: '0x2',
      module: 'coin',
      function: 'create_currency',
      typeArgs: ['0x1::ascii::Char'],
      args: args(Uint8Array.of(0x41)),
      tx: { sender: SENDER, digest: DIGEST },
    });
    expect(result.success ? null : result.error).toMatchObject({
      status: 'ABORTED',
      code: 0n,
      location: { module: 'coin', function: 'create_currency', offset: 7 },
    });
  });
});

describe.skipIf(skipUnlessCi(Oracle.available()))('the same PTBs on the real Sui VM', () => {
  const oracle = useReplayOracle();

  const replay = (witnessType: string, witness: Uint8Array) => {
    const modules = Object.fromEntries(
      readdirSync(join(PACKAGE_DIR, 'bytecode_modules')).map((file) => [
        file.replace(/\.mv$/, ''),
        readFileSync(join(PACKAGE_DIR, 'bytecode_modules', file)).toString('base64'),
      ]),
    );
    const state = replayState({
      sender: SENDER,
      digest: DIGEST,
      ...currencyPtb(SENDER, witnessType, witness),
    });
    return oracle().replay({ ...state, packages: { [PACKAGE]: { package_id: PACKAGE, modules } } });
  };

  it('makes the same objects', async () => {
    const theirs = await replay(OTW, Uint8Array.of(1));
    expect(theirs.success, theirs.error ?? '').toBe(true);
    const ours = run(OTW, Uint8Array.of(1));
    // The wheel lists the ids that outlive the transaction (the bag's does not).
    expect([...theirs.effects!.created].sort()).toEqual(ours.created.map((c) => short(c.id)).sort());
    // It counts as transferred only what went to an account: the Currency, sent to the registry object's
    // address, is not in its list.
    expect([...theirs.effects!.transferred].sort()).toEqual(
      ours.created
        .filter((c) => c.owner.kind === 'address' && c.owner.address === SENDER)
        .map((c) => short(c.id))
        .sort(),
    );
  });

  it('aborts the same way on a type that is not a one-time witness', async () => {
    const theirs = await replay('0x1::ascii::Char', Uint8Array.of(0x41));
    expect(theirs.success).toBe(false);
    expect(theirs.effects?.failed_command_index).toBe(0);
    expect(theirs.error).toContain(`sub_status: Some(${NOT_OTW_CODE})`);
    expect(theirs.error).toContain('Identifier("coin_registry")');
    expect(theirs.error).toContain('(FunctionDefinitionIndex(1), 7)');
  });
});
