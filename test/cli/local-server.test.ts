// Commands without TEMPORAL_ADDRESS: the dev server a command starts for itself (on ports of the test's
// own), `demo --keep-server`, and `status` / `results` of finished runs, which need no server at all.
import { describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { freePort, isPortOpen } from '../../src/temporal/ports.js';
import { ownServerPorts, smiBench, spawnSmiBench } from '../support/cli.js';
import { CORPUS_DIR } from '../support/paths.js';
import { printedArgs } from '../support/demo-truth.js';
import { testRunInput } from '../support/run-input.js';
import { startTestRun } from '../support/temporal.js';

/** A fresh working directory with its own SMI_HOME, and ports for the server commands start there. */
async function freshPlace(name: string) {
  const cwd = mkdtempSync(join(tmpdir(), `smi-${name}-`));
  const env = { SMI_HOME: join(cwd, '.smi-bench'), ...(await ownServerPorts()) };
  const address = `127.0.0.1:${env.SMI_TEMPORAL_PORT}`;
  const portsClosed = async () =>
    !(await isPortOpen('127.0.0.1', Number(env.SMI_TEMPORAL_PORT))) &&
    !(await isPortOpen('127.0.0.1', Number(env.SMI_TEMPORAL_UI_PORT)));
  return { cwd, env, address, logDir: join(cwd, 'logs'), portsClosed };
}

describe('smi-bench demo on a machine with no Temporal server', () => {
  it('starts its own server on the configured ports, says so, and leaves nothing running', async () => {
    const place = await freshPlace('demo');
    const res = await smiBench(
      ['demo', '--no-progress', '--no-local-llm', '--run-id', 'own-ports'],
      place.env,
      place.cwd,
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(res.stderr).toContain(
      `Temporal: embedded dev server ${place.address} (started for this command, stops with it; ` +
        `state in ${join(place.env.SMI_HOME, 'temporal.db')}), namespace "default", ` +
        `UI http://127.0.0.1:${place.env.SMI_TEMPORAL_UI_PORT}; worker in this process`,
    );
    expect(res.stdout).toMatch(/Phase I finished: 6 packages, 0 with errors/);
    // The default agent described as it is (test/core/mock-agent.test.ts checks the draws it names).
    expect(res.stderr).toContain("Agent mock-noisy is upstream's mock");
    expect(res.stderr).not.toContain('probability');
    // The UI link printed during the run is dead now, and the command says so.
    expect(res.stderr).toMatch(/stopped the Temporal dev server this command started; its UI .* is gone/i);
    expect(res.stderr).toContain('--keep-server');
    expect(await place.portsClosed()).toBe(true);

    // It ends with what to try next, and both commands work on its run as printed (the view on a port of
    // its own: a test may not take 8390).
    const next = String(res.stdout).trimEnd().split('\n').slice(-3);
    expect(next).toEqual([
      'Next, with these runs:',
      '  npx smi-bench report own-ports --log-dir logs --out demo-report.html   # leaderboard, figures, every package: one HTML file',
      '  npx smi-bench view --log-dir logs   # every run in a browser, at http://127.0.0.1:8390/',
    ]);
    const report = await smiBench(printedArgs(String(res.stdout), 'report'), place.env, place.cwd);
    expect(report.exitCode, String(report.stderr)).toBe(0);
    expect(readFileSync(join(place.cwd, 'demo-report.html'), 'utf8')).toContain('own-ports');
    const view = spawnSmiBench(
      [...printedArgs(String(res.stdout), 'view'), '--port', '0'],
      place.env,
      place.cwd,
    );
    try {
      await view.waitForStderr('smi-bench view: http', 30_000);
      const url = /smi-bench view: (\S+)/.exec(view.stderr())![1]!;
      expect(await (await fetch(url)).text()).toContain('own-ports');
    } finally {
      view.child.kill('SIGINT');
      await view.exited;
    }

    // A finished run is read from its run directory: no server is started, or asked (this one is dead).
    const dead = { ...place.env, TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}` };
    const status = await smiBench(['status', 'own-ports'], dead, place.cwd);
    expect(status.exitCode, String(status.stderr)).toBe(0);
    expect(status.stdout).toContain('run own-ports: COMPLETED');
    expect(status.stdout).toContain('6/6 packages recorded, 0 with errors');
    expect(status.stdout).toContain(`run directory: ${join(place.logDir, 'own-ports')}`);
    expect(status.stderr).not.toContain('Temporal:');

    const out = join(place.cwd, 'copy.json');
    const results = await smiBench(['results', 'own-ports', '--out', out], dead, place.cwd);
    expect(results.exitCode, String(results.stderr)).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(
      readFileSync(join(place.logDir, 'own-ports', 'result.json'), 'utf8'),
    );
    expect(results.stderr).toMatch(/6 packages \(finished run\), avg_f1 0\.\d{4} · avg_precision/);
    expect(await place.portsClosed()).toBe(true);

    // A package event after `run_finished` means a new round (resume --retry-errors) is going: then the run
    // directory is not the last word, and status asks Temporal (here: the state the demo left in SMI_HOME).
    const events = join(place.logDir, 'own-ports', 'events.jsonl');
    appendFileSync(events, '{"event": "package_started", "package_id": "0x1", "t": 1}\n');
    const asked = await smiBench(['status', 'own-ports'], place.env, place.cwd);
    expect(asked.exitCode, String(asked.stderr)).toBe(0);
    expect(asked.stderr).toContain(`Temporal: embedded dev server ${place.address}`);
    expect(asked.stdout).toMatch(/run own-ports: COMPLETED \(started /);
  });
});

describe('smi-bench demo --keep-server', () => {
  it('keeps the server and its UI up after the run until Ctrl-C; an interrupted run is then resumed', async () => {
    const place = await freshPlace('keep');
    const demo = spawnSmiBench(
      ['demo', '--no-progress', '--no-local-llm', '--keep-server', '--run-id', 'kept'],
      place.env,
      place.cwd,
    );
    try {
      await demo.waitForStderr('Press Ctrl-C to stop it');
      // One story of its server: the demo started it, the run does not call it found.
      expect(demo.stderr().match(/^Temporal: /gm)).toHaveLength(1);
      expect(demo.stderr()).toContain(
        `Temporal: dev server ${place.address} started by this demo for its runs, namespace "default", ` +
          `UI http://127.0.0.1:${place.env.SMI_TEMPORAL_UI_PORT}; worker in this process; ` +
          'it stays up after the runs (--keep-server), until Ctrl-C',
      );
      expect(demo.stderr()).not.toContain('found running');
      // The run's UI link, printed during the run, is live, and the UI's API shows the finished run.
      const ui = `http://127.0.0.1:${place.env.SMI_TEMPORAL_UI_PORT}`;
      expect(demo.stderr()).toContain(
        `Temporal UI:   ${ui}/namespaces/default/workflows/smi%2Fphase1%2Fkept`,
      );
      expect((await fetch(`${ui}/namespaces/default/workflows/smi%2Fphase1%2Fkept`)).status).toBe(200);
      const api = await fetch(`${ui}/api/v1/namespaces/default/workflows/smi%2Fphase1%2Fkept`);
      const described = (await api.json()) as { workflowExecutionInfo: { status: string } };
      expect(described.workflowExecutionInfo.status).toBe('WORKFLOW_EXECUTION_STATUS_COMPLETED');

      // Another command finds the kept server, knows it is smi-bench's, and says that it uses it.
      const elsewhere = join(place.cwd, 'other-logs');
      const status = await smiBench(['status', 'kept', '--log-dir', elsewhere], place.env, place.cwd);
      expect(status.exitCode, String(status.stderr)).toBe(0);
      expect(status.stderr).toContain(`Temporal: smi-bench server found running at ${place.address}`);
      expect(status.stdout).toContain('run kept: COMPLETED');

      // A run that nobody works on: started while no worker is connected.
      const connection = await Connection.connect({ address: place.address });
      try {
        const client = new Client({ connection, namespace: 'default' });
        await startTestRun(
          client,
          testRunInput({ runId: 'stalled', logDir: place.logDir, corpusRoot: CORPUS_DIR }),
        );
      } finally {
        await connection.close();
      }
    } finally {
      demo.child.kill('SIGINT');
    }
    expect(await demo.exited).toBe(0);
    expect(await place.portsClosed()).toBe(true);

    // The server state survives in SMI_HOME: status starts a server on it, finds the run waiting, and
    // gives the advice that helps here (no worker could be running: the server is this command's).
    const status = await smiBench(['status', 'stalled'], place.env, place.cwd);
    expect(status.exitCode, String(status.stderr)).toBe(0);
    expect(status.stdout).toContain('run stalled: RUNNING');
    expect(status.stdout).toContain('nothing is working on it; continue it with: smi-bench resume stalled');
    expect(status.stdout).not.toMatch(/start (one|a worker)/);

    const resumed = await smiBench(['resume', 'stalled', '--no-progress'], place.env, place.cwd);
    expect(resumed.exitCode, String(resumed.stderr)).toBe(0);
    expect(resumed.stdout).toMatch(/Phase I finished: 4 packages, 0 with errors/);
    expect(await place.portsClosed()).toBe(true);
  });
});

