// The `smi-bench helper` command's flags. The selection, run and model flags are the phases' own, handed in
// by the program; the command's code loads only when it runs.
import { Option, type Command } from 'commander';
import { SUI_COMPILER_LABEL } from '../sui-compiler/release.js';
import { HELPER_AGENTS, HELPER_DEFAULT_OPTIONS } from '../contracts/helper-options.js';
import { integer, positiveNumber } from './parse.js';
import type { CliIO } from './run-common.js';

const HELP = `
For each target package the agent answers one JSON object (helper_pkg_v1: move_toml, files of sources/*.move,
entrypoints, assumptions) holding a Move helper package; smi-bench checks it, builds it with
${SUI_COMPILER_LABEL} against source stubs made from the corpus's bytecode (named address target_pkg = the
target's original id), and gives Sui's diagnostics back for another answer, up to --max-attempts. The built
helper is published in the in-process Move VM beside the target and the framework; each entry function it
names (else each zero-argument entry function) runs as one transaction. A package passes when one ran to the
end and entered a module of the target; the score counts the target's key types created. The run directory
holds the rows, result.json, and every answer, source, diagnostic and trace.`;

export function registerHelperCommand(
  program: Command,
  io: CliIO,
  sharedOptions: (cmd: Command) => Command,
): void {
  const cmd = program
    .command('helper')
    .description(
      'the helper-package benchmark: the model writes Move that uses the package; build, run and score it',
    )
    .addOption(
      new Option('--agent <agent>', 'who writes the helper')
        .choices([...HELPER_AGENTS])
        .default('mock-empty'),
    );
  sharedOptions(cmd)
    .option(
      '--package-id <id>',
      'only this package (repeatable)',
      (v: string, prev: string[]) => [...prev, v],
      [] as string[],
    )
    .option(
      '--framework-dir <dir>',
      'package directories of 0x1, 0x2 (and 0x3); default: those of the corpus',
    )
    .option(
      '--helper-dir <dir>',
      'a helper package folder (Move.toml + sources/), the answer of --agent helper-file',
    )
    .option(
      '--max-attempts <n>',
      'answers the model may give until one builds',
      integer(1),
      HELPER_DEFAULT_OPTIONS.maxAttempts,
    )
    .option('--single-shot', 'one answer only (--max-attempts 1)', false)
    .option('--no-scoring-hints', 'do not tell the model how it is scored or which key types count')
    .option(
      '--prompt-file <file>',
      'your instructions instead of ours: {{package_id}} {{interface_summary}} {{targets}} {{scoring_hints}}',
    )
    .option(
      '--per-package-timeout-seconds <s>',
      'time limit of one package',
      positiveNumber,
      HELPER_DEFAULT_OPTIONS.perPackageTimeoutSeconds,
    )
    .option('--max-run-seconds <s>', 'start no package after this many seconds', positiveNumber)
    .option('--detach', 'start the run and return; follow it with `status` / `resume`', false)
    .addHelpText('after', HELP)
    .action(async (opts) => {
      const { runHelperBenchmark } = await import('./helper-command.js');
      process.exitCode = await runHelperBenchmark(opts, process.argv, io);
    });
}
