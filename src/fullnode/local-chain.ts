// The state a local full node serves: the corpus's packages (read when first asked for), the framework and
// the system objects it makes (Clock, Random, DenyList, CoinRegistry), and SUI coins for every address that
// asks, so any sender can pay for gas. Nothing is ever written: each simulation starts from this state.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bcs, TypeTagSerializer } from '@mysten/sui/bcs';
import { GrpcTypes } from '@mysten/sui/grpc';
import { toBase58 } from '@mysten/sui/utils';
import { PromiseCache } from '../promise-cache.js';
import { readRegularFile } from '../files/regular-file.js';
import { JSON_LIMIT, METADATA_FILE } from '../move/read-package.js';
import { nodeTypeName, suiCoinBytes } from '../sim/chain-spelling.js';
import type { Genesis, PackageBytes } from '../vm/index.js';
import { frameworkChain } from '../package-store/package-vm.js';
import { normalizeId } from '../vm/package-bytes.js';
import { packageDirsUnder } from '../package-store/layout.js';
import { canonicalTypeName } from '../vm/types.js';
import { publishDigest, readServedPackage, type ServedPackage } from '../package-store/chain-package.js';
import { fullAddress } from '../move/address.js';

export interface LocalChainOptions {
  corpusRoot: string;
  /** Package directories of 0x1, 0x2 (and 0x3); null: the corpus's own `0x00/…`. */
  frameworkDir: string | null;
  /** What GetServiceInfo says the chain is (`chain`); `localnet` unless told otherwise. */
  chain: string;
}

export interface Coin {
  id: string;
  owner: string;
  balance: bigint;
}

/** Each address's SUI coins: enough to pay for gas and to pass a few coins to calls. */
const COINS_PER_ADDRESS = 8;
const COIN_MIST = 1_000_000_000_000n;
export const SUI_COIN_TYPE = '0x2::coin::Coin<0x2::sui::SUI>';
export const REFERENCE_GAS_PRICE = 1000n;

const digestOf = (bytes: Uint8Array) => toBase58(createHash('sha256').update(bytes).digest());

export class LocalChain {
  /** Storage id → package directory, from every metadata.json of the corpus and the framework. */
  private readonly dirs = new Map<string, string>();
  private readonly packages = new PromiseCache<ServedPackage>(256);
  private readonly coins = new Map<string, Coin>();
  /** Publishing transaction digest → storage id. */
  private readonly publishedBy = new Map<string, string>();

  private constructor(
    readonly options: LocalChainOptions,
    readonly framework: PackageBytes[],
    readonly genesis: Genesis,
  ) {}

  static async open(options: LocalChainOptions): Promise<LocalChain> {
    const { framework, genesis } = await frameworkChain(options);
    const chain = new LocalChain(options, framework, genesis);
    for (const root of [options.frameworkDir, options.corpusRoot]) {
      if (!root) continue;
      for (const dir of packageDirsUnder(root)) chain.index(dir);
    }
    return chain;
  }

  private index(dir: string): void {
    let meta: { id?: unknown; transactionDigest?: unknown };
    try {
      meta = JSON.parse(
        readRegularFile(join(dir, METADATA_FILE), JSON_LIMIT).toString('utf8'),
      ) as typeof meta;
    } catch {
      return; // not a package version a node could serve
    }
    if (typeof meta.id !== 'string' || !existsSync(join(dir, 'bytecode_modules'))) return;
    const id = fullAddress(meta.id);
    if (this.dirs.has(id)) return; // --framework-dir wins over the corpus's copy
    this.dirs.set(id, dir);
    this.publishedBy.set(
      typeof meta.transactionDigest === 'string' ? meta.transactionDigest : publishDigest(id),
      id,
    );
  }

  get packageCount(): number {
    return this.dirs.size;
  }

  /** A package by storage id; undefined when the node has none. */
  async package(id: string): Promise<ServedPackage | undefined> {
    const key = fullAddress(id);
    const dir = this.dirs.get(key);
    return dir === undefined ? undefined : this.packages.get(key, () => readServedPackage(dir));
  }

  /** The package a transaction published; undefined for any other digest. */
  async publishedIn(digest: string): Promise<ServedPackage | undefined> {
    const id = this.publishedBy.get(digest);
    return id === undefined ? undefined : this.package(id);
  }

