// The gas probe (test/vm/fixtures/gas-probe), built by Sui's compiler once per test file and loaded with the
// corpus framework at a fixed address.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildHelper } from '../../../src/helper/build.js';
import { readdressHelper } from '../../../src/helper/execute.js';
import { MoveVm } from '../../../src/vm/index.js';
import { readMovePackage } from '../../../src/sui-compiler/package-dir.js';
import { CORPUS_DIR } from '../../support/paths.js';
import { loadMoveVm } from '../../../src/package-store/package-vm.js';

export const PROBE_DIR = resolve(import.meta.dirname, '..', 'fixtures', 'gas-probe');
/** Where the probe's modules are loaded. */
export const PROBE_ADDRESS = 'aa'.repeat(32);
/** Any corpus package serves as the helper's target: the probe does not use it. */
const TARGET = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';

export async function probeAnswer(): Promise<string> {
  const pkg = await readMovePackage(PROBE_DIR);
  return JSON.stringify({
    move_toml: readFileSync(join(PROBE_DIR, 'Move.toml'), 'utf8'),
    files: Object.fromEntries(pkg.files.map((f) => [f.path, f.text])),
  });
}

/** The probe's modules as Sui's compiler builds them, moved to `PROBE_ADDRESS`. */
export async function probeModules(): Promise<{ bytes: Uint8Array; label: string }[]> {
  const build = await buildHelper(await probeAnswer(), {
    corpusRoot: CORPUS_DIR,
    frameworkDir: null,
    packageId: TARGET,
  });
  if (build.stage !== 'built')
    throw new Error(`${build.stage}: ${build.stage === 'invalid_payload' ? '' : build.errors.join('\n')}`);
  return readdressHelper(build.modules, PROBE_ADDRESS);
}

/** The corpus framework and the probe. */
export async function probeVm(): Promise<MoveVm> {
  return loadMoveVm({
    corpusRoot: CORPUS_DIR,
    packages: [{ id: `0x${PROBE_ADDRESS}`, modules: await probeModules() }],
  });
}
