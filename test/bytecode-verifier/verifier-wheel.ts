// Broken modules for the verifier tests, and the real Sui VM's verdict on them: the sui-sandbox wheel
// verifies a module when a call loads it, so each case is published alone with the framework beside it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serializeModule, type ModuleJson } from '../../src/move/module-json.js';
import { Oracle, type OracleRequest } from '../../scripts/vm-oracle.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { cloneModule, loadCorpus } from './verifier-support.js';

export const TEST_ADDRESS = '0'.repeat(62) + 'ab';
export const SKIP_WHEEL = skipUnlessCi(Oracle.available());

const corpus = loadCorpus();
const stdlib = corpus.get(`0x${'0'.repeat(63)}1`) ?? [];

/** A stdlib module moved to TEST_ADDRESS (its dependencies stay in 0x1), so the wheel verifies it. */
export function stdlibModule(name: string): ModuleJson {
  const found = stdlib.find((m) => m.file === `${name}.mv`);
  if (!found) throw new Error(`no stdlib module ${name}`);
  const module = cloneModule(found.module);
  const self = module.module_handles[module.self_module_handle_idx];
  if (!self) throw new Error('module without self handle');
  module.address_identifiers.push(TEST_ADDRESS);
  self.address = module.address_identifiers.length - 1;
  return module;
}

export type WheelCall = Omit<OracleRequest, 'package' | 'module'>;

export const CALL_MAX: WheelCall = { function: 'max', type_args: [], args_hex: ['05', '07'] };
export const CALL_NONE: WheelCall = { function: 'none', type_args: ['u64'], args_hex: [] };
export const CALL_UTF8: WheelCall = { function: 'utf8', type_args: [], args_hex: ['0161'] };

export interface WheelCase {
  title: string;
  /** The module under test; `extra` are published with it, in its package. */
  module: ModuleJson;
  extra?: ModuleJson[];
  call: WheelCall;
}

function moduleName(module: ModuleJson): string {
  const handle = module.module_handles[module.self_module_handle_idx];
  return module.identifiers[handle?.name ?? -1] ?? '';
}

function packageId(module: ModuleJson): string {
  const handle = module.module_handles[module.self_module_handle_idx];
  return `0x${module.address_identifiers[handle?.address ?? -1] ?? ''}`;
}

/** The wheel's status for each case: the innermost major_status of the load error, or `success`. */
export async function wheelStatuses(cases: readonly WheelCase[]): Promise<string[]> {
  const workDir = mkdtempSync(join(tmpdir(), 'verifier-oracle-'));
  const frameworkDirs = Object.entries(SHARED_PACKAGE_DIRS)
    .filter(([id]) => /^0x0{63}[12]$/.test(id))
    .map(([, dir]) => dir);
  try {
    const outcomes: string[] = [];
    for (const [n, testCase] of cases.entries()) {
      const dir = join(workDir, `p${n}`);
      mkdirSync(join(dir, 'bytecode_modules'), { recursive: true });
      writeFileSync(join(dir, 'metadata.json'), JSON.stringify({ id: packageId(testCase.module) }));
      for (const module of [testCase.module, ...(testCase.extra ?? [])])
        writeFileSync(join(dir, 'bytecode_modules', `${moduleName(module)}.mv`), serializeModule(module));
      const oracle = Oracle.start([dir, ...frameworkDirs]);
      try {
        const outcome = await oracle.call({
          package: packageId(testCase.module),
          module: moduleName(testCase.module),
          ...testCase.call,
        });
        // The load error wraps the verifier's own VMError; its status is the inner major_status.
        const statuses = [...(outcome.error ?? '').matchAll(/major_status: ([A-Z_]+)/g)].map((m) => m[1]);
        outcomes.push(statuses[statuses.length - 1] ?? outcome.error ?? 'success');
      } finally {
        await oracle.close();
      }
    }
    return outcomes;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
