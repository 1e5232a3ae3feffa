// Cross-check against the real upstream Rust extractor, shipped in the `sui-sandbox` Python wheel
// (0.22.0). The wheel emits a newer, richer schema; its v1 fields must equal our default output
// and its enums our `includeEnums` output. Skipped when scripts/install-sui-sandbox.sh has not
// installed the wheel into .tools/sui-venv.
import { describe, expect, it } from 'vitest';
import type { InterfaceFunction, MoveType } from '../../src/core/types.js';
import { buildModule, extractPackageInterface, formatInterfaceJson } from '../../src/move/index.js';
import { demoPackageId, demoPackages } from '../../src/package-store/demo-corpus.js';
import { readdressPackage } from '../../src/package-store/readdress-package.js';
import { writeDemoCorpus } from '../../src/package-store/demo-corpus.js';
import { writePackage } from '../../src/package-store/write-package.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { useTempDirs } from './support/temp-dirs.js';
import {
  projectWheelInterface,
  type VmCall,
  WHEEL_AVAILABLE,
  WHEEL_SKIP_REASON,
  wheelCalls,
  wheelExtract,
} from './support/wheel.js';
import { skipUnlessCi } from '../support/required-in-ci.js';

const tempDir = useTempDirs();
const whenWheel = it.skipIf(skipUnlessCi(WHEEL_AVAILABLE));
const title = (text: string) => (WHEEL_AVAILABLE ? text : `${text} (skipped: ${WHEEL_SKIP_REASON})`);
if (!WHEEL_AVAILABLE) console.warn(`wheel cross-check skipped: ${WHEEL_SKIP_REASON}`);

const SLOW = 180_000;
const WRAPPER_ID = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';

async function expectSameAsWheel(packageDir: string): Promise<void> {
  const wheel = await wheelExtract(packageDir);
  expect(wheel.schema_version).toBe(2);
  const ours = formatInterfaceJson(await extractPackageInterface(packageDir));
  expect(ours, packageDir).toBe(formatInterfaceJson(projectWheelInterface(wheel, false)));
  const oursWithEnums = formatInterfaceJson(
    await extractPackageInterface(packageDir, { includeEnums: true }),
  );
  expect(oursWithEnums, packageDir).toBe(formatInterfaceJson(projectWheelInterface(wheel, true)));
}

describe('cross-check with the sui-sandbox wheel', () => {
  whenWheel.each(Object.keys(SHARED_PACKAGE_DIRS))(
    title('matches the wheel on shared package %s'),
    async (id) => expectSameAsWheel(SHARED_PACKAGE_DIRS[id]!),
    SLOW,
  );

  whenWheel(
    title('matches the wheel on the demo corpus, bytecode v5/v6/v7 and readdressed packages'),
    async () => {
      const root = await tempDir();
      const refs = await writeDemoCorpus(root);
      const shop = demoPackages().find((demo) => demo.name === 'shop')!.modules[0]!;
      for (const version of [5, 6, 7]) {
        const packageId = demoPackageId(`shop-v${version}`);
        const bytes = buildModule({ ...shop, address: packageId, version });
        refs.push(await writePackage(root, { packageId, modules: [{ name: 'shop', bytes }] }));
      }
      const wrapper = SHARED_PACKAGE_DIRS[WRAPPER_ID]!;
      refs.push(await readdressPackage(wrapper, root, '0xfeed01'));
      refs.push(await readdressPackage(wrapper, root, '0xfeed02', { keepModuleAddress: true }));
      for (const ref of refs) await expectSameAsWheel(ref.package_dir);
    },
    SLOW,
  );

  whenWheel(
    title('demo modules pass the Move bytecode verifier when the wheel VM loads them'),
    async () => {
      const refs = await writeDemoCorpus(await tempDir());
      for (const ref of refs) {
        const result = await extractPackageInterface(ref.package_dir);
        const calls = Object.entries(result.modules).map(([module, described]) => {
          const call = callableWithZeros(module, described.functions);
          expect(
            call,
            `${ref.package_id}::${module} needs a public function with pure parameters`,
          ).toBeDefined();
          return call!;
        });
        const outcomes = await wheelCalls(ref.package_dir, calls);
        outcomes.forEach((outcome, index) => {
          // Reaching the body (`abort 0`) means loading, and so verification, succeeded.
          expect(outcome.error, `${calls[index]!.module}::${calls[index]!.function}`).toMatch(
            /major_status: ABORTED, sub_status: Some\(0\)/,
          );
        });
      }
    },
    SLOW,
  );
});

const PURE_SIZES: Partial<Record<MoveType['kind'], number>> = {
  bool: 1,
  u8: 1,
  u16: 2,
  u32: 4,
  u64: 8,
  u128: 16,
  u256: 32,
  address: 32,
};

const isTxContext = (type: MoveType) =>
  type.kind === 'ref' && type.to.kind === 'datatype' && type.to.module === 'tx_context';

/** A public, non-generic function whose parameters are all pure (TxContext is supplied by the VM). */
function callableWithZeros(module: string, functions: Record<string, InterfaceFunction>): VmCall | undefined {
  for (const [name, fn] of Object.entries(functions)) {
    if (fn.visibility !== 'public' || fn.type_params.length > 0) continue;
    const params = fn.params.filter((param) => !isTxContext(param));
    const sizes = params.map((param) => PURE_SIZES[param.kind]);
    if (sizes.some((size) => size === undefined)) continue;
    return { module, function: name, pure_hex: sizes.map((size) => '00'.repeat(size!)) };
  }
  return undefined;
}
