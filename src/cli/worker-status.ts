// The one-line status `smi-bench worker` prints while it has work in flight, so an operator can see what a
// worker is busy with and that SMI_*_CONCURRENCY bounds hold (e.g. local activities ≤ SMI_IO_CONCURRENCY).
import type { InFlight, QueueName } from '../worker.js';

/** Every this many milliseconds, a busy worker prints its status line. */
export const STATUS_INTERVAL_MS = 30_000;

/** Singular and plural of each count's name. */
const LABELS: Record<keyof InFlight, [string, string]> = {
  workflowTasks: ['workflow task', 'workflow tasks'],
  activities: ['activity', 'activities'],
  localActivities: ['local activity', 'local activities'],
};

/** `busy: orchestration 1 workflow task, 2 local activities; llm 4 activities`, or null when idle. */
export function workerStatusLine(inFlight: Record<QueueName, InFlight>): string | null {
  const parts = Object.entries(inFlight).flatMap(([queue, counts]) => {
    const busy = (Object.keys(LABELS) as (keyof InFlight)[])
      .filter((k) => counts[k] > 0)
      .map((k) => `${counts[k]} ${LABELS[k][counts[k] === 1 ? 0 : 1]}`);
    return busy.length > 0 ? [`${queue} ${busy.join(', ')}`] : [];
  });
  return parts.length > 0 ? `busy: ${parts.join('; ')}` : null;
}
