// A worker killed (`kill -9`) while the local model is generating: Temporal notices through the missing
// heartbeats and gives the `complete` activity to a new worker, which loads the model again and answers. The
// run finishes by itself, the package's row holds the model's answer, and the history shows the second
// attempt of the call.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCAL_MODEL_PATH,
  describeLocalModel,
  localModelSettings,
} from '../../src/agents/local-model-file.js';
import { packageWorkflowId } from '../../src/temporal/names.js';
import { comparableRow, CrashLab, killHard } from '../support/crash-lab.js';
import { CORPUS_DIR } from '../support/paths.js';
import { withoutLocalModel } from '../support/local-model.js';
import { finishedPackages } from '../support/run-checks.js';
import { testRunInput } from '../support/run-input.js';

/** The Move stdlib: its Phase I prompt (about 1,600 tokens) keeps the model busy for several seconds. */
const STD = '0x0000000000000000000000000000000000000000000000000000000000000001';
let lab: CrashLab;

beforeAll(async () => {
  if (!withoutLocalModel) lab = await CrashLab.open('smi-local-llm-crash-');
});
afterAll(async () => {
  await lab?.close();
});

describe.skipIf(withoutLocalModel)('local model crash safety', () => {
  it('a worker killed mid-generation: the call is retried on a new worker, which reloads the model', async () => {
    const input = testRunInput({
      runId: 'local-llm-crash',
      logDir: join(lab.dir, 'logs'),
      corpusRoot: CORPUS_DIR,
      input: { packageIds: [STD] },
      options: {
        agent: 'local-llm',
        agentSettings: localModelSettings(await describeLocalModel(DEFAULT_LOCAL_MODEL_PATH)),
      },
    });
    const first = lab.startWorker();
    const handle = await lab.startRun(input);
    const pkg = lab.client.workflow.getHandle(packageWorkflowId('phase1', input.runId, 0, STD));
    await waitFor(async () => {
      const pending = (await pkg.describe().catch(() => null))?.raw.pendingActivities ?? [];
      return pending.some(
        (a) => a.activityType?.name === 'complete' && Number(a.attempt) === 1 && a.lastStartedTime,
      );
    });
    // Past the model's load (well under a second) and into the generation (several seconds).
    await new Promise((r) => setTimeout(r, 1500));
    expect(finishedPackages(input.runDir)).toEqual([]);
    await killHard(first);

    lab.startWorker();
    await handle.result();
    const row = comparableRow(input.runDir) as { error: string | null; usage: { completion_tokens: number } };
    expect(row.error).toBeNull();
    expect(row.usage.completion_tokens).toBeGreaterThan(0);
    const history = await pkg.fetchHistory();
    const completeStarts = (history.events ?? []).filter(
      (e) =>
        e.activityTaskStartedEventAttributes && Number(e.activityTaskStartedEventAttributes.attempt) >= 2,
    );
    expect(completeStarts.length).toBe(1);
  }, 150_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
