// The compiler smi-bench names (docs/move.md, --help, doctor) is the one the installed WASM carries; the help of
// the commands that build with it names that release (the CLI is run as built in dist/).
import { getPinnedSuiVersion, initMovePackageBuilder } from '@zktx.io/sui-move-builder';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  SUI_COMPILER_PACKAGE,
  SUI_COMPILER_PACKAGE_VERSION,
  SUI_RELEASE,
} from '../../src/sui-compiler/release.js';
import { smiBench } from '../support/cli.js';
import { PROJECT_ROOT } from '../support/paths.js';

it('names the Sui release of the pinned package', async () => {
  const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  expect(manifest.dependencies[SUI_COMPILER_PACKAGE]).toBe(SUI_COMPILER_PACKAGE_VERSION);
  await initMovePackageBuilder();
  expect(SUI_RELEASE).toBe(`mainnet-v${await getPinnedSuiVersion()}`);
});

it.each(['move', 'helper'])('`smi-bench %s --help` names that release', async (command) => {
  await initMovePackageBuilder();
  const release = `mainnet-v${await getPinnedSuiVersion()}`;
  const { exitCode, stdout } = await smiBench([command, '--help']);
  expect(exitCode).toBe(0);
  expect(stdout).toContain(release);
});
