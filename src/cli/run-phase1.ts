// `smi-bench phase1` (and `demo`): build the run input, start or join the run, watch it, report.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  loadRealAgentSettings,
  resolveApiKey,
  ConfigError,
  type RealAgentSettings,
} from '../agents/config.js';
import { parseDotenv } from '../core/dotenv.js';
import { defaultRunId, safeRunId } from '../core/run-id.js';
import type { Phase1Agent } from '../core/types.js';
import { resolveDataset } from '../corpus/ids-file.js';
import { runWorkflowId } from '../temporal/names.js';
import type { Phase1RunInput } from '../workflows/phase1-types.js';
import { UsageError } from './errors.js';
import { formatSummary } from './progress.js';
import { runNotes } from './run-notes.js';
import { withSession } from './session.js';
import { startRun, workflowUiUrl } from './start-run.js';
import { watchRun } from './watch.js';

export interface Phase1CliOptions {
  corpusRoot: string;
  samples: number;
  seed: number;
  packageIdsFile?: string;
  dataset?: string;
  agent: Phase1Agent;
  maxStructsInPrompt: number;
  perPackageTimeoutSeconds: number;
  includeTypeLists: boolean;
  concurrency: number;
  runId?: string;
  out?: string;
  logDir: string;
  dotenv: string;
  detach: boolean;
  progress: boolean;
}

export interface CliIO {
  /** stdout: results meant for people and pipes */
  out(line: string): void;
  /** stderr: status, progress and warnings */
  log(line: string): void;
}

export function readDotenvFile(path: string): Record<string, string> {
  return existsSync(path) ? parseDotenv(readFileSync(path, 'utf8')) : {};
}

export function datasetSearchDirs(env = process.env): string[] {
  return [env.SMI_DATASETS_DIR, 'manifests/datasets', 'manifests', 'datasets']
    .filter((d): d is string => Boolean(d))
    .map((d) => resolve(d));
}

async function resolveIdsFile(opts: Phase1CliOptions): Promise<string | null> {
  if (opts.packageIdsFile && opts.dataset)
    throw new UsageError('use either --package-ids-file or --dataset, not both');
  if (opts.packageIdsFile) {
    const path = resolve(opts.packageIdsFile);
    if (!existsSync(path)) throw new UsageError(`package ids file not found: ${path}`);
    return path;
  }
  if (opts.dataset) return resolveDataset(opts.dataset, datasetSearchDirs());
  return null;
}

function agentSettings(opts: Phase1CliOptions, dotenv: Record<string, string>): RealAgentSettings | null {
  if (opts.agent !== 'real-openai-compatible') return null;
  try {
    return loadRealAgentSettings(process.env, dotenv);
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message);
    throw err;
  }
}

export async function buildPhase1Input(
  opts: Phase1CliOptions,
  dotenv: Record<string, string>,
  argv: string[],
): Promise<Phase1RunInput> {
  const corpusRoot = resolve(opts.corpusRoot);
  if (!existsSync(corpusRoot) || !statSync(corpusRoot).isDirectory()) {
    throw new UsageError(`corpus root not found: ${corpusRoot}`);
  }
  const idsFile = await resolveIdsFile(opts);
  const runId = opts.runId ?? defaultRunId('phase1', new Date(), process.pid, randomBytes(3).toString('hex'));
  if (safeRunId(runId) !== runId) {
    throw new UsageError(
      `run id "${runId}" may only contain letters, digits, "-", "_" and "." (at most 120)`,
    );
  }
  return {
    phase: 'phase1',
    runId,
    runDir: resolve(opts.logDir, runId),
    corpusRoot,
    samples: opts.samples,
    idsFile,
    dataset: opts.dataset ?? null,
    concurrency: opts.concurrency,
    outFile: opts.out ? resolve(opts.out) : null,
    argv,
    options: {
      agent: opts.agent,
      agentSettings: agentSettings(opts, dotenv),
      seed: opts.seed,
      maxStructsInPrompt: opts.maxStructsInPrompt,
      perPackageTimeoutSeconds: opts.perPackageTimeoutSeconds,
      includeTypeLists: opts.includeTypeLists,
    },
  };
}

export async function runPhase1(opts: Phase1CliOptions, argv: string[], io: CliIO): Promise<number> {
  const dotenv = readDotenvFile(resolve(opts.dotenv));
  const input = await buildPhase1Input(opts, dotenv, argv);
  const keyFromHere = { resolveApiKey: () => resolveApiKey(process.env, dotenv) };
  if (input.options.agent === 'real-openai-compatible' && !process.env.TEMPORAL_ADDRESS) {
    // The in-process worker will call the model: fail now rather than on the first package.
    try {
      keyFromHere.resolveApiKey();
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
  return withSession({ log: io.log, worker: 'auto', llm: keyFromHere }, async (session) => {
    if (opts.detach && session.target.embedded) {
      throw new UsageError(
        '--detach needs a Temporal server that outlives this command: start `smi-bench server` or set TEMPORAL_ADDRESS',
      );
    }
    const outcome = await startRun(session, input);
    const workflowId = runWorkflowId('phase1', input.runId);
    const verb = { started: 'Started', attached: 'Joined running', finished: 'Found finished' }[outcome.kind];
    io.log(`${verb} Phase I run ${input.runId} (agent ${input.options.agent})`);
    io.log(`  run directory: ${input.runDir}`);
    const ui = workflowUiUrl(session, workflowId);
    if (ui) io.log(`  Temporal UI:   ${ui}`);
    if (!session.workers && !opts.detach)
      io.log('  waiting for `smi-bench worker` processes to do the work…');
    if (opts.detach) {
      io.log(`  detached; follow it with: smi-bench status ${input.runId}`);
      return 0;
    }
    const output = await watchRun(outcome.handle, { showProgress: opts.progress, log: io.log });
    // A run joined or found finished was started with its own --out: this command's goes here too.
    if (outcome.kind !== 'started' && input.outFile && input.outFile !== output.outFile) {
      await copyFile(output.resultPath, input.outFile);
      output.outFile = input.outFile;
    }
    for (const line of await runNotes(input.runDir)) io.log(line);
    for (const line of formatSummary(output)) io.out(line);
    return 0;
  });
}
