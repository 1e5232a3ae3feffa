// The sandbox phase on the run engine and a real Temporal server: the shared corpus's wrapper_coin gives
// Tier B hits, broken packages get rows with their reason and do not stop the run, and the run directory
// holds upstream's JSONL (also written to the run's output file).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import type { RunningWorkers } from '../../src/worker.js';
import { SANDBOX_AGENT, type SandboxOptions } from '../../src/contracts/sandbox-options.js';
import type { RunInput } from '../../src/contracts/run.js';
import { BAD_CORPUS_IDS, makeBadCorpus, type BadCorpus } from '../support/bad-corpus.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { runInputFor } from '../support/run-input.js';
import { connectClient, startTestRun, startTestWorkers, uniqueRunId } from '../support/temporal.js';

const namespace = TEST_NAMESPACES.sandbox;
const logDir = mkdtempSync(join(tmpdir(), 'smi-sandbox-'));
const WRAPPER_COIN = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
let client: Client;
let closeClient: () => Promise<void>;
let workers: RunningWorkers;
let corpus: BadCorpus;

beforeAll(async () => {
  ({ client, close: closeClient } = await connectClient(namespace));
  workers = await startTestWorkers(namespace);
  corpus = await makeBadCorpus();
});
afterAll(async () => {
  await workers.shutdown();
  await closeClient();
});

function sandboxInput(
  corpusRoot: string,
  frameworkDir: string | null,
  input: Partial<RunInput<SandboxOptions>>,
): RunInput<SandboxOptions> {
  const defaults: SandboxOptions = {
    agent: SANDBOX_AGENT,
    agentSettings: null,
    seed: 0,
    frameworkDir,
    tierAOnly: false,
    corpusRoot,
  };
  return runInputFor('sandbox', defaults, { runId: uniqueRunId('sandbox'), logDir, corpusRoot, input });
}

interface Row {
  target_package: string;
  target_function: string;
  status: string;
  failure_stage?: string;
}
interface Result {
  samples: number;
  aggregate: { functions: number; outcomes: Record<string, number>; packages_with_errors: number };
  packages: { package_id: string; error: string | null; functions: number }[];
}

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Row);

describe('smi-bench sandbox on Temporal', () => {
  it('gives Tier B hits on wrapper_coin, one package of the real corpus', async () => {
    const outFile = join(logDir, 'wrapper.jsonl');
    const input = sandboxInput(CORPUS_DIR, null, { packageIds: [WRAPPER_COIN], outFile });
    const output = await (await startTestRun(client, input)).result();
    expect(output.total).toBe(1);
    const rows = lines(join(input.runDir, 'benchmark_local.jsonl'));
    expect(rows.map((r) => r.target_function)).toEqual([
      'probe_transfer_cap',
      'probe_transfer_cap_generic',
      'probe_transfer_coin_generic',
      'probe_transfer_metadata_cap_generic',
    ]);
    expect(rows.every((r) => r.status === 'tier_b_hit' && r.target_package === WRAPPER_COIN)).toBe(true);
    expect(readFileSync(outFile, 'utf8')).toBe(
      readFileSync(join(input.runDir, 'benchmark_local.jsonl'), 'utf8'),
    );
    const result = JSON.parse(readFileSync(join(input.runDir, 'result.json'), 'utf8')) as Result;
    expect(result.aggregate.outcomes.tier_b_hit).toBe(4);
    expect(output.aggregate.micro_tier_b_rate).toBe(1);
    expect(readFileSync(join(input.runDir, 'packages.jsonl'), 'utf8')).toContain(
      `"package_id":"${WRAPPER_COIN}"`,
    );
  });

  it('records unreadable packages with their reason and finishes the run', async () => {
    const input = sandboxInput(corpus.root, CORPUS_DIR, { idsFile: corpus.idsFile });
    const output = await (await startTestRun(client, input)).result();
    const result = JSON.parse(readFileSync(join(input.runDir, 'result.json'), 'utf8')) as Result;
    const byId = new Map(result.packages.map((p) => [p.package_id, p]));
    // the good package is wrapper_coin under another address: its four functions still reach Tier B
    expect(byId.get(BAD_CORPUS_IDS.good)).toMatchObject({ error: null, functions: 4 });
    expect(byId.get(BAD_CORPUS_IDS.corruptModule)?.error).toMatch(/^package could not be loaded: /);
    expect(byId.get(BAD_CORPUS_IDS.corruptModule)?.functions).toBe(0);
    expect(byId.has(BAD_CORPUS_IDS.unknown)).toBe(false);
    expect(byId.get(BAD_CORPUS_IDS.emptyModules)?.error).toMatch(
      /^package could not be loaded: .*no \.mv files found/,
    );
    const rows = lines(join(input.runDir, 'benchmark_local.jsonl'));
    expect(rows.filter((r) => r.status === 'tier_b_hit').map((r) => r.target_package)).toEqual(
      Array(4).fill(BAD_CORPUS_IDS.good),
    );
    expect(output.errors).toBe(result.aggregate.packages_with_errors);
    expect(output.errors).toBeGreaterThanOrEqual(1);
  });
});
