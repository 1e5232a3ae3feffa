// Acceptance against the real Sui VM: every helper package of test/sui-compiler/helpers (Move 2024 of
// the kind a model writes to exercise Sui packages) builds with Sui's own compiler without a diagnostic,
// loads into the sui-sandbox wheel (which runs Sui's bytecode verifier on it), and every listed call
// behaves the same in src/vm and in the real VM: return bytes, or abort status, code, module, function
// and offset; for functions taking a TxContext and returning nothing, also the objects created,
// transferred and deleted and the events, as a one-command PTB with the same sender and digest on both
// sides. The bytecode is the real compiler's, so what is compared is our VM on what Sui would publish.
// Last, a helper for an upgraded mainnet package (artipedia) runs in both against the real version-6 bytecode.
// The builds always run; the comparisons skip only outside CI when the wheel is not installed.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHelper } from '../../src/helper/build.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { buildWithSui } from '../../src/sui-compiler/build.js';
import { readMovePackage } from '../../src/sui-compiler/package-dir.js';
import type { SuiBuildResult } from '../../src/contracts/sui-build.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { makeStubCorpus, removeTemporaryDirs } from '../move-stubs/stub-build.js';
import { ARTIPEDIA, ARTIPEDIA_HELPER_ANSWER } from '../support/artipedia-helper.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { storedMovePackageBase64 } from '../support/stored-move-package.js';
import {
  comparePtb,
  compareView,
  describeComparison,
  helperAddress,
  listHelpers,
  publishPackage,
  runsAsPtb,
  type CallComparison,
  type PublishedPackage,
} from './support/helpers-harness.js';
import { loadMoveVm } from '../../src/package-store/package-vm.js';

const HELPERS_DIR = fileURLToPath(new URL('./helpers', import.meta.url));
const WRAPPER_COIN_ID = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const WRAPPER_COIN_DIR = SHARED_PACKAGE_DIRS[WRAPPER_COIN_ID]!;
const FRAMEWORK_DIRS = Object.entries(SHARED_PACKAGE_DIRS)
  .filter(([id]) => /^0x0{63}[123]$/.test(id))
  .map(([, dir]) => dir);
const SENDER = '5e'.repeat(32);

const helpers = listHelpers(HELPERS_DIR);

interface Built {
  result: SuiBuildResult;
  /** The built modules moved to the helper's own address; null when the build failed. */
  published: PublishedPackage | null;
}

/** wrapper_coin as the replay state carries it: the corpus bytes, unchanged. */
async function corpusPackage(packageId: string, dir: string): Promise<PublishedPackage> {
  const modulesDir = join(dir, 'bytecode_modules');
  const files = (await readdir(modulesDir)).filter((f) => f.endsWith('.mv'));
  const entries = await Promise.all(
    files.map(
      async (f) => [f.slice(0, -3), (await readFile(join(modulesDir, f))).toString('base64')] as const,
    ),
  );
  return { packageId, packageDir: dir, modulesBase64: Object.fromEntries(entries) };
}

/**
 * Builds one helper with Sui's compiler and publishes it under `root`. Every helper gets the same
 * dependencies (the framework, and wrapper_coin as `target_pkg` for the helper that calls it), so each
 * compiler thread prepares them once.
 */
async function build(dir: string, index: number, root: string): Promise<Built> {
  const source = await readMovePackage(dir);
  const result = await buildWithSui({
    moveToml: source.moveToml,
    files: source.files,
    dependencies: { corpusRoot: CORPUS_DIR, targetId: WRAPPER_COIN_ID },
  });
  if (!result.ok) return { result, published: null };
  return { result, published: await publishPackage(root, helperAddress(index), result.modules) };
}

/** One digest per helper and call, so fresh object ids differ between calls. */
function digestFor(helperIndex: number, callIndex: number): Uint8Array {
  return Uint8Array.from({ length: 32 }, (_, i) => (helperIndex * 131 + callIndex * 17 + i * 7 + 1) & 0xff);
}

const built = new Map<string, Built>();
let root: string | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'move-helpers-'));
  const results = await Promise.all(helpers.map((helper, index) => build(helper.dir, index, root!)));
  helpers.forEach((helper, index) => built.set(helper.name, results[index]!));
}, 300_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

function builtHelper(name: string): Built {
  const found = built.get(name);
  if (!found) throw new Error(`no build of ${name}`);
  return found;
}