  /**
   * The address's SUI coins, made the first time anyone asks about it. The zero address owns none, as on
   * Sui's networks: nobody holds its key, so a dry-run sent from it has no gas to pay with.
   */
  coinsOf(owner: string): Coin[] {
    const address = fullAddress(owner);
    if (BigInt(address) === 0n) return [];
    return Array.from({ length: COINS_PER_ADDRESS }, (_, i) => {
      const id = `0x${createHash('sha256').update(`smi-bench fullnode coin ${address} ${i}`).digest('hex')}`;
      let coin = this.coins.get(id);
      if (!coin) this.coins.set(id, (coin = { id, owner: address, balance: COIN_MIST }));
      return coin;
    });
  }

  coin(id: string): Coin | undefined {
    return this.coins.get(fullAddress(id));
  }

  /** Any object the node has, as GetObject answers it; undefined when there is none. */
  async object(id: string): Promise<GrpcTypes.Object | undefined> {
    const pkg = await this.package(id);
    if (pkg) return packageObject(pkg);
    const coin = this.coin(id);
    if (coin) return coinObject(coin);
    const system = this.genesis.objects.find((o) => o.id === normalizeId(id));
    if (system) {
      const type = nodeTypeName(canonicalTypeName(system.type));
      return moveObject(
        fullAddress(system.id),
        type,
        system.bytes,
        { Shared: { initialSharedVersion: 1n } },
        {
          kind: GrpcTypes.Owner_OwnerKind.SHARED,
          version: 1n,
        },
      );
    }
    return undefined;
  }
}

function packageObject(pkg: ServedPackage): GrpcTypes.Object {
  const bytes = bcs.Object.serialize({
    data: {
      Package: {
        id: pkg.storageId,
        version: pkg.version,
        moduleMap: new Map(pkg.modules.map((m) => [m.name, m.bytes])),
        typeOriginTable: pkg.typeOrigins.map((o) => ({
          moduleName: o.module,
          datatypeName: o.name,
          package: o.package,
        })),
        linkageTable: new Map(
          pkg.linkage.map((l) => [
            l.originalId,
            { upgradedId: l.upgradedId, upgradedVersion: l.upgradedVersion },
          ]),
        ),
      },
    },
    owner: { Immutable: true },
    previousTransaction: pkg.transactionDigest,
    storageRebate: 0n,
  }).toBytes();
  return {
    objectId: pkg.storageId,
    version: pkg.version,
    digest: digestOf(bytes),
    owner: { kind: GrpcTypes.Owner_OwnerKind.IMMUTABLE },
    objectType: 'package',
    bcs: { name: 'Object', value: bytes },
    previousTransaction: pkg.transactionDigest,
    storageRebate: 0n,
    package: {
      storageId: pkg.storageId,
      originalId: pkg.originalId,
      version: pkg.version,
      modules: pkg.modules.map((m) => ({ name: m.name, contents: m.bytes, datatypes: [], functions: [] })),
      typeOrigins: pkg.typeOrigins.map((o) => ({
        moduleName: o.module,
        datatypeName: o.name,
        packageId: o.package,
      })),
      linkage: pkg.linkage.map((l) => ({ ...l })),
    },
  };
}

function coinObject(coin: Coin): GrpcTypes.Object {
  return {
    ...moveObject(
      coin.id,
      SUI_COIN_TYPE,
      suiCoinBytes(coin.id, coin.balance),
      { AddressOwner: coin.owner },
      {
        kind: GrpcTypes.Owner_OwnerKind.ADDRESS,
        address: coin.owner,
      },
    ),
    balance: coin.balance,
  };
}

function structTag(type: string) {
  const tag = TypeTagSerializer.parseFromStr(type, true);
  if (!('struct' in tag)) throw new Error(`not a struct type: ${type}`);
  return tag.struct;
}

type BcsOwner = Parameters<typeof bcs.Owner.serialize>[0];

function moveObject(
  id: string,
  type: string,
  contents: Uint8Array,
  bcsOwner: BcsOwner,
  owner: GrpcTypes.Owner,
): GrpcTypes.Object {
  const bytes = bcs.Object.serialize({
    data: {
      Move: {
        type: type === SUI_COIN_TYPE ? { GasCoin: true } : { Other: structTag(type) },
        hasPublicTransfer: type === SUI_COIN_TYPE,
        version: 1n,
        contents,
      },
    },
    owner: bcsOwner,
    previousTransaction: digestOf(new TextEncoder().encode(`genesis ${id}`)),
    storageRebate: 0n,
  }).toBytes();
  return {
    objectId: id,
    version: 1n,
    digest: digestOf(bytes),
    owner,
    objectType: type,
    hasPublicTransfer: type === SUI_COIN_TYPE,
    bcs: { name: 'Object', value: bytes },
    contents: { name: type, value: contents },
    previousTransaction: digestOf(new TextEncoder().encode(`genesis ${id}`)),
    storageRebate: 0n,
  };
}
