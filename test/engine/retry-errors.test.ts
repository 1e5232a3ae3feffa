// `resume --retry-errors` at the engine: a finished run started again with retryErrors computes again only
// the packages whose row has an error, replaces those rows, keeps the others untouched, and rewrites the
// result. The model stub counts requests per package, so "not computed again" is measured, not assumed.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { runPaths } from '../../src/run-store/paths.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { testRunInput } from '../support/run-input.js';
import { makeSyntheticCorpus } from '../support/synthetic-corpus.js';
import { startTestRun, uniqueRunId, useTestWorkers } from '../support/temporal.js';

const namespace = TEST_NAMESPACES.engine;
let stub: RunningOpenAiStub;

const temporal = useTestWorkers(namespace, async () => {
  await stub?.close();
});

interface ResultFile {
  aggregate: { errors: number };
  packages: { package_id: string; error: string | null; predicted_key_types: number }[];
}

describe('retry errors', () => {
  it('computes again only the errored packages and replaces their rows', async () => {
    const corpus = await makeSyntheticCorpus(5);
    const ids = [...corpus.truth.keys()];
    const broken = new Set([ids[1], ids[3]]);
    const requests = new Map<string, number>();
    let failing = true;
    stub = await startOpenAiStub({
      handler: (req) => {
        const id = req.packageId ?? '?';
        requests.set(id, (requests.get(id) ?? 0) + 1);
        // 400 is not retried: the package ends with an error row.
        if (failing && broken.has(id)) return { status: 400, body: { error: { message: 'bad request' } } };
        return { content: JSON.stringify({ key_types: corpus.truth.get(id) ?? [] }) };
      },
    });
    const input = testRunInput({
      runId: uniqueRunId('retry-errors'),
      logDir: mkdtempSync(join(tmpdir(), 'smi-retry-')),
      corpusRoot: corpus.root,
      input: { concurrency: 2 },
      options: {
        agent: 'real-openai-compatible',
        agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
      },
    });
    const first = await (await startTestRun(temporal.client, input)).result();
    expect(first.errors).toBe(2);
    const readResult = () => JSON.parse(readFileSync(runPaths(input.runDir).result, 'utf8')) as ResultFile;
    const errored = readResult()
      .packages.filter((p) => p.error !== null)
      .map((p) => p.package_id);
    expect(new Set(errored)).toEqual(broken);
    const firstCounts = new Map(requests);

    failing = false;
    const second = await (await startTestRun(temporal.client, { ...input, retryErrors: true })).result();
    expect(second.errors).toBe(0);
    // Only the two errored packages asked the model again, once each.
    for (const id of ids) {
      expect(requests.get(id), id).toBe((firstCounts.get(id) ?? 0) + (broken.has(id) ? 1 : 0));
    }
    const result = readResult();
    expect(result.aggregate.errors).toBe(0);
    expect(result.packages.map((p) => p.package_id).sort()).toEqual([...ids].sort());
    for (const p of result.packages)
      expect(p.predicted_key_types).toBe(corpus.truth.get(p.package_id)!.length);
    // upstream's logs are append-only: the errored packages have their old line and their new one.
    const lines = readFileSync(runPaths(input.runDir).packages, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(ids.length + broken.size);

    // A third start has nothing to retry and computes nothing.
    const before = [...requests.values()].reduce((a, b) => a + b, 0);
    await (await startTestRun(temporal.client, { ...input, retryErrors: true })).result();
    expect([...requests.values()].reduce((a, b) => a + b, 0)).toBe(before);
  });
});
