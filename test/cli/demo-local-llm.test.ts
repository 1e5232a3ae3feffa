// `smi-bench demo` as a newcomer runs it: the mock run, then the same packages with the real SmolLM2-135M
// in the worker, and both scores side by side. The model's precision, recall and F1 are recomputed here
// from the truth of the demo corpus (read from its bytecode) and the key types the model named (its run's
// rows), with upstream's set rules; tokens are counted and the cost is 0.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownServerPorts, smiBench } from '../support/cli.js';
import { makeDemoCorpus, printedArgs } from '../support/demo-truth.js';
import { withoutLocalModel } from '../support/local-model.js';

interface Row {
  package_id: string;
  predicted_key_types_list: string[];
}

/** Upstream's Phase I rules: both sets empty is a perfect score; an empty denominator is 0. */
function score(truth: string[], predicted: string[]): [number, number, number] {
  const t = new Set(truth);
  const p = new Set(predicted);
  if (t.size === 0 && p.size === 0) return [1, 1, 1];
  const tp = [...p].filter((x) => t.has(x)).length;
  const ratio = (n: number, d: number) => (d === 0 ? 0 : n / d);
  return [ratio(tp, p.size), ratio(tp, t.size), ratio(2 * tp, p.size + t.size)];
}

describe.skipIf(withoutLocalModel)('the demo with the local model', () => {
  it(
    'prints the mock agent and the model side by side, with the model’s own score',
    { timeout: 180_000 },
    async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'smi-demo-local-'));
      const env = { SMI_HOME: join(cwd, '.smi-bench'), ...(await ownServerPorts()) };
      const res = await smiBench(['demo', '--no-progress', '--run-id', 'first'], env, cwd);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      const out = String(res.stdout);
      expect(out).toContain('Phase I on the demo corpus, side by side:');
      expect(out).toMatch(/^ {2}mock-noisy +\d\.\d{4} +\d\.\d{4} +\d\.\d{4} +0 +0$/m);

      const { truth } = await makeDemoCorpus();
      const rows = (
        JSON.parse(readFileSync(join(cwd, 'logs', 'first-local-llm', 'result.json'), 'utf8')) as {
          packages: Row[];
        }
      ).packages;
      expect(rows.map((r) => r.package_id).sort()).toEqual([...truth.keys()].sort());
      const scores = rows.map((r) => score(truth.get(r.package_id)!, r.predicted_key_types_list));
      const mean = (i: number) => (scores.reduce((sum, s) => sum + s[i]!, 0) / scores.length).toFixed(4);
      const line = new RegExp(
        `^ {2}local-llm \\(SmolLM2-135M\\) +${mean(2)} +${mean(0)} +${mean(1)} +([1-9]\\d*) +\\$0\\.000 +0$`,
        'm',
      );
      expect(out).toMatch(line);
      expect(out).toMatch(/^ {2}agent +F1 +precision +recall +tokens +cost +errors$/m);
      // Both runs used the one server the demo started, and stopped at its end: one line says so, and no
      // run calls it a server it found (it was the demo's) or its own.
      const err = String(res.stderr);
      expect(err.match(/^Temporal: /gm)).toHaveLength(1);
      expect(err).toMatch(
        /^Temporal: dev server 127\.0\.0\.1:\d+ started by this demo for its runs, namespace "default", UI http:\/\/127\.0\.0\.1:\d+; worker in this process; it stops when the demo ends$/m,
      );
      expect(err).not.toContain('found running');
      expect(err).toContain('Stopped the Temporal dev server this demo started');
      // It ends with what to try next on both runs.
      expect(out.trimEnd().split('\n').slice(-3)).toEqual([
        'Next, with these runs:',
        '  npx smi-bench report first first-local-llm --log-dir logs --out demo-report.html   # leaderboard, figures, every package: one HTML file',
        '  npx smi-bench view --log-dir logs   # every run in a browser, at http://127.0.0.1:8390/',
      ]);
      const report = await smiBench(printedArgs(out, 'report'), env, cwd);
      expect(report.exitCode, String(report.stderr)).toBe(0);
      expect(readFileSync(join(cwd, 'demo-report.html'), 'utf8')).toContain('first-local-llm');
    },
  );
});