describe("helper packages build with Sui's compiler", () => {
  it('has at least 64 helpers, each with calls', () => {
    expect(helpers.length).toBeGreaterThanOrEqual(64);
    expect(helpers.filter((h) => h.calls.length === 0).map((h) => h.name)).toEqual([]);
  });

  it.each(helpers.map((h) => h.name))('%s builds without a diagnostic, into the modules it calls', (name) => {
    const { result } = builtHelper(name);
    expect(result.ok, result.rendered).toBe(true);
    expect(result.diagnostics, result.rendered).toEqual([]);
    if (!result.ok) return;
    const called = new Set(helpers.find((h) => h.name === name)!.calls.map((c) => c.module));
    const modules = new Set(result.modules.map((m) => m.name));
    expect([...called].filter((m) => !modules.has(m))).toEqual([]);
  });
});

describe.skipIf(skipUnlessCi(Oracle.available()))('helper packages on the real Sui VM', () => {
  let wrapperCoin: PublishedPackage;

  beforeAll(async () => {
    wrapperCoin = await corpusPackage(WRAPPER_COIN_ID, WRAPPER_COIN_DIR);
  });

  it.each(helpers.map((h, i) => [h.name, i] as const))(
    '%s behaves the same in both VMs',
    async (name, index) => {
      const helper = helpers[index]!;
      const { result, published } = builtHelper(name);
      expect(published, result.rendered).not.toBeNull();
      // One VM and one oracle per helper, so a module one of them refuses cannot fail the others.
      const packages = [WRAPPER_COIN_DIR, published!.packageDir];
      const vm = await loadMoveVm({ corpusRoot: CORPUS_DIR, packages });
      const oracle = Oracle.start([...FRAMEWORK_DIRS, ...packages]);
      const comparisons: CallComparison[] = [];
      try {
        for (const [callIndex, call] of helper.calls.entries()) {
          comparisons.push(await compareView(vm, oracle, published!.packageId, call));
          if (runsAsPtb(vm, published!.packageId, call)) {
            const digest = digestFor(index, callIndex);
            const setting = { sender: SENDER, digest, packages: [wrapperCoin, published!] };
            comparisons.push(await comparePtb(vm, oracle, published!.packageId, call, setting));
          }
        }
      } finally {
        await oracle.close();
      }
      // The real VM loaded and ran the bytecode: no verifier refusal hides behind an agreement.
      expect(
        comparisons.filter((c) => c.sui.status === 'REFUSED').map((c) => describeComparison(name, c)),
      ).toEqual([]);
      expect(comparisons.filter((c) => !c.agree).map((c) => describeComparison(name, c))).toEqual([]);
    },
    60_000,
  );
});

// An upgraded target: artipedia version 6 (storage 0x13fe3a…, modules at 0xb7c36a…) of ../shared/mainnet.
// The wheel loads it as Sui stores it (type origin and linkage tables), so the helper, built against the
// stub with `target_pkg` at the original id, reaches the version-6 bytecode in both VMs.
describe.skipIf(skipUnlessCi(Oracle.available()))(
  'a helper for an upgraded mainnet package on the real Sui VM',
  () => {
    let corpus: string;
    beforeAll(() => {
      corpus = makeStubCorpus();
    });
    afterAll(() => removeTemporaryDirs());

    it('registers points in artipedia the same way in both VMs', async () => {
      const build = await buildHelper(ARTIPEDIA_HELPER_ANSWER, {
        corpusRoot: corpus,
        frameworkDir: null,
        packageId: ARTIPEDIA,
      });
      if (build.stage !== 'built') throw new Error(`did not build: ${JSON.stringify(build)}`);
      const published = await publishPackage(root!, helperAddress(helpers.length), build.modules);
      const targetDir = packageDirFor(corpus, ARTIPEDIA);
      const target: PublishedPackage = {
        packageId: ARTIPEDIA,
        packageDir: targetDir,
        modulesBase64: {},
        movePackageBcsBase64: storedMovePackageBase64(targetDir),
      };
      const vm = await loadMoveVm({ corpusRoot: corpus, packages: [targetDir, published.packageDir] });
      const oracle = Oracle.start([]);
      try {
        const call = { module: 'points', function: 'register', typeArgs: [], args: [] };
        const setting = {
          sender: SENDER,
          digest: digestFor(helpers.length, 0),
          packages: [target, published],
        };
        const comparison = await comparePtb(vm, oracle, published.packageId, call, setting);
        // Both ran it to the end: one UserNumber created, one NumberCreated event.
        expect(comparison.sui.success, describeComparison('artipedia', comparison)).toBe(true);
        expect(comparison.sui.returnValues).toEqual([
          expect.stringMatching(/^created 0x[0-9a-f]+$/),
          'events 1',
        ]);
        expect(comparison.agree, describeComparison('artipedia', comparison)).toBe(true);
      } finally {
        await oracle.close();
      }
    });
  },
);
