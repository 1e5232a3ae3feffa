// The steps of upstream's multi-step commands (spec/harness.md §24.1 run-all, §24.4
// smi-phase2-targeted-run), as a pipeline's input. Each run is made by its benchmark's definition, as its
// run command makes it.
import { processConfig } from '../config/process-config.js';
import { join, resolve } from 'node:path';
import type { RealAgentSettings } from '../contracts/agent-settings.js';
import { benchmarkOptions, type RunContext, type RunFlags } from '../benchmarks/definition.js';
import type { TargetedModelRun } from '../benchmarks/phase2/options.js';
import { BENCHMARKS } from '../benchmarks/registry.js';
import type { RunCliOptions } from '../benchmarks/run-input.js';
import type { Phase2RunInput } from '../contracts/phase2-options.js';
import type { PipelineStep } from '../contracts/pipeline.js';
import type { RpcProtocol, SimulationMode, SuiNetwork } from '../contracts/simulation.js';

/** What every run of a pipeline shares: where, and under which name, its runs keep their directories. */
export interface PipelineRuns {
  /** Run ids are `<id>.<step>`, so the same command again finds its runs. */
  id: string;
  corpusRoot: string;
  logDir: string;
  concurrency: number;
  argv: string[];
}

function runOptions(p: PipelineRuns, step: string, samples: number, out: string): RunCliOptions {
  return {
    corpusRoot: p.corpusRoot,
    samples,
    seed: 0,
    concurrency: p.concurrency,
    runId: `${p.id}.${step}`,
    out,
    logDir: p.logDir,
    dotenv: '',
    detach: false,
    progress: false,
    log: false,
  };
}

type Phase2Flags = RunFlags<typeof BENCHMARKS.phase2.options>;

/** A Phase II run at upstream's settings except those given; its ids file may not exist yet. */
/** A step's run is made as its command's would be, without a dotenv file of its own. */
function runContext(p: PipelineRuns, settings: RealAgentSettings | null): RunContext {
  return { settings, dotenv: {}, argv: p.argv, config: processConfig(), env: process.env };
}

async function phase2Run(
  p: PipelineRuns,
  step: string,
  opts: Partial<Phase2Flags> & Pick<Phase2Flags, 'agent' | 'simulationMode' | 'samples'>,
  idsFile: string,
  out: string,
  settings: RealAgentSettings | null,
): Promise<Phase2RunInput> {
  const { phase2 } = BENCHMARKS;
  const runs = await phase2.runs();
  const input = (await runs.input(
    { ...runOptions(p, step, opts.samples, out), ...benchmarkOptions(phase2), ...opts },
    runContext(p, settings),
  )) as Phase2RunInput;
  // The ids come from an earlier step: set after the checks of an ids file that exists.
  return { ...input, idsFile: resolve(idsFile) };
}

/** Where Phase II simulates, as the pipeline's flags name it: the node of the chain modes, local's framework. */
function simulationSettings(s: SimulationSettings) {
  return {
    ...(s.rpcUrl ? { rpcUrl: s.rpcUrl } : {}),
    ...(s.network ? { network: s.network } : {}),
    ...(s.rpcProtocol ? { rpcProtocol: s.rpcProtocol } : {}),
    ...(s.frameworkDir ? { frameworkDir: s.frameworkDir } : {}),
  };
}

interface SimulationSettings {
  rpcUrl?: string;
  network?: SuiNetwork;
  rpcProtocol?: RpcProtocol;
  /** `--framework-dir` (local mode). */
  frameworkDir?: string;
}

/**
 * A pipeline's steps, and its Phase II run in the simulation mode the user chose: the run whose simulation
 * pre-flight (phase2's) is passed before the pipeline starts.
 */
export interface PipelineSteps {
  steps: PipelineStep[];
  simulated: Phase2RunInput;
}

export interface RunAllSettings extends SimulationSettings {
  outDir: string;
  samples: number;
  sender?: string;
  simulationMode: SimulationMode;
}

/** Phase I (mock-empty) → the executable-subset manifest → Phase II (baseline-search) over it. */
export async function runAllSteps(p: PipelineRuns, s: RunAllSettings): Promise<PipelineSteps> {
  const file = (name: string) => join(s.outDir, name);
  const { phase1: phase1Benchmark } = BENCHMARKS;
  const phase1 = await (
    await phase1Benchmark.runs()
  ).input(
    {
      ...runOptions(p, 'phase1', s.samples, file('phase1.json')),
      ...benchmarkOptions(phase1Benchmark, { agent: 'mock-empty' }),
    },
    runContext(p, null),
  );
  const phase2 = await phase2Run(
    p,
    'phase2',
    {
      agent: 'baseline-search',
      samples: 1_000_000,
      baselineMaxCandidates: 20,
      simulationMode: s.simulationMode,
      ...simulationSettings(s),
      ...(s.sender ? { sender: s.sender } : {}),
    },
    file('phase2_ids.txt'),
    file('phase2_execution.json'),
    null,
  );
  const steps: PipelineStep[] = [
    { kind: 'run', name: 'phase1', run: phase1 },
    {
      kind: 'manifest',
      name: 'manifest',
      corpusRoot: p.corpusRoot,
      outIds: file('phase2_ids.txt'),
      outPlan: file('phase2_plan.json'),
      outReport: file('phase2_viability.json'),
      ...(s.samples > 0 ? { limit: s.samples } : {}),
    },
    { kind: 'run', name: 'phase2', run: phase2 },
  ];
  return { steps, simulated: phase2 };
}

export interface TargetedRunSettings extends SimulationSettings {
  outDir: string;
  baseManifest: string;
  minTargets: number;
  minHits: number;
  scanSamples: number;
  runSamples: number;
  /** The model run's Phase II settings (its flags). */
  modelRun: TargetedModelRun;
  signalOut: string;
  /** Upstream's `int(time.time())` in the file names, fixed when the pipeline is first started. */
  stamp: number;
}

/** Scan (baseline-search, build-only) → ids with enough targets → model run → ids with enough hits. */
export async function targetedRunSteps(
  p: PipelineRuns,
  s: TargetedRunSettings,
  settings: RealAgentSettings,
): Promise<PipelineSteps> {
  const file = (name: string) => join(s.outDir, name);
  const scanOut = file(`phase2_targets_scan_${s.stamp}.json`);
  const manifest = file(`manifest_targets_ge${s.minTargets}_${s.stamp}.txt`);
  const runOut = file(`phase2_targeted_run_${s.stamp}.json`);
  const scan = await phase2Run(
    p,
    'scan',
    { agent: 'baseline-search', simulationMode: 'build-only', samples: s.scanSamples },
    s.baseManifest,
    scanOut,
    null,
  );
  const model = await phase2Run(
    p,
    'model',
    {
      agent: 'real-openai-compatible',
      samples: s.runSamples,
      ...s.modelRun,
      maxPlanningCalls: 25,
      ...simulationSettings(s),
    },
    manifest,
    runOut,
    settings,
  );
  const steps: PipelineStep[] = [
    { kind: 'run', name: 'scan', run: scan },
    {
      kind: 'filter',
      name: 'targets filter',
      by: 'targets',
      min: s.minTargets,
      resultFile: scanOut,
      out: manifest,
    },
    { kind: 'run', name: 'model run', run: model },
    { kind: 'filter', name: 'hits filter', by: 'hits', min: s.minHits, resultFile: runOut, out: s.signalOut },
  ];
  return { steps, simulated: model };
}
