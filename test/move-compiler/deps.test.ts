import { describe, expect, it } from 'vitest';
import { loadDependencies } from '../../src/move-compiler/check/index.js';
import { COPY, DROP, KEY, STORE } from '../../src/move-compiler/types.js';
import { CORPUS_DIR } from '../support/paths.js';

const STD = '0'.repeat(63) + '1';
const SUI = '0'.repeat(63) + '2';
/** wrapper_coin, the shared corpus's one non-framework package. */
const WRAPPER_PACKAGE_ID = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const WRAPPER_ADDRESS = WRAPPER_PACKAGE_ID.slice(2);

describe('DependencyEnv from the framework bytecode', () => {
  it('reads structs with abilities, phantom parameters and fields', async () => {
    const env = await loadDependencies({ corpusRoot: CORPUS_DIR });
    const coin = env.module({ address: SUI, name: 'coin' })!.datatypes.get('Coin')!;
    // sui::coin: `public struct Coin<phantom T> has key, store { id: UID, balance: Balance<T> }`
    expect(coin.abilities).toBe(KEY | STORE);
    expect(coin.typeParams).toEqual([{ constraints: 0, isPhantom: true }]);
    expect(coin.kind === 'struct' && coin.fields?.map((f) => f.name)).toEqual(['id', 'balance']);
    const id = env.module({ address: SUI, name: 'object' })!.datatypes.get('ID')!;
    expect(id.abilities).toBe(COPY | DROP | STORE);
  });

  it('reads function visibility, entry flags, constraints and signatures', async () => {
    const env = await loadDependencies({ corpusRoot: CORPUS_DIR });
    const transfer = env.module({ address: SUI, name: 'transfer' })!;
    // `public fun public_transfer<T: key + store>(obj: T, recipient: address)`
    const publicTransfer = transfer.functions.get('public_transfer')!;
    expect(publicTransfer.visibility).toBe('public');
    expect(publicTransfer.typeParams.map((p) => p.constraints)).toEqual([KEY | STORE]);
    expect(publicTransfer.params).toEqual([
      { kind: 'param', index: 0, name: 'T0' },
      { kind: 'prim', name: 'address' },
    ]);
    // `public(package) fun clock(): UID` in sui::object
    expect(env.module({ address: SUI, name: 'object' })!.functions.get('clock')!.visibility).toBe('package');
    // `public entry fun join<T>(self: &mut Coin<T>, c: Coin<T>)` in sui::coin
    expect(env.module({ address: SUI, name: 'coin' })!.functions.get('join')!.isEntry).toBe(true);
    expect(env.module({ address: STD, name: 'vector' })!.functions.get('borrow')!.returns).toEqual([
      { kind: 'ref', isMut: false, inner: { kind: 'param', index: 0, name: 'T0' } },
    ]);
  });

  it('loads once per source', async () => {
    const first = loadDependencies({ corpusRoot: CORPUS_DIR });
    const second = loadDependencies({ corpusRoot: CORPUS_DIR });
    expect(first).toBe(second);
    expect((await first).module({ address: '0'.repeat(63) + '3', name: 'sui_system' })).toBeDefined();
  });

  it('reads the framework once for every target package built beside it', async () => {
    const framework = await loadDependencies({ corpusRoot: CORPUS_DIR });
    const withTarget = await loadDependencies({ corpusRoot: CORPUS_DIR, packageIds: [WRAPPER_PACKAGE_ID] });
    const coin = { address: SUI, name: 'coin' };
    // The same module object, not a second deserialization of the framework's bytes.
    expect(withTarget.compiledModule(coin)).toBe(framework.compiledModule(coin));
    expect(withTarget.module({ address: WRAPPER_ADDRESS, name: 'wrapper_coin' })).toBeDefined();
    // The framework's own environment does not take the target's modules in.
    expect(framework.module({ address: WRAPPER_ADDRESS, name: 'wrapper_coin' })).toBeUndefined();
  });
});
