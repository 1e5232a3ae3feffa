// The terminal is for people: the Temporal SDK's own lines (its Rust core's, with ANSI colours) go to
// $SMI_HOME/temporal-sdk.log, from a command's in-process worker and from `smi-bench worker` alike.
// SMI_SDK_LOG_LEVEL=INFO makes the core log a line per worker it starts, so there is always something; a
// workflow of a type no worker knows makes the core warn (the default level's kind of line).
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TASK_QUEUES } from '../../src/temporal/names.js';
import { BIN, ownServerPorts, smiBench, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { connectClient, temporalAddress } from '../support/temporal.js';

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

  it('smi-bench worker: its INFO lines and a core warning go to the file, one plain line to the terminal', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'smi-sdk-log-worker-')), 'state');
    const worker = spawn('node', [BIN, 'worker'], {
      env: {
        ...process.env,
        TEMPORAL_ADDRESS: temporalAddress(),
        TEMPORAL_NAMESPACE: TEST_NAMESPACES.sdkLog,
        SMI_HOME: home,
        SMI_SDK_LOG_LEVEL: 'INFO',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let terminal = '';
    for (const stream of [worker.stdout!, worker.stderr!])
      stream.on('data', (chunk: Buffer) => (terminal += chunk.toString('utf8')));
    const waitFor = async (what: string, seen: () => boolean) => {
      for (let waited = 0; !seen(); waited += 100) {
        if (waited > 60_000 || worker.exitCode !== null) throw new Error(`no ${what}:\n${terminal}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await waitFor('worker start', () => terminal.includes('smi-bench worker connected'));

    // A workflow type the worker does not have: its workflow task fails, and the core warns.
    const { client, close } = await connectClient(TEST_NAMESPACES.sdkLog);
    const handle = await client.workflow.start('noSuchWorkflow', {
      workflowId: `sdk-log-${process.pid}-${Date.now()}`,
      taskQueue: TASK_QUEUES.orchestration,
      args: [],
    });
    const logFile = join(home, 'temporal-sdk.log');
    const coreWarning = / WARN core temporalio_sdk_core::[\w:]+: Failing workflow task /;
    try {
      await waitFor('core warning in the log file', () => coreWarning.test(readFileSync(logFile, 'utf8')));
    } finally {
      await handle.terminate('test done').catch(() => undefined);
      await close();
    }
    await stopProcess(worker);
    expectSdkLinesOnlyInFile(terminal, home);
    expect(terminal).not.toContain('Failing workflow task');
    expect(terminal).toMatch(
      new RegExp(`The Temporal SDK logged \\d+ warnings?( and \\d+ errors?)?; see ${logFile}`),
    );
  });
});
