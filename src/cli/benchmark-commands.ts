// The run commands of the benchmarks (phase1, phase2, sandbox, helper): the corpus and its selection, each
// benchmark's own options made from its definition (src/benchmarks), the run's settings, upstream's flags.
// Each command's work is loaded only when it runs.
import { Command, Option } from 'commander';
import { addBenchmarkFlags } from '../benchmarks/cli-flags.js';
import type { AnyBenchmark } from '../benchmarks/definition.js';
import type { BenchmarkRegistry } from '../benchmarks/registry.js';
import { registerHelperCommand } from './helper-options.js';
import { integer, positiveNumber } from './parse.js';
import type { CliIO } from './run-common.js';
import { SANDBOX_UPSTREAM_ONLY, flagNames } from '../benchmarks/sandbox/upstream-flags.js';

const DETACH_HELP = 'start the run and return; follow it with `status` / `resume`';

// Upstream calls this --env-file, but Node 20 itself consumes an `--env-file` argument placed anywhere.
export const DOTENV_HELP =
  'dotenv file with SMI_API_KEY, SMI_MODEL, SMI_API_BASE_URL … (upstream: --env-file)';

/** The corpus and which of its packages a run takes. */
function selectionOptions(cmd: Command): Command {
  return cmd
    .requiredOption(
      '--corpus-root <dir>',
      'corpus in the sui-packages layout (<root>/<prefix>/<id>/bytecode_modules)',
    )
    .option(
      '--samples <n>',
      'packages to sample (0 = all); with an ids file: its first n ids (default 25; 0 with --batch-size)',
      integer(0),
      25,
    )
    .option('--package-ids-file <file>', 'process these package ids, in file order')
    .option(
      '--dataset <name>',
      'ids file <name>.txt from $SMI_DATASETS_DIR, ./manifests/datasets, ./manifests, ./datasets, else ' +
        'the ones smi-bench ships (upstream’s: type_inhabitation_top25 …); `smi-bench datasets` lists them',
    )
    .option(
      '--batch-size <n>',
      'run the packages in batches of n, one after the other, writing the result so far (--out) after each',
      integer(1),
    );
}

/**
 * Upstream's batch scripts went through the whole manifest: with `--batch-size` and no `--samples`, the
 * run takes every selected package (`--samples 0`) rather than the default 25.
 */
function batchDefaults<O extends { batchSize?: number; samples: number }>(opts: O, cmd: Command): O {
  return opts.batchSize !== undefined && cmd.getOptionValueSource('samples') === 'default'
    ? { ...opts, samples: 0 }
    : opts;
}

export function runOptions(cmd: Command): Command {
  return cmd
    .option('--seed <n>', 'sampling seed (also seeds the mock agents)', integer(-(2 ** 53), 2 ** 53), 0)
    .option('--concurrency <n>', 'packages processed at the same time', integer(1, 1000), 8)
    .option('--run-id <id>', 'name of the run; starting the same run id again continues it')
    .option('--out <file>', 'also write the result JSON here (it is always in the run directory)')
    .option('--log-dir <dir>', 'parent folder of run directories', 'logs')
    .option('--dotenv <file>', DOTENV_HELP, '.env')
    .option('--no-progress', 'do not show the live progress line');
}

/** Upstream's flags of the run commands that stop before a run, or do not apply here (and say why). */
function upstreamFlags(cmd: Command): Command {
  return cmd
    .option(
      '--doctor-agent',
      'check the model: print the settings (key redacted), ask the endpoint for its models and one tiny answer; no run',
      false,
    )
    .option('--smoke-agent', 'one real request to the model through the agent, then exit; no run', false)
    .option(
      '--max-cost-usd <usd>',
      'start no package that could take the run’s model cost past this (needs a price: SMI_PRICE_*)',
      positiveNumber,
    )
    .option(
      '--max-total-tokens <n>',
      'start no package that could take the run’s tokens past this',
      integer(1),
    )
    .option(
      '--model-path <file>',
      'the GGUF model of --agent local-llm (default: SmolLM2-135M-Instruct, installed by scripts/install-model.sh)',
    )
    .option(
      '--structured',
      'offer the endpoint each phase’s answer schema (response_format json_schema); local models always use it',
      false,
    )
    .option('--cache', 'answer from the answer cache even at a temperature above 0')
    .option('--no-cache', 'always ask the model (default: the answer cache is used at temperature 0)')
    .option(
      '--skip-preflight',
      'start a model run without first asking the model for one tiny answer (from the worker that will call it)',
      false,
    )
    .option(
      '--no-log',
      'no events.jsonl / packages.jsonl (upstream logs); rows, result and run_metadata.json are kept, as resume needs them',
    )
    .addOption(new Option('--rust-bin <path>', 'upstream only: the extractor is built in').hideHelp())
    .addOption(new Option('--build-rust', 'upstream only: the extractor is built in').hideHelp());
}

