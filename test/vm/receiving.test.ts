// Receiving objects sent to an object's address (Sui's transfer to object), on the real case of the framework:
// wrapper_coin's currency creation sends its Currency<WRAPPER_COIN> to the CoinRegistry's address 0xc, and
// coin_registry::finalize_registration(&mut CoinRegistry, Receiving<Currency<T>>, ctx) takes it from there:
//   let Currency { id, decimals, …, extra_fields } = transfer::receive(&mut registry.id, currency); id.delete();
//   transfer::share_object(Currency { id: derived_object::claim(&mut registry.id, CurrencyKey<T>()), decimals, … })
// Expected values follow from that source and from Sui's receive_impl native (sui-move-natives transfer.rs): an
// object that does not exist at the ticket's version, or is not owned by the receiving UID's address, aborts
// with 3 (EUnableToReceiveObject); one of another type than T with 2 (EReceivingObjectTypeMismatch). At signing
// Sui refuses a Receiving input that names an object not owned by an address (InvalidChildObjectArgument).
import { beforeAll, describe, expect, it } from 'vitest';
import { genesisObjects, type Genesis } from '../../src/vm/genesis.js';
import { MoveVm, VmLoadError } from '../../src/vm/index.js';
import { executePtb, type PtbRequest, type StoredObject } from '../../src/vm/ptb.js';
import { parseTypeTag } from '../../src/vm/types.js';
import { CORPUS_DIR } from '../support/paths.js';
import { fromHex, hex } from './support/vm.js';
import { currencyPtb, WRAPPER_OTW, WRAPPER_PACKAGE_DIR } from './support/wrapper-currency.js';
import { loadMoveVm } from '../../src/package-store/package-vm.js';

const SENDER = 'ab'.repeat(32);
const REGISTRY = '0'.repeat(63) + 'c';
const FRAMEWORK = '0'.repeat(63) + '2';

let vm: MoveVm;
let genesis: Genesis;
/** The Currency the creation transaction sent to 0xc, as the store holds it afterwards. */
let currency: StoredObject;

beforeAll(async () => {
  vm = await loadMoveVm({ corpusRoot: CORPUS_DIR, packages: [WRAPPER_PACKAGE_DIR] });
  genesis = genesisObjects(vm);
  const created = executePtb(vm, {
    sender: SENDER,
    digest: fromHex('4d'.repeat(32)),
    ...currencyPtb(SENDER, WRAPPER_OTW, Uint8Array.of(1)),
    pureInputsForAnyType: true,
  }).created.find((c) => c.type.includes('::coin_registry::Currency<'))!;
  currency = {
    id: created.id,
    type: parseTypeTag(created.type.replace(/(^|[<, ])([0-9a-f]{64})::/g, '$10x$2::')),
    bytes: created.bytes,
    owner: created.owner as never,
  };
});

function finalizeRegistration(stored: StoredObject, typeArg = WRAPPER_OTW, extra: Partial<PtbRequest> = {}) {
  return executePtb(vm, {
    sender: SENDER,
    digest: fromHex('5e'.repeat(32)),
    inputs: [
      { kind: 'Object', id: REGISTRY },
      { kind: 'Receiving', id: stored.id },
    ],
    commands: [
      {
        kind: 'MoveCall',
        package: '0x2',
        module: 'coin_registry',
        function: 'finalize_registration',
        typeArgs: [typeArg],
        args: [
          { kind: 'Input', index: 0 },
          { kind: 'Input', index: 1 },
        ],
      },
    ],
    objects: [...genesis.objects, stored],
    childObjects: genesis.childObjects,
    ...extra,
  });
}

describe('Receiving arguments', () => {
  it('the creation sent the Currency to the registry address', () => {
    expect(currency.owner).toEqual({ kind: 'address', address: REGISTRY });
  });

  it('finalize_registration receives it, deletes its id and shares it again under a derived id', () => {
    const effects = finalizeRegistration(currency);
    expect(effects.error).toBeNull();
    expect(effects.deleted).toContain(currency.id);
    const shared = effects.created.filter((c) => c.owner.kind === 'shared');
    expect(shared.map((c) => c.type)).toEqual([
      `${FRAMEWORK}::coin_registry::Currency<${WRAPPER_OTW.slice(2)}>`,
    ]);
    const [again] = shared;
    expect(again!.id).not.toBe(currency.id);
    // every field after the id is the received Currency's
    expect(hex(again!.bytes.subarray(32))).toBe(hex(currency.bytes.subarray(32)));
  });

  it('aborts with 3 in receive_impl when the object is not owned by the receiving UID', () => {
    const effects = finalizeRegistration({ ...currency, owner: { kind: 'address', address: SENDER } });
    expect(effects.error).toMatchObject({
      command: 0,
      status: 'ABORTED',
      code: 3n,
      location: { address: `0x${FRAMEWORK}`, module: 'transfer', function: 'receive_impl' },
    });
  });

  it('aborts with 2 in receive_impl when the object is not of the ticket’s type', () => {
    const effects = finalizeRegistration(currency, '0x2::sui::SUI');
    expect(effects.error).toMatchObject({
      status: 'ABORTED',
      code: 2n,
      location: { address: `0x${FRAMEWORK}`, module: 'transfer', function: 'receive_impl' },
    });
  });

  it('a ticket by reference gives the object’s id; it types by its first use', () => {
    const effects = executePtb(vm, {
      sender: SENDER,
      digest: fromHex('6f'.repeat(32)),
      inputs: [{ kind: 'Receiving', id: currency.id }],
      commands: [
        {
          kind: 'MoveCall',
          package: '0x2',
          module: 'transfer',
          function: 'receiving_object_id',
          typeArgs: [`0x2::coin_registry::Currency<${WRAPPER_OTW}>`],
          args: [{ kind: 'Input', index: 0 }],
        },
        {
          kind: 'MoveCall',
          package: '0x2',
          module: 'transfer',
          function: 'receiving_object_id',
          typeArgs: ['0x2::coin::Coin<0x2::sui::SUI>'],
          args: [{ kind: 'Input', index: 0 }],
        },
      ],
      objects: [currency],
    });
    expect(effects.error).toMatchObject({ command: 1, argument: { index: 0, kind: 'TypeMismatch' } });
  });

  it('refuses at signing a ticket for an object no address owns', () => {
    const shared = { ...currency, owner: { kind: 'shared' } as const };
    expect(() => finalizeRegistration(shared)).toThrow(VmLoadError);
    expect(() => finalizeRegistration(shared)).toThrow(/InvalidChildObjectArgument/);
  });
});
