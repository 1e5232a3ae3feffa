// What Sui's framework sources say about their modules beyond what bytecode keeps, listed as data from a
// reading of those sources (mainnet-v1.71.1): which module defines the methods of a primitive type, which
// natives are bytecode instructions, which functions back `x[i]` index syntax, the `public use fun`
// method aliases, and what is `#[deprecated]` (the notes in our words). The stub writer applies an entry
// only where the bytecode has the functions it names.

export interface MethodAlias {
  /** The receiver type: a struct of the module, or the primitive the module defines. */
  type: string;
  method: string;
  /** `module::function` in the same package. */
  target: string;
}

export interface ModuleAnnotations {
  /** `#[defines_primitive(...)]`: method calls on this primitive resolve to the module's functions. */
  definesPrimitive?: string;
  /**
   * Natives the compiler turns into an instruction (`VecLen`, …) instead of a call. Sui's compiler honours
   * this only in modules of the named address `std`, which the stubs of 0x1 use.
   */
  bytecodeInstructions?: readonly string[];
  /** Functions marked `#[syntax(index)]`. */
  indexFunctions?: readonly string[];
  methodAliases?: readonly MethodAlias[];
  /** `#[deprecated]` on the whole module: Sui warns (W04037) wherever another module uses it. */
  deprecatedModule?: string;
  /** `#[deprecated]` functions, each with what to use instead. */
  deprecatedFunctions?: Readonly<Record<string, string>>;
}

const alias = (type: string, method: string, target: string): MethodAlias => ({ type, method, target });

/** Aliases whose target is in the module itself, `function` as `Type.method`. */
const ownAliases = (module: string, entries: readonly (readonly [string, string, string])[]): MethodAlias[] =>
  entries.map(([type, method, fun]) => alias(type, method, `${module}::${fun}`));

const BORROW_PAIR = ['borrow', 'borrow_mut'];
const renamed = (name: string) => `renamed to \`${name}\``;
const REGULATED_V2 = 'migrate with `migrate_regulated_currency_to_v2`, then use the deny list v2 functions';

const unsigned = (bits: number): [string, ModuleAnnotations] => [
  `0x1::u${bits}`,
  { definesPrimitive: `u${bits}` },
];

/** By module, `0x1::vector`. */
export const FRAMEWORK_ANNOTATIONS: ReadonlyMap<string, ModuleAnnotations> = new Map<
  string,
  ModuleAnnotations
