// `phase1`, `phase2` (local simulation) and `helper` with `--agent local-llm` on the shared corpus, as a user
// runs them: the built command, its own Temporal dev server, the real SmolLM2-135M in the worker, nothing
// from the network. Every row ends with the model's parsed answer or the recorded reason it has none
// (several framework prompts do not fit the small model's context: that is said, not hidden).
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_MODEL_PATH } from '../../src/agents/local-model-file.js';
import { ownServerPorts, smiBench } from '../support/cli.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { PINNED_MODEL_SHA256, withoutLocalModel } from '../support/local-model.js';

interface PackageLine {
  package_id: string;
  error: string | null;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost_usd?: number };
}

async function runLocal(command: string, extra: string[]) {
  const home = mkdtempSync(join(tmpdir(), 'smi-local-llm-'));
  const runId = `${command}-local`;
  const result = await smiBench(
    [command, '--agent', 'local-llm', '--corpus-root', CORPUS_DIR, '--samples', '0']
      .concat(['--log-dir', join(home, 'logs'), '--run-id', runId, '--no-progress'])
      .concat(extra),
    { SMI_HOME: join(home, '.smi-bench'), ...(await ownServerPorts()) },
  );
  expect(result.exitCode, String(result.stderr)).toBe(0);
  const runDir = join(home, 'logs', runId);
  const lines = readFileSync(join(runDir, 'packages.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as PackageLine & Record<string, unknown>);
  const metadata = JSON.parse(readFileSync(join(runDir, 'run_metadata.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  return { lines, metadata, stderr: String(result.stderr) };
}

/** Each package once; each with the model's answer (tokens spent, no error) or the reason it has none. */
function expectEveryRowAccounted(lines: PackageLine[]): void {
  expect(lines.map((l) => l.package_id).sort()).toEqual(Object.keys(SHARED_PACKAGE_DIRS).sort());
  for (const line of lines) {
    if (line.error === null) expect(line.usage!.total_tokens, line.package_id).toBeGreaterThan(0);
    else expect(line.error.length, line.package_id).toBeGreaterThan(10);
  }
  const answered = lines.filter((l) => (l.usage?.completion_tokens ?? 0) > 0);
  expect(answered.length).toBeGreaterThan(0);
  for (const line of answered) expect(line.usage!.cost_usd).toBe(0);
}

function expectModelIdentity(metadata: Record<string, unknown>): void {
  expect(metadata['model']).toBe('SmolLM2-135M-Instruct.Q4_1.gguf');
  expect(metadata['model_file']).toEqual({
    file_name: 'SmolLM2-135M-Instruct.Q4_1.gguf',
    size_bytes: statSync(DEFAULT_LOCAL_MODEL_PATH).size,
    sha256: PINNED_MODEL_SHA256,
  });
}

describe.skipIf(withoutLocalModel)('--agent local-llm runs', () => {
  it(
    'phase1: every package answered (a key-type list) or its reason recorded',
    { timeout: 180_000 },
    async () => {
      const { lines, metadata, stderr } = await runLocal('phase1', ['--include-type-lists']);
      expectEveryRowAccounted(lines);
      expectModelIdentity(metadata);
      expect(stderr).toContain('run in-process by the llm workers');
      // The one-coin package's prompt fits the context: the model's answer was parsed into a list.
      const coin = lines.find((l) => l.package_id.startsWith('0x358e'))!;
      expect(coin.error).toBeNull();
      // 0x3's struct list does not fit 4096 tokens even at the smallest struct budget: the reason says so.
      const system = lines.find((l) => l.package_id.endsWith('0003'))!;
      expect(system.error).toMatch(/do not fit the local model's context of 4096 tokens/);
    },
  );

  it(
    'phase2 with local simulation: every package planned or its reason recorded',
    { timeout: 180_000 },
    async () => {
      const { lines, metadata } = await runLocal('phase2', [
        '--simulation-mode',
        'local',
        '--max-plan-attempts',
        '1',
        '--max-planning-calls',
        '2',
      ]);
      expectEveryRowAccounted(lines);
      expectModelIdentity(metadata);
    },
  );

  it('helper: every package answered or its reason recorded', { timeout: 180_000 }, async () => {
    const { lines, metadata } = await runLocal('helper', ['--max-attempts', '1']);
    expectEveryRowAccounted(lines);
    expectModelIdentity(metadata);
  });
});
