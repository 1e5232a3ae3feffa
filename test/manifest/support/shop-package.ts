// Two small packages whose manifest entries are derived by hand in the tests (spec/harness.md §10.2–10.7):
// `shop` has one function for each rule, `vault` has no candidate at all.
import {
  FRAMEWORK,
  datatype,
  local,
  ref,
  string,
  txContext,
  uid,
  type ModuleSpec,
} from '../../../src/move/fixture-builder.js';

export const SHOP_ID = '0x' + '5a'.repeat(32);
export const VAULT_ID = '0x' + '7b'.repeat(32);

export const shop: ModuleSpec = {
  address: SHOP_ID,
  name: 'shop',
  structs: [
    { name: 'Item', abilities: ['key', 'store'], fields: [{ name: 'id', type: uid() }] },
    { name: 'Receipt', abilities: ['key'], fields: [{ name: 'id', type: uid() }] },
    { name: 'Note', abilities: ['copy', 'drop'], fields: [{ name: 'value', type: 'u64' }] },
  ],
  functions: [
    // public entry, a default argument, TxContext dropped: counted by every viability rule
    { name: 'a_mint', entry: true, params: ['u64', txContext()] },
    // public entry but generic
    { name: 'b_generic', entry: true, typeParams: [[]], params: ['u64'] },
    // u128 has no default and no constructor: unsupported everywhere
    { name: 'c_wide', entry: true, params: ['u128'] },
    // String has no default, but the baseline builds it with string::utf8
    { name: 'd_named', entry: true, params: [string()] },
    // public, not entry: the package's constructor of Note
    { name: 'e_helper', params: ['u64'], returns: [local('Note')] },
    // entry, not public
    { name: 'f_private', visibility: 'private', entry: true },
    // &Clock has a default: the shared object 0x6
    { name: 'g_clock', entry: true, params: [ref(datatype(FRAMEWORK.Clock))] },
    // Note has no default; the baseline finds e_helper
    { name: 'h_note', entry: true, params: [local('Note')] },
  ],
};

export const vault: ModuleSpec = {
  address: VAULT_ID,
  name: 'vault',
  structs: [{ name: 'Box', abilities: ['store'], fields: [{ name: 'value', type: 'u64' }] }],
  functions: ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7'].map((name) => ({
    name,
    visibility: 'private' as const,
  })),
};
