// `smi-bench eval-set CONFIG`: two models of known quality (stubs on 127.0.0.1), each with its own key
// variable and price, through Phase I and Phase II as one set; the same command again sends nothing and
// reports the finished set; `status SET` prints the matrix; a bad config is one clear line per problem; a
// set with the sandbox runs it once, with no model.
// Expected scores by hand: the good model names exactly the `key` structs of the golden interface files, so
// its F1 is 1.0 on each package; the bad one names none, so its F1 is 0.0 (0x2 and 0x3 both have key structs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub, type StubRequest } from '../support/openai-stub.js';
import { goldenKeyTypes } from '../support/golden-keys.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const SYSTEM = '0x0000000000000000000000000000000000000000000000000000000000000003';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const work = mkdtempSync(join(tmpdir(), 'smi-set-'));
const configFile = join(work, 'set.yaml');
let good: RunningOpenAiStub;
let bad: RunningOpenAiStub;
let worker: ChildProcess;
const env: Record<string, string> = {};

const phase1Package = (req: StubRequest) => (req.prompt.includes('key_types') ? req.packageId : null);

beforeAll(async () => {
  writeFileSync(join(work, 'ids.txt'), `${SUI}\n${SYSTEM}\n`);
  good = await startOpenAiStub({
    apiKey: 'good-key',
    handler: (req) => {
      const id = phase1Package(req);
      return {
        content: id ? JSON.stringify({ key_types: goldenKeyTypes(id) }) : '{"calls": []}',
        usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
      };
    },
  });
  bad = await startOpenAiStub({
    apiKey: 'bad-key',
    handler: (req) => ({ content: phase1Package(req) ? '{"key_types": []}' : '{"calls": []}' }),
  });
  writeFileSync(
    configFile,
    [
      'name: duel',
      `corpus_root: ${CORPUS_DIR}`,
      'package_ids_file: ids.txt',
      'samples: 0',
      'log_dir: logs',
      'models:',
      '  - name: good',
      '    model: good-model',
      `    base_url: ${good.baseUrl}`,
      '    api_key_env: GOOD_KEY',
      '    concurrency: 2',
      '    price: { input_per_mtok: 2.5, output_per_mtok: 10 }',
      '  - name: bad',
      '    model: bad-model',
      `    base_url: ${bad.baseUrl}`,
      '    api_key_env: BAD_KEY',
      'phases:',
      '  - phase: phase1',
      '  - phase: phase2',
      '    max_plan_attempts: 1',
      '',
    ].join('\n'),
  );
  Object.assign(env, { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.evalSet });
  worker = spawnWorker({ ...env, GOOD_KEY: 'good-key', BAD_KEY: 'bad-key' });
});
afterAll(async () => {
  await stopProcess(worker);
  await Promise.all([good.close(), bad.close()]);
});

const evalSet = (...extra: string[]) =>
  smiBench(['eval-set', configFile, '--dotenv', join(work, 'none.env'), '--no-progress', ...extra], env);

