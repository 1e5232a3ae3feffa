// Records real workflow histories for the replay test (test/replay.test.ts). Run it after a deliberate
// change to workflow code, once the change is known to be safe for runs in flight:
//   npm run build && node dist/scripts/record-histories.js [--corpus DIR] [--only phase1|phase2|sandbox|helper]
// `--only SET` records one set and leaves the other sets' files as they are (another set's workflows may have
// changed behind `patched()`, and their old histories are what proves the patch safe).
// It starts its own throw-away dev server, a scripted model server on 127.0.0.1 and in-process workers,
// and runs two small Phase I runs over the demo corpus:
//  - `recorded`: 2 packages; the first model answer is empty (the struct budget is halved), the rest prose;
//  - `recorded-can`: 3 packages, one per history (continue-as-new), a `setConcurrency` update while it
//    runs, and a model that never answers for one package (the package times out).
// and two Phase II runs over the Sui framework (0x2) of the shared corpus (`--corpus DIR`, default
// ../shared/corpus beside the project):
//  - `recorded-p2-model`: the model asks to see more (need_more), then plans; the plan is simulated;
//  - `recorded-p2-baseline`: baseline-search, whose plans are simulated in one batch.
// and a sandbox run (`recorded-sandbox`) of one package of the shared corpus, wrapper_coin, over the
// framework beside it, and a helper run (`recorded-helper`) for 0x2 whose model's first helper does not
// build and whose second, written against the diagnostics, builds and runs.
// It saves the histories of every execution of the runs and of their packages. Histories of older workflow
// code kept under other names stay as they are (`*-remote-sim-*`: build-only simulated on the smi-sim queue;
// `helper-two-step-*`: a helper's build and run as two activities).
import { loadRealAgentSettings } from '../src/agents/config.js';
import { cp, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { writeDemoCorpus } from '../src/package-store/demo-corpus.js';
import { packageDirFor } from '../src/package-store/layout.js';
import { readManifestPage } from '../src/run-store/manifest.js';
import { PROJECT_ROOT } from '../src/project-root.js';
import { findTemporalBinary, startDevServer } from '../src/temporal/dev-server.js';
import { DEFAULT_NAMESPACE, TASK_QUEUES, packageWorkflowId, runWorkflowId } from '../src/temporal/names.js';
import { freePort } from '../src/temporal/ports.js';
import { readProcessConfig } from '../src/config/process-config.js';
import { startWorkers, workerSettings } from '../src/worker.js';
import type { benchmarkRun } from '../src/workflows/benchmark-run.js';
import { setConcurrencyUpdate } from '../src/workflows/run-api.js';
import type { Phase1RunInput } from '../src/contracts/phase1-options.js';
import { PHASE2_DEFAULT_OPTIONS } from '../src/benchmarks/phase2/index.js';
import type { Phase2Options, Phase2RunInput } from '../src/contracts/phase2-options.js';
import type { RunInput } from '../src/contracts/run.js';
import { SANDBOX_AGENT, type SandboxRunInput } from '../src/contracts/sandbox-options.js';
import { HELPER_DEFAULT_OPTIONS, type HelperRunInput } from '../src/contracts/helper-options.js';
import { startOpenAiStub } from '../perf/support/openai-stub.js';
import { brokenThenGood } from '../perf/support/helper-answers.js';

const SETS = ['phase1', 'phase2', 'sandbox', 'helper'] as const;
const args = parseArgs({ options: { corpus: { type: 'string' }, only: { type: 'string' } } }).values;
if (args.only !== undefined && !(SETS as readonly string[]).includes(args.only))
  throw new Error(`--only takes one of ${SETS.join(', ')}, not ${args.only}`);
const recording = (set: (typeof SETS)[number]): boolean => args.only === undefined || args.only === set;
const sharedCorpus = resolve(args.corpus ?? join(PROJECT_ROOT, '..', 'shared', 'corpus'));

const scratch = await mkdtemp(join(tmpdir(), 'smi-record-'));
const binary = findTemporalBinary();
if (!binary) throw new Error('install the Temporal CLI first: bash scripts/install-temporal.sh');
const server = await startDevServer({
  binary,
  port: await freePort(),
  uiPort: null,
  dbFile: join(scratch, 't.db'),
});
const corpusRoot = join(scratch, 'corpus');
await writeDemoCorpus(corpusRoot);
let emptySent = false;
let hangingPackage: string | null = null;
const stub = await startOpenAiStub({
  handler: (req) => {
    if (!emptySent) {
      emptySent = true;
      return { content: '' };
    }
    if (req.packageId !== null && req.packageId === hangingPackage) return { hangMs: 60_000 };
    return {
      content: `Here you go:\n\`\`\`json\n{"key_types": ["${req.packageId ?? '0x0'}::m::S"]}\n\`\`\``,
    };
  },
});
const FRAMEWORK = '0x0000000000000000000000000000000000000000000000000000000000000002';
const WRAPPER_COIN = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
/**
 * Copies packages of the shared corpus into a scratch corpus, so that histories name no folder of the
 * recording machine but a temporary one.
 */
async function scratchCorpus(name: string, ids: readonly string[]): Promise<string> {
  const root = join(scratch, name);
  for (const id of ids)
    await cp(packageDirFor(sharedCorpus, id), packageDirFor(root, id), { recursive: true });
  return root;
}
// The Phase II model: asks for one function, then plans a call of it.
let phase2Calls = 0;
const phase2Stub = await startOpenAiStub({
  handler: () =>
    phase2Calls++ === 0
      ? { content: JSON.stringify({ need_more: ['0x2::kiosk::default'] }) }
      : { content: JSON.stringify({ calls: [{ target: '0x2::kiosk::default', type_args: [], args: [] }] }) },
});
// The helper model: a helper that does not build, then, once shown the diagnostics, one that does.
const helperStub = await startOpenAiStub({ handler: (req) => brokenThenGood(req.prompt) });
const workers = await startWorkers(
  workerSettings(server.address, DEFAULT_NAMESPACE, { resolveApiKey: () => 'record' }, readProcessConfig({})),
);
const connection = await Connection.connect({ address: server.address });
const outDir = join(PROJECT_ROOT, 'test', 'histories');

function runInput(runId: string, samples: number, overrides: Partial<Phase1RunInput>): Phase1RunInput {
  return {
    phase: 'phase1',
    runId,
    runDir: join(scratch, 'logs', runId),
    corpusRoot,
    samples,
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
    ...overrides,
  };
}

/**
 * The histories are committed: stack traces of recorded failures lose this checkout's location and worker
 * identities their host name (replay reads neither).
 */
function withoutMachineDetails(json: string): string {
  return json
    .replaceAll(`file://${PROJECT_ROOT}/`, 'file://<project>/')
    .replaceAll(`${PROJECT_ROOT}/`, '<project>/')
    .replace(/"identity": "\d+@[^"]*"/g, '"identity": "recorded-worker"');
}

try {
  const client = new Client({ connection, namespace: DEFAULT_NAMESPACE });
  await mkdir(outDir, { recursive: true });

  /** Saves every execution of a workflow id (continue-as-new makes several), oldest first. */
  const saveAll = async (workflowId: string, file: (n: number) => string) => {
    const executions = [];
    for await (const e of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) executions.push(e);
    executions.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
    for (const [n, e] of executions.entries()) {
      const history = await client.workflow.getHandle(workflowId, e.runId).fetchHistory();
      await writeFile(join(outDir, file(n)), withoutMachineDetails(historyToJSON(history)) + '\n');
      console.log(`saved ${file(n)}`);
    }
  };
  /** Starts a run and waits for its end. */
  const runToEnd = (input: RunInput) =>
    client.workflow
      .start<typeof benchmarkRun>('benchmarkRun', {
        workflowId: runWorkflowId(input.phase, input.runId),
        taskQueue: TASK_QUEUES.orchestration,
        args: [input],
      })
      .then((h) => h.result());
  const savePackages = async (input: RunInput, prefix: string) => {
    for (const entry of await readManifestPage(input.runDir, 0, Math.max(1, input.samples))) {
      const id = packageWorkflowId(input.phase, input.runId, entry.index, entry.packageId);
      await saveAll(id, () => `${prefix}-package-${entry.index}.json`);
    }
  };

  if (recording('phase1')) {
    const plain = runInput('recorded', 2, {});
    await runToEnd(plain);
    await saveAll(runWorkflowId('phase1', plain.runId), () => 'phase1-run.json');
    await savePackages(plain, 'phase1');

    const eventful = runInput('recorded-can', 3, { concurrency: 1, packagesPerHistory: 1 });
    eventful.options = { ...eventful.options, perPackageTimeoutSeconds: 4 };
    hangingPackage = (await readDemoIds(eventful))[1] ?? null;
    const handle = await client.workflow.start<typeof benchmarkRun>('benchmarkRun', {
      workflowId: runWorkflowId('phase1', eventful.runId),
      taskQueue: TASK_QUEUES.orchestration,
      args: [eventful],
    });
    await handle.executeUpdate(setConcurrencyUpdate, { args: [2] });
    await handle.result();
    await saveAll(handle.workflowId, (n) => `phase1-run-can-${n}.json`);
    await savePackages(eventful, 'phase1-can');
  }

  if (recording('phase2')) {
    const frameworkCorpus = await scratchCorpus('framework-corpus', [FRAMEWORK]);
    const idsFile = join(scratch, 'framework-ids.txt');
    await writeFile(idsFile, `${FRAMEWORK}\n`);
    for (const [name, options] of [
      [
        'model',
        {
          agent: 'real-openai-compatible',
          agentSettings: loadRealAgentSettings(
            { SMI_MODEL: 'stub-model', SMI_API_BASE_URL: phase2Stub.baseUrl },
            {},
          ),
          maxPlanAttempts: 1,
        },
      ],
      ['baseline', { agent: 'baseline-search', baselineMaxCandidates: 3 }],
    ] as const) {
      const input = phase2Input(`recorded-p2-${name}`, frameworkCorpus, idsFile, options);
      await runToEnd(input);
      await saveAll(runWorkflowId('phase2', input.runId), () => `phase2-${name}-run.json`);
      await savePackages(input, `phase2-${name}`);
    }
  }

  if (recording('sandbox')) {
    // wrapper_coin needs nothing beyond the framework, which the sandbox reads from the run's corpus.
    const corpus = await scratchCorpus('sandbox-corpus', ['0x1', FRAMEWORK, '0x3', WRAPPER_COIN]);
    const input = sandboxInput('recorded-sandbox', corpus, [WRAPPER_COIN]);
    await runToEnd(input);
    await saveAll(runWorkflowId('sandbox', input.runId), () => 'sandbox-run.json');
    await savePackages(input, 'sandbox');
  }

  if (recording('helper')) {
    // The framework the helper is built against and run beside, from the run's corpus.
    const corpus = await scratchCorpus('helper-corpus', ['0x1', FRAMEWORK, '0x3']);
    const input = helperInput('recorded-helper', corpus, [FRAMEWORK], helperStub.baseUrl);
    await runToEnd(input);
    await saveAll(runWorkflowId('helper', input.runId), () => 'helper-run.json');
    await savePackages(input, 'helper');
  }
} finally {
  await connection.close();
  await workers.shutdown();
  await stub.close();
  await phase2Stub.close();
  await helperStub.close();
  await server.stop();
  await rm(scratch, { recursive: true, force: true });
}

function phase2Input(
  runId: string,
  frameworkCorpus: string,
  idsFile: string,
  options: Partial<Phase2Options>,
): Phase2RunInput {
  return {
    phase: 'phase2',
    runId,
    runDir: join(scratch, 'logs', runId),
    corpusRoot: frameworkCorpus,
    samples: 1,
    idsFile,
    dataset: null,
    concurrency: 1,
    outFile: null,
    argv: ['smi-bench', 'phase2'],
    options: {
      ...PHASE2_DEFAULT_OPTIONS,
      perPackageTimeoutSeconds: 60,
      includeCreatedTypes: true,
      ...options,
    },
  };
}

/** What a one-at-a-time run over listed package ids holds besides its options, in the CLI's field order. */
function listedRun<P extends 'sandbox' | 'helper'>(
  phase: P,
  runId: string,
  corpusRoot: string,
  packageIds: string[],
) {
  return {
    phase,
    runId,
    runDir: join(scratch, 'logs', runId),
    corpusRoot,
    samples: 0,
    idsFile: null,
    packageIds,
    dataset: null,
    concurrency: 1,
    outFile: null,
    argv: ['smi-bench', phase],
  };
}

function sandboxInput(runId: string, corpusRoot: string, packageIds: string[]): SandboxRunInput {
  return {
    ...listedRun('sandbox', runId, corpusRoot, packageIds),
    options: {
      agent: SANDBOX_AGENT,
      agentSettings: null,
      seed: 0,
      frameworkDir: null,
      tierAOnly: false,
      corpusRoot,
    },
  };
}

function helperInput(
  runId: string,
  corpusRoot: string,
  packageIds: string[],
  baseUrl: string,
): HelperRunInput {
  return {
    ...listedRun('helper', runId, corpusRoot, packageIds),
    options: {
      ...HELPER_DEFAULT_OPTIONS,
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings({ SMI_MODEL: 'stub-model', SMI_API_BASE_URL: baseUrl }, {}),
      corpusRoot,
      perPackageTimeoutSeconds: 120,
    },
  };
}

/** The ids the run will select, in order, read from a throw-away preparation of the same selection. */
async function readDemoIds(input: Phase1RunInput): Promise<string[]> {
  const { discoverPackages } = await import('../src/package-store/discover.js');
  const { selectPackages } = await import('../src/core/selection.js');
  const { packages } = await discoverPackages(input.corpusRoot);
  return selectPackages({ packages, samples: input.samples, seed: input.options.seed }).selected.map(
    (p) => p.package_id,
  );
}
