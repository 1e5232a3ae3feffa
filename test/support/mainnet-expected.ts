// What Phase II's baseline-search should create and hit for each package of ../shared/mainnet when its plans
// run (local simulation), against upstream's mainnet dry-run (the folder's README table,
// test/support/mainnet-roots.ts). The created types are derived by hand from the packages' bytecode (the
// functions' Pack and transfer/share instructions, the candidates in upstream's order, spec/harness.md §10):
//   0x0df766 / 0x90ec7b faith::create_and_transfer packs SupplyCap, RefiningIndex and Buckets and transfers
//     them to the sender (3 hits, as upstream);
//   0x13fe3a artipedia::register_points packs a UserNumber and transfers it: a type added in version 6, so
//     its defining id (bcs.json typeOriginTable) is 0x13fe3a… itself, not the original 0xb7c36a…;
//   0x1c515f nft::mint_public → AccessPass; 0x225a5e leaderboard_8192::create → Leaderboard8192 (defined by
//     the original 0x72f9c7…); 0x75b23b fountain_periphery::create_fountain with `false` takes the branch
//     that shares a Fountain<SUI, SUI> and makes no AdminCap; 0x8878b7 vault::create_vault<SUI> shares a
//     Vault<SUI> (original 0x2a9308…); 0x902e1c blackjack_game::initialize_house_data → HouseData;
//     0x9ee8a9 wallet_drainer::wallet_drainer → WalletDrainer; 0xd177e8 seal_manager::create_access_policy
//     shares an AccessPolicy;
//   0x7b1bf8 create_fountain calls a new_fountain that aborts unless its fourth u64 exceeds its third, and
//     every variant gives them equal values: executed, aborted, nothing created (upstream: not executed);
//   0x782a96 spin passes the sender's coin on, 0xc385a6 check_in and 0xd4c8de fees only emit events:
//     executed, nothing created, no targets;
//   0x059f94, 0x57ac46, 0x77d9c8: their one candidate needs an object nobody can name (a
//     LiquidStakingInfo and the SuiSystemState, a FeeCollector, a TreasuryCap<SBUCK>): upstream built no
//     transaction; here the plan is not built either, and nothing is simulated.
import { canonicalBaseType, normalizeTypeString } from '../../src/core/phase2/type-string.js';
import { ARTIPEDIA } from './artipedia-helper.js';
import type { MainnetPackage } from './mainnet-roots.js';

/** The package of the table whose id starts with `prefix`. */
export const fullId = (prefix: string, ids: readonly string[]) => ids.find((id) => id.startsWith(prefix))!;

/**
 * The created base types of each package's scored plan when it runs, as `defining id::m::S`. Packages not
 * listed create nothing.
 */
export function expectedCreated(ids: readonly string[]): Record<string, string[]> {
  const full = (prefix: string) => fullId(prefix, ids);
  const faith = (id: string) => ['Buckets', 'RefiningIndex', 'SupplyCap'].map((s) => `${id}::faith::${s}`);
  return {
    [full('0x0df766')]: faith(full('0x0df766')),
    [full('0x90ec7b')]: faith('0x7264c7a35fa3057ede9be33866f3e38cb91a2322773ed9bfa9f20e5783f69fc4'),
    [ARTIPEDIA]: [`${ARTIPEDIA}::artipedia::UserNumber`],
    [full('0x1c515f')]: [`${full('0x1c515f')}::nft::AccessPass`],
    [full('0x225a5e')]: [
      '0x72f9c76421170b5a797432ba9e1b3b2e2b7cf6faa26eb955396c773af2479e1e::leaderboard_8192::Leaderboard8192',
    ],
    [full('0x75b23b')]: [`${full('0x75b23b')}::fountain_core::Fountain`],
    [full('0x8878b7')]: ['0x2a93082fb51995e7626ed9a934694b90dbd257ea5606fd5afd244a620ccb1870::vault::Vault'],
    [full('0x902e1c')]: [`${full('0x902e1c')}::blackjack_game::HouseData`],
    [full('0x9ee8a9')]: [`${full('0x9ee8a9')}::wallet_drainer::WalletDrainer`],
    [full('0xd177e8')]: [`${full('0xd177e8')}::seal_manager::AccessPolicy`],
  };
}

/**
 * The hits of a run: upstream's, except artipedia's. Upstream keyed every target by the original id, so the
 * UserNumber its dry-run created under 0x13fe3a… counted for nothing there: the right score is 1 of 5
 * (docs/upstream.md).
 */
export function expectedHits(pkg: MainnetPackage): number {
  return pkg.id === ARTIPEDIA ? 1 : pkg.hits;
}

/** A row's created types as Phase II scores them: base types, distinct, sorted. */
export const baseTypes = (types: readonly string[]) =>
  [...new Set(types.map((t) => canonicalBaseType(normalizeTypeString(t))))].sort();