describe('smi-bench eval-set', () => {
  it('runs every model through every phase, each with its own key, and reports the matrix', async () => {
    const res = await evalSet();
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const out = String(res.stdout);
    const setId = /Evaluation set (\S+) finished:/.exec(out)?.[1];
    expect(setId).toMatch(/^duel-[0-9a-f]{10}$/);
    // 2 packages, one Phase I call each at 1000 × $2.50/M + 200 × $10/M = $0.0045, one Phase II call each
    expect(out).toMatch(
      /good {2}phase1: 2\/2 · F1 1\.000 \(95% 1\.000–1\.000\) · 0 errors · \$0\.009000 {3}phase2: 2\/2 · hit rate 0\.000 \(95% 0\.000–0\.000\) · 0 errors · \$0\.009000/,
    );
    expect(out).toMatch(
      /bad {3}phase1: 2\/2 · F1 0\.000 \(95% 0\.000–0\.000\) · 0 errors {3}phase2: 2\/2 · hit rate 0\.000 \(95% 0\.000–0\.000\) · 0 errors/,
    );
    // each model's calls carried its own key; each stub saw the pre-flight and 2 + 2 package calls
    expect(good.requests.every((r) => r.headers.authorization === 'Bearer good-key')).toBe(true);
    expect(bad.requests.every((r) => r.headers.authorization === 'Bearer bad-key')).toBe(true);
    expect(good.requests).toHaveLength(5);
    expect(bad.requests).toHaveLength(5);
    // the runs are ordinary runs, one result file each
    const result = JSON.parse(
      readFileSync(join(work, 'logs', `${setId}.good.phase1`, 'result.json'), 'utf8'),
    ) as { aggregate: { avg_f1: number } };
    expect(result.aggregate.avg_f1).toBe(1);
    // and the set's own result file: each run's line of the matrix, and the totals
    const setResult = JSON.parse(readFileSync(join(work, 'logs', `${setId}.set_result.json`), 'utf8')) as {
      set_id: string;
      runs: {
        model: string;
        phase: string;
        state: string;
        done: number;
        score: number;
        cost_usd: number | null;
      }[];
      total: { cost_usd: number; done: number; total: number; errors: number };
    };
    expect(setResult.set_id).toBe(setId);
    expect(setResult.runs.map((r) => [r.model, r.phase, r.state, r.done, r.score, r.cost_usd])).toEqual([
      ['good', 'phase1', 'done', 2, 1, 0.009],
      ['good', 'phase2', 'done', 2, 0, 0.009],
      ['bad', 'phase1', 'done', 2, 0, null],
      ['bad', 'phase2', 'done', 2, 0, null],
    ]);
    expect(setResult.total).toEqual({
      cost_usd: 0.018,
      tokens: expect.any(Number),
      done: 8,
      total: 8,
      errors: 0,
    });

    const again = await evalSet('--skip-preflight');
    expect(again.exitCode, String(again.stderr)).toBe(0);
    expect(good.requests).toHaveLength(5);
    expect(bad.requests).toHaveLength(5);
    expect(String(again.stdout)).toContain(`Evaluation set ${setId} finished:`);

    const status = await smiBench(['status', setId!], env);
    expect(status.exitCode, String(status.stderr)).toBe(0);
    expect(String(status.stdout)).toContain(`evaluation set ${setId}: COMPLETED`);
    expect(String(status.stdout)).toMatch(/good {2}phase1: 2\/2 · F1 1\.000/);
    // a finished set needs no server, as a finished run: its result file and its runs' directories
    const offline = await smiBench(['status', setId!, '--log-dir', join(work, 'logs')], {
      TEMPORAL_ADDRESS: '127.0.0.1:1',
    });
    expect(offline.exitCode, String(offline.stderr)).toBe(0);
    expect(String(offline.stdout)).toContain(`evaluation set ${setId}: COMPLETED (finished `);
    expect(String(offline.stdout)).toMatch(/good {2}phase1: 2\/2 · F1 1\.000 .* · \$0\.009000/);
    expect(String(offline.stdout)).toContain('  total: $0.02 · ');
  });

  it('refuses a bad config with one line per problem, naming its path, and starts nothing', async () => {
    const broken = join(work, 'broken.yaml');
    writeFileSync(
      broken,
      readFileSync(configFile, 'utf8')
        .replace('input_per_mtok: 2.5', 'input_per_mtok: cheap')
        .replace('- phase: phase2', '- phase: phase3'),
    );
    const res = await smiBench(['eval-set', broken, '--no-progress'], env);
    expect(res.exitCode).toBe(2);
    const stderr = String(res.stderr);
    expect(stderr).toContain(
      'models[0].price.input_per_mtok: Invalid input: expected number, received string',
    );
    expect(stderr).toContain('phases[1].phase');
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
    const missing = await smiBench(['eval-set', join(work, 'nope.yaml')], env);
    expect(missing.exitCode).toBe(2);
    expect(String(missing.stderr)).toContain('cannot read the set');
  });

  it('runs the sandbox once for the set, shows it in the matrix and leaves it out of compare', async () => {
    // 0x2 (whose functions the sandbox leaves to the framework) and the wrapper package
    writeFileSync(join(work, 'vm-ids.txt'), `${SUI}\n${WRAPPER}\n`);
    const withVm = join(work, 'vm.yaml');
    writeFileSync(
      withVm,
      readFileSync(configFile, 'utf8')
        .replace('name: duel', 'name: duel-vm')
        .replace('package_ids_file: ids.txt', 'package_ids_file: vm-ids.txt')
        .replace(
          / {2}- phase: phase2\n {4}max_plan_attempts: 1\n/,
          '  - { phase: sandbox, concurrency: 2 }\n',
        ),
    );
    const asked = good.requests.length + bad.requests.length;
    const res = await smiBench(
      [
        'eval-set',
        withVm,
        '--dotenv',
        join(work, 'none.env'),
        '--no-progress',
        '--skip-preflight',
        '--no-cache', // (the first test's answers are in the cache)
      ],
      env,
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const out = String(res.stdout);
    const setId = /Evaluation set (\S+) finished:/.exec(out)![1]!;
    expect(out).toMatch(/good +phase1: 2\/2 · F1 1\.000/);
    expect(out).toMatch(/\(sandbox\) {2}sandbox: 2\/2 · Tier B rate \d\.\d{3} · 0 errors/);
    // no model is asked anything for the sandbox: Phase I's 2 + 2 calls only
    expect(good.requests.length + bad.requests.length - asked).toBe(4);
    // the same rows as `smi-bench sandbox` on the same packages
    const alone = join(work, 'alone.jsonl');
    const sandbox = await smiBench(
      [
        'sandbox',
        '--corpus-root',
        CORPUS_DIR,
        '--package-ids-file',
        join(work, 'vm-ids.txt'),
        '--output',
        alone,
        '--log-dir',
        join(work, 'logs'),
        '--run-id',
        'vm-alone',
        '--no-progress',
      ],
      env,
    );
    expect(sandbox.exitCode, String(sandbox.stderr)).toBe(0);
    const lines = (file: string) =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .map(({ elapsed_seconds: _e, ...rest }) => rest);
    expect(lines(join(work, 'logs', `${setId}.sandbox`, 'benchmark_local.jsonl'))).toEqual(lines(alone));
    expect(lines(alone).length).toBeGreaterThan(0);
    const rows = (run: string) =>
      (
        JSON.parse(readFileSync(join(work, 'logs', run, 'result.json'), 'utf8')) as {
          packages: Record<string, unknown>[];
        }
      ).packages.map(({ elapsed_seconds: _e, ...rest }) => rest);
    expect(rows(`${setId}.sandbox`)).toEqual(rows('vm-alone'));

    const board = await smiBench(['compare', setId, '--log-dir', join(work, 'logs')], env);
    expect(board.exitCode, String(board.stderr)).toBe(0);
    expect(String(board.stdout)).toContain(`${setId}.good.phase1`);
    expect(String(board.stdout)).not.toContain(`${setId}.sandbox`);
  });
});
