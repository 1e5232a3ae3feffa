// The workers take each benchmark's activities from BENCHMARKS. Every activity that a recorded history
// (test/histories, recorded before the activities moved into the benchmarks' folders) called must still be
// registered under the same name on the worker of the queue it was called on, or the run in flight fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createQueueActivities } from '../../src/activities/index.js';
import type { BenchmarkActivities } from '../../src/benchmarks/activity-sets.js';
import { BENCHMARKS } from '../../src/benchmarks/registry.js';
import { PROJECT_ROOT } from '../support/paths.js';
import { TASK_QUEUES } from '../../src/temporal/names.js';

interface HistoryEvent {
  activityTaskScheduledEventAttributes?: { activityType: { name: string }; taskQueue: { name: string } };
  markerRecordedEventAttributes?: { markerName: string; details: { data: { payloads: { data: string }[] } } };
}

/** The activities the recorded histories called, by the worker that ran them. */
function calledActivities(): Map<string, Set<string>> {
  const called = new Map<string, Set<string>>();
  const add = (worker: string, name: string) =>
    called.set(worker, (called.get(worker) ?? new Set()).add(name));
  const dir = join(PROJECT_ROOT, 'test', 'histories');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const { events } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { events: HistoryEvent[] };
    for (const event of events) {
      const scheduled = event.activityTaskScheduledEventAttributes;
      if (scheduled) add(scheduled.taskQueue.name, scheduled.activityType.name);
      const marker = event.markerRecordedEventAttributes;
      // A local activity runs on the worker of the workflow that called it: the orchestration worker.
      if (marker?.markerName === 'core_local_activity') {
        const data = Buffer.from(marker.details.data.payloads[0]!.data, 'base64').toString('utf8');
        add(TASK_QUEUES.orchestration, (JSON.parse(data) as { activity_type: string }).activity_type);
      }
    }
  }
  return called;
}

describe("the workers' activities, from the benchmarks' definitions", () => {
  it('still register every activity the recorded histories called, on the queue they called it on', async () => {
    const queues = await createQueueActivities();
    const registered: Record<string, object> = {
      [TASK_QUEUES.orchestration]: queues.orchestration,
      [TASK_QUEUES.io]: queues.io,
      [TASK_QUEUES.sim]: queues.sim,
    };
    const called = calledActivities();
    // The histories cover local activities of all four benchmarks and both remote queues.
    expect(called.get(TASK_QUEUES.orchestration)).toContain('preparePhase1Prompt');
    expect(called.get(TASK_QUEUES.orchestration)).toContain('prepareHelperPrompt');
    expect(called.get(TASK_QUEUES.sim)).toContain('runSandboxPackage');
    for (const [queue, names] of called) {
      if (queue === TASK_QUEUES.llm) continue; // the model calls are the engine's, made with the worker's settings
      const missing = [...names].filter((name) => !(name in registered[queue]!));
      expect(missing, queue).toEqual([]);
    }
  });

  it('never has two benchmarks give an activity of the same name to one worker', async () => {
    const loaded: BenchmarkActivities[] = await Promise.all(
      Object.values(BENCHMARKS).map((b) => b.activities()),
    );
    for (const queue of ['io', 'sim', 'localSim'] as const) {
      const names = loaded.flatMap((set) => Object.keys(set[queue] ?? {}));
      expect(names.length, queue).toBeGreaterThan(0);
      expect(new Set(names).size, queue).toBe(names.length);
    }
  });
});
