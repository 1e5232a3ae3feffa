// Runs the sui-sandbox wheel (the upstream Rust extractor) from the project-local venv that
// scripts/install-sui-sandbox.sh creates, and projects its newer output onto schema_version 1.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { InterfaceJson } from '../../../src/core/types.js';
import { PROJECT_ROOT } from '../../support/paths.js';

const run = promisify(execFile);

export const WHEEL_PYTHON = resolve(PROJECT_ROOT, '.tools/sui-venv/bin/python');
export const WHEEL_AVAILABLE = existsSync(WHEEL_PYTHON);
export const WHEEL_SKIP_REASON = 'sui-sandbox wheel missing; run scripts/install-sui-sandbox.sh';

const EXTRACT_SCRIPT = resolve(PROJECT_ROOT, 'scripts/sui_sandbox_extract.py');
const CALL_SCRIPT = resolve(PROJECT_ROOT, 'test/move/support/sui_vm_call.py');

type Json = Record<string, unknown>;

export interface WheelInterface {
  module_names: string[];
  modules: Record<
    string,
    Json & { enums: Json; functions: Record<string, Json>; structs: Record<string, Json> }
  >;
  package_id: string;
  schema_version: number;
}

export async function wheelExtract(packageDir: string): Promise<WheelInterface> {
  const { stdout } = await run(WHEEL_PYTHON, [EXTRACT_SCRIPT, packageDir], { maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(stdout) as WheelInterface;
}

const pick = (value: Json, keys: readonly string[]): Json =>
  Object.fromEntries(keys.map((key) => [key, value[key]]));

const STRUCT_KEYS = ['abilities', 'fields', 'is_native', 'type_params'] as const;
const FUNCTION_KEYS = [
  'acquires',
  'is_entry',
  'is_native',
  'params',
  'returns',
  'type_params',
  'visibility',
] as const;

/** The wheel's output reduced to the v1 fields (plus enums and schema 2 when asked). */
export function projectWheelInterface(wheel: WheelInterface, includeEnums: boolean): InterfaceJson {
  const modules: Record<string, Json> = {};
  for (const [name, module] of Object.entries(wheel.modules)) {
    const mapValues = (items: Record<string, Json>, keys: readonly string[]) =>
      Object.fromEntries(Object.entries(items).map(([key, item]) => [key, pick(item, keys)]));
    modules[name] = {
      address: module.address,
      functions: mapValues(module.functions, FUNCTION_KEYS),
      structs: mapValues(module.structs, STRUCT_KEYS),
      ...(includeEnums ? { enums: module.enums } : {}),
    };
  }
  return {
    module_names: wheel.module_names,
    modules: modules as unknown as InterfaceJson['modules'],
    package_id: wheel.package_id,
    schema_version: includeEnums ? 2 : 1,
  };
}

export interface VmCall {
  module: string;
  function: string;
  /** BCS bytes of each pure argument, hex. */
  pure_hex: string[];
}

/**
 * Loads the package into the wheel's Move VM, which runs the bytecode verifier on load, and
 * calls each function. Results in call order.
 */
export async function wheelCalls(
  packageDir: string,
  calls: VmCall[],
): Promise<{ success: boolean; error?: string }[]> {
  const { stdout } = await run(WHEEL_PYTHON, [CALL_SCRIPT, packageDir, JSON.stringify(calls)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as { success: boolean; error?: string }[];
}
