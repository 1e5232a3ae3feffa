// The dependency side of a build: which packages a build gets as stubs, at which addresses and storage
// ids, what it refuses, and what it tells the user to fetch when the corpus lacks a package.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildModule, datatype } from '../../src/move/fixture-builder.js';
import { writePackage } from '../../src/package-store/write-package.js';
import {
  buildDependencies,
  MissingDependenciesError,
  type BuildDependencies,
} from '../../src/sui-compiler/dependencies.js';
import { DEPENDENCY_IDS, makeDependencyCorpus } from '../support/dependency-corpus.js';
import { CORPUS_DIR } from '../support/paths.js';
import { buildAgainstStubs, makeStubCorpus, removeTemporaryDirs, useFreshSmiHome } from './stub-build.js';

/** artipedia, version 6 of a package first published at another id. */
const UPGRADED = {
  storageId: '0x13fe3a7422946badff042be0e6dbbb0686fbff3fabc0c86cedc2d7a029486ece',
  originalId: '0xb7c36a747d6fdd6b59ab0354cea52a31df078c242242465a867481b6f4509498',
};
const CALLS_ARTIPEDIA = `
module helper::use_target {
    public fun approve(registry: &target_pkg::artipedia::AdminRegistry, to: address, ctx: &mut TxContext) {
        target_pkg::artipedia::approve_exchange(registry, to, 1, ctx)
    }
}
`;
const CALLS_APP = `
module helper::use_target {
    public fun consume_new() {
        target_pkg::app::consume(${DEPENDENCY_IDS.present}::token::mint())
    }
}
`;
/** A package like `needsAbsent` whose linkage table names the version of the absent package it needs. */
const LINKED_TO_ABSENT = `0x${'a5'.repeat(32)}`;
const ABSENT_VERSION = `0x${'d5'.repeat(32)}`;

/** The files the fetcher serves for the stub package `alias`. */
const localStub = (deps: BuildDependencies, alias: string) =>
  deps.fetcher.fetchLocal!(`smi-stubs/${alias}`, {
    dependencyName: alias,
    parentPackageName: 'helper',
    network: 'mainnet',
  });