const SANDBOX_HELP = `
Each package of the corpus is a child workflow of the run; one activity on the simulation queue loads the
package with the Move framework (from the corpus, or --framework-dir) and the corpus packages it depends on,
then, for every public or entry function: Tier A makes up an argument per parameter (zeros, empty vectors,
TxContext, the Clock, structs built by public constructors or chains of them, else field by field), Tier B runs the function in
one transaction in the in-process Move VM, constructor calls first with their results passed on.
The run directory gets rows/, packages.jsonl, benchmark_local.jsonl and result.json (counts per stage);
--output gets the benchmark_local.jsonl lines. \`status\`, \`results\` and \`resume\` work as for the phases.

Upstream flags that do not apply are refused with the reason: ${SANDBOX_UPSTREAM_ONLY.map(flagNames).join(', ')}.`;

/**
 * A benchmark's run command: the corpus and its selection, the benchmark's own options (from its
 * definition), the run's settings, then upstream's flags.
 */
function runCommand(program: Command, benchmark: AnyBenchmark): Command {
  const cmd = selectionOptions(program.command(benchmark.name).description(benchmark.description));
  return upstreamFlags(runOptions(addBenchmarkFlags(cmd, benchmark).option('--detach', DETACH_HELP, false)));
}

/** `smi-bench sandbox`: upstream's benchmark-local on the run engine. */
function sandboxCommand(program: Command, sandbox: AnyBenchmark, io: CliIO): void {
  const hidden = (flags: string) => new Option(flags, 'upstream only (refused with the reason)').hideHelp();
  const cmd = program
    .command(sandbox.name)
    .description(sandbox.description)
    .requiredOption(
      '--corpus-root <dir>',
      'corpus in the sui-packages layout (<root>/<prefix>/<id>/bytecode_modules)',
    )
    .option('--package-ids-file <file>', 'process these package ids, in file order')
    .option('--dataset <name>', 'ids file <name>.txt, as for phase1')
    .option('--samples <n>', 'packages to sample (0 = all)', integer(0), 0);
  addBenchmarkFlags(cmd, sandbox)
    .option('--run-id <id>', 'name of the run; starting the same run id again continues it')
    .option('--log-dir <dir>', 'parent folder of run directories', 'logs')
    .option('--no-progress', 'do not show the live progress line')
    .option('--no-log', 'no events.jsonl / packages.jsonl; rows, results and run_metadata.json are kept')
    .option('--detach', DETACH_HELP, false)
    .addHelpText('after', SANDBOX_HELP);
  for (const flags of SANDBOX_UPSTREAM_ONLY.flatMap((f) => f.options)) cmd.addOption(hidden(flags));
  cmd.action(async (opts) => {
    const { runBenchmark } = await import('./run-benchmark.js');
    process.exitCode = await runBenchmark(sandbox, opts, process.argv, io);
  });
}

/** Registers the benchmarks' run commands, in the order `--help` lists them. */
export function registerBenchmarkCommands(program: Command, benchmarks: BenchmarkRegistry, io: CliIO): void {
  for (const benchmark of [benchmarks.phase1, benchmarks.phase2])
    runCommand(program, benchmark).action(async (opts, cmd: Command) => {
      const { runBenchmark } = await import('./run-benchmark.js');
      process.exitCode = await runBenchmark(benchmark, batchDefaults(opts, cmd), process.argv, io);
    });

  sandboxCommand(program, benchmarks.sandbox, io);
  registerHelperCommand(runCommand(program, benchmarks.helper), benchmarks.helper, io);
}
