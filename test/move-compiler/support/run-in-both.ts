// Runs compiled modules in both VMs: ours (src/vm) and the real Sui VM of the sui-sandbox wheel,
// which also verifies the bytecode on load. The modules are published as one package at a fresh
// address; calls are view calls (no TxContext) and both outcomes come back side by side.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateModule } from '../../../src/move-compiler/codegen/index.js';
import type { TModule } from '../../../src/move-compiler/tir.js';
import { deserializeModule, serializeModule, type ModuleJson } from '../../../src/move/module-json.js';
import { writePackage } from '../../../src/move/package-layout.js';
import { listModuleFiles, readModuleFiles } from '../../../src/move/read-package.js';
import { rewriteSelfAddress } from '../../../src/move/readdress.js';
import { MoveVm } from '../../../src/vm/index.js';
import { Oracle } from '../../../scripts/vm-oracle.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../../support/paths.js';

export interface TestCall {
  module: string;
  function: string;
  typeArgs?: string[];
  /** BCS bytes of each argument. */
  args?: Uint8Array[];
}

/** One VM's outcome in a shape both can fill. */
export interface RunOutcome {
  success: boolean;
  /** BCS of the return values, as hex. */
  returnValues: string[];
  status?: string;
  code?: bigint;
  functionIndex?: number;
  offset?: number;
  message?: string;
}

export interface BothOutcomes {
  ours: RunOutcome;
  sui: RunOutcome;
}

const FRAMEWORK_DIRS = Object.entries(SHARED_PACKAGE_DIRS)
  .filter(([id]) => /^0x0{63}[123]$/.test(id))
  .map(([, dir]) => dir);

let framework: Promise<ModuleJson[]> | undefined;

/** The deserialized modules of 0x1, 0x2 and 0x3 from the shared corpus: the generator's dependencies. */
export function frameworkModules(): Promise<ModuleJson[]> {
  framework ??= (async () => {
    const modules: ModuleJson[] = [];
    for (const dir of FRAMEWORK_DIRS) {
      for (const file of await readModuleFiles(await listModuleFiles(dir))) {
        modules.push(deserializeModule(file.bytes, file.path));
      }
    }
    return modules;
  })();
  return framework;
}

/** Whether the wheel is installed (the oracle half needs it). */
export const suiVmAvailable = (): boolean => Oracle.available();

/** A u64 as BCS writes it (eight bytes, little-endian), in hex. */
export const le64 = (value: bigint | number): string => {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(BigInt(value));
  return out.toString('hex');
};
export const fromHex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'hex'));

/** Both VMs succeeded, each call returning its expected values (BCS, in hex). */
export function expectBothReturn(outcomes: BothOutcomes[], calls: [TestCall, string[]][]): void {
  outcomes.forEach((outcome, i) => {
    const [callSpec, expected] = calls[i]!;
    expect({ call: callSpec.function, ...outcome.sui }).toMatchObject({
      success: true,
      returnValues: expected,
    });
    expect({ call: callSpec.function, ...outcome.ours }).toMatchObject({
      success: true,
      returnValues: expected,
    });
  });
}

/** Generates the modules of one package, which may call each other and the framework. */
export async function generatePackage(modules: TModule[]): Promise<ModuleJson[]> {
  const dependencies = await frameworkModules();
  return modules.map((m) => generateModule(m, { packageModules: modules, dependencies }).json);
}

/**
 * Generates the package, checks each module reads back as the same bytes (the object had the shape the
 * serializer wants), and runs the calls in both VMs.
 */
export async function generateAndRun(
  modules: TModule[],
  calls: TestCall[],
): Promise<{ compiled: ModuleJson[]; outcomes: BothOutcomes[] }> {
  const compiled = await generatePackage(modules);
  for (const json of compiled) {
    const bytes = serializeModule(json);
    expect(serializeModule(deserializeModule(bytes, 'generated'))).toEqual(bytes);
  }
  return { compiled, outcomes: await runInBoth(compiled, calls) };
}

/** Both VMs run the generated package and return these values. */
export async function expectGeneratedReturns(
  modules: TModule[],
  calls: [TestCall, string[]][],
): Promise<void> {
  const { outcomes } = await generateAndRun(
    modules,
    calls.map(([call]) => call),
  );
  expectBothReturn(outcomes, calls);
}

/**
 * Serializes `modules`, moves them to a fresh address, and runs every call in both VMs.
 * Calls name modules by name; the package id is chosen here.
 */
export async function runInBoth(modules: ModuleJson[], calls: TestCall[]): Promise<BothOutcomes[]> {
  const root = await mkdtemp(join(tmpdir(), 'codegen-run-'));
  const packageId = '0x' + randomBytes(32).toString('hex');
  try {
    const files = modules.map((module) => {
      const name = module.identifiers[module.module_handles[module.self_module_handle_idx]?.name ?? -1] ?? '';
      return { name, bytes: rewriteSelfAddress(serializeModule(module), packageId, name) };
    });
    const { package_dir: packageDir } = await writePackage(root, { packageId, modules: files });
    const vm = await MoveVm.load({ corpusRoot: CORPUS_DIR, packages: [packageDir] });
    const oracle = Oracle.start([...FRAMEWORK_DIRS, packageDir]);
    try {
      const outcomes: BothOutcomes[] = [];
      for (const call of calls) {
        outcomes.push({ ours: runOurs(vm, packageId, call), sui: await runSui(oracle, packageId, call) });
      }
      return outcomes;
    } finally {
      await oracle.close();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

function runOurs(vm: MoveVm, packageId: string, call: TestCall): RunOutcome {
  try {
    const result = vm.callFunction({
      package: packageId,
      module: call.module,
      function: call.function,
      typeArgs: call.typeArgs ?? [],
      args: call.args ?? [],
    });
    if (result.success) return { success: true, returnValues: result.returnValues.map(hex) };
    const { status, code, location, message } = result.error;
    return {
      success: false,
      returnValues: [],
      status,
      ...(code === undefined ? {} : { code: BigInt(code) }),
      ...(location ? { functionIndex: location.functionIndex, offset: location.offset } : {}),
      message,
    };
  } catch (error) {
    return { success: false, returnValues: [], status: 'REFUSED', message: (error as Error).message };
  }
}

async function runSui(oracle: Oracle, packageId: string, call: TestCall): Promise<RunOutcome> {
  const outcome = await oracle.call({
    package: packageId,
    module: call.module,
    function: call.function,
    type_args: call.typeArgs ?? [],
    args_hex: (call.args ?? []).map(hex),
  });
  const { success, returnValues, status, code, functionIndex, offset, error } = outcome;
  return {
    success,
    returnValues,
    ...(status === undefined ? {} : { status }),
    ...(code === undefined ? {} : { code }),
    ...(functionIndex === undefined ? {} : { functionIndex, offset }),
    ...(error === undefined ? {} : { message: error }),
  };
}
