// From the flags of `run-all` and `phase2-targeted-run` to a pipeline: checked, built, started.
import { existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DEFAULT_BASE_MANIFEST, shippedDatasetPath } from '../corpus/shipped-datasets.js';
import { presetValues } from '../benchmarks/definition.js';
import { targetedModelRun, type TargetedModelRun } from '../benchmarks/phase2/options.js';
import { idsNotInCorpus } from '../benchmarks/corpus-ids.js';
import { checkIdsFile } from '../benchmarks/run-input.js';
import { BENCHMARKS } from '../benchmarks/registry.js';
import { UsageError } from '../usage-error.js';
import { pipelineId, runPipeline } from './pipeline-run.js';
import { runAllSteps, targetedRunSteps } from './pipeline-steps.js';
import { modelSettings, readDotenvFile, runModelAccess, type CliIO } from './run-common.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';
import type { RunInput } from '../contracts/run.js';
import type { RpcProtocol, SimulationMode, SuiNetwork } from '../contracts/simulation.js';

/** The pre-flight of the run that simulates, as its benchmark checks it before a run of its own starts. */
async function preflight(run: RunInput, io: CliIO): Promise<void> {
  const runs = await BENCHMARKS[run.phase].runs();
  await runs.preflight?.(run, io);
}

interface SharedFlags {
  corpusRoot: string;
  outDir: string;
  logDir: string;
  concurrency: number;
  rpcUrl?: string;
  network?: SuiNetwork;
  rpcProtocol?: RpcProtocol;
  simulationMode?: SimulationMode;
  frameworkDir?: string;
  progress: boolean;
}

function checkCorpus(root: string): string {
  const corpusRoot = resolve(root);
  if (!existsSync(corpusRoot) || !statSync(corpusRoot).isDirectory())
    throw new UsageError(`corpus root not found: ${corpusRoot}`);
  return corpusRoot;
}

export interface RunAllFlags extends SharedFlags {
  samples: number;
  sender?: string;
}

export async function runAll(flags: RunAllFlags, argv: string[], io: CliIO): Promise<number> {
  if (flags.samples < 0) throw new UsageError(`--samples must be 0 or more, got ${flags.samples}`);
  const corpusRoot = checkCorpus(flags.corpusRoot);
  const outDir = resolve(flags.outDir);
  const frameworkDir = flags.frameworkDir ? resolve(flags.frameworkDir) : undefined;
  // Upstream: dry-run when a real sender is given, else build-only.
  const dryRun = flags.sender !== undefined && flags.sender !== '0x0';
  const simulationMode = flags.simulationMode ?? (dryRun ? 'dry-run' : 'build-only');
  const identity = {
    corpusRoot,
    outDir,
    samples: flags.samples,
    rpcUrl: flags.rpcUrl,
    network: flags.network,
    rpcProtocol: flags.rpcProtocol === 'grpc' ? undefined : flags.rpcProtocol,
    sender: flags.sender,
    simulationMode,
    // Undefined when not given: the id's JSON leaves it out, as before the flag existed.
    frameworkDir,
  };
  const id = pipelineId('run-all', identity);
  const { steps, simulated } = await runAllSteps(
    { id, corpusRoot, logDir: resolve(flags.logDir), concurrency: flags.concurrency, argv },
    {
      outDir,
      samples: flags.samples,
      simulationMode,
      ...(flags.rpcUrl ? { rpcUrl: flags.rpcUrl } : {}),
      ...(flags.network ? { network: flags.network } : {}),
      ...(flags.rpcProtocol ? { rpcProtocol: flags.rpcProtocol } : {}),
      ...(frameworkDir ? { frameworkDir } : {}),
      ...(dryRun ? { sender: flags.sender } : {}),
    },
  );
  await preflight(simulated, io);
  await mkdir(outDir, { recursive: true });
  return runPipeline(
    { command: 'run-all', id, steps, model: null, skipPreflight: true, progress: flags.progress },
    io,
  );
}

