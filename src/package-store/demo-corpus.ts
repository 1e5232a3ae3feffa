// A small, believable corpus written from scratch, for demos and tests that must not depend on
// ../shared. Six packages covering the shapes the benchmark cares about: objects with `key`,
// hot potatoes, phantom generics, a one-time witness, positional structs, several modules and
// enums. Function bodies are `abort 0`; only the signatures matter to the benchmark.
import { createHash } from 'node:crypto';
import type { PackageRef } from '../core/types.js';
import { compareUtf8 } from '../move/canonical-json.js';
import {
  balance,
  buildModule,
  coin,
  datatype,
  datatypeOf,
  FRAMEWORK,
  local,
  type ModuleSpec,
  mutRef,
  objectId,
  option,
  ref,
  string,
  sui,
  treasuryCap,
  txContext,
  typeParam,
  uid,
  vector,
} from '../move/fixture-builder.js';
import { writePackage } from './write-package.js';

export interface DemoPackage {
  name: string;
  packageId: string;
  modules: ModuleSpec[];
}

/** A stable, random-looking id per demo package name. */
export function demoPackageId(name: string): string {
  return '0x' + createHash('sha256').update(`smi-bench demo package ${name}`).digest('hex');
}

function shop(address: string): ModuleSpec[] {
  return [
    {
      address,
      name: 'shop',
      structs: [
        {
          name: 'Shop',
          abilities: ['key'],
          fields: [
            { name: 'id', type: uid() },
            { name: 'owner', type: 'address' },
            { name: 'items_sold', type: 'u64' },
            { name: 'revenue', type: balance(sui()) },
          ],
        },
        {
          name: 'Item',
          abilities: ['key', 'store'],
          fields: [
            { name: 'id', type: uid() },
            { name: 'name', type: string() },
            { name: 'price', type: 'u64' },
          ],
        },
        {
          name: 'Receipt',
          abilities: ['drop'],
          fields: [
            { name: 'item_id', type: objectId() },
            { name: 'paid', type: 'u64' },
          ],
        },
        {
          name: 'ShopOwnerCap',
          abilities: ['key', 'store'],
          fields: [
            { name: 'id', type: uid() },
            { name: 'shop_id', type: objectId() },
          ],
        },
      ],
      functions: [
        { name: 'init', visibility: 'private', params: [txContext()] },
        {
          name: 'list_item',
          params: [ref(local('ShopOwnerCap')), mutRef(local('Shop')), string(), 'u64', txContext()],
          returns: [objectId()],
        },
        {
          name: 'buy',
          params: [mutRef(local('Shop')), objectId(), coin(sui()), txContext()],
          returns: [local('Item'), local('Receipt')],
        },
        {
          name: 'withdraw',
          visibility: 'private',
          entry: true,
          params: [ref(local('ShopOwnerCap')), mutRef(local('Shop')), txContext()],
        },
        { name: 'record_sale', visibility: 'friend', params: [mutRef(local('Shop')), 'u64'] },
        { name: 'item_price', params: [ref(local('Item'))], returns: ['u64'] },
        { name: 'fee_bps', returns: ['u64'] },
      ],
    },
  ];
}

function vault(address: string): ModuleSpec[] {
  const vaultOf = (index: number) => local('Vault', typeParam(index));
  return [
    {
      address,
      name: 'vault',
      structs: [
        {
          name: 'Vault',
          abilities: ['key'],
          typeParams: [{ phantom: true }],
          fields: [
            { name: 'id', type: uid() },
            { name: 'balance', type: balance(typeParam(0)) },
            { name: 'owner', type: 'address' },
            { name: 'locked_until_ms', type: 'u64' },
          ],
        },
        {
          name: 'VaultCap',
          abilities: ['key', 'store'],
          fields: [
            { name: 'id', type: uid() },
            { name: 'vault_id', type: objectId() },
          ],
        },
        {
          name: 'Deposited',
          abilities: ['copy', 'drop'],
          typeParams: [{ phantom: true }],
          fields: [
            { name: 'vault_id', type: objectId() },
            { name: 'amount', type: 'u64' },
          ],
        },
      ],
      functions: [
        { name: 'create', typeParams: [[]], params: ['u64', txContext()], returns: [local('VaultCap')] },
        { name: 'deposit', typeParams: [[]], params: [mutRef(vaultOf(0)), coin(typeParam(0))] },
        {
          name: 'withdraw',
          typeParams: [[]],
          params: [
            ref(local('VaultCap')),
            mutRef(vaultOf(0)),
            'u64',
            ref(datatype(FRAMEWORK.Clock)),
            txContext(),
          ],
          returns: [coin(typeParam(0))],
        },
        { name: 'balance_of', typeParams: [[]], params: [ref(vaultOf(0))], returns: ['u64'] },
        { name: 'min_lock_ms', returns: ['u64'] },
      ],
    },
  ];
}