>([
  [
    '0x1::vector',
    {
      definesPrimitive: 'vector',
      bytecodeInstructions: [
        'empty',
        'length',
        'borrow',
        'push_back',
        'borrow_mut',
        'pop_back',
        'destroy_empty',
        'swap',
      ],
      indexFunctions: BORROW_PAIR,
      methodAliases: [
        alias('vector', 'to_string', 'string::utf8'),
        alias('vector', 'try_to_string', 'string::try_utf8'),
        alias('vector', 'to_ascii_string', 'ascii::string'),
        alias('vector', 'try_to_ascii_string', 'ascii::try_string'),
      ],
    },
  ],
  ['0x1::ascii', { methodAliases: [alias('String', 'to_string', 'string::from_ascii')] }],
  [
    '0x1::string',
    { deprecatedFunctions: { bytes: 'use `string::as_bytes`', sub_string: 'use `string::substring`' } },
  ],
  [
    '0x1::type_name',
    {
      deprecatedFunctions: {
        get: renamed('with_defining_ids'),
        get_with_original_ids: renamed('with_original_ids'),
        borrow_string: renamed('as_string'),
        get_address: renamed('address_string'),
        get_module: renamed('module_string'),
      },
    },
  ],
  ['0x1::fixed_point32', { deprecatedModule: 'use `std::uq32_32`' }],
  ['0x2::math', { deprecatedModule: 'use the module of each integer type, such as `std::u64`' }],
  ['0x1::bool', { definesPrimitive: 'bool' }],
  ...[8, 16, 32, 64, 128, 256].map(unsigned),
  [
    '0x2::address',
    { definesPrimitive: 'address', methodAliases: [alias('address', 'to_id', 'object::id_from_address')] },
  ],
  [
    '0x2::object',
    {
      methodAliases: ownAliases('object', [
        ['ID', 'to_address', 'id_to_address'],
        ['ID', 'to_bytes', 'id_to_bytes'],
        ['UID', 'as_inner', 'uid_as_inner'],
        ['UID', 'to_inner', 'uid_to_inner'],
        ['UID', 'to_address', 'uid_to_address'],
        ['UID', 'to_bytes', 'uid_to_bytes'],
      ]),
    },
  ],
  [
    '0x2::balance',
    {
      methodAliases: [
        alias('Balance', 'into_coin', 'coin::from_balance'),
        alias('Supply', 'value', 'balance::supply_value'),
      ],
    },
  ],
  [
    '0x2::coin',
    {
      methodAliases: [
        ...['split_vec', 'join_vec', 'split_and_transfer', 'divide_and_keep'].map((f) =>
          alias('Coin', f, `pay::${f}`),
        ),
        alias('TreasuryCap', 'into_supply', 'coin::treasury_into_supply'),
      ],
      deprecatedFunctions: {
        create_currency: 'use `coin_registry::new_currency_with_otw`',
        create_regulated_currency_v2: 'use `coin_registry::new_currency_with_otw` and `make_regulated`',
        create_regulated_currency: 'use `coin_registry::new_currency_with_otw` and `make_regulated`',
        deny_list_add: REGULATED_V2,
        deny_list_remove: REGULATED_V2,
        deny_list_contains: REGULATED_V2,
      },
    },
  ],
  [
    '0x2::accumulator',
    {
      methodAliases: ownAliases('accumulator', [
        ['AccumulatorRoot', 'id', 'root_id'],
        ['AccumulatorRoot', 'id_mut', 'root_id_mut'],
        ['AccumulatorRoot', 'u128_exists', 'accumulator_u128_exists'],
        ['AccumulatorRoot', 'u128_read', 'accumulator_u128_read'],
        ['U128', 'destroy', 'destroy_u128'],
        ['U128', 'update', 'update_u128'],
        ['U128', 'is_zero', 'is_zero_u128'],
        ['AccumulatorRoot', 'has_accumulator', 'root_has_accumulator'],
        ['AccumulatorRoot', 'add_accumulator', 'root_add_accumulator'],
        ['AccumulatorRoot', 'borrow_accumulator_mut', 'root_borrow_accumulator_mut'],
        ['AccumulatorRoot', 'borrow_accumulator', 'root_borrow_accumulator'],
        ['AccumulatorRoot', 'remove_accumulator', 'root_remove_accumulator'],
      ]),
    },
  ],
  [
    '0x2::funds_accumulator',
    {
      methodAliases: ['split', 'join', 'limit', 'owner'].map((m) =>
        alias('Withdrawal', m, `funds_accumulator::withdrawal_${m}`),
      ),
    },
  ],
  [
    '0x2::kiosk',
    {
      indexFunctions: BORROW_PAIR,
      methodAliases: [alias('KioskOwnerCap', 'kiosk', 'kiosk::kiosk_owner_cap_for')],
    },
  ],
  [
    '0x2::package',
    {
      methodAliases: ownAliases('package', [
        ['Publisher', 'burn', 'burn_publisher'],
        ['Publisher', 'module_', 'published_module'],
        ['Publisher', 'package', 'published_package'],
        ['UpgradeCap', 'package', 'upgrade_package'],
        ['UpgradeCap', 'policy', 'upgrade_policy'],
        ['UpgradeCap', 'authorize', 'authorize_upgrade'],
        ['UpgradeCap', 'commit', 'commit_upgrade'],
        ['UpgradeTicket', 'package', 'ticket_package'],
        ['UpgradeTicket', 'policy', 'ticket_policy'],
        ['UpgradeTicket', 'digest', 'ticket_digest'],
        ['UpgradeReceipt', 'cap', 'receipt_cap'],
        ['UpgradeReceipt', 'package', 'receipt_package'],
      ]),
    },
  ],
  [
    '0x2::coin_registry',
    {
      methodAliases: ownAliases('coin_registry', [
        ['CurrencyInitializer', 'make_supply_fixed', 'make_supply_fixed_init'],
        ['CurrencyInitializer', 'make_supply_burn_only', 'make_supply_burn_only_init'],
      ]),
      deprecatedFunctions: { delete_migrated_legacy_metadata: 'disabled' },
    },
  ],
  ['0x2::bag', { indexFunctions: BORROW_PAIR }],
  ['0x2::object_bag', { indexFunctions: BORROW_PAIR }],
  ['0x2::table', { indexFunctions: BORROW_PAIR }],
  ['0x2::object_table', { indexFunctions: BORROW_PAIR }],
  ['0x2::linked_table', { indexFunctions: BORROW_PAIR }],
  ['0x2::table_vec', { indexFunctions: BORROW_PAIR }],
  ['0x2::vec_map', { indexFunctions: ['get', 'get_mut'], deprecatedFunctions: { size: renamed('length') } }],
  ['0x2::vec_set', { deprecatedFunctions: { size: renamed('length') } }],
  [
    '0x3::staking_pool',
    {
      methodAliases: ownAliases('staking_pool', [
        ['FungibleStakedSui', 'pool_id', 'fungible_staked_sui_pool_id'],
        ['StakedSui', 'amount', 'staked_sui_amount'],
        ['StakedSui', 'activation_epoch', 'stake_activation_epoch'],
        ['FungibleStakedSui', 'value', 'fungible_staked_sui_value'],
        ['FungibleStakedSui', 'split', 'split_fungible_staked_sui'],
        ['FungibleStakedSui', 'join', 'join_fungible_staked_sui'],
        ['StakedSui', 'split_to_sender', 'split_staked_sui'],
        ['StakedSui', 'join', 'join_staked_sui'],
        ['FungibleStakedSuiData', 'total_supply', 'fungible_staked_sui_data_total_supply'],
        ['FungibleStakedSuiData', 'principal_value', 'fungible_staked_sui_data_principal_value'],
      ]),
    },
  ],
  [
    '0x3::validator',
    {
      methodAliases: [
        alias('Validator', 'wrap_v1', 'validator_wrapper::create_v1'),
        alias('ValidatorMetadata', 'validate', 'validator::validate_metadata'),
      ],
      deprecatedFunctions: { total_stake_amount: 'use `total_stake`', stake_amount: 'use `total_stake`' },
    },
  ],
]);
