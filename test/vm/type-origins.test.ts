// Defining ids: on Sui a type added by a package upgrade is named, outside the VM, by the id of the upgrade
// that first defined it, not by the package's original id (the address its modules carry). The package's
// type origin table says which. artipedia (../shared/mainnet/README.md) is version 6, storage id 0x13fe3a…,
// of original id 0xb7c36a…; its bcs.json table gives UserNumber (and its events) 0x13fe3a…, TierRegistry
// (and its kin) 0x074cc1…, and the rest 0xb7c36a…. Expected values come from that table, read here from
// bcs.json, and from Sui's sources (tnowacki/sui, move-stdlib `type_name.move` and move-vm-runtime
// `natives/move_stdlib/type_name.rs`): `with_defining_ids` (and the older `get`) and `defining_id` take
// the type tag with defining ids, `with_original_ids` (`get_with_original_ids`) and `original_id` the one
// with original ids; object and event types, and the key type hashed into a dynamic field id
// (`dynamic_field::hash_type_and_key`), are type tags with defining ids (`type_to_type_tag`). Dynamic field
// ids are computed here with BLAKE2b-256 over Mysten's own BCS of the TypeTag (@mysten/sui).
// The wheel's replay, given the package with its type origin table, still names every type by its original
// id: it cannot check the defining ids, and the last block pins that difference down.
import { blake2b } from '@noble/hashes/blake2.js';
import { bcs, TypeTagSerializer } from '@mysten/sui/bcs';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSandboxPackage } from '../../src/sandbox/load-package.js';
import { simulatePlan } from '../../src/sim/index.js';
import { parseTypeTag, VmLoadError, type MoveVm } from '../../src/vm/index.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { readFrameworkOnce, readPackageDir } from '../../src/package-store/package-dir.js';
import { encodeValue } from '../../src/vm/bcs-values.js';
import {
  executePtb,
  type PtbArgument,
  type PtbCommand,
  type PtbEffects,
  type StoredObject,
} from '../../src/vm/ptb.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { replayState } from '../../scripts/vm-replay-ptb.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { storedMovePackageBase64 } from '../support/stored-move-package.js';
import { CORPUS_DIR, SHARED_DIR } from '../support/paths.js';
import { useReplayOracle } from './support/replay-oracle.js';
import { address, callOk, fromHex, hex, u64 } from './support/vm.js';

const STORAGE = '0x13fe3a7422946badff042be0e6dbbb0686fbff3fabc0c86cedc2d7a029486ece';
const ORIGINAL = '0xb7c36a747d6fdd6b59ab0354cea52a31df078c242242465a867481b6f4509498';
const SENDER = 'ab'.repeat(32);
const FRAMEWORK = '0'.repeat(63) + '2';

interface TypeOriginRow {
  module_name: string;
  datatype_name: string;
  package: string;
}

let root: string;
let packageDir: string;
let vm: MoveVm;
let table: TypeOriginRow[];

/** 64 hex digits, as the VM's canonical type names spell addresses. */
const digits = (id: string) => id.replace(/^0x/, '').padStart(64, '0');
/** The defining id the table gives artipedia's datatype `name`. */
const definingIdOf = (name: string) => table.find((row) => row.datatype_name === name)!.package;
/** A canonical type name as a type tag (`0x` before every address). */
const asTag = (canonical: string) => canonical.replace(/(^|[<,])([0-9a-f]{64})::/g, '$10x$2::');