function goldCoin(address: string): ModuleSpec[] {
  const gold = local('GOLD_COIN');
  return [
    {
      address,
      name: 'gold_coin',
      structs: [
        // One-time witness: compiled with the compiler's placeholder field.
        { name: 'GOLD_COIN', abilities: ['drop'] },
        {
          name: 'Treasury',
          abilities: ['key'],
          fields: [
            { name: 'id', type: uid() },
            { name: 'cap', type: treasuryCap(gold) },
            { name: 'max_supply', type: 'u64' },
          ],
        },
      ],
      functions: [
        { name: 'init', visibility: 'private', params: [gold, txContext()] },
        {
          name: 'mint',
          entry: true,
          params: [mutRef(local('Treasury')), 'u64', 'address', txContext()],
        },
        { name: 'burn', params: [mutRef(local('Treasury')), coin(gold)], returns: ['u64'] },
        { name: 'total_supply', params: [ref(local('Treasury'))], returns: ['u64'] },
        { name: 'decimals', returns: ['u8'] },
      ],
    },
  ];
}

function mathUtils(address: string): ModuleSpec[] {
  const fraction = local('Fraction');
  const point = local('Point');
  return [
    {
      address,
      name: 'fraction',
      structs: [
        {
          name: 'Fraction',
          abilities: ['copy', 'drop', 'store'],
          fields: [
            { name: 'numerator', type: 'u64' },
            { name: 'denominator', type: 'u64' },
          ],
        },
      ],
      functions: [
        { name: 'new', params: ['u64', 'u64'], returns: [fraction] },
        { name: 'add', params: [fraction, fraction], returns: [fraction] },
        { name: 'mul_u64', params: [ref(fraction), 'u64'], returns: ['u64'] },
        { name: 'gcd', visibility: 'private', params: ['u64', 'u64'], returns: ['u64'] },
      ],
    },
    {
      address,
      name: 'geometry',
      structs: [
        {
          // Move 2024 positional struct `Point(u64, u64)`.
          name: 'Point',
          abilities: ['copy', 'drop', 'store'],
          fields: [
            { name: 'pos0', type: 'u64' },
            { name: 'pos1', type: 'u64' },
          ],
        },
      ],
      functions: [
        { name: 'point', params: ['u64', 'u64'], returns: [point] },
        { name: 'distance_squared', params: [ref(point), ref(point)], returns: ['u128'] },
        { name: 'centroid', params: [ref(vector(point))], returns: [option(point)] },
      ],
    },
  ];
}

function heroGame(address: string): ModuleSpec[] {
  const swordModule: ModuleSpec = {
    address,
    name: 'sword',
    structs: [
      {
        name: 'Sword',
        abilities: ['key', 'store'],
        fields: [
          { name: 'id', type: uid() },
          { name: 'strength', type: 'u64' },
          { name: 'magic', type: 'u64' },
        ],
      },
    ],
    functions: [
      { name: 'new', params: ['u64', txContext()], returns: [local('Sword')] },
      { name: 'strength', params: [ref(local('Sword'))], returns: ['u64'] },
    ],
  };
  const sword = datatype(datatypeOf(swordModule, 'Sword'));
  const heroModule: ModuleSpec = {
    address,
    name: 'hero',
    structs: [
      {
        name: 'Hero',
        abilities: ['key', 'store'],
        fields: [
          { name: 'id', type: uid() },
          { name: 'name', type: string() },
          { name: 'level', type: 'u8' },
          { name: 'experience', type: 'u64' },
          { name: 'sword', type: option(sword) },
        ],
      },
    ],
    functions: [
      { name: 'new', params: [string(), txContext()], returns: [local('Hero')] },
      { name: 'equip', params: [mutRef(local('Hero')), sword], returns: [option(sword)] },
      { name: 'level', params: [ref(local('Hero'))], returns: ['u8'] },
      { name: 'gain_experience', visibility: 'friend', params: [mutRef(local('Hero')), 'u64'] },
      { name: 'max_level', returns: ['u8'] },
    ],
  };
  const hero = datatype(datatypeOf(heroModule, 'Hero'));
  const arenaModule: ModuleSpec = {
    address,
    name: 'arena',
    structs: [
      {
        name: 'Arena',
        abilities: ['key'],
        fields: [
          { name: 'id', type: uid() },
          { name: 'champions', type: vector(objectId()) },
          { name: 'entry_fee', type: 'u64' },
        ],
      },
      {
        // Hot potato: no abilities, so it must be consumed in the same transaction.
        name: 'Battle',
        fields: [
          { name: 'arena_id', type: objectId() },
          { name: 'hero_id', type: objectId() },
        ],
      },
    ],
    functions: [
      { name: 'open_arena', visibility: 'private', entry: true, params: ['u64', txContext()] },
      { name: 'start_battle', params: [mutRef(local('Arena')), ref(hero)], returns: [local('Battle')] },
      { name: 'finish_battle', params: [mutRef(local('Arena')), mutRef(hero), local('Battle')] },
      { name: 'min_entry_fee', returns: ['u64'] },
    ],
  };
  return [arenaModule, heroModule, swordModule];
}

