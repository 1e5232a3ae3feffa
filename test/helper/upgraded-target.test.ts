// A helper for an upgraded mainnet package, named by its storage id as a user gives it: artipedia
// 0x13fe3a…6ece is version 6 of 0xb7c36a…9498 (../shared/mainnet/README.md). Sui's compiler builds the helper
// against the stub, with `target_pkg` at the original id (where the modules live); the VM runs it against the
// real version-6 bytecode. `register_points` creates a `UserNumber`, which the package's typeOriginTable says
// was first defined in 0x13fe3a… itself, so the object's type carries that id, as on mainnet.
import { afterAll, describe, expect, it } from 'vitest';
import { buildHelper } from '../../src/helper/build.js';
import { runHelper } from '../../src/helper/execute.js';
import { deserializeModule } from '../../src/move/module-json.js';
import { packageDirFor } from '../../src/move/package-layout.js';
import { makeStubCorpus, removeTemporaryDirs } from '../move-stubs/stub-build.js';

const STORAGE = '0x13fe3a7422946badff042be0e6dbbb0686fbff3fabc0c86cedc2d7a029486ece';
const ORIGINAL = '0xb7c36a747d6fdd6b59ab0354cea52a31df078c242242465a867481b6f4509498';

const HELPER = JSON.stringify({
  move_toml: '[package]\nname = "helper"\nedition = "2024"\n\n[addresses]\nhelper = "0x0"\n',
  files: {
    'sources/points.move': [
      'module helper::points;',
      '',
      'use target_pkg::artipedia;',
      '',
      'entry fun register(ctx: &mut TxContext) {',
      '    artipedia::register_points(42, ctx);',
      '}',
      '',
    ].join('\n'),
  },
});

const corpus = makeStubCorpus();
afterAll(() => removeTemporaryDirs());

describe('a helper for an upgraded package', () => {
  it('builds against target_pkg at the original id, runs, and creates a UserNumber under its defining id', async () => {
    const build = await buildHelper(HELPER, { corpusRoot: corpus, frameworkDir: null, packageId: STORAGE });
    if (build.stage !== 'built') throw new Error(`did not build: ${JSON.stringify(build)}`);
    // The helper's code refers to the target by its original id, which the linkage maps to version 6.
    const module = deserializeModule(build.modules[0]!.bytes, 'points.mv');
    expect(module.address_identifiers.map((a) => `0x${a}`)).toContain(ORIGINAL);

    const [result] = await runHelper({
      packageDir: packageDirFor(corpus, STORAGE),
      packageId: STORAGE,
      corpusRoot: corpus,
      frameworkDir: null,
      modules: build.modules,
      entrypoints: [],
    });
    expect(result).toMatchObject({ status: 'tier_b_hit', abort_code: null, error: null });
    expect(result!.created_types).toEqual([`${STORAGE}::artipedia::UserNumber`]);
  });
});
