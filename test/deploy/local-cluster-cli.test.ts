// deploy/local-cluster.sh's own command line, without starting anything: usage, and the settings it
// refuses before touching the machine. (The cluster itself is exercised by `npm run test:cluster`.)
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { CLUSTER_SCRIPT } from '../../perf/support/local-cluster.js';

const state = mkdtempSync(join(tmpdir(), 'smi-cluster-cli-'));
const script = (args: string[], env: Record<string, string> = {}) =>
  execa('bash', [CLUSTER_SCRIPT, ...args], { env: { SMI_CLUSTER_DIR: state, ...env }, reject: false });

afterAll(() => rmSync(state, { recursive: true, force: true }));

describe('deploy/local-cluster.sh', () => {
  it('explains its commands, and exits 2 on an unknown one', async () => {
    const help = await script(['help']);
    expect(help.exitCode).toBe(0);
    for (const command of ['up', 'status', 'env', 'down', 'add-worker', 'stop-worker', 'restart-server'])
      expect(help.stdout).toContain(command);
    expect((await script(['launch'])).exitCode).toBe(2);
  });

  it('refuses a TEMPORAL_PORT whose service ports would not fit, before starting anything', async () => {
    // Also: none of these commands (nor help above) leaves a state folder behind.
    for (const port of ['40000', '1000', '72x3']) {
      const res = await script(['up'], { TEMPORAL_PORT: port });
      expect(res.exitCode, port).toBe(1);
      expect(res.stderr).toMatch(/TEMPORAL_PORT must be/);
    }
    expect(readdirSync(state)).toEqual([]);
  });

  it('prints the exports a shell needs, UI included unless turned off', async () => {
    const env = await script(['env'], {
      TEMPORAL_PORT: '17233',
      TEMPORAL_NAMESPACE: 'team',
      TEMPORAL_UI_PORT: '18080',
    });
    expect(env.stdout.trim().split('\n')).toEqual([
      'export TEMPORAL_ADDRESS=127.0.0.1:17233',
      'export TEMPORAL_NAMESPACE=team',
      'export SMI_TEMPORAL_UI_URL=http://127.0.0.1:18080',
    ]);
    const noUi = await script(['env'], { SMI_CLUSTER_UI: '0' });
    expect(noUi.stdout).not.toContain('SMI_TEMPORAL_UI_URL');
  });

  it('reports a cluster that is not running, with a failing exit status', async () => {
    const res = await script(['status'], { TEMPORAL_PORT: '17233' });
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toMatch(/postgresql\s+stopped/);
    expect(res.stdout).toMatch(/temporal-server\s+stopped/);
  });
});