beforeAll(async () => {
  // The framework of ../shared/corpus and copies of ../shared/mainnet's package folders, in one corpus.
  root = mkdtempSync(join(tmpdir(), 'vm-type-origins-'));
  cpSync(join(CORPUS_DIR, '0x00'), join(root, '0x00'), { recursive: true });
  const mainnet = join(SHARED_DIR, 'mainnet');
  for (const prefix of readdirSync(mainnet).filter((name) => name.startsWith('0x')))
    cpSync(join(mainnet, prefix), join(root, prefix), { recursive: true });
  packageDir = packageDirFor(root, STORAGE);
  table = (
    JSON.parse(readFileSync(join(packageDir, 'bcs.json'), 'utf8')) as { typeOriginTable: TypeOriginRow[] }
  ).typeOriginTable;
  ({ vm } = await loadSandboxPackage(packageDir, { corpusRoot: root }));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The ASCII string of a returned `TypeName` (BCS: ULEB128 length, then the bytes). */
function typeNameOf(bcsHex: string): string {
  const bytes = fromHex(bcsHex);
  let length = 0;
  let shift = 0;
  let i = 0;
  for (;;) {
    const byte = bytes[i++]!;
    length |= (byte & 0x7f) << shift;
    shift += 7;
    if (!(byte & 0x80)) break;
  }
  expect(bytes.length).toBe(i + length);
  return Buffer.from(bytes.subarray(i)).toString('ascii');
}

const typeName = (fn: string, type: string) =>
  typeNameOf(callOk(vm, { package: '0x1', module: 'type_name', function: fn, typeArgs: [type] }).values[0]!);
const packageOf = (fn: string, type: string) =>
  callOk(vm, { package: '0x1', module: 'type_name', function: fn, typeArgs: [type] }).values[0]!;

describe('the type origin table', () => {
  it('is read from bcs.json with the package; the framework has none', async () => {
    expect(table).toHaveLength(14);
    const pkg = await readPackageDir(packageDir);
    expect(pkg.typeOrigins).toEqual(
      table.map((row) => ({ module: row.module_name, name: row.datatype_name, package: row.package })),
    );
    for (const framework of await readFrameworkOnce({ corpusRoot: root }))
      expect(framework.typeOrigins).toBeUndefined();
  });

  it('refuses a package whose table is malformed', async () => {
    const broken = join(root, 'broken-table');
    cpSync(packageDir, broken, { recursive: true });
    const json = JSON.parse(readFileSync(join(broken, 'bcs.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(
      join(broken, 'bcs.json'),
      JSON.stringify({ ...json, typeOriginTable: [{ module_name: 'artipedia', package: 'not an id' }] }),
    );
    await expect(readPackageDir(broken)).rejects.toThrow(VmLoadError);
    await expect(readPackageDir(broken)).rejects.toThrow(/typeOriginTable/);
  });
});

describe('type_name natives', () => {
  it('name each type of artipedia by its defining id or its original id, as Sui does', () => {
    expect(new Set(table.map((row) => row.package)).size).toBe(3);
    for (const row of table) {
      const type = `${ORIGINAL}::artipedia::${row.datatype_name}`;
      const defining = `${digits(row.package)}::artipedia::${row.datatype_name}`;
      const original = `${digits(ORIGINAL)}::artipedia::${row.datatype_name}`;
      expect(typeName('with_defining_ids', type)).toBe(defining);
      expect(typeName('get', type)).toBe(defining); // the deprecated name of with_defining_ids
      expect(typeName('with_original_ids', type)).toBe(original);
      expect(typeName('get_with_original_ids', type)).toBe(original);
      expect(packageOf('defining_id', type)).toBe(digits(row.package));
      expect(packageOf('original_id', type)).toBe(digits(ORIGINAL));
    }
    expect(definingIdOf('UserNumber')).toBe(STORAGE);
    expect(definingIdOf('AdminRegistry')).toBe(ORIGINAL);
  });

  it('name the datatypes inside type arguments by their defining ids too', () => {
    const coin = (inner: string) => `0x2::coin::Coin<${inner}>`;
    const userNumber = `${ORIGINAL}::artipedia::UserNumber`;
    expect(typeName('with_defining_ids', `vector<${coin(userNumber)}>`)).toBe(
      `vector<${FRAMEWORK}::coin::Coin<${digits(STORAGE)}::artipedia::UserNumber>>`,
    );
    expect(typeName('with_original_ids', `vector<${coin(userNumber)}>`)).toBe(
      `vector<${FRAMEWORK}::coin::Coin<${digits(ORIGINAL)}::artipedia::UserNumber>>`,
    );
    // The coin type itself is defined by 0x2; only its argument changes.
    expect(packageOf('defining_id', coin(userNumber))).toBe(FRAMEWORK);
    // A primitive has no package: Sui aborts with ENonModuleType (0).
    const result = vm.callFunction({
      package: '0x1',
      module: 'type_name',
      function: 'defining_id',
      typeArgs: ['u64'],
    });
    expect(result.success ? null : result.error).toMatchObject({ status: 'ABORTED', code: 0n });
  });

  it('take a type named by its defining id, or by the id of any version of its package the VM has', () => {
    const tier = definingIdOf('TierRegistry');
    const cases: [string, string, string][] = [
      [`${STORAGE}::artipedia::UserNumber`, STORAGE, 'UserNumber'],
      [`${ORIGINAL}::artipedia::UserNumber`, STORAGE, 'UserNumber'],
      [`${STORAGE}::artipedia::AdminRegistry`, ORIGINAL, 'AdminRegistry'],
      [`${tier}::artipedia::TierRegistry`, tier, 'TierRegistry'],
    ];
    for (const [given, defining, name] of cases) {
      expect(typeName('with_defining_ids', given)).toBe(`${digits(defining)}::artipedia::${name}`);
      expect(typeName('with_original_ids', given)).toBe(`${digits(ORIGINAL)}::artipedia::${name}`);
    }
  });
});

describe('dynamic field ids', () => {
  it('hash the key type as a type tag with defining ids', () => {
    const parent = address('0xabc');
    const key = Uint8Array.of(0); // CurrencyKey<T>() is one bool field
    const keyType = (id: string) => `0x2::coin_registry::CurrencyKey<${id}::artipedia::UserNumber>`;
    const fieldId = (id: string) => {
      const tag = bcs.TypeTag.serialize(TypeTagSerializer.parseFromStr(keyType(id), true)).toBytes();
      return hex(
        blake2b(Uint8Array.from([0xf0, ...parent, ...u64(key.length), ...key, ...tag]), { dkLen: 32 }),
      );
    };
    // The type argument given by its original id or its defining id: the same type, the same hash.
    for (const given of [ORIGINAL, STORAGE]) {
      const { values } = callOk(vm, {
        package: '0x2',
        module: 'dynamic_field',
        function: 'hash_type_and_key',
        typeArgs: [keyType(given)],
        args: [parent, key],
      });
      expect(values).toEqual([fieldId(STORAGE)]);
      expect(values).not.toEqual([fieldId(ORIGINAL)]);
    }
  });
});

/** The objects of the effects as the store of a later transaction holds them. */
const stored = (change: PtbEffects['created'][number]): StoredObject => {
  if (change.owner.kind === 'object') throw new Error('a dynamic field is no input object');
  return { id: change.id, type: parseTypeTag(asTag(change.type)), bytes: change.bytes, owner: change.owner };
};

const call = (fn: string, args: PtbArgument[]): PtbCommand => ({
  kind: 'MoveCall',
  package: STORAGE,
  module: 'artipedia',
  function: fn,
  typeArgs: [],
  args,
});

describe('transaction effects', () => {
  it('name a UserNumber and its events by 0x13fe3a…, its defining id, inside the VM by its original id', () => {
    const created = executePtb(vm, {
      sender: SENDER,
      digest: new Uint8Array(32).fill(1),
      inputs: [{ kind: 'Pure', bytes: u64(5) }],
      commands: [call('register_points', [{ kind: 'Input', index: 0 }])],
    });
    expect(created.error).toBeNull();
    expect(created.created.map((c) => [c.type, c.owner])).toEqual([
      [`${digits(STORAGE)}::artipedia::UserNumber`, { kind: 'address', address: SENDER }],
    ]);
    expect(created.events.map((e) => e.type)).toEqual([`${digits(STORAGE)}::artipedia::NumberCreated`]);
    // Inside the VM, types keep the original id: linking and type equality go by it.
    expect(created.tx.transfers.map((t) => t.type)).toMatchObject([
      { address: digits(ORIGINAL), name: 'UserNumber' },
    ]);

    // The object comes back under the type the effects gave it, and functions whose parameter names the
    // type by its original id take it.
    const userNumber = stored(created.created[0]!);
    const updated = executePtb(vm, {
      sender: SENDER,
      digest: new Uint8Array(32).fill(2),
      inputs: [
        { kind: 'Object', id: userNumber.id },
        { kind: 'Pure', bytes: u64(9) },
      ],
      commands: [
        call('update_points', [
          { kind: 'Input', index: 0 },
          { kind: 'Input', index: 1 },
        ]),
      ],
      objects: [userNumber],
    });
    expect(updated.error).toBeNull();
    expect(updated.mutated.filter((m) => m.id === userNumber.id).map((m) => m.type)).toEqual([
      `${digits(STORAGE)}::artipedia::UserNumber`,
    ]);
    expect(updated.events.map((e) => e.type)).toEqual([`${digits(STORAGE)}::artipedia::NumberUpdated`]);
  });

  it('keep 0xb7c36a… for AdminRegistry, give 0x074cc1… to TierRegistry and its dynamic fields', () => {
    // `init` is private: run directly, as the package's publication did, to make the AdminRegistry.
    const init = vm.callFunction({
      package: STORAGE,
      module: 'artipedia',
      function: 'init',
      args: [Uint8Array.of(1)], // the one-time witness ARTIPEDIA { dummy_field: true }
      tx: { sender: SENDER, digest: new Uint8Array(32).fill(3) },
    });
    if (!init.success) throw new Error(init.error.message);
    const registryTransfer = init.tx.transfers.find(
      (t) => t.type.kind === 'datatype' && t.type.name === 'AdminRegistry',
    )!;
    const registry: StoredObject = {
      id: registryTransfer.objectId,
      type: parseTypeTag(`${STORAGE}::artipedia::AdminRegistry`), // by the storage id: the VM takes it
      bytes: encodeValue(registryTransfer.type, registryTransfer.value, (t) => vm.loader.requireDatatype(t)),
      owner: { kind: 'shared' },
    };
    const tier = digits(definingIdOf('TierRegistry'));
    const admin = executePtb(vm, {
      sender: SENDER,
      digest: new Uint8Array(32).fill(4),
      inputs: [
        { kind: 'Object', id: registry.id },
        { kind: 'Pure', bytes: address('0xc0ffee') },
      ],
      commands: [
        call('add_admin', [
          { kind: 'Input', index: 0 },
          { kind: 'Input', index: 1 },
        ]),
        call('create_tier_registry', [{ kind: 'Input', index: 0 }]),
      ],
      objects: [registry],
    });
    expect(admin.error).toBeNull();
    expect(admin.mutated.filter((m) => m.id === registry.id).map((m) => m.type)).toEqual([
      `${digits(ORIGINAL)}::artipedia::AdminRegistry`,
    ]);
    expect(admin.created.map((c) => [c.type, c.owner])).toEqual([
      [`${tier}::artipedia::TierRegistry`, { kind: 'shared' }],
    ]);
    expect(admin.events.map((e) => e.type)).toEqual([`${digits(ORIGINAL)}::artipedia::AdminAddedEvent`]);

    const tierRegistry = stored(admin.created[0]!);
    const registered = executePtb(vm, {
      sender: SENDER,
      digest: new Uint8Array(32).fill(5),
      inputs: [{ kind: 'Object', id: tierRegistry.id }],
      commands: [call('register_for_tier', [{ kind: 'Input', index: 0 }])],
      objects: [tierRegistry],
    });
    expect(registered.error).toBeNull();
    expect(registered.created.map((c) => [c.type, c.owner.kind])).toEqual([
      [`${FRAMEWORK}::dynamic_field::Field<address,${tier}::artipedia::TierRegistration>`, 'object'],
    ]);
    expect(registered.mutated.filter((m) => m.id === tierRegistry.id).map((m) => m.type)).toEqual([
      `${tier}::artipedia::TierRegistry`,
    ]);
    expect(registered.events.map((e) => e.type)).toEqual([`${tier}::artipedia::UserRegisteredForTier`]);
  });
});

describe('Phase II local simulation', () => {
  it('reports the UserNumber a plan creates under its defining id', async () => {
    const outcome = await simulatePlan({
      mode: 'local',
      spec: {
        calls: [{ target: `${STORAGE}::artipedia::register_points`, type_args: [], args: [{ u64: 5 }] }],
      },
      sender: `0x${SENDER}`,
      gasBudget: 10_000_000,
      gasCoin: null,
      rpcUrl: null,
      packageDir,
      requireDryRun: false,
    });
    expect(outcome).toMatchObject({ modeUsed: 'local', execOk: true, failure: null });
    expect(outcome.createdTypes).toEqual([`${STORAGE}::artipedia::UserNumber`]);
  });
});

describe.skipIf(skipUnlessCi(Oracle.available()))('the real Sui runtime (the wheel)', () => {
  const oracle = useReplayOracle();

  // Two bags: the first keyed by `with_defining_ids<UserNumber>()` and by `CurrencyKey<UserNumber>` and
  // `CurrencyKey<AdminRegistry>` values (pure bytes, which the wheel's replay takes for a struct, as ours
  // does with pureInputsForAnyType), the second by `with_original_ids<UserNumber>()`. Each field's id hashes
  // its key's BCS and its key type's tag: both depend on which ids name the types.
  it('hashes a type added by the upgrade under its defining id, and differs where it ignores the table', async () => {
    const digest = Uint8Array.from({ length: 32 }, (_, i) => (i * 29 + 3) & 0xff);
    const userNumber = `${STORAGE}::artipedia::UserNumber`;
    const currencyKey = (name: string, id: string) =>
      `0x2::coin_registry::CurrencyKey<${id}::artipedia::${name}>`;
    const typeNameType = '0x1::type_name::TypeName';
    const fw = (module: string, fn: string, typeArgs: string[], args: PtbArgument[]): PtbCommand => ({
      kind: 'MoveCall',
      package: module === 'type_name' ? '0x1' : '0x2',
      module,
      function: fn,
      typeArgs,
      args,
    });
    const result = (index: number): PtbArgument => ({ kind: 'Result', index });
    const input = (index: number): PtbArgument => ({ kind: 'Input', index });
    const ptb = {
      sender: SENDER,
      digest,
      inputs: [
        { kind: 'Pure' as const, bytes: u64(1) },
        { kind: 'Pure' as const, bytes: Uint8Array.of(0) },
        { kind: 'Pure' as const, bytes: fromHex(SENDER) },
      ],
      commands: [
        fw('bag', 'new', [], []),
        fw('bag', 'new', [], []),
        fw('type_name', 'with_defining_ids', [userNumber], []),
        fw('type_name', 'with_original_ids', [userNumber], []),
        fw('bag', 'add', [typeNameType, 'u64'], [result(0), result(2), input(0)]),
        fw('bag', 'add', [currencyKey('UserNumber', STORAGE), 'u64'], [result(0), input(1), input(0)]),
        fw('bag', 'add', [currencyKey('AdminRegistry', ORIGINAL), 'u64'], [result(0), input(1), input(0)]),
        fw('bag', 'add', [typeNameType, 'u64'], [result(1), result(3), input(0)]),
        { kind: 'TransferObjects', objects: [result(0), result(1)], address: input(2) } as PtbCommand,
      ],
    };

    // Sui's ids, computed here: the bags from the digest, the fields from the keys' BCS and type tags.
    const blake = (...parts: Uint8Array[]) =>
      hex(blake2b(Uint8Array.from(parts.flatMap((p) => [...p])), { dkLen: 32 }));
    const [bagA, bagB] = [0, 1].map((n) => blake(Uint8Array.of(0xf1), digest, u64(n))) as [string, string];
    const tagOf = (type: string) =>
      bcs.TypeTag.serialize(TypeTagSerializer.parseFromStr(type, true)).toBytes();
    const field = (bag: string, key: Uint8Array, keyType: string) =>
      blake(Uint8Array.of(0xf0), fromHex(bag), u64(key.length), key, tagOf(keyType));
    /** The field keyed by the TypeName `id::artipedia::UserNumber`. */
    const byName = (bag: string, id: string) =>
      field(
        bag,
        bcs
          .string()
          .serialize(`${digits(id)}::artipedia::UserNumber`)
          .toBytes(),
        typeNameType,
      );
    /** The field keyed by `CurrencyKey<T>`, T named by `id` in the type tag. */
    const byCurrencyKey = (name: string, id: string) => field(bagA, Uint8Array.of(0), currencyKey(name, id));

    const ours = executePtb(vm, { ...ptb, pureInputsForAnyType: true });
    expect(ours.error).toBeNull();
    expect(ours.created.map((c) => c.id).sort()).toEqual(
      [
        bagA,
        bagB,
        byName(bagA, definingIdOf('UserNumber')),
        byCurrencyKey('UserNumber', definingIdOf('UserNumber')),
        byCurrencyKey('AdminRegistry', definingIdOf('AdminRegistry')),
        byName(bagB, ORIGINAL),
      ].sort(),
    );

    // The wheel gets the package as Sui stores it: its MovePackage, type origin table included.
    const movePackage = storedMovePackageBase64(packageDir);
    const theirs = await oracle().replay({
      ...replayState(ptb),
      packages: { [STORAGE]: { package_id: STORAGE, bcs_base64: movePackage } },
    });
    expect(theirs.success, theirs.error ?? '').toBe(true);
    const short = (id: string) => '0x' + id.replace(/^0+/, '');
    // Agreed: the bags, the field keyed by the original-id name, and CurrencyKey<UserNumber> hashed with
    // 0x13fe3a…, UserNumber's defining id (the real runtime's `type_to_type_tag`). Not agreed, where the wheel
    // ignores the table: it names every type of the package by the storage id it loaded it under, so it
    // hashes CurrencyKey<AdminRegistry> with 0x13fe3a… where the table says 0xb7c36a…; and its own
    // `type_name` natives give original ids, so `with_defining_ids<UserNumber>` names 0xb7c36a….
    expect([...theirs.effects!.created].sort()).toEqual(
      [
        bagA,
        bagB,
        byName(bagA, ORIGINAL),
        byCurrencyKey('UserNumber', STORAGE),
        byCurrencyKey('AdminRegistry', STORAGE),
        byName(bagB, ORIGINAL),
      ]
        .map(short)
        .sort(),
    );
  });
});
