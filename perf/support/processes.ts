// Child processes for perf scripts: timed CLI commands and long-running `smi-bench worker` processes,
// all tracked so they are killed when the script ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_PATH, PROJECT_ROOT } from './project.js';
import { onCleanup, trackChild } from './cleanup.js';

/** Worker tuning knobs that pass through from the caller's environment (and are recorded). */
export const PASSED_THROUGH_ENV = ['SMI_IO_CONCURRENCY', 'SMI_LLM_CONCURRENCY'];

/**
 * The environment for product processes: the caller's, minus anything that would change what is measured
 * (model settings, keys, another Temporal server or namespace), plus `extra`.
 */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const isSetting = /^(SMI_|TEMPORAL_|OPENAI_|OPENROUTER_|ZAI_|ZHIPUAI_)/.test(key);
    if (!isSetting || PASSED_THROUGH_ENV.includes(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

export interface TimedRun {
  /** Spawn to exit, as a user would see it. */
  wallMs: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  /** Killed because it ran past `timeoutMs`. */
  timedOut: boolean;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** Default: the project root. Product runs use their work dir, where no `.env` can be picked up. */
  cwd?: string;
  /** Killed (SIGTERM, then SIGKILL) after this long; the run then reports the signal. */
  timeoutMs?: number;
}

/** Runs `node bin/smi-bench.js <args>` to completion and times it. */
export function runCli(args: string[], options: RunOptions = {}): Promise<TimedRun> {
  return runTimed(process.execPath, [CLI_PATH, ...args], options);
}

export function runTimed(command: string, args: string[], options: RunOptions = {}): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: options.env ?? childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    trackChild(child);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    if (options.timeoutMs !== undefined) {
      timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }, options.timeoutMs);
    }
    child.once('error', reject);
    // 'close' (not 'exit') so that all output has been read.
    child.once('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({
        wallMs: performance.now() - started,
        code,
        signal,
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
      });
    });
  });
}

/** A failed command as an error message with the end of its stderr. */
export function describeFailure(what: string, run: TimedRun): string {
  const status = run.timedOut
    ? `ran out of time after ${(run.wallMs / 1000).toFixed(0)} s and was stopped`
    : run.signal
      ? `was killed by ${run.signal}`
      : `exited with code ${run.code}`;
  return `${what} ${status}\n${tail(run.stderr, 30)}`;
}

export function tail(text: string, lines: number): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Starts `smi-bench worker` against `address` and waits until it has connected (it says so on stderr).
 * It runs in `workDir` (so it finds no `.env`) and logs to `<workDir>/<name>.log`, whose end is shown if
 * it fails to start.
 */
export async function startWorker(
  address: string,
  workDir: string,
  extraEnv: NodeJS.ProcessEnv = {},
  name = 'worker',
  timeoutMs = 60_000,
): Promise<WorkerProcess> {
  const logFile = join(workDir, `${name}.log`);
  const child = spawn(process.execPath, [CLI_PATH, 'worker'], {
    cwd: workDir,
    env: childEnv({ ...extraEnv, TEMPORAL_ADDRESS: address }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
  const log = createWriteStream(logFile);
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM lets the worker finish in-flight tasks and close its connection; don't wait forever.
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    }
    log.end();
  };
  onCleanup(`worker ${child.pid}`, stop);

  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(`did not connect within ${timeoutMs / 1000}s`), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes('worker connected')) {
        clearTimeout(timer);
        child.stderr.off('data', onData);
        resolve();
      }
    };
    function fail(why: string) {
      clearTimeout(timer);
      reject(new Error(`smi-bench worker ${why}:\n${tail(seen, 30)}`));
    }
    child.stderr.on('data', onData);
    child.once('exit', (code) => fail(`exited with code ${code} while starting`));
  });
  return { child, pid: child.pid!, logFile, stop };
}

/** The last lines of a log file, for error messages (empty if unreadable). */
export function logTail(path: string, lines = 30): string {
  try {
    return tail(readFileSync(path, 'utf8'), lines);
  } catch {
    return '';
  }
}
