// An evaluation set with a local model (`provider: local-llm`): no endpoint, no key; its Phase I run asks
// the real SmolLM2-135M in the worker and records the model's identity. A local model with endpoint fields,
// or one asked to run template-search, is refused with the config path of the problem.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownServerPorts, smiBench } from '../support/cli.js';
import { CORPUS_DIR } from '../support/paths.js';
import { withoutLocalModel } from '../support/local-model.js';

const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';

function configIn(work: string, model: string[], phases: string[]): string {
  const file = join(work, 'set.yaml');
  writeFileSync(join(work, 'ids.txt'), `${WRAPPER}\n`);
  const lines = [`corpus_root: ${CORPUS_DIR}`, 'package_ids_file: ids.txt', 'log_dir: logs', 'models:'];
  writeFileSync(file, [...lines, ...model, 'phases:', ...phases, ''].join('\n'));
  return file;
}

describe.skipIf(withoutLocalModel)('eval-set with a local model', () => {
  it(
    'runs Phase I with the model in the worker, and records which file it was',
    { timeout: 180_000 },
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'smi-set-local-'));
      const file = configIn(work, ['  - name: smol', '    provider: local-llm'], ['  - phase: phase1']);
      const env = { SMI_HOME: join(work, '.smi-bench'), ...(await ownServerPorts()) };
      const res = await smiBench(
        ['eval-set', file, '--no-progress', '--dotenv', join(work, 'none.env')],
        env,
        work,
      );
      expect(res.exitCode, String(res.stderr)).toBe(0);
      const setId = /Evaluation set (\S+) finished:/.exec(String(res.stdout))![1]!;
      const runDir = join(work, 'logs', `${setId}.smol.phase1`);
      const metadata = JSON.parse(readFileSync(join(runDir, 'run_metadata.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(metadata['agent']).toBe('local-llm');
      expect(metadata['model_file']).toMatchObject({ file_name: 'SmolLM2-135M-Instruct.Q4_1.gguf' });
      const [row] = readFileSync(join(runDir, 'packages.jsonl'), 'utf8').trim().split('\n');
      const line = JSON.parse(row!) as {
        error: string | null;
        usage: { total_tokens: number; cost_usd: number };
      };
      expect(line.error).toBeNull();
      expect(line.usage.total_tokens).toBeGreaterThan(0);
      expect(line.usage.cost_usd).toBe(0);
    },
  );

  it('refuses endpoint fields on a local model and template-search for it', async () => {
    const work = mkdtempSync(join(tmpdir(), 'smi-set-local-bad-'));
    const endpoint = configIn(
      work,
      ['  - name: smol', '    provider: local-llm', '    base_url: http://127.0.0.1:1/v1'],
      ['  - phase: phase1'],
    );
    const res = await smiBench(['eval-set', endpoint, '--no-progress'], {}, work);
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr)).toMatch(/models\[0\]: Unrecognized key: "base_url"/);

    const template = configIn(
      work,
      ['  - name: smol', '    provider: local-llm'],
      ['  - phase: phase2', '    agent: template-search'],
    );
    const refused = await smiBench(['eval-set', template, '--no-progress'], {}, work);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain(
      "models[0]: a local-llm model cannot run phase2's template-search",
    );
  });
});
