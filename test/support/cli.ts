// Runs the built `smi-bench` command (bin/smi-bench.js → dist/), as a user would.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { execa, type Result } from 'execa';
import { freePort } from '../../src/temporal/ports.js';
import { CORPUS_DIR, PROJECT_ROOT } from './paths.js';

export const BIN = join(PROJECT_ROOT, 'bin', 'smi-bench.js');

/**
 * `keepFinalNewline`: stdout and stderr exactly as written (by default their last newline is cut);
 * `timeoutMs`: how long the command may take before it is stopped.
 */
export function smiBench(
  args: string[],
  env: Record<string, string> = {},
  cwd = PROJECT_ROOT,
  { keepFinalNewline = false, timeoutMs = 180_000 } = {},
): Promise<Result> {
  return execa('node', [BIN, ...args], {
    cwd,
    env: { ...env, FORCE_COLOR: '0' },
    reject: false,
    timeout: timeoutMs,
    stripFinalNewline: !keepFinalNewline,
  });
}

/** A run of every package of the shared corpus with `agent`, its run directory in `logDir`, no progress line. */
export function sharedCorpusRun(
  env: Record<string, string>,
  logDir: string,
  [phase, agent, runId, ...extra]: [string, string, string, ...string[]],
): Promise<Result> {
  const selection = ['--corpus-root', CORPUS_DIR, '--samples', '0', '--agent', agent];
  return smiBench(
    [phase, ...selection, '--run-id', runId, '--log-dir', logDir, '--no-progress', ...extra],
    env,
  );
}

/**
 * Ports of its own for the server a command starts by itself, so tests never meet (or depend on) whatever
 * listens on the default ports of the machine.
 */
export async function ownServerPorts(): Promise<{ SMI_TEMPORAL_PORT: string; SMI_TEMPORAL_UI_PORT: string }> {
  return { SMI_TEMPORAL_PORT: String(await freePort()), SMI_TEMPORAL_UI_PORT: String(await freePort()) };
}

/** A `smi-bench` command that keeps running (like `server`), with its stderr collected as it comes. */
export interface LongCommand {
  child: ChildProcess;
  stderr(): string;
  /** Resolves once stderr contains `text`; rejects if the command exits first or after `timeoutMs`. */
  waitForStderr(text: string, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

export function spawnSmiBench(args: string[], env: Record<string, string>, cwd = PROJECT_ROOT): LongCommand {
  const child = spawn('node', [BIN, ...args], {
    cwd,
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  return {
    child,
    stderr: () => text,
    exited,
    async waitForStderr(wanted, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes(wanted)) {
        if (child.exitCode !== null)
          throw new Error(`exited (${child.exitCode}) before "${wanted}":\n${text}`);
        if (Date.now() > deadline) throw new Error(`no "${wanted}" within ${timeoutMs} ms:\n${text}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** A `smi-bench worker` process; kill it with `kill('SIGKILL')` to simulate a crash. */
export function spawnWorker(env: Record<string, string>): ChildProcess {
  return spawn('node', [BIN, 'worker'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((res) => child.once('exit', res));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}
