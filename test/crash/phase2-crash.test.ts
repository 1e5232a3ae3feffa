// Crash safety inside the Phase II planning loop: `kill -9` the worker while the model is answering the
// second need_more round, start a new worker, and the run completes with the same row as an uninterrupted
// run, without asking the model again what it had already answered (the stub counts requests per prompt).
// Before the kill, `status` shows the package's position in the loop.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { comparableRow, CrashLab, killHard, sha } from '../support/crash-lab.js';
import { startOpenAiStub, type RunningOpenAiStub, type StubReply } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { phase2TestInput } from '../support/phase2-input.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
let lab: CrashLab;
let idsFile: string;
let stub: RunningOpenAiStub;

// The conversation, by stage: each distinct prompt is the next stage (both runs send the same prompts).
const STAGES: StubReply[] = [
  { content: JSON.stringify({ need_more: ['0x2::kiosk::default'] }) },
  { content: JSON.stringify({ need_more: ['0x2::kiosk'] }) },
  { content: JSON.stringify({ calls: [{ target: '0x2::kiosk::default', type_args: [], args: [] }] }) },
];
const stageOfPrompt = new Map<string, number>();
const asked = new Map<string, number>();
let slowSecondRound = false;
let secondRoundAsked: () => void = () => undefined;

beforeAll(async () => {
  lab = await CrashLab.open('smi-p2-crash-');
  idsFile = join(lab.dir, 'ids.txt');
  writeFileSync(idsFile, `${SUI}\n`);
  stub = await startOpenAiStub({
    handler: (req) => {
      const key = sha(req.prompt);
      if (!stageOfPrompt.has(key)) stageOfPrompt.set(key, stageOfPrompt.size);
      asked.set(key, (asked.get(key) ?? 0) + 1);
      const stage = stageOfPrompt.get(key)!;
      if (stage === 1 && slowSecondRound) {
        secondRoundAsked();
        return { ...STAGES[1]!, delayMs: 4000 } as StubReply;
      }
      return STAGES[stage] ?? { status: 500, body: 'unexpected prompt' };
    },
  });
});

afterAll(async () => {
  await lab?.close();
  await stub?.close();
});

async function runOnce(runId: string) {
  const input = phase2TestInput({
    runId,
    logDir: join(lab.dir, 'logs'),
    corpusRoot: CORPUS_DIR,
    input: { idsFile, samples: 1 },
    options: {
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
      maxPlanAttempts: 1,
      maxHeuristicVariants: 1,
    },
  });
  return { handle: await lab.startRun(input), input };
}

describe('Phase II crash safety', () => {
  it('a worker killed during need_more round 2 repeats no finished model call', async () => {
    const first = lab.startWorker();
    const baseline = await runOnce('p2-baseline');
    await baseline.handle.result();
    expect([...asked.values()]).toEqual([1, 1, 1]);
    const expected = comparableRow(baseline.input.runDir);
    expect(expected['score']).toMatchObject({ created_hits: 2 });

    asked.clear();
    slowSecondRound = true;
    const roundTwo = new Promise<void>((resolve) => (secondRoundAsked = resolve));
    const crashed = await runOnce('p2-crash');
    await roundTwo;
    // `smi-bench status` shows where the loop stands, from the package workflow's current details.
    expect(await lab.runningPackagesEventually('p2-crash')).toEqual([
      `${SUI}: plan attempt 1, planning call 2/50`,
    ]);
    await killHard(first);
    slowSecondRound = false;

    lab.startWorker();
    await crashed.handle.result();
    expect(comparableRow(crashed.input.runDir)).toEqual(expected);
    const [firstRound, secondRound, thirdRound] = [...stageOfPrompt.keys()].map((k) => asked.get(k));
    expect(firstRound).toBe(1); // answered before the crash: never asked again
    expect(secondRound).toBe(2); // in flight when the worker died: asked again by the new worker
    expect(thirdRound).toBe(1);
  }, 120_000);
});