describe('buildDependencies', () => {
  let home: string;
  let mainnet: string;
  let dependencyCorpus: string;
  beforeAll(async () => {
    home = useFreshSmiHome();
    mainnet = makeStubCorpus();
    dependencyCorpus = await makeDependencyCorpus();
    const app = {
      address: LINKED_TO_ABSENT,
      name: 'app',
      functions: [
        {
          name: 'consume',
          params: [
            datatype({ address: DEPENDENCY_IDS.absent, module: 'token', name: 'Token', abilities: ['drop'] }),
          ],
        },
      ],
    };
    await writePackage(dependencyCorpus, {
      packageId: LINKED_TO_ABSENT,
      modules: [{ name: 'app', bytes: buildModule(app) }],
      metadata: {
        linkageTable: { [DEPENDENCY_IDS.absent]: { upgraded_id: ABSENT_VERSION, upgraded_version: 3 } },
      },
    });
  });
  afterAll(() => removeTemporaryDirs(dirname(dependencyCorpus)));

  test('without a target, the framework alone: Sui System named, nothing else', async () => {
    const deps = await buildDependencies({ corpusRoot: CORPUS_DIR });
    expect(deps.target).toBeNull();
    expect(deps.rootDependencies).toEqual({ sui_system: '{ system = "sui_system" }' });
    expect(deps.rootAddresses).toEqual({});
    expect(readdirSync(join(home, 'stubs')).filter((f) => f.endsWith('.json'))).toHaveLength(3);
  });

  test('an upgraded target is at its original id and links to its storage id', async () => {
    const deps = await buildDependencies({ corpusRoot: mainnet, targetId: UPGRADED.storageId });
    expect(deps.target).toEqual({ ...UPGRADED, namedAddress: 'target_pkg' });
    const manifest = (await localStub(deps, 'target_pkg'))['Move.toml'];
    expect(manifest).toContain(`published-at = "${UPGRADED.storageId}"`);
    expect(manifest).toContain(`target_pkg = "${UPGRADED.originalId}"`);
    const built = await buildAgainstStubs('helper', { 'sources/use_target.move': CALLS_ARTIPEDIA }, deps);
    expect(built.dependencies).toContain(UPGRADED.storageId);
    expect(built.dependencies).not.toContain(UPGRADED.originalId);
    expect(built.modules[0]!.address_identifiers).toContain(UPGRADED.originalId.slice(2));
  });

  test('a target given by its original id is the version the corpus holds', async () => {
    const deps = await buildDependencies({ corpusRoot: mainnet, targetId: UPGRADED.originalId });
    expect(deps.target).toEqual({ ...UPGRADED, namedAddress: 'target_pkg' });
  });

  test("a target's dependency is stubbed at the version its linkage table names", async () => {
    const deps = await buildDependencies({
      corpusRoot: dependencyCorpus,
      targetId: DEPENDENCY_IDS.needsLinked,
    });
    const built = await buildAgainstStubs('helper', { 'sources/use_target.move': CALLS_APP }, deps);
    expect(built.dependencies).toEqual(
      expect.arrayContaining([DEPENDENCY_IDS.needsLinked, DEPENDENCY_IDS.presentUpgrade]),
    );
    expect(built.dependencies).not.toContain(DEPENDENCY_IDS.present);
  });

  test('a dependency the corpus holds only as an upgrade links to that upgrade', async () => {
    const deps = await buildDependencies({
      corpusRoot: dependencyCorpus,
      targetId: DEPENDENCY_IDS.needsUpgraded,
    });
    const stub = await localStub(deps, `smi_${DEPENDENCY_IDS.upgraded.slice(2)}`);
    expect(stub['Move.toml']).toContain(`published-at = "${DEPENDENCY_IDS.upgradeStorage}"`);
  });

  test('a missing dependency is named by the storage id its linkage table gives, else its id', async () => {
    const failure = (targetId: string) =>
      buildDependencies({ corpusRoot: dependencyCorpus, targetId }).then(
        () => null,
        (error: unknown) => error,
      );
    const unlinked = await failure(DEPENDENCY_IDS.needsAbsent);
    expect(unlinked).toBeInstanceOf(MissingDependenciesError);
    expect((unlinked as MissingDependenciesError).storageIds).toEqual([DEPENDENCY_IDS.absent]);
    expect((unlinked as Error).message).toContain(DEPENDENCY_IDS.absent);
    const linked = await failure(LINKED_TO_ABSENT);
    expect((linked as MissingDependenciesError).storageIds).toEqual([ABSENT_VERSION]);
    expect((linked as Error).message).toContain(ABSENT_VERSION);
    const absentTarget = await failure(`0x${'ee'.repeat(32)}`);
    expect((absentTarget as MissingDependenciesError).storageIds).toEqual([`0x${'ee'.repeat(32)}`]);
  });

  test('a framework target is named by address in the root', async () => {
    const deps = await buildDependencies({ corpusRoot: CORPUS_DIR, targetId: '0x2' });
    expect(deps.target).toEqual({
      originalId: `0x${'0'.repeat(63)}2`,
      storageId: `0x${'0'.repeat(63)}2`,
      namedAddress: 'target_pkg',
    });
    expect(deps.rootAddresses).toEqual({ target_pkg: `0x${'0'.repeat(63)}2` });
    expect(deps.rootDependencies).not.toHaveProperty('target_pkg');
    const source =
      'module helper::h { public fun value(c: &target_pkg::coin::Coin<sui::sui::SUI>): u64 { c.value() } }';
    await buildAgainstStubs('helper', { 'sources/h.move': source }, deps);
  });

  test("a Move.toml naming the framework at another revision gets the same framework as the target's", async () => {
    const deps = await buildDependencies({ corpusRoot: mainnet, targetId: UPGRADED.storageId });
    const framework =
      '{ git = "https://github.com/MystenLabs/sui.git", subdir = "crates/sui-framework/packages/sui-framework", rev = "framework/testnet" }';
    const withSui = { ...deps, rootDependencies: { Sui: framework, ...deps.rootDependencies } };
    await buildAgainstStubs('helper', { 'sources/use_target.move': CALLS_ARTIPEDIA }, withSui);
  });

  test('the fetcher serves nothing but the stubs', async () => {
    const { fetcher } = await buildDependencies({ corpusRoot: CORPUS_DIR });
    const system = await fetcher.fetch(
      'https://github.com/MystenLabs/sui.git',
      'any',
      'crates/sui-framework/packages/sui-system',
    );
    expect(system['Move.toml']).toContain('sui_system = "0x3"');
    await expect(
      fetcher.fetch('https://github.com/MystenLabs/sui.git', 'main', 'crates/sui-framework/packages/bridge'),
    ).rejects.toThrow(/not available: builds have no network/);
    await expect(fetcher.fetch('https://github.com/someone/lib.git', 'main', '')).rejects.toThrow(
      /not available/,
    );
    await expect(
      fetcher.fetchLocal!('../lib', {
        dependencyName: 'Lib',
        parentPackageName: 'helper',
        network: 'mainnet',
      }),
    ).rejects.toThrow(/local dependency Lib \(\.\.\/lib\) of helper is not available/);
  });

  test('a target outside the framework needs a corpus', async () => {
    await expect(
      buildDependencies({ frameworkDir: CORPUS_DIR, targetId: UPGRADED.storageId }),
    ).rejects.toThrow(/give a corpus root/);
  });
});
