// `status SET` while a set runs: each cell shows its score so far with compare's 95% interval, from the rows
// recorded so far. One model, Phase I, one package at a time over the shared corpus (in id order), the last
// package held at the stub until the test lets it through.
//
// By hand (F1 = 2tp / (2tp + fp + fn), 1 when truth and answer are both empty): the model names 30 of 0x2's
// 36 key types (F1 60/66 = 10/11), 3 of 0x3's 6 (6/9 = 2/3), and nothing for the others, which have no key
// structs (1). The three rows before the held package score [1, 10/11, 2/3]. Python 3, independently of
// smi-bench (the program in eval-set-ranking.test.ts, `boot(v)` with random.Random(0)), prints for them the
// mean 0.8585858585858586 and the interval (0.6666666666666666, 1.0); with the fourth row (1), the mean is
// 0.8939393939393939.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { smiBench } from '../support/cli.js';
import { goldenKeyTypes } from '../support/golden-keys.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { useStubSet } from '../support/stub-set.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const SYSTEM = '0x0000000000000000000000000000000000000000000000000000000000000003';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';

const work = mkdtempSync(join(tmpdir(), 'smi-set-status-'));
let letThrough!: () => void;
const held = new Promise<void>((resolve) => (letThrough = resolve));
const { env, writeConfig } = useStubSet(TEST_NAMESPACES.evalSetStatus, {
  gate: async (req) => {
    if (req.packageId === WRAPPER) await held;
    const named = { [SUI]: 30, [SYSTEM]: 3 }[req.packageId ?? ''] ?? 0;
    const answer = named > 0 ? [...goldenKeyTypes(req.packageId!)].sort().slice(0, named) : [];
    return { content: JSON.stringify({ key_types: answer }) };
  },
});

beforeAll(() =>
  writeConfig(join(work, 'set.yaml'), {
    name: 'midway',
    corpusRoot: CORPUS_DIR,
    model: () => 'temperature: 0.5, concurrency: 1',
    phases: ['{ phase: phase1 }'],
  }),
);
afterAll(() => letThrough());

/** `status SET` until its output matches, or a minute has passed. */
async function statusUntil(setId: string, pattern: RegExp): Promise<string> {
  let out = '';
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const res = await smiBench(['status', setId], env);
    out = String(res.stdout);
    if (pattern.test(out)) return out;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return out;
}

describe('status of a running evaluation set', () => {
  it(
    'shows the score so far with the interval of the rows recorded so far',
    { timeout: 150_000 },
    async () => {
      const start = await smiBench(
        [
          'eval-set',
          join(work, 'set.yaml'),
          '--dotenv',
          join(work, 'none.env'),
          '--detach',
          '--skip-preflight',
        ],
        env,
      );
      expect(start.exitCode, String(start.stderr)).toBe(0);
      const setId = /smi-bench status (\S+)/.exec(String(start.stderr) + String(start.stdout))![1]!;

      const midway = await statusUntil(setId, /phase1: 3\/4/);
      expect(midway).toContain(`evaluation set ${setId}: RUNNING`);
      expect(midway).toContain('gate  phase1: 3/4 · F1 0.859 (95% 0.667–1.000) · 0 errors');

      letThrough();
      const done = await statusUntil(setId, /COMPLETED/);
      expect(done).toMatch(/gate {2}phase1: 4\/4 · F1 0\.894/);
    },
  );
});
