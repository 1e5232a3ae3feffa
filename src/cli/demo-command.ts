// `smi-bench demo`: Phase I on a small corpus of real .mv packages that smi-bench writes itself, with a mock
// agent, then with a real model run in-process (SmolLM2-135M, `--agent local-llm`): no API key, no data from
// elsewhere. The two scores close the demo side by side.
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { ensureDefaultLocalModel } from '../agents/local-model-file.js';
import { LOCAL_AGENT } from '../agents/local-model.js';
import { benchmarkOptions, type RunFlags } from '../benchmarks/definition.js';
import { BENCHMARKS } from '../benchmarks/registry.js';
import { defaultRunId } from '../core/run-id.js';
import { writeDemoCorpus } from '../package-store/demo-corpus.js';
import type { DevServer } from '../temporal/dev-server.js';
import { isPortOpen } from '../temporal/ports.js';
import { processConfig } from '../config/process-config.js';
import { smiHome } from '../smi-home.js';
import { localServerPorts, noteServerStartedHere } from '../temporal/target.js';
import { namespaceFromEnv } from '../temporal/names.js';
import { DEFAULT_VIEW_PORT } from '../view/defaults.js';
import { runBenchmark } from './run-benchmark.js';
import type { CliIO } from './run-common.js';
import { serveUntilStopped, startSmiBenchServer } from './server-command.js';
import { formatDemoScores } from './demo-scores.js';
import { shellWord } from './shell-word.js';

const { phase1 } = BENCHMARKS;

type Phase1Flags = RunFlags<typeof phase1.options>;

export type DemoCliOptions = Pick<
  Phase1Flags,
  'agent' | 'seed' | 'concurrency' | 'runId' | 'out' | 'logDir' | 'dotenv' | 'progress'
> & {
  /** Keep the server (and the UI links printed during the run) up after the run, until Ctrl-C. */
  keepServer: boolean;
  /** false with `--no-local-llm`: the mock run only. */
  localLlm: boolean;
};

export async function runDemo(opts: DemoCliOptions, argv: string[], io: CliIO): Promise<number> {
  const { keepServer, localLlm, ...runOpts } = opts;
  const corpusRoot = join(smiHome(), 'demo-corpus');
  const packages = await writeDemoCorpus(corpusRoot);
  io.log(`Demo corpus: ${packages.length} generated packages in ${corpusRoot}`);
  if (opts.agent === 'mock-noisy') {
    io.log(
      "Agent mock-noisy is upstream's mock: for every package it draws from a fresh random stream seeded " +
        'with --seed, the same stream each time, keeps the true key structs (in sorted order) whose draw is ' +
        'below 0.7 and adds five made-up ones. With seed 0 the first two draws are 0.84 and 0.76, so a ' +
        "package's first two key structs are always dropped: scores are low on purpose, and not what a 0.7 " +
        'chance per struct would give. --agent mock-perfect scores 1.0; real-openai-compatible asks a model.',
    );
  }
  const twoRuns = localLlm && opts.agent !== LOCAL_AGENT;
  // Both runs on one server: otherwise each would start and stop its own.
  const started = keepServer || twoRuns ? await startDemoServer(io, keepServer) : null;
  const runId =
    runOpts.runId ?? defaultRunId(phase1.name, new Date(), process.pid, randomBytes(3).toString('hex'));
  const phase1Run = (agent: Phase1Flags['agent'], id: string, out?: string) =>
    runBenchmark(
      phase1,
      {
        ...runOpts,
        runId: id,
        out,
        corpusRoot,
        samples: 0,
        ...benchmarkOptions(phase1, { agent, includeTypeLists: true }),
        detach: false,
      },
      argv,
      io,
    );
  const runIds = [runId];
  let code: number;
  try {
    code = await phase1Run(opts.agent, runId, runOpts.out);
    if (code === 0 && twoRuns) {
      await ensureDefaultLocalModel(io.log);
      io.log('');
      io.log('Now a real model on the same packages: SmolLM2-135M run in this process (--agent local-llm).');
      const localRunId = `${runId}-local-llm`;
      runIds.push(localRunId);
      code = await phase1Run(LOCAL_AGENT, localRunId);
      if (code === 0) {
        const runDir = (id: string) => resolve(runOpts.logDir, id);
        const table = await formatDemoScores([
          { label: opts.agent, runDir: runDir(runId) },
          { label: `${LOCAL_AGENT} (SmolLM2-135M)`, runDir: runDir(localRunId) },
        ]);
        io.out('');
        for (const line of table) io.out(line);
      }
    }
  } catch (err) {
    await started?.stop();
    throw err;
  }
  if (code === 0) for (const line of nextSteps(runIds, runOpts.logDir)) io.out(line);
  if (!started) return code;
  if (!keepServer) {
    await started.stop();
    io.log(
      `Stopped the Temporal dev server this demo started${started.uiUrl ? `; its UI (${started.uiUrl}) is gone with it` : ''}. ` +
        'Run the demo with --keep-server to keep it, or keep `smi-bench server` running in another terminal.',
    );
    return code;
  }
  io.log(
    `The Temporal server stays up${started.uiUrl ? `, with its UI at ${started.uiUrl} (the run's link above works)` : ''}. ` +
      'Press Ctrl-C to stop it.',
  );
  return serveUntilStopped(started);
}

/** The commands to try next on the demo's runs, exactly as they work from the folder the demo ran in. */
function nextSteps(runIds: string[], logDir: string): string[] {
  const dir = shellWord(logDir);
  return [
    '',
    'Next, with these runs:',
    `  npx smi-bench report ${runIds.join(' ')} --log-dir ${dir} --out demo-report.html   # leaderboard, figures, every package: one HTML file`,
    `  npx smi-bench view --log-dir ${dir}   # every run in a browser, at http://127.0.0.1:${DEFAULT_VIEW_PORT}/`,
  ];
}

/**
 * Starts the server the runs will then find on smi-bench's local port, so that it is this command's (to
 * keep, with --keep-server, or to stop at the end). Null when the runs use a server someone else runs.
 */
async function startDemoServer(io: CliIO, keep: boolean): Promise<DevServer | null> {
  if (process.env.TEMPORAL_ADDRESS) {
    if (keep)
      io.log('--keep-server: the server of TEMPORAL_ADDRESS is not this command’s; it stays as it is.');
    return null;
  }
  const { port } = localServerPorts(processConfig());
  if (await isPortOpen('127.0.0.1', port)) {
    if (keep)
      io.log(`--keep-server: a server already listens on port ${port}; it is not this command’s to keep.`);
    return null;
  }
  const server = await startSmiBenchServer({ ip: '127.0.0.1', headless: false }, io.log);
  // The runs find it on the port and would call it a server found running: this line is its one story.
  noteServerStartedHere(server.address);
  io.log(
    `Temporal: dev server ${server.address} started by this demo for its runs, namespace "${namespaceFromEnv()}"` +
      (server.uiUrl ? `, UI ${server.uiUrl}` : '') +
      '; worker in this process; ' +
      (keep ? 'it stays up after the runs (--keep-server), until Ctrl-C' : 'it stops when the demo ends'),
  );
  return server;
}