function marketplace(address: string): ModuleSpec[] {
  const listingOf = (index: number) => local('Listing', typeParam(index));
  const objectBound: ('key' | 'store')[] = ['key', 'store'];
  return [
    {
      address,
      name: 'market',
      structs: [
        {
          name: 'Marketplace',
          abilities: ['key'],
          fields: [
            { name: 'id', type: uid() },
            { name: 'fee_bps', type: 'u16' },
            { name: 'listings', type: vector(objectId()) },
          ],
        },
        {
          name: 'Listing',
          abilities: ['key', 'store'],
          typeParams: [{ phantom: true, constraints: objectBound }],
          fields: [
            { name: 'id', type: uid() },
            { name: 'item_id', type: objectId() },
            { name: 'seller', type: 'address' },
            { name: 'price', type: 'u64' },
            { name: 'status', type: local('ListingStatus') },
          ],
        },
      ],
      enums: [
        {
          name: 'ListingStatus',
          abilities: ['copy', 'drop', 'store'],
          variants: [
            { name: 'Active' },
            {
              name: 'Sold',
              fields: [
                { name: 'buyer', type: 'address' },
                { name: 'price', type: 'u64' },
              ],
            },
            { name: 'Cancelled', fields: [{ name: 'pos0', type: 'u64' }] },
          ],
        },
        {
          name: 'Offer',
          abilities: ['store'],
          typeParams: [{ phantom: true }],
          variants: [
            { name: 'Pending', fields: [{ name: 'escrow', type: balance(typeParam(0)) }] },
            { name: 'Withdrawn' },
          ],
        },
      ],
      functions: [
        {
          name: 'list',
          typeParams: [objectBound],
          params: [mutRef(local('Marketplace')), objectId(), 'u64', txContext()],
          returns: [listingOf(0)],
        },
        {
          name: 'status',
          typeParams: [objectBound],
          params: [ref(listingOf(0))],
          returns: [local('ListingStatus')],
        },
        { name: 'cancel', typeParams: [objectBound], params: [mutRef(listingOf(0))] },
        {
          name: 'make_offer',
          typeParams: [[]],
          params: [coin(typeParam(0))],
          returns: [local('Offer', typeParam(0))],
        },
        { name: 'max_fee_bps', returns: ['u16'] },
      ],
    },
  ];
}

const DEMO_BUILDERS: Record<string, (address: string) => ModuleSpec[]> = {
  shop,
  vault,
  gold_coin: goldCoin,
  math_utils: mathUtils,
  hero_game: heroGame,
  marketplace,
};

/** The demo packages, by name; module self addresses equal the package id (never upgraded). */
export function demoPackages(): DemoPackage[] {
  return Object.entries(DEMO_BUILDERS).map(([name, build]) => {
    const packageId = demoPackageId(name);
    return { name, packageId, modules: build(packageId) };
  });
}

/** Writes the demo corpus under `root` (replacing earlier copies); refs sorted by package id. */
export async function writeDemoCorpus(root: string): Promise<PackageRef[]> {
  const refs = await Promise.all(
    demoPackages().map((demo) =>
      writePackage(root, {
        packageId: demo.packageId,
        modules: demo.modules.map((spec) => ({ name: spec.name, bytes: buildModule(spec) })),
        metadata: { source: `smi-bench demo package ${demo.name} (synthetic bytecode; bodies are abort 0)` },
      }),
    ),
  );
  return refs.sort((a, b) => compareUtf8(a.package_id, b.package_id));
}
