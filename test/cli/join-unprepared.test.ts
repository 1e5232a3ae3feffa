// Joining a run that no worker has prepared yet (no selection.json in its run directory) must still refuse
// other settings: the identity the first command recorded in the workflow's memo stands in for the file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { smiBench } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { connectClient, temporalAddress } from '../support/temporal.js';
import { runWorkflowId } from '../../src/temporal/names.js';

describe('joining a run before any worker prepared it', () => {
  it('refuses other settings, naming them, and accepts the same ones', async () => {
    const env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.noWorker };
    const logDir = mkdtempSync(join(tmpdir(), 'smi-join-'));
    const run = (...extra: string[]) =>
      smiBench(
        [
          'phase1',
          ...['--corpus-root', CORPUS_DIR, '--agent', 'mock-perfect', '--run-id', 'unprepared'],
          ...['--log-dir', logDir, '--no-progress', '--detach', ...extra],
        ],
        env,
      );
    const first = await run('--seed', '1');
    expect(first.exitCode, String(first.stderr)).toBe(0);
    expect(first.stderr).toContain('Started Phase I run unprepared');

    const other = await run('--seed', '2');
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain('run unprepared was started with other settings');
    expect(other.stderr).toContain('options.seed was 1, now 2');

    const same = await run('--seed', '1');
    expect(same.exitCode, String(same.stderr)).toBe(0);
    expect(same.stderr).toContain('Joined running Phase I run unprepared');

    const { client, close } = await connectClient(TEST_NAMESPACES.noWorker);
    try {
      await client.workflow.getHandle(runWorkflowId('phase1', 'unprepared')).terminate('test done');
    } finally {
      await close();
    }
  });
});
