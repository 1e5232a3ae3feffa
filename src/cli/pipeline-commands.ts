// `run-all` and `phase2-targeted-run` (upstream smi-bench run-all and smi-phase2-targeted-run): upstream's
// multi-step commands, each one durable pipeline workflow whose runs are ordinary run workflows.
// Registered here so the CLI's main file gains one line; the work is loaded only when a command runs.
import { networkOption, rpcProtocolOption } from './chain-options.js';
import { frameworkDirOption } from './framework-option.js';
import { Option, type Command } from 'commander';
import { presetFlags } from '../benchmarks/cli-flags.js';
import { phase2Benchmark } from '../benchmarks/phase2/index.js';
import { targetedModelRun } from '../benchmarks/phase2/options.js';
import { DEFAULT_BASE_MANIFEST } from '../corpus/shipped-datasets.js';
import { integer } from './parse.js';
import type { CliIO } from './run-common.js';
import { SIMULATION_MODES } from '../contracts/simulation.js';

const RUN_ALL_HELP = `
Steps, as upstream: Phase I with mock-empty over N sampled packages (OUT/phase1.json) → the executable-subset
manifest of the corpus, its first N packages by id when N > 0 (OUT/phase2_ids.txt, phase2_plan.json,
phase2_viability.json) → Phase II with baseline-search (20 candidates) over the manifest
(OUT/phase2_execution.json), build-only, or dry-run when a sender other than 0x0 is given. One durable
workflow: the same command again joins it, or resumes it at the step it was in.`;

const TARGETED_HELP = `
Steps, as upstream: a baseline-search scan (build-only) of the base manifest → the ids with at least
--min-targets targets → a run of the model (SMI_MODEL at SMI_API_BASE_URL) over them → the ids that
created at least --min-hits targets, written to --signal-out. One durable workflow: the same command again
joins it or resumes it at its step; file names carry the time the pipeline first started.`;

function runAllCommand(program: Command, io: CliIO): void {
  program
    .command('run-all')
    .description(
      'Phase I → executable-subset manifest → Phase II, as one durable pipeline (upstream smi-bench run-all)',
    )
    .requiredOption('--corpus-root <dir>', 'corpus in the sui-packages layout')
    .requiredOption('--out-dir <dir>', 'where the five files go (created)')
    .option('--samples <n>', 'Phase I samples and the manifest limit (0 = all)', integer(-(2 ** 31)), 100)
    .option('--rpc-url <url>', 'Sui full node of the dry-run (default: --network, else mainnet)')
    .addOption(networkOption())
    .addOption(rpcProtocolOption())
    .option(
      '--sender <addr>',
      'transaction sender; other than 0x0, Phase II dry-runs at --rpc-url (default: Sui mainnet)',
    )
    .addOption(
      new Option(
        '--simulation-mode <mode>',
        "Phase II's simulation (default: upstream's choice from --sender)",
      ).choices([...SIMULATION_MODES]),
    )
    .addOption(frameworkDirOption())
    .option('--log-dir <dir>', 'parent of the run directories', 'logs')
    .option('--concurrency <n>', 'packages in flight per run', integer(1), 8)
    .option('--no-progress', 'do not show the live progress line')
    .addHelpText('after', RUN_ALL_HELP)
    .action(async (opts) => {
      const { runAll } = await import('./pipeline-launch.js');
      process.exitCode = await runAll(opts, process.argv.slice(1), io);
    });
}

function targetedRunCommand(program: Command, io: CliIO): void {
  const cmd = program
    .command('phase2-targeted-run')
    .description(
      'scan → filter by targets → model run → ids with hits, as one durable pipeline (upstream smi-phase2-targeted-run)',
    )
    .requiredOption('--corpus-root <dir>', 'corpus in the sui-packages layout')
    .option(
      '--base-manifest <file>',
      'ids to scan (default: this file, else the shipped standard_phase2_no_framework)',
      DEFAULT_BASE_MANIFEST,
    )
    .option('--min-targets <n>', 'keep packages with at least this many targets', integer(0), 2)
    .option('--min-hits <n>', 'signal packages: at least this many targets created', integer(0), 1)
    .option('--scan-samples <n>', 'packages of the scan', integer(0), 500)
    .option('--run-samples <n>', 'packages of the model run', integer(0), 50)
    .option('--rpc-url <url>', 'Sui full node of the dry-run (default: --network, else mainnet)')
    .addOption(networkOption())
    .addOption(rpcProtocolOption());
  // The model run's own settings: Phase II's flags, at the pipeline's defaults.
  for (const flag of presetFlags(phase2Benchmark, targetedModelRun)) cmd.addOption(flag);
  cmd
    .addOption(frameworkDirOption())
    .option('--signal-out <file>', 'the signal ids', 'results/signal_ids_hit_ge_1.txt')
    .option('--out-dir <dir>', 'where the scan, manifest and run results go', 'results')
    .option('--resume', 'accepted for upstream compatibility: running the same command again always resumes')
    .option('--log-dir <dir>', 'parent of the run directories', 'logs')
    .option('--concurrency <n>', 'packages in flight per run', integer(1), 8)
    .option('--dotenv <file>', 'dotenv file with the model settings (upstream: --env-file)', '.env')
    .option('--skip-preflight', 'start without asking the model for one tiny answer first', false)
    .option('--no-progress', 'do not show the live progress line')
    .addHelpText('after', TARGETED_HELP)
    .action(async (opts) => {
      const { runTargeted } = await import('./pipeline-launch.js');
      process.exitCode = await runTargeted(opts, process.argv.slice(1), io);
    });
}

export function registerPipelineCommands(program: Command, io: CliIO): void {
  runAllCommand(program, io);
  targetedRunCommand(program, io);
}
