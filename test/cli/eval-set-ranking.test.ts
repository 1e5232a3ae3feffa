// Three scripted models of known quality as one evaluation set (Phase I, and Phase II with `local`
// simulation) over the shared corpus: the set finishes, `compare SET` ranks the models as their scripts
// imply, and its means, 95% intervals and paired tests equal figures computed without smi-bench.
//
// Each package's score is derived here from what the stub was scripted to answer and the golden truth:
// Phase I F1 = 2tp / (2tp + fp + fn), 1 when truth and answer are both empty, and a failed answer predicts
// nothing; Phase II hit rate = key types created / key types declared (0 without any). The `local` chain's
// sender owns SUI coins, so `pay::split` creates a Coin (1 target of 0x2), and `kiosk::default` creates a
// Kiosk and its KioskOwnerCap (2 more): read from the Sui framework's source.
//
// The intervals and p-values below were printed by this Python 3 program, independent of smi-bench, from
// the score vectors that `expectedScores` derives (rows in package-id order):
//
//   import random, itertools
//   def q(s, p):  # linear interpolation between neighbours
//       pos = (len(s) - 1) * p; lo = int(pos); hi = min(len(s) - 1, lo + 1)
//       return s[lo] + (s[hi] - s[lo]) * (pos - lo)
//   def boot(v):  # 2000 resampled means, random.Random(0), index = int(random() * n)
//       r = random.Random(0); n = len(v); ms = []
//       for _ in range(2000):
//           t = 0.0
//           for _ in range(n): t += v[int(r.random() * n)]
//           ms.append(t / n)
//       ms.sort(); return (q(ms, 0.025), q(ms, 0.975))
//   def signflip(d):  # exact two-sided sign-flip test over the non-zero differences
//       d = [x for x in d if x != 0]; obs = abs(sum(d))
//       hits = sum(abs(sum(s * x for s, x in zip(signs, d))) >= obs - 1e-12
//                  for signs in itertools.product([1, -1], repeat=len(d)))
//       return hits / 2 ** len(d)
//   V = {'p1good': [1, 1, 10/11, 1], 'p1med': [1, 36/55, 3/5, 1], 'p1flaky': [1, 0, 1/2, 1],
//        'p2good': [0, 3/36, 0, 0], 'p2med': [0, 1/36, 0, 0], 'p2flaky': [0, 0, 0, 0]}
//   for k, v in V.items(): print(k, sum(v) / len(v), boot(v))
//   for a, b in [('p1good', 'p1med'), ('p1med', 'p1flaky'), ('p2good', 'p2med')]:
//       d = [x - y for x, y in zip(V[a], V[b])]; print(a, b, sum(d) / len(d), boot(d), signflip(d))
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { smiBench } from '../support/cli.js';
import { goldenKeyTypes } from '../support/golden-keys.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import type { StubReply, StubRequest } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { useStubSet } from '../support/stub-set.js';

const STDLIB = '0x0000000000000000000000000000000000000000000000000000000000000001';
const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const SYSTEM = '0x0000000000000000000000000000000000000000000000000000000000000003';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
/** The corpus' packages in id order: the order of a run's rows over all of them. */
const PACKAGES = [STDLIB, SUI, SYSTEM, WRAPPER];

const SPLIT = {
  target: '0x2::pay::split',
  type_args: ['0x2::sui::SUI'],
  args: [{ sender_sui_coin: { index: 0, exclude_gas: true } }, { u64: 1 }],
};
const KIOSK = { target: '0x2::kiosk::default', type_args: [], args: [] };
const MALFORMED = '{"key_types": ["0x2::coin::Coin"';

type Phase = 'phase1' | 'phase2';
/** What a model answers, per phase and package: key types (Phase I), calls (Phase II), or broken JSON. */
type Script = Record<Phase, (pkg: string) => string[] | object[] | 'malformed'>;

const sortedTruth = (pkg: string) => [...goldenKeyTypes(pkg)].sort();
const SCRIPTS: Record<'good' | 'mediocre' | 'flaky', Script> = {
  // every key type, except one of 0x3's; a Coin, a Kiosk and a KioskOwnerCap on 0x2
  good: {
    phase1: (pkg) => (pkg === SYSTEM ? sortedTruth(pkg).slice(1) : sortedTruth(pkg)),
    phase2: (pkg) => (pkg === SUI ? [SPLIT, KIOSK] : []),
  },
  // the first half of the key types and one that does not exist; a Coin on 0x2
  mediocre: {
    phase1: (pkg) => {
      const truth = sortedTruth(pkg);
      return truth.length === 0 ? [] : [...truth.slice(0, truth.length / 2), `${pkg}::made_up::Thing`];
    },
    phase2: (pkg) => (pkg === SUI ? [SPLIT] : []),
  },
  // broken JSON for 0x2 and the wrapper package, two of 0x3's six key types; and a 429 before every answer
  flaky: {
    phase1: (pkg) =>
      pkg === SUI || pkg === WRAPPER ? 'malformed' : pkg === SYSTEM ? sortedTruth(pkg).slice(0, 2) : [],
    phase2: (pkg) => (pkg === SUI ? 'malformed' : []),
  },
};
type ModelName = keyof typeof SCRIPTS;
const MODELS = Object.keys(SCRIPTS) as ModelName[];

