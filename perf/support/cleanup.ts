// Every process and temp directory a perf script creates is registered here and released in reverse
// order when the script ends: normally, on an error, or on Ctrl-C / SIGTERM. A benchmark that leaves a
// Temporal server or a worker behind would skew the next measurement on this shared machine.
import type { ChildProcess } from 'node:child_process';

type Release = () => Promise<void> | void;

const releases: { label: string; release: Release }[] = [];
const children = new Set<ChildProcess>();
let signalsInstalled = false;
let cleaning: Promise<void> | null = null;
let stopping = false;

/** True once Ctrl-C or SIGTERM arrived: loops should not start more work. */
export function isStopping(): boolean {
  return stopping;
}

/** Runs `release` when the script ends (last registered, first released). */
export function onCleanup(label: string, release: Release): void {
  installSignalHandlers();
  releases.push({ label, release });
}

/**
 * Remembers a child so that even an abrupt exit (process.exit, an uncaught error) kills it: the 'exit'
 * handler can only do synchronous work, so it sends SIGKILL to whatever is still alive.
 */
export function trackChild(child: ChildProcess): void {
  installSignalHandlers();
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/**
 * Releases everything registered so far; errors are reported, not thrown, so every release runs.
 * A second call (a signal arriving while the script cleans up after an error) waits for the first.
 */
export function cleanupAll(): Promise<void> {
  cleaning ??= releaseAll();
  return cleaning;
}

async function releaseAll(): Promise<void> {
  while (releases.length > 0) {
    const { label, release } = releases.pop()!;
    try {
      await release();
    } catch (err) {
      process.stderr.write(`perf cleanup: ${label}: ${(err as Error).message}\n`);
    }
  }
  killRemainingChildren();
}

function killRemainingChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

function installSignalHandlers(): void {
  if (signalsInstalled) return;
  signalsInstalled = true;
  // Later signals (Ctrl-C reaches this script and run-all, which then sends SIGTERM) must not cut the
  // cleanup short: that would leave servers behind. SIGKILL remains for a cleanup that hangs.
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\nperf: ${signal}; stopping everything this script started…\n`);
    void cleanupAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.once('exit', killRemainingChildren);
}

/**
 * The body of a perf script: runs `main`, always cleans up, and sets the exit status
 * (main's number, or 1 with the error message when it throws).
 */
export async function runScript(main: () => Promise<number>): Promise<void> {
  let code: number;
  try {
    code = await main();
  } catch (err) {
    process.stderr.write(`\nFAILED: ${err instanceof Error ? err.message : String(err)}\n`);
    code = 1;
  }
  await cleanupAll();
  process.exitCode = code;
}
