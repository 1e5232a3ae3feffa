// The terminal is for people: the Temporal SDK's own lines (its Rust core's, with ANSI colours) go to
// $SMI_HOME/temporal-sdk.log, from a command's in-process worker and from `smi-bench worker` alike.
// SMI_SDK_LOG_LEVEL=INFO makes the core log a line per worker it starts, so there is always something.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ownServerPorts, smiBench, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const ESC = '\x1b[';
const CORE = 'temporalio_sdk_core';

/** What the user saw holds none of the SDK's lines; its log file holds the core's. */
function expectSdkLinesOnlyInFile(terminal: string, home: string) {
  expect(terminal).not.toContain(ESC);
  expect(terminal).not.toContain(CORE);
  expect(terminal).not.toContain('Initializing worker');
  const log = readFileSync(join(home, 'temporal-sdk.log'), 'utf8');
  expect(log).toMatch(/ INFO core temporalio_sdk_core::worker: Initializing worker .*"smi-orchestration"/);
  expect(log).not.toContain(ESC);
}

describe('the SDK log goes to a file in the state directory', () => {
  it('phase2 with a plan file that has no plans: rows say why, the terminal has no SDK lines', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'smi-sdk-log-'));
    const home = join(cwd, 'state');
    const planFile = join(cwd, 'plans.json');
    writeFileSync(planFile, '{"0xabc": {"calls": []}}');
    const res = await smiBench(
      [
        'phase2',
        ...['--corpus-root', CORPUS_DIR, '--samples', '0', '--agent', 'mock-planfile'],
        ...['--plan-file', planFile, '--run-id', 'no-plans', '--log-dir', join(cwd, 'logs'), '--no-progress'],
      ],
      { SMI_HOME: home, SMI_SDK_LOG_LEVEL: 'INFO', ...(await ownServerPorts()) },
      cwd,
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(res.stdout).toContain('Phase II finished: 4 packages, 4 with errors');
    expect(res.stderr).toContain('No PTB plan found in plan file for package: 0x0000');
    expectSdkLinesOnlyInFile(String(res.stdout) + String(res.stderr), home);
  });

  it('smi-bench worker', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'smi-sdk-log-worker-')), 'state');
    const worker = spawn('node', [BIN, 'worker'], {
      env: {
        ...process.env,
        TEMPORAL_ADDRESS: temporalAddress(),
        TEMPORAL_NAMESPACE: TEST_NAMESPACES.refusedInput,
        SMI_HOME: home,
        SMI_SDK_LOG_LEVEL: 'INFO',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let terminal = '';
    for (const stream of [worker.stdout!, worker.stderr!])
      stream.on('data', (chunk: Buffer) => (terminal += chunk.toString('utf8')));
    for (let waited = 0; !terminal.includes('smi-bench worker connected'); waited += 100) {
      if (waited > 60_000 || worker.exitCode !== null) throw new Error(`worker did not start:\n${terminal}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await stopProcess(worker);
    expectSdkLinesOnlyInFile(terminal, home);
  });
});
