// scripts/install-sui-sandbox.sh must fail (exit 1, no half-built venv left) where a wheel exists but
// cannot be installed, so CI cannot pass without the independent checks the wheel provides.
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/temporal/ports.js';
import { PROJECT_ROOT } from '../support/paths.js';

const HAS_WHEELS =
  (platform() === 'linux' && (arch() === 'x64' || arch() === 'arm64')) ||
  (platform() === 'darwin' && arch() === 'arm64');

describe('install-sui-sandbox.sh', () => {
  it.runIf(HAS_WHEELS)('fails, and removes its venv, when the package index cannot be reached', async () => {
    // a copy of the script in an empty project, so the project's own venv is neither used nor touched
    const project = mkdtempSync(join(tmpdir(), 'smi-wheel-'));
    mkdirSync(join(project, 'scripts'));
    cpSync(
      join(PROJECT_ROOT, 'scripts', 'install-sui-sandbox.sh'),
      join(project, 'scripts', 'install-sui-sandbox.sh'),
    );
    const deadIndex = `http://127.0.0.1:${await freePort()}/simple`;
    const res = await execa('bash', [join(project, 'scripts', 'install-sui-sandbox.sh')], {
      reject: false,
      env: { PIP_INDEX_URL: deadIndex, PIP_NO_CACHE_DIR: '1', PIP_RETRIES: '0', PIP_TIMEOUT: '2' },
      timeout: 120_000,
    });
    expect(res.exitCode, String(res.stdout)).toBe(1);
    expect(res.stderr).toContain('error: sui-sandbox 0.22.0 could not be installed');
    expect(existsSync(join(project, '.tools', 'sui-venv'))).toBe(false);
  });
});
