// A hand-written helper for wrapper_coin (test/helper/fixtures/wrapper-probe), built by Sui's compiler and
// run in our VM, then the same transactions through the real Sui runtime (the sui-sandbox wheel's replay).
// Expected by hand from the sources:
//   coin_through_target: coin::zero<SUI> makes a Coin<SUI>, which wrapper_coin::probe_transfer_coin_generic
//     sends to the sender: runs to the end, enters wrapper_coin, creates one 0x2::coin::Coin<0x2::sui::SUI>;
//   marker_only: creates the helper's own Marker, never enters the target;
//   always_aborts: aborts with code 7 in probe::always_aborts.
import { blake2b } from '@noble/hashes/blake2.js';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHelper } from '../../src/helper/build.js';
import {
  HELPER_SENDER,
  helperAddress,
  readdressHelper,
  transactionDigest,
} from '../../src/helper/execute.js';
import { runHelper } from '../../src/helper/run.js';
import { readMovePackage } from '../../src/sui-compiler/package-dir.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { replayState } from '../../scripts/vm-replay-ptb.js';
import { useReplayOracle } from '../vm/support/replay-oracle.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';

const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const WRAPPER_DIR = SHARED_PACKAGE_DIRS[WRAPPER]!;
const HELPER_DIR = resolve(import.meta.dirname, 'fixtures', 'wrapper-probe');
/** Sui's id of a transaction's first new object: blake2b256(0xf1 ‖ tx digest ‖ u64 LE 0). */
function firstObjectId(target: string): string {
  const input = Uint8Array.from([0xf1, ...transactionDigest(target), ...new Uint8Array(8)]);
  return `0x${Buffer.from(blake2b(input, { dkLen: 32 })).toString('hex')}`;
}
const SUI_COIN = `0x${'0'.repeat(63)}2::coin::Coin<0x${'0'.repeat(63)}2::sui::SUI>`;

async function answerOf(dir: string): Promise<string> {
  const pkg = await readMovePackage(dir);
  return JSON.stringify({
    move_toml: readFileSync(join(dir, 'Move.toml'), 'utf8'),
    files: Object.fromEntries(pkg.files.map((f) => [f.path, f.text])),
  });
}

async function buildProbe() {
  const build = await buildHelper(await answerOf(HELPER_DIR), {
    corpusRoot: CORPUS_DIR,
    frameworkDir: null,
    packageId: WRAPPER,
  });
  if (build.stage !== 'built')
    throw new Error(`${build.stage}: ${build.stage === 'invalid_payload' ? '' : build.errors.join('\n')}`);
  return build;
}

let probe: ReturnType<typeof buildProbe> | undefined;
/** The probe, built once for the whole file. */
const builtProbe = () => (probe ??= buildProbe());

/** The built probe run against wrapper_coin: all its entry functions, or those named. */
function runProbe(build: Awaited<ReturnType<typeof builtProbe>>, entrypoints: string[] = []) {
  return runHelper({
    packageDir: WRAPPER_DIR,
    packageId: WRAPPER,
    corpusRoot: CORPUS_DIR,
    frameworkDir: null,
    modules: build.modules,
    entrypoints,
  });
}

describe('a hand-written helper for wrapper_coin', () => {
  it('builds, and each entry function runs as its own transaction', async () => {
    const build = await builtProbe();
    expect(build.modules.map((m) => m.name)).toEqual(['probe']);
    const results = await runProbe(build);
    const helper = `0x${helperAddress(WRAPPER).replace(/^0+/, '')}`;
    expect(results).toEqual([
      {
        target: `${helper}::probe::coin_through_target`,
        status: 'tier_b_hit',
        abort_code: null,
        abort_location: null,
        target_modules_accessed: [
          '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467::wrapper_coin',
        ],
        error: null,
        created_types: [SUI_COIN],
        created_ids: [firstObjectId(`${helper}::probe::coin_through_target`)],
      },
      {
        target: `${helper}::probe::marker_only`,
        status: 'tier_b_hit',
        abort_code: null,
        abort_location: null,
        target_modules_accessed: [],
        error: null,
        created_types: [`0x${helperAddress(WRAPPER)}::probe::Marker`],
        created_ids: [firstObjectId(`${helper}::probe::marker_only`)],
      },
      {
        target: `${helper}::probe::always_aborts`,
        status: 'aborted',
        abort_code: 7,
        abort_location: `${helper}::probe::always_aborts`,
        target_modules_accessed: [],
        error: 'ABORTED: abort',
        created_types: [],
        created_ids: [],
      },
    ]);
  });

  it('runs only the entry functions the payload names, and says why a named one cannot run', async () => {
    const build = await builtProbe();
    const results = await runProbe(build, ['helper::probe::coin_through_target', 'helper::probe::missing']);
    expect(results.map((r) => [r.status, r.error])).toEqual([
      ['tier_b_hit', null],
      ['failed', 'the helper has no function probe::missing'],
    ]);
  });
});

const modulesOf = (files: { name: string; bytes: Uint8Array }[]) =>
  Object.fromEntries(files.map((f) => [f.name, Buffer.from(f.bytes).toString('base64')]));

describe.skipIf(skipUnlessCi(Oracle.available()))('the same helper in the real Sui runtime', () => {
  const oracle = useReplayOracle();

  it('agrees on each entry function: success or abort, and the ids of the objects created', async () => {
    const build = await builtProbe();
    const address = helperAddress(WRAPPER);
    const helperModules = readdressHelper(build.modules, address).map((m) => ({
      name: m.label.replace(/\.mv$/, ''),
      bytes: m.bytes,
    }));
    const wrapperModules = readdirSync(join(WRAPPER_DIR, 'bytecode_modules')).map((f) => ({
      name: f.replace(/\.mv$/, ''),
      bytes: readFileSync(join(WRAPPER_DIR, 'bytecode_modules', f)),
    }));
    const ours = await runProbe(build);
    for (const result of ours) {
      const fn = result.target.split('::')[2]!;
      const state = replayState({
        sender: HELPER_SENDER,
        digest: transactionDigest(result.target),
        inputs: [],
        commands: [
          {
            kind: 'MoveCall',
            package: `0x${address}`,
            module: 'probe',
            function: fn,
            typeArgs: [],
            args: [],
          },
        ],
      });
      const theirs = await oracle().replay({
        ...state,
        packages: {
          [`0x${address}`]: { modules: modulesOf(helperModules) },
          [WRAPPER]: { modules: modulesOf(wrapperModules) },
        },
      });
      expect(theirs.success, `${fn}: ${theirs.error}`).toBe(result.status === 'tier_b_hit');
      // The wheel writes ids without leading zeros; both sides derive them from the same digest.
      const full = (id: string) => `0x${id.replace(/^0x/, '').padStart(64, '0')}`;
      if (result.status === 'tier_b_hit')
        expect(theirs.effects!.created.map(full).sort()).toEqual(result.created_ids);
      else expect(theirs.error).toMatch(/7|ABORTED/);
    }
  });
});