export interface TargetedFlags extends Omit<SharedFlags, 'simulationMode'>, TargetedModelRun {
  baseManifest: string;
  minTargets: number;
  minHits: number;
  scanSamples: number;
  runSamples: number;
  signalOut: string;
  dotenv: string;
  skipPreflight: boolean;
}

/**
 * The base manifest must name packages of the corpus: a manifest of none of them would run a scan of
 * nothing (refused, before anything starts). Ids the corpus lacks are dropped by the scan, as upstream
 * drops them; one line says how many.
 */
async function checkBaseManifest(baseManifest: string, corpusRoot: string, io: CliIO): Promise<void> {
  if (!existsSync(baseManifest)) throw new UsageError(`--base-manifest ${baseManifest} does not exist`);
  const ids = [...new Set(checkIdsFile(baseManifest))];
  const unknown = await idsNotInCorpus(corpusRoot, ids);
  if (unknown.length === ids.length)
    throw new UsageError(
      `none of the ${ids.length} ids of --base-manifest ${baseManifest} is in the corpus ${corpusRoot} ` +
        `(first: ${unknown[0]})`,
    );
  if (unknown.length > 0)
    io.log(
      `warning: ${unknown.length} of the ${ids.length} ids of --base-manifest ${baseManifest} are not in the ` +
        `corpus (first: ${unknown[0]}); the scan leaves them out`,
    );
}

/** The flag's file; upstream's default path when the working directory has it, else the shipped list. */
function baseManifestPath(flag: string): string {
  const path = resolve(flag);
  return flag === DEFAULT_BASE_MANIFEST && !existsSync(path)
    ? shippedDatasetPath('standard_phase2_no_framework')
    : path;
}

export async function runTargeted(flags: TargetedFlags, argv: string[], io: CliIO): Promise<number> {
  const corpusRoot = checkCorpus(flags.corpusRoot);
  const baseManifest = baseManifestPath(flags.baseManifest);
  await checkBaseManifest(baseManifest, corpusRoot, io);
  const dotenv = readDotenvFile(resolve(flags.dotenv));
  const settings = modelSettings(true, dotenv) as RealAgentSettings;
  const model = runModelAccess(settings, dotenv, io);
  const outDir = resolve(flags.outDir);
  const signalOut = resolve(flags.signalOut);
  const {
    progress: _progress,
    skipPreflight: _skip,
    dotenv: _dotenv,
    ...identity
  } = {
    ...flags,
    // gRPC, the default, leaves the identity of pipelines started before it was a choice unchanged.
    rpcProtocol: flags.rpcProtocol === 'grpc' ? undefined : flags.rpcProtocol,
    corpusRoot,
    baseManifest,
    outDir,
    signalOut,
    frameworkDir: flags.frameworkDir ? resolve(flags.frameworkDir) : undefined,
    model: settings.model,
    baseUrl: settings.base_url,
  };
  const id = pipelineId('phase2-targeted-run', identity);
  const { steps, simulated } = await targetedRunSteps(
    { id, corpusRoot, logDir: resolve(flags.logDir), concurrency: flags.concurrency, argv },
    {
      outDir,
      baseManifest,
      minTargets: flags.minTargets,
      minHits: flags.minHits,
      scanSamples: flags.scanSamples,
      runSamples: flags.runSamples,
      modelRun: presetValues(targetedModelRun, flags),
      signalOut,
      stamp: Math.floor(Date.now() / 1000),
      ...(flags.rpcUrl ? { rpcUrl: flags.rpcUrl } : {}),
      ...(flags.network ? { network: flags.network } : {}),
      ...(flags.rpcProtocol ? { rpcProtocol: flags.rpcProtocol } : {}),
      ...(identity.frameworkDir ? { frameworkDir: identity.frameworkDir } : {}),
    },
    settings,
  );
  await preflight(simulated, io);
  await mkdir(outDir, { recursive: true });
  return runPipeline(
    {
      command: 'phase2-targeted-run',
      id,
      steps,
      model,
      skipPreflight: flags.skipPreflight,
      progress: flags.progress,
    },
    io,
  );
}
