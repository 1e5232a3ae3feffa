// The status line of `smi-bench worker`: only the queues and counts that are not zero, nothing when idle.
import { describe, expect, it } from 'vitest';
import { workerStatusLine } from '../../src/cli/worker-status.js';

const idle = { workflowTasks: 0, activities: 0, localActivities: 0 };

describe('workerStatusLine', () => {
  it('prints nothing for an idle worker', () => {
    expect(workerStatusLine({ orchestration: idle, io: idle, llm: idle, sim: idle })).toBeNull();
  });

  it('names the busy queues and their non-zero counts', () => {
    const line = workerStatusLine({
      orchestration: { workflowTasks: 1, activities: 0, localActivities: 2 },
      io: idle,
      llm: { ...idle, activities: 4 },
      sim: { ...idle, activities: 1 },
    });
    expect(line).toBe(
      'busy: orchestration 1 workflow task, 2 local activities; llm 4 activities; sim 1 activity',
    );
  });
});
