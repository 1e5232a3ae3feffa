// An evaluation set with the helper phase (`phase: helper` in its config): two scripted models on
// 127.0.0.1 write helpers for 0x2 and wrapper_coin, one run each. careful answers the broken shop, then the
// good one once it is shown the diagnostics; sloppy answers the broken shop every time
// (test/support/helper-answers.ts). Expected by hand: careful's shop runs through 0x2's kiosk, so it passes
// for 0x2 and not for wrapper_coin, whose modules it never enters (pass rate 0.5; the bootstrap of [1, 0]
// resamples means of 0, 0.5 and 1 a quarter, a half and a quarter of the time, so its 95% interval is 0 to
// 1); sloppy builds nothing in its 2 allowed attempts (pass rate 0). The matrix, `status SET` offline and
// `compare SET` say so, and the view groups both runs under the set.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogDir } from '../../src/view/log-dir.js';
import { smiBench } from '../support/cli.js';
import { BROKEN_SHOP, brokenThenGood, helperAnswer } from '../support/helper-answers.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import type { StubRequest } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { useStubSet } from '../support/stub-set.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const work = mkdtempSync(join(tmpdir(), 'smi-set-helper-'));
const logDir = join(work, 'logs');
const { env, stubs, writeConfig, runSet } = useStubSet(TEST_NAMESPACES.evalSetHelper, {
  careful: (req: StubRequest) => brokenThenGood(req.prompt),
  sloppy: () => helperAnswer({ 'sources/shop.move': BROKEN_SHOP }),
});

describe('an evaluation set with the helper phase', () => {
  it('runs each model’s helper run and ranks them by their pass rate', async () => {
    writeFileSync(join(work, 'ids.txt'), `${SUI}\n${WRAPPER}\n`);
    writeConfig(join(work, 'set.yaml'), {
      name: 'helpers',
      corpusRoot: CORPUS_DIR,
      top: ['package_ids_file: ids.txt'],
      model: () => 'concurrency: 1',
      phases: ['{ phase: helper, max_attempts: 2, per_package_timeout_seconds: 300 }'],
    });
    const { setId, stdout } = await runSet(join(work, 'set.yaml'));
    expect(stdout).toMatch(
      / {2}careful {2}helper: 2\/2 · pass rate 0\.500 \(95% 0\.000–1\.000\) · 0 errors\n/,
    );
    expect(stdout).toMatch(
      / {2}sloppy {3}helper: 2\/2 · pass rate 0\.000 \(95% 0\.000–0\.000\) · 0 errors\n/,
    );
    // the pre-flight and two attempts per package
    expect(stubs.careful.requests).toHaveLength(5);
    expect(stubs.sloppy.requests).toHaveLength(5);

    const offline = await smiBench(['status', setId, '--log-dir', logDir], {
      TEMPORAL_ADDRESS: '127.0.0.1:1',
    });
    expect(offline.exitCode, String(offline.stderr)).toBe(0);
    expect(String(offline.stdout)).toMatch(
      /careful {2}helper: 2\/2 · pass rate 0\.500 \(95% 0\.000–1\.000\)/,
    );

    const compare = await smiBench(['compare', setId, '--log-dir', logDir, '--format', 'json'], env);
    expect(compare.exitCode, String(compare.stderr)).toBe(0);
    const [board] = JSON.parse(String(compare.stdout)) as {
      phase: string;
      comparable: boolean;
      entries: { run: string; score: number; columns: Record<string, number> }[];
    }[];
    expect(board!.phase).toBe('helper');
    expect(board!.comparable).toBe(true);
    expect(board!.entries.map((e) => [e.run, e.score, e.columns['mean_attempts']])).toEqual([
      [`${setId}.careful.helper`, 0.5, 2],
      [`${setId}.sloppy.helper`, 0, 2],
    ]);
    expect(new LogDir(logDir).sets().get(setId)).toEqual([
      `${setId}.careful.helper`,
      `${setId}.sloppy.helper`,
    ]);
  });

  it('refuses a helper phase setting it does not know, naming it', async () => {
    writeConfig(join(work, 'bad.yaml'), {
      name: 'helpers-bad',
      corpusRoot: CORPUS_DIR,
      model: () => 'concurrency: 1',
      phases: ['{ phase: helper, max_attempts: 0, helper_dir: x }'],
    });
    const res = await smiBench(['eval-set', join(work, 'bad.yaml'), '--no-progress'], env);
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toContain('phases[0].max_attempts: Too small');
    expect(String(res.stderr)).toContain('phases[0]: Unrecognized key: "helper_dir"');
  });
});
