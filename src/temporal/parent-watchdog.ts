// Ties a child process's life to this process's, however this one ends (kill -9 included). Linux can do
// that by itself (PR_SET_PDEATHSIG) but Node cannot ask for it, so a tiny watchdog process holds a pipe
// from this one: the kernel closes the pipe when this process dies, and on that end of file the watchdog
// stops the child (SIGTERM, then SIGKILL after the grace period).
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

// Run by a bare `node -e` (argv: the child's pid, the grace period in ms). It ignores the terminal's Ctrl-C
// and hang-up: this process decides what those mean, and the watchdog acts only once this process is gone.
const WATCHDOG_SCRIPT = `
const [pid, graceMs] = process.argv.slice(1).map(Number);
const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
const signal = (name) => { try { process.kill(pid, name); } catch {} };
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  setInterval(() => {
    if (!alive()) process.exit(0);
    if (Date.now() > deadline) signal('SIGKILL');
  }, 100);
};
for (const name of ['SIGINT', 'SIGHUP']) process.on(name, () => {});
process.stdin.on('end', stop).on('error', stop).resume();
`;

/** Stops `child` when this process dies; the watchdog goes away with the child. */
export function stopWhenThisProcessDies(child: ChildProcess, graceMs: number): void {
  if (child.pid === undefined) return;
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG_SCRIPT, String(child.pid), String(graceMs)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: {},
  });
  // Neither the watchdog nor its pipe keeps this process running: the pipe is there only to break.
  watchdog.unref();
  (watchdog.stdin as Socket).unref();
  watchdog.on('error', () => {}); // a watchdog that could not start leaves only this protection out
  if (child.exitCode !== null || child.signalCode !== null) watchdog.kill();
  else child.once('exit', () => watchdog.kill());
}
