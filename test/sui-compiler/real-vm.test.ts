// Acceptance against the real Sui VM: every helper package of test/move-compiler/helpers (Move 2024 of
// the kind a model writes to exercise Sui packages) compiles without a diagnostic, loads into the
// sui-sandbox wheel (which runs Sui's bytecode verifier on it), and every listed call behaves the same in
// src/vm and in the real VM: return bytes, or abort status, code, module, function and offset; for
// functions taking a TxContext and returning nothing, also the objects created, transferred and
// deleted and the events, as a one-command PTB with the same sender and digest on both sides.
// Skips only outside CI when the wheel is not installed.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePackage } from '../../src/move-compiler/compile.js';
import { loadDependencies, type DependencyEnv } from '../../src/move-compiler/check/deps.js';
import { readMovePackage } from '../../src/move-compiler/package.js';
import type { Diagnostic } from '../../src/move-compiler/diagnostics.js';
import { MoveVm } from '../../src/vm/index.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
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

const HELPERS_DIR = fileURLToPath(new URL('./helpers', import.meta.url));
const WRAPPER_COIN_ID = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const WRAPPER_COIN_DIR = SHARED_PACKAGE_DIRS[WRAPPER_COIN_ID]!;
const FRAMEWORK_DIRS = Object.entries(SHARED_PACKAGE_DIRS)
  .filter(([id]) => /^0x0{63}[123]$/.test(id))
  .map(([, dir]) => dir);
const SENDER = '5e'.repeat(32);

const helpers = listHelpers(HELPERS_DIR);

interface Built {
  /** Diagnostics as `code message` lines, or the compiler's crash. */
  problems: string[];
  published: PublishedPackage | null;
}

const describeDiagnostic = (d: Diagnostic) =>
  `${d.code.code} ${d.primary.loc.file}@${d.primary.loc.start} ${d.primary.message}`;

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

/** Compiles one helper and publishes it under `root`; a crash of the compiler fails that helper only. */
async function build(dir: string, index: number, dependencies: DependencyEnv, root: string): Promise<Built> {
  try {
    const source = await readMovePackage(dir);
    const { modules, diagnostics } = compilePackage({
      packageName: source.name,
      addresses: source.addresses,
      files: source.files,
      dependencies,
    });
    const problems = diagnostics.map(describeDiagnostic);
    if (modules.length === 0) return { problems: [...problems, 'no module produced'], published: null };
    return { problems, published: await publishPackage(root, helperAddress(index), modules) };
  } catch (error) {
    return { problems: [`compiler crashed: ${(error as Error).stack ?? String(error)}`], published: null };
  }
}

/** One digest per helper and call, so fresh object ids differ between calls. */
function digestFor(helperIndex: number, callIndex: number): Uint8Array {
  return Uint8Array.from({ length: 32 }, (_, i) => (helperIndex * 131 + callIndex * 17 + i * 7 + 1) & 0xff);
}

describe.skipIf(skipUnlessCi(Oracle.available()))('helper packages on the real Sui VM', () => {
  const built = new Map<string, Built>();
  let root: string;
  let wrapperCoin: PublishedPackage;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'move-helpers-'));
    const dependencies = await loadDependencies({ corpusRoot: CORPUS_DIR, packageIds: [WRAPPER_COIN_ID] });
    for (const [index, helper] of helpers.entries()) {
      built.set(helper.name, await build(helper.dir, index, dependencies, root));
    }
    wrapperCoin = await corpusPackage(WRAPPER_COIN_ID, WRAPPER_COIN_DIR);
  }, 300_000);

  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('has at least 62 helpers, each with calls', () => {
    expect(helpers.length).toBeGreaterThanOrEqual(62);
    expect(helpers.filter((h) => h.calls.length === 0).map((h) => h.name)).toEqual([]);
  });

  it.each(helpers.map((h, i) => [h.name, i] as const))(
    '%s compiles cleanly and behaves the same in both VMs',
    async (name, index) => {
      const helper = helpers[index]!;
      const result = built.get(name)!;
      expect(result.problems).toEqual([]);
      const published = result.published!;
      // One VM and one oracle per helper, so a module one of them refuses cannot fail the others.
      const packages = [WRAPPER_COIN_DIR, published.packageDir];
      const vm = await MoveVm.load({ corpusRoot: CORPUS_DIR, packages });
      const oracle = Oracle.start([...FRAMEWORK_DIRS, ...packages]);
      const comparisons: CallComparison[] = [];
      try {
        for (const [callIndex, call] of helper.calls.entries()) {
          comparisons.push(await compareView(vm, oracle, published.packageId, call));
          if (runsAsPtb(vm, published.packageId, call)) {
            const digest = digestFor(index, callIndex);
            const setting = { sender: SENDER, digest, packages: [wrapperCoin, published] };
            comparisons.push(await comparePtb(vm, oracle, published.packageId, call, setting));
          }
        }
      } finally {
        await oracle.close();
      }
      // The real VM loaded and ran our bytecode: no verifier refusal hides behind an agreement.
      expect(
        comparisons.filter((c) => c.sui.status === 'REFUSED').map((c) => describeComparison(name, c)),
      ).toEqual([]);
      expect(comparisons.filter((c) => !c.agree).map((c) => describeComparison(name, c))).toEqual([]);
    },
    60_000,
  );
});