describe('smi-bench server', () => {
  it('says which environment other commands need to find it by themselves', async () => {
    const place = await freshPlace('server');
    const server = spawnSmiBench(['server', '--headless'], place.env, place.cwd);
    await server.waitForStderr('Press Ctrl-C to stop.');
    const port = place.env.SMI_TEMPORAL_PORT;
    expect(server.stderr()).toContain(
      `Other commands on this machine find it on port ${port} by themselves when their environment says ` +
        `what this one's does (SMI_TEMPORAL_PORT=${port}, no TEMPORAL_ADDRESS`,
    );
    server.child.kill('SIGINT');
    await server.exited;
    expect(await place.portsClosed()).toBe(true);
  });
});

describe('a command killed with kill -9', () => {
  it('takes its embedded dev server with it: the ports close within seconds', async () => {
    const place = await freshPlace('killed');
    // --keep-server holds the command (and its server) up after the run: nothing races the kill.
    const demo = spawnSmiBench(
      ['demo', '--no-progress', '--no-local-llm', '--keep-server'],
      place.env,
      place.cwd,
    );
    await demo.waitForStderr('Press Ctrl-C to stop it');
    expect(await isPortOpen('127.0.0.1', Number(place.env.SMI_TEMPORAL_PORT))).toBe(true);
    demo.child.kill('SIGKILL');
    await demo.exited;
    const deadline = Date.now() + 10_000;
    while (!(await place.portsClosed()) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await place.portsClosed()).toBe(true);
  });
});
