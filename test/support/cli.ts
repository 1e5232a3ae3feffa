// Runs the built `smi-bench` command (bin/smi-bench.js → dist/), as a user would.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { execa, type Result } from 'execa';
import { PROJECT_ROOT } from './paths.js';

export const BIN = join(PROJECT_ROOT, 'bin', 'smi-bench.js');

export function smiBench(
  args: string[],
  env: Record<string, string> = {},
  cwd = PROJECT_ROOT,
): Promise<Result> {
  return execa('node', [BIN, ...args], {
    cwd,
    env: { ...env, FORCE_COLOR: '0' },
    reject: false,
    timeout: 180_000,
  });
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
