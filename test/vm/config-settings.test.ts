// Sui's per-epoch config settings, read by config::read_setting_impl, on the real case of the framework: a
// regulated currency's deny list. wrapper_coin's currency is made regulated (coin_registry::make_regulated gives
// a DenyCapV2) and an address is denied (coin::deny_list_v2_add) in epoch 0; from the framework's source:
//   config::add_for_current_epoch stores Setting { data: some(SettingData { newer_value_epoch: 0,
//     newer_value: some(true), older_value_opt: none }) } as a dynamic field of the type's Config;
//   coin::deny_list_v2_contains_current_epoch reads it with read_setting (the native): the newer value once its
//     epoch is past, else the older one, none meaning false; deny_list_v2_contains_next_epoch reads the newer.
// So in epoch 0 the address is denied for the next epoch but not the current one; in epoch 1 for both. The
// native reads the setting as stored before the transaction, so both reads run in a later transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { genesisObjects } from '../../src/vm/genesis.js';
import { MoveVm } from '../../src/vm/index.js';
import { executePtb, type ObjectChange, type StoredChild, type StoredObject } from '../../src/vm/ptb.js';
import { parseTypeTag } from '../../src/vm/types.js';
import { CORPUS_DIR } from '../support/paths.js';
import { fromHex } from './support/vm.js';
import { currencyPtb, WRAPPER_OTW, WRAPPER_PACKAGE_DIR } from './support/wrapper-currency.js';
import { loadMoveVm } from '../../src/package-store/package-vm.js';

const SENDER = 'ab'.repeat(32);
const DENIED = 'cd'.repeat(32);
const DENY_LIST = '0'.repeat(61) + '403';

let vm: MoveVm;
let objects: StoredObject[];
let childObjects: StoredChild[];

const typeOf = (change: ObjectChange) =>
  parseTypeTag(change.type.replace(/(^|[<, ])([0-9a-f]{64})::/g, '$10x$2::'));

beforeAll(async () => {
  vm = await loadMoveVm({ corpusRoot: CORPUS_DIR, packages: [WRAPPER_PACKAGE_DIR] });
  const genesis = genesisObjects(vm);
  const { inputs, commands } = currencyPtb(SENDER, WRAPPER_OTW, Uint8Array.of(1), { regulated: true });
  const denyList = inputs.push({ kind: 'Object', id: DENY_LIST }) - 1;
  const denied = inputs.push({ kind: 'Pure', bytes: fromHex(DENIED) }) - 1;
  // before the caps leave with the last command: deny the address with the DenyCapV2 (result of command 1)
  commands.splice(commands.length - 1, 0, {
    kind: 'MoveCall',
    package: '0x2',
    module: 'coin',
    function: 'deny_list_v2_add',
    typeArgs: [WRAPPER_OTW],
    args: [
      { kind: 'Input', index: denyList },
      { kind: 'Result', index: 1 },
      { kind: 'Input', index: denied },
    ],
  });
  const effects = executePtb(vm, {
    sender: SENDER,
    digest: fromHex('7a'.repeat(32)),
    inputs,
    commands,
    objects: genesis.objects,
    childObjects: genesis.childObjects,
    pureInputsForAnyType: true,
  });
  if (effects.error) throw new Error(effects.error.message);
  const changed = [...effects.created, ...effects.mutated];
  const children = changed.filter((c) => c.owner.kind === 'object');
  const changedIds = new Set(changed.map((c) => c.id));
  objects = genesis.objects.map((o) => {
    const mutated = changed.find((c) => c.id === o.id);
    return mutated ? { ...o, bytes: mutated.bytes } : o;
  });
  childObjects = [
    ...genesis.childObjects.filter((c) => !changedIds.has(c.id)),
    ...children.map((c) => ({
      id: c.id,
      parent: (c.owner as { id: string }).id,
      type: typeOf(c),
      bytes: c.bytes,
    })),
  ];
});

function denied(
  fn: 'deny_list_v2_contains_current_epoch' | 'deny_list_v2_contains_next_epoch',
  epoch: bigint,
) {
  const effects = executePtb(vm, {
    sender: SENDER,
    digest: fromHex('8b'.repeat(32)),
    epoch,
    inputs: [
      { kind: 'Object', id: DENY_LIST, mutable: false },
      { kind: 'Pure', bytes: fromHex(DENIED) },
    ],
    commands: [
      {
        kind: 'MoveCall',
        package: '0x2',
        module: 'coin',
        function: fn,
        typeArgs: [WRAPPER_OTW],
        args: [
          { kind: 'Input', index: 0 },
          { kind: 'Input', index: 1 },
        ],
      },
    ],
    objects,
    childObjects,
  });
  if (effects.error) throw new Error(effects.error.message);
  return effects.returnValues[0]![0]!.bytes[0] === 1;
}

describe('config settings (read_setting_impl)', () => {
  it('an address denied in epoch 0 is denied for the current epoch only from epoch 1 on', () => {
    expect(denied('deny_list_v2_contains_next_epoch', 0n)).toBe(true);
    expect(denied('deny_list_v2_contains_current_epoch', 0n)).toBe(false);
    expect(denied('deny_list_v2_contains_current_epoch', 1n)).toBe(true);
  });
});
