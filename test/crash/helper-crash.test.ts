// Crash safety inside the helper's attempt loop: `kill -9` the worker while the model is answering the
// second attempt (the one that sees the first attempt's build errors), start a new worker, and the run
// finishes by itself with the same row as an uninterrupted run, without asking the model again what it had
// already answered (the stub counts requests per prompt). Before the kill, `status` shows the package's
// place in the loop. The helpers: test/support/helper-answers.ts (the first does not build, the second does).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { HELPER_DEFAULT_OPTIONS, type HelperOptions } from '../../src/contracts/helper-options.js';
import { comparableRow, CrashLab, killHard, sha } from '../support/crash-lab.js';
import { attemptsListed, brokenThenGood } from '../support/helper-answers.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { runInputFor } from '../support/run-input.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
let lab: CrashLab;
let stub: RunningOpenAiStub;
const asked = new Map<string, number>();
let slowSecondAttempt = false;
let secondAttemptAsked: () => void = () => undefined;

beforeAll(async () => {
  lab = await CrashLab.open('smi-helper-crash-');
  stub = await startOpenAiStub({
    handler: (req) => {
      asked.set(sha(req.prompt), (asked.get(sha(req.prompt)) ?? 0) + 1);
      const reply = brokenThenGood(req.prompt);
      if (attemptsListed(req.prompt) === 0 || !slowSecondAttempt) return reply;
      secondAttemptAsked();
      return { ...reply, delayMs: 4000 };
    },
  });
});
afterAll(async () => {
  await lab?.close();
  await stub?.close();
});

async function runOnce(runId: string) {
  const input = runInputFor<HelperOptions>(
    'helper',
    { ...HELPER_DEFAULT_OPTIONS, corpusRoot: CORPUS_DIR },
    {
      runId,
      logDir: join(lab.dir, 'logs'),
      corpusRoot: CORPUS_DIR,
      input: { packageIds: [SUI] },
      options: {
        agent: 'real-openai-compatible',
        agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
      },
    },
  );
  return { handle: await lab.startRun(input), input };
}

describe('helper crash safety', () => {
  it('a worker killed while the model answers attempt 2 repeats no answered model call', async () => {
    const first = lab.startWorker();
    const baseline = await runOnce('helper-baseline');
    await baseline.handle.result();
    expect([...asked.values()]).toEqual([1, 1]);
    const expected = comparableRow(baseline.input.runDir);
    expect(expected).toMatchObject({ attempts: 2, successful_attempt: 2, ok: true });
    // Two answered calls in the tally, and no failed one.
    expect(expected['model_calls']).toMatchObject({ answered: 2, failed: 0 });

    asked.clear();
    slowSecondAttempt = true;
    const attemptTwo = new Promise<void>((resolve) => (secondAttemptAsked = resolve));
    const crashed = await runOnce('helper-crash');
    await attemptTwo;
    expect(await lab.runningPackagesEventually('helper-crash')).toEqual([
      `${SUI}: attempt 2/3: asking for a helper`,
    ]);
    await killHard(first);
    slowSecondAttempt = false;

    lab.startWorker();
    await crashed.handle.result();
    expect(comparableRow(crashed.input.runDir)).toEqual(expected);
    const [firstAttempt, secondAttempt] = [...asked.values()];
    expect(firstAttempt).toBe(1); // answered before the crash: never asked again
    expect(secondAttempt).toBe(2); // in flight when the worker died: asked again by the new worker
  }, 120_000);
});
