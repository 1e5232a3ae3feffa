// A helper for an upgraded mainnet package, named by its storage id as a user gives it: artipedia
// 0x13fe3a…6ece is version 6 of 0xb7c36a…9498 (../shared/mainnet/README.md). Sui's compiler builds the helper
// against the stub, with `target_pkg` at the original id (where the modules live); the VM runs it against the
// real version-6 bytecode. `register_points` creates a `UserNumber`, which the package's typeOriginTable says
// was first defined in 0x13fe3a… itself, so the object's type carries that id, as on mainnet. Types first
// defined in earlier versions carry those versions' ids (the table's `ARTIPEDIA`: 0xb7c36a…, the original;
// `TierRegistration`: 0x074cc1…, a version between), which a helper reaches as type arguments.
import { afterAll, describe, expect, it } from 'vitest';
import {
  helperInterfaceSummary,
  targetAddressOf,
} from '../../src/benchmarks/helper/workflow/interface-summary.js';
import { buildHelperPrompt } from '../../src/benchmarks/helper/workflow/prompts.js';
import type { EntrypointResult } from '../../src/core/helper/row.js';
import { buildHelper } from '../../src/helper/build.js';
import { runHelper } from '../../src/helper/run.js';
import { extractPackageInterface } from '../../src/move/extract.js';
import { deserializeModule } from '../../src/move/module-json.js';
import { packageDirFor } from '../../src/package-store/layout.js';
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

describe('the helper prompt for an upgraded package', () => {
  it('gives the original id as target_pkg, and the storage id as the package to use', async () => {
    // The interface as a run extracts it, then the prompt as the run's prompt step builds it.
    const iface = await extractPackageInterface(packageDirFor(corpus, ARTIPEDIA));
    const prompt = buildHelperPrompt({
      packageId: ARTIPEDIA,
      targetAddress: targetAddressOf(iface),
      targets: [],
      interfaceSummary: helperInterfaceSummary(iface),
      scoringHints: false,
      template: null,
      feedback: null,
    });
    expect(prompt).toContain(`uses the package ${ARTIPEDIA}.`);
    expect(prompt).toContain(`The named address target_pkg is ${ARTIPEDIA_ORIGINAL},`);
    expect(prompt).toContain(`module ${ARTIPEDIA_ORIGINAL}::artipedia {`);
    expect(prompt).not.toContain(`target_pkg is ${ARTIPEDIA}`);
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

describe('helpers calling every other upgraded package of ../shared/mainnet', () => {
  const upgraded = mainnetPackages().filter((p) => p.id !== p.originalId);

  it('has the six upgraded packages the README lists', () => {
    expect(upgraded.map((p) => p.version)).toEqual([2, 6, 2, 3, 4, 4]);
  });

  // Each helper calls one public function of its target and lets the outcome show: an abort with the value
  // the function returns, or the object it creates. Expected values read by hand from the bytecode of
  // ../shared/mainnet (and, for Vault, its defining id from the package's typeOriginTable).
  const SUI_TYPE = '0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI';
  const CALLS: Record<string, { body: string; module: string; outcome: Partial<EntrypointResult> }> = {
    // liquid staking v2: cell::new wraps the value in option::some, cell::destroy unwraps it.
    '0x059f94b85c07eb74d2847f8255d8cc0a67c9a8dcc039eabf9f8b9e23a0de2700': {
      body: 'abort target_pkg::cell::destroy(target_pkg::cell::new(9u64))',
      module: 'cell',
      outcome: { status: 'aborted', abort_code: 9 },
    },
    // game 8192 v2: down() is `LdConst 3; Ret`.
    '0x225a5eb5c580cb6b6c44ffd60c4d79021e79c5a6cea7eb3e60962ee5f9bc6cb2': {
      body: 'abort target_pkg::game_board_8192::down()',
      module: 'game_board_8192',
      outcome: { status: 'aborted', abort_code: 3 },
    },
    // sbuck v3: mul_div(7, 6, 4) = (7 / 4) * 6 + (7 % 4) * 6 / 4 = 6 + 4 in u128, which fits a u64.
    '0x77d9c893b7ac9aa102ed1435c50bc935283ea23682e715ee0796739330922f3a': {
      body: 'abort target_pkg::utils::mul_div(7, 6, 4)',
      module: 'utils',
      outcome: { status: 'aborted', abort_code: 10 },
    },
    // vault v4: create_vault shares a new Vault<T>, a type first defined in the original package.
    '0x8878b76b6b990390e9ffd516384bb0da87b5f36a96aa08be82086c6caf802a31': {
      body: 'target_pkg::vault::create_vault<sui::sui::SUI>(3, ctx)',
      module: 'vault',
      outcome: {
        status: 'tier_b_hit',
        abort_code: null,
        created_types: [
          `0x2a93082fb51995e7626ed9a934694b90dbd257ea5606fd5afd244a620ccb1870::vault::Vault<${SUI_TYPE}>`,
        ],
      },
    },
    // faith v4: E_UNAUTH() is `LdConst 6; Ret`, the constant 6.
    '0x90ec7b734944c3fb470a8baeb54860289dc9730ae18eaea28c522721a74a1fcb': {
      body: 'abort target_pkg::errors::E_UNAUTH()',
      module: 'errors',
      outcome: { status: 'aborted', abort_code: 6 },
    },
  };

  it('has a call for each of the other five', () => {
    expect(Object.keys(CALLS).sort()).toEqual(upgraded.map((p) => p.id).filter((id) => id !== ARTIPEDIA));
  });

  it.each(Object.entries(CALLS).map(([id, call]) => [id.slice(0, 10), id, call] as const))(
    '%s…: builds against the original id and runs the real function',
    async (_, id, call) => {
      const pkg = upgraded.find((p) => p.id === id)!;
      const text = `module helper::call;\n\nentry fun run(ctx: &mut TxContext) {\n    ${call.body};\n}\n`;
      const answer = JSON.stringify({ files: { 'sources/call.move': text } });
      const build = await buildHelper(answer, { corpusRoot: corpus, frameworkDir: null, packageId: id });
      if (build.stage !== 'built') throw new Error(`did not build: ${JSON.stringify(build)}`);
      const module = deserializeModule(build.modules[0]!.bytes, 'call.mv');
      expect(module.address_identifiers.map((a) => `0x${a}`)).toContain(pkg.originalId);
      const [result] = await runHelper({
        packageDir: packageDirFor(corpus, id),
        packageId: id,
        corpusRoot: corpus,
        frameworkDir: null,
        modules: build.modules,
        entrypoints: [],
      });
      expect(result).toMatchObject(call.outcome);
      expect(result!.target_modules_accessed.map((m) => m.split('::')[1])).toContain(call.module);
    },
  );
});
