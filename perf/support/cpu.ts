// CPU time used by a process (Linux /proc), to see where the 2 cores go during a run: the worker,
// the Temporal server or the CLI. Returns null where /proc is not available.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after the command name (which is in parentheses and may hold spaces). */
function statFields(pid: number | 'self'): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU seconds of `pid` so far (its own threads, not its children). */
export function cpuSeconds(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / clockTicks() : null;
}

/** CPU seconds of this process's children that have exited (e.g. finished CLI commands). */
export function exitedChildrenCpuSeconds(): number | null {
  const fields = statFields('self');
  return fields ? (Number(fields[13]) + Number(fields[14])) / clockTicks() : null;
}

/**
 * CPU seconds each running process in `pids` spends while `body` runs, plus `commands`: the processes
 * started and finished by `body` (the CLI).
 */
export async function measureCpu<T>(
  pids: Record<string, number>,
  body: () => Promise<T>,
): Promise<{ value: T; cpuSeconds: Record<string, number | null> }> {
  const read = (): Record<string, number | null> => ({
    ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)])),
    commands: exitedChildrenCpuSeconds(),
  });
  const before = read();
  const value = await body();
  const after = read();
  const cpu: Record<string, number | null> = {};
  for (const [name, end] of Object.entries(after)) {
    const start = before[name];
    cpu[name] = start === null || start === undefined || end === null ? null : end - start;
  }
  return { value, cpuSeconds: cpu };
}
