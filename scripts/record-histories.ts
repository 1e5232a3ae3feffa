// Records real workflow histories for the replay test (test/replay.test.ts). Run it after a deliberate
// change to workflow code, once the change is known to be safe for runs in flight:
//   npm run build && node dist/scripts/record-histories.js
// It starts its own throw-away dev server, a scripted model server on 127.0.0.1 and in-process workers,
// runs a small Phase I run over the demo corpus, and saves the histories of the run and of its packages.
import { loadRealAgentSettings } from '../src/agents/config.js';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { writeDemoCorpus } from '../src/move/index.js';
import { readManifestPage } from '../src/run-store/manifest.js';
import { PROJECT_ROOT } from '../src/project-root.js';
import { findTemporalBinary, startDevServer } from '../src/temporal/dev-server.js';
import { DEFAULT_NAMESPACE, TASK_QUEUES, packageWorkflowId, runWorkflowId } from '../src/temporal/names.js';
import { freePort } from '../src/temporal/ports.js';
import { startWorkers, workerSettingsFromEnv } from '../src/worker.js';
import type { phase1Run } from '../src/workflows/phase1-run.js';
import type { Phase1RunInput } from '../src/workflows/phase1-types.js';
import { startOpenAiStub } from '../perf/support/openai-stub.js';

const scratch = await mkdtemp(join(tmpdir(), 'smi-record-'));
const binary = findTemporalBinary();
if (!binary) throw new Error('install the Temporal CLI first: bash scripts/install-temporal.sh');
const server = await startDevServer({
  binary,
  port: await freePort(),
  uiPort: null,
  dbFile: join(scratch, 't.db'),
});
// The first package answers with an empty message once (so the struct budget is halved), the rest in prose.
let emptySent = false;
const stub = await startOpenAiStub({
  handler: (req) => {
    if (!emptySent) {
      emptySent = true;
      return { content: '' };
    }
    return {
      content: `Here you go:\n\`\`\`json\n{"key_types": ["${req.packageId ?? '0x0'}::m::S"]}\n\`\`\``,
    };
  },
});
const workers = await startWorkers(
  workerSettingsFromEnv(server.address, { resolveApiKey: () => 'record' }, {}),
);
const connection = await Connection.connect({ address: server.address });
try {
  const client = new Client({ connection, namespace: DEFAULT_NAMESPACE });
  const corpusRoot = join(scratch, 'corpus');
  await writeDemoCorpus(corpusRoot);
  const runId = 'recorded';
  const input: Phase1RunInput = {
    runId,
    runDir: join(scratch, 'logs', runId),
    corpusRoot,
    samples: 2,
    idsFile: null,
    dataset: null,
    concurrency: 2,
    outFile: null,
    argv: ['smi-bench', 'phase1'],
    options: {
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings(
        { SMI_MODEL: 'stub-model', SMI_API_BASE_URL: stub.baseUrl, SMI_MAX_REQUEST_RETRIES: '2' },
        {},
      ),
      seed: 0,
      maxStructsInPrompt: 40,
      perPackageTimeoutSeconds: 60,
      includeTypeLists: false,
    },
  };
  const handle = await client.workflow.start<typeof phase1Run>('phase1Run', {
    workflowId: runWorkflowId('phase1', runId),
    taskQueue: TASK_QUEUES.orchestration,
    args: [input],
  });
  await handle.result();
  const outDir = join(PROJECT_ROOT, 'test', 'histories');
  await mkdir(outDir, { recursive: true });
  const save = async (workflowId: string, file: string) => {
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    await writeFile(join(outDir, file), historyToJSON(history) + '\n');
    console.log(`saved ${file}`);
  };
  await save(handle.workflowId, 'phase1-run.json');
  for (const entry of await readManifestPage(input.runDir, 0, input.samples)) {
    await save(packageWorkflowId('phase1', runId, entry.packageId), `phase1-package-${entry.index}.json`);
  }
} finally {
  await connection.close();
  await workers.shutdown();
  await stub.close();
  await server.stop();
  await rm(scratch, { recursive: true, force: true });
}
