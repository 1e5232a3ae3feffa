// A helper for an upgraded mainnet package, named by its storage id as a user gives it: artipedia
// 0x13fe3a…6ece is version 6 of 0xb7c36a…9498 (../shared/mainnet/README.md). Sui's compiler builds the helper
// against the stub, with `target_pkg` at the original id (where the modules live); the VM runs it against the
// real version-6 bytecode. `register_points` creates a `UserNumber`, which the package's typeOriginTable says
// was first defined in 0x13fe3a… itself, so the object's type carries that id, as on mainnet. Types first
// defined in earlier versions carry those versions' ids (the table's `ARTIPEDIA`: 0xb7c36a…, the original;
// `TierRegistration`: 0x074cc1…, a version between), which a helper reaches as type arguments.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InterfaceJson } from '../../src/core/types.js';
import { buildHelper } from '../../src/helper/build.js';
import { runHelper } from '../../src/helper/execute.js';
import { buildInterface } from '../../src/move/interface.js';
import { deserializeModule } from '../../src/move/module-json.js';
import { packageDirFor } from '../../src/move/package-layout.js';
import { makeStubCorpus, removeTemporaryDirs } from '../move-stubs/stub-build.js';
import { ARTIPEDIA, ARTIPEDIA_HELPER_ANSWER, ARTIPEDIA_ORIGINAL } from '../support/artipedia-helper.js';
import { mainnetPackages } from '../support/mainnet-roots.js';

const corpus = makeStubCorpus();
afterAll(() => removeTemporaryDirs());

describe('a helper for an upgraded package', () => {
  it('builds against target_pkg at the original id, runs, and creates a UserNumber under its defining id', async () => {
    const build = await buildHelper(ARTIPEDIA_HELPER_ANSWER, {
      corpusRoot: corpus,
      frameworkDir: null,
      packageId: ARTIPEDIA,
    });
    if (build.stage !== 'built') throw new Error(`did not build: ${JSON.stringify(build)}`);
    // The helper's code refers to the target by its original id, which the linkage maps to version 6.
    const module = deserializeModule(build.modules[0]!.bytes, 'points.mv');
    expect(module.address_identifiers.map((a) => `0x${a}`)).toContain(ARTIPEDIA_ORIGINAL);

    const [result] = await runHelper({
      packageDir: packageDirFor(corpus, ARTIPEDIA),
      packageId: ARTIPEDIA,
      corpusRoot: corpus,
      frameworkDir: null,
      modules: build.modules,
      entrypoints: [],
    });
    expect(result).toMatchObject({ status: 'tier_b_hit', abort_code: null, error: null });
    expect(result!.created_types).toEqual([`${ARTIPEDIA}::artipedia::UserNumber`]);
  });
});

describe('a helper creating types defined in three versions of artipedia', () => {
  // Defining ids from ../shared/mainnet's bcs.json typeOriginTable for 0x13fe3a…, read by hand.
  const DEFINED_IN_V1 = ARTIPEDIA_ORIGINAL;
  const TIER_REGISTRATION_DEFINED_IN = '0x074cc1010a0ef299e87ba2ffe1b004a4f9dcc36319d873fd8831a88e93c47e69';
  const DEFINED_IN_V6 = ARTIPEDIA;
  const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
  const VERSIONS = [
    'module helper::versions;',
    '',
    'use sui::table;',
    'use target_pkg::artipedia::{Self, ARTIPEDIA, TierRegistration};',
    '',
    'entry fun make(ctx: &mut TxContext) {',
    '    artipedia::register_points(7, ctx);',
    '    transfer::public_transfer(sui::coin::zero<ARTIPEDIA>(ctx), ctx.sender());',
    '    transfer::public_transfer(table::new<u64, TierRegistration>(ctx), ctx.sender());',
    '}',
    '',
  ].join('\n');

  it('tags each created type with the id of the version that first defined it', async () => {
    const answer = JSON.stringify({ files: { 'sources/versions.move': VERSIONS } });
    const build = await buildHelper(answer, { corpusRoot: corpus, frameworkDir: null, packageId: ARTIPEDIA });
    if (build.stage !== 'built') throw new Error(`did not build: ${JSON.stringify(build)}`);
    const [result] = await runHelper({
      packageDir: packageDirFor(corpus, ARTIPEDIA),
      packageId: ARTIPEDIA,
      corpusRoot: corpus,
      frameworkDir: null,
      modules: build.modules,
      entrypoints: [],
    });
    expect(result).toMatchObject({ status: 'tier_b_hit', abort_code: null, error: null });
    expect(result!.created_types).toEqual(
      [
        `${DEFINED_IN_V6}::artipedia::UserNumber`,
        `${SUI}::coin::Coin<${DEFINED_IN_V1}::artipedia::ARTIPEDIA>`,
        `${SUI}::table::Table<u64, ${TIER_REGISTRATION_DEFINED_IN}::artipedia::TierRegistration>`,
      ].sort(),
    );
  });
});

describe('helpers for every upgraded package of ../shared/mainnet', () => {
  const upgraded = mainnetPackages().filter((p) => p.id !== p.originalId);

  it('has the six upgraded packages the README lists', () => {
    expect(upgraded.map((p) => p.version)).toEqual([2, 6, 2, 3, 4, 4]);
  });

  // Each helper borrows one struct of every module of the target (the first without type parameters), so it
  // names each module through `target_pkg`; built, it must refer to the original id and publish beside the
  // real bytecode of the version asked for.
  it.each(upgraded.map((p) => [p.id.slice(0, 10), p] as const))('%s…', async (_, pkg) => {
    const modules = Object.entries(interfaceOf(pkg.id).modules)
      .map(([name, m]) => [name, Object.entries(m.structs).find(([, s]) => s.type_params.length === 0)?.[0]])
      .filter((entry): entry is [string, string] => entry[1] !== undefined);
    expect(modules.length).toBeGreaterThan(0);
    const text = [
      'module helper::uses;',
      '',
      ...modules.map(
        ([m, s]) => `public fun ${m}_ref(x: &target_pkg::${m}::${s}): &target_pkg::${m}::${s} { x }`,
      ),
      '',
    ].join('\n');
    const answer = JSON.stringify({ files: { 'sources/uses.move': text } });
    const build = await buildHelper(answer, { corpusRoot: corpus, frameworkDir: null, packageId: pkg.id });
    if (build.stage !== 'built') throw new Error(`did not build: ${JSON.stringify(build)}`);
    const module = deserializeModule(build.modules[0]!.bytes, 'uses.mv');
    expect(module.address_identifiers.map((a) => `0x${a}`)).toContain(pkg.originalId);
    // No entry function to run: publishing beside the target links the helper to its real bytecode.
    const results = await runHelper({
      packageDir: packageDirFor(corpus, pkg.id),
      packageId: pkg.id,
      corpusRoot: corpus,
      frameworkDir: null,
      modules: build.modules,
      entrypoints: [],
    });
    expect(results).toEqual([]);
  });
});

function interfaceOf(packageId: string): InterfaceJson {
  const dir = packageDirFor(corpus, packageId);
  const modules = readdirSync(join(dir, 'bytecode_modules'))
    .filter((f) => f.endsWith('.mv'))
    .map((f) => deserializeModule(readFileSync(join(dir, 'bytecode_modules', f)), f));
  return buildInterface(modules, packageId);
}