const phaseOf = (req: StubRequest): Phase => (req.prompt.includes('target_key_types') ? 'phase2' : 'phase1');

function scriptedReply(name: ModelName, req: StubRequest, seen: Set<string>): StubReply {
  if (req.packageId === null) return { content: '{"key_types": []}' }; // the pre-flight
  const phase = phaseOf(req);
  const key = `${phase} ${req.packageId}`;
  if (name === 'flaky' && !seen.has(key)) {
    seen.add(key);
    return { status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after-ms': '50' } };
  }
  const answer = SCRIPTS[name][phase](req.packageId);
  if (answer === 'malformed') return { content: MALFORMED };
  return { content: JSON.stringify(phase === 'phase1' ? { key_types: answer } : { calls: answer }) };
}

/** The score of each package, in PACKAGES order, derived from a script and the truth. */
function expectedScores(script: Script, phase: Phase): number[] {
  return PACKAGES.map((pkg) => {
    const truth = new Set(goldenKeyTypes(pkg));
    const answer = script[phase](pkg);
    if (phase === 'phase2') {
      const created = answer === 'malformed' ? [] : (answer as { target: string }[]).map((c) => c.target);
      const hits = (created.includes(SPLIT.target) ? 1 : 0) + (created.includes(KIOSK.target) ? 2 : 0);
      return truth.size === 0 ? 0 : hits / truth.size;
    }
    const predicted = new Set(answer === 'malformed' ? [] : (answer as string[]));
    if (truth.size === 0 && predicted.size === 0) return 1;
    const tp = [...predicted].filter((t) => truth.has(t)).length;
    const fp = predicted.size - tp;
    const fn = truth.size - tp;
    return (2 * tp) / (2 * tp + fp + fn);
  });
}

// The score vectors the Python program above was given; the test checks they are what the scripts imply.
const PYTHON_INPUT: Record<Phase, Record<ModelName, number[]>> = {
  phase1: { good: [1, 1, 10 / 11, 1], mediocre: [1, 36 / 55, 3 / 5, 1], flaky: [1, 0, 1 / 2, 1] },
  phase2: { good: [0, 3 / 36, 0, 0], mediocre: [0, 1 / 36, 0, 0], flaky: [0, 0, 0, 0] },
};
const PYTHON_OUTPUT: Record<Phase, Record<ModelName, { mean: number; low: number; high: number }>> = {
  phase1: {
    good: { mean: 0.9772727272727273, low: 0.9318181818181819, high: 1.0 },
    mediocre: { mean: 0.8136363636363636, low: 0.6272727272727272, high: 1.0 },
    flaky: { mean: 0.625, low: 0.25, high: 1.0 },
  },
  phase2: {
    good: { mean: 0.020833333333333332, low: 0.0, high: 0.0625 },
    mediocre: { mean: 0.006944444444444444, low: 0.0, high: 0.020833333333333332 },
    flaky: { mean: 0.0, low: 0.0, high: 0.0 },
  },
};
const PYTHON_PAIRED = [
  {
    phase: 'phase1',
    a: 'good',
    b: 'mediocre',
    diff: 0.16363636363636364,
    low: 0,
    high: 0.32727272727272727,
    p: 0.5,
  },
  {
    phase: 'phase1',
    a: 'mediocre',
    b: 'flaky',
    diff: 0.18863636363636363,
    low: 0,
    high: 0.4909090909090909,
    p: 0.5,
  },
  {
    phase: 'phase2',
    a: 'good',
    b: 'mediocre',
    diff: 0.013888888888888888,
    low: 0,
    high: 0.041666666666666664,
    p: 1,
  },
] as const;

interface Board {
  phase: Phase;
  comparable: boolean;
  entries: {
    run: string;
    score: number;
    errors: number;
    packages: number;
    interval: { low: number; high: number };
  }[];
  paired: {
    a: string;
    b: string;
    packages: number;
    difference: number;
    interval: { low: number; high: number };
    p_value: number;
  } | null;
}

const work = mkdtempSync(join(tmpdir(), 'smi-set-rank-'));
const logDir = join(work, 'logs');
/** Each stub remembers which questions it has refused once (the flaky model's 429s). */
const scripted = (name: ModelName) => {
  const seen = new Set<string>();
  return (req: StubRequest) => scriptedReply(name, req, seen);
};
const { stubs, env, writeConfig, runSet } = useStubSet(TEST_NAMESPACES.evalSetRanking, {
  good: scripted('good'),
  mediocre: scripted('mediocre'),
  flaky: scripted('flaky'),
});
let setId: string;

beforeAll(() =>
  writeConfig(join(work, 'set.yaml'), {
    name: 'three',
    corpusRoot: CORPUS_DIR,
    model: () => 'temperature: 0.5, max_request_retries: 4',
    phases: ['{ phase: phase1 }', '{ phase: phase2, simulation_mode: local, max_plan_attempts: 1 }'],
  }),
);

const compare = async (...args: string[]): Promise<Board[]> => {
  const res = await smiBench(['compare', '--log-dir', logDir, '--format', 'json', ...args], env);
  expect(res.exitCode, String(res.stderr)).toBe(0);
  return JSON.parse(String(res.stdout)) as Board[];
};
const runOf = (name: string, phase: Phase) => `${setId}.${name}.${phase}`;

describe('an evaluation set of three models of known quality', () => {
  it('finishes, with the flaky model’s 429s retried and its broken answers recorded as errors', async () => {
    const set = await runSet(join(work, 'set.yaml'));
    setId = set.setId;
    // every question to the flaky model was refused once, then asked again and answered (a broken answer
    // is not asked again: no retry can fix it)
    const asked = new Map<string, number>();
    for (const r of stubs.flaky.requests.filter((q) => q.packageId !== null)) {
      const key = `${phaseOf(r)} ${r.packageId}`;
      asked.set(key, (asked.get(key) ?? 0) + 1);
    }
    expect(asked.size).toBeGreaterThanOrEqual(PACKAGES.length);
    for (const [key, n] of asked) expect(n, key).toBe(2);
    expect(set.stdout).toMatch(/flaky +phase1: 4\/4 · F1 0\.625 \(95% 0\.250–1\.000\) · 2 errors/);
  });

  it('the scripts imply the score vectors the reference figures were computed from', () => {
    for (const phase of ['phase1', 'phase2'] as const)
      for (const name of MODELS)
        expect(expectedScores(SCRIPTS[name], phase), `${name} ${phase}`).toEqual(PYTHON_INPUT[phase][name]);
  });

  it('compare ranks the models as their scripts imply, with the reference means and intervals', async () => {
    const boards = await compare(setId);
    expect(boards.map((b) => b.phase)).toEqual(['phase1', 'phase2']);
    for (const board of boards) {
      expect(board.comparable).toBe(true);
      // ties (Phase II has none here) would keep the set's order; the scripts make good > mediocre > flaky
      expect(board.entries.map((e) => e.run)).toEqual(MODELS.map((m) => runOf(m, board.phase)));
      for (const [i, name] of MODELS.entries()) {
        const entry = board.entries[i]!;
        const want = PYTHON_OUTPUT[board.phase][name];
        expect(entry.packages).toBe(PACKAGES.length);
        expect(entry.score).toBeCloseTo(want.mean, 12);
        expect(entry.interval.low).toBeCloseTo(want.low, 12);
        expect(entry.interval.high).toBeCloseTo(want.high, 12);
      }
    }
    const errors = (phase: Phase) => boards.find((b) => b.phase === phase)!.entries.map((e) => e.errors);
    expect(errors('phase1')).toEqual([0, 0, 2]);
    // a broken Phase II answer fails its plan attempt, not the package (upstream's rule): no row error
    expect(errors('phase2')).toEqual([0, 0, 0]);
  });

  it('status SET shows each cell’s score with the same interval', async () => {
    const res = await smiBench(['status', setId], env);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const lines = String(res.stdout).split('\n');
    for (const name of MODELS) {
      const line = lines.find((l) => l.trimStart().startsWith(`${name} `)) ?? '';
      for (const phase of ['phase1', 'phase2'] as const) {
        const { mean, low, high } = PYTHON_OUTPUT[phase][name];
        const label = phase === 'phase1' ? 'F1' : 'hit rate';
        const want = `${label} ${mean.toFixed(3)} (95% ${low.toFixed(3)}–${high.toFixed(3)})`;
        expect(line, `${name} ${phase}`).toContain(`${phase}: 4/4 · ${want}`);
      }
    }
  });

  it('the paired comparisons equal the reference differences, intervals and sign-flip p-values', async () => {
    for (const pair of PYTHON_PAIRED) {
      const [board] = await compare(runOf(pair.a, pair.phase), runOf(pair.b, pair.phase));
      const paired = board!.paired!;
      expect(paired.a).toBe(runOf(pair.a, pair.phase));
      expect(paired.packages).toBe(PACKAGES.length);
      expect(paired.difference).toBeCloseTo(pair.diff, 12);
      expect(paired.interval.low).toBeCloseTo(pair.low, 12);
      expect(paired.interval.high).toBeCloseTo(pair.high, 12);
      expect(paired.p_value).toBe(pair.p);
    }
  });
});
