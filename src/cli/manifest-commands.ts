// The manifest and dataset commands (upstream smi-phase2-manifest, smi-phase2-filter-manifest and
// scripts/filter_packages_by_hit_rate.py; `datasets` lists what --dataset can take). Registered here so the CLI's main file gains one line; each
// command's module is loaded only when it runs.
import type { Command } from 'commander';
import { SHIPPED_DATASETS_DIR } from '../corpus/shipped-datasets.js';
import { integer } from './parse.js';
import type { CliIO } from './run-common.js';

const MANIFEST_HELP = `
Every package of the corpus is extracted in this process (the extractor is built in, so --rust-bin is
accepted and ignored). A package is selected when the baseline search finds a candidate call sequence for
it; its plan is the first one. A package whose interface cannot be read (corrupt .mv, missing or broken
metadata.json) is counted in packages_failed_interface with its error among the report's samples.
Files: ids one per line; the plan a JSON object {package_id: {calls: [...]}} that
\`phase2 --agent mock-planfile --plan-file\` reads; the report {schema_version: 1, stats, samples, ...}.`;

function phase2ManifestCommand(program: Command, io: CliIO): void {
  program
    .command('phase2-manifest')
    .description(
      'the executable-subset manifest (upstream smi-phase2-manifest): packages with a baseline plan, their plans and a viability report',
    )
    .requiredOption(
      '--corpus-root <dir>',
      'corpus in the sui-packages layout (<root>/<prefix>/<id>/bytecode_modules)',
    )
    .requiredOption('--out-ids <file>', 'write the selected package ids here, one per line')
    .requiredOption('--out-plan <file>', 'write the plans here: {package_id: {calls: [...]}}')
    .option('--out-report <file>', 'write the viability report here (counts, samples, rejections)')
    .option(
      '--max-calls-per-package <n>',
      'candidate call sequences kept per package, in the samples and candidate_functions_total (0 = all)',
      integer(-(2 ** 31)),
      1,
    )
    .option('--limit <n>', 'only the first N packages by id (0 = all)', integer(0))
    .option(
      '--out-key-struct-ids <file>',
      'also write the ids of the packages with at least one `key` struct (the packages_with_keys dataset)',
    )
    .option('--rust-bin <path>', 'accepted for upstream compatibility and ignored: the extractor is built in')
    .option('--no-progress', 'no progress lines on stderr')
    .addHelpText('after', MANIFEST_HELP)
    .action(async (opts) => {
      const { runPhase2Manifest } = await import('./phase2-manifest-command.js');
      process.exitCode = await runPhase2Manifest(opts, io);
    });
}

const RESULT_ARG_HELP =
  'a Phase II result: its JSON file (--out of a run), a run directory, or the id of a finished run';

function logDirOption(cmd: Command): Command {
  return cmd.option('--log-dir <dir>', 'where to look for a run given by its id', 'logs');
}

function filterCommands(program: Command, io: CliIO): void {
  logDirOption(
    program
      .command('phase2-filter-manifest <result>')
      .description(
        'ids of the packages of a Phase II result with at least N key-type targets (upstream smi-phase2-filter-manifest)',
      )
      .option(
        '--min-targets <n>',
        'keep rows whose int(score.targets) is at least this',
        integer(-(2 ** 53)),
        2,
      )
      .requiredOption('--out-manifest <file>', 'write the ids here, one per line, in the result’s order'),
  )
    .addHelpText('after', `\n<result> is ${RESULT_ARG_HELP}.`)
    .action(async (result: string, opts) => {
      const { runFilterManifest } = await import('./phase2-filter-command.js');
      process.exitCode = await runFilterManifest(result, opts, io);
    });

  logDirOption(
    program
      .command('phase2-filter-hit-rate <result>')
      .description(
        'ids of the packages of a Phase II result that created at least H targets (upstream scripts/filter_packages_by_hit_rate.py); --top N builds a top-N dataset',
      )
      .option(
        '--min-hits <n>',
        'keep rows whose score.created_hits is an integer of at least this',
        integer(-(2 ** 53)),
        1,
      )
      .option(
        '--top <n>',
        'instead: the N kept packages with the highest hit rate (created_hits / targets), equal rates in package id order, under a two-line header',
        integer(1),
      )
      .option('--out <file>', 'write the ids here (default: stdout)'),
  )
    .addHelpText('after', `\n<result> is ${RESULT_ARG_HELP}.`)
    .action(async (result: string, opts) => {
      const { runFilterHitRate } = await import('./phase2-filter-command.js');
      process.exitCode = await runFilterHitRate(result, opts, io);
    });
}

const DATASETS_HELP = `
--dataset NAME (phase1, phase2, sandbox, helper, eval-set) takes NAME.txt from the first folder that has
it: $SMI_DATASETS_DIR, ./manifests/datasets, ./manifests, ./datasets, then the datasets smi-bench ships
(upstream's named lists, in ${SHIPPED_DATASETS_DIR}). A file of yours with a shipped name wins.`;

function datasetsCommand(program: Command, io: CliIO): void {
  program
    .command('datasets')
    .description(
      'the package lists --dataset NAME can take: yours, then the ones smi-bench ships (upstream’s)',
    )
    .addHelpText('after', DATASETS_HELP)
    .action(async () => {
      const { runDatasets } = await import('./datasets-command.js');
      process.exitCode = await runDatasets(io);
    });
}

/** The manifest and dataset commands, added to `program`. */
export function registerManifestCommands(program: Command, io: CliIO): void {
  phase2ManifestCommand(program, io);
  filterCommands(program, io);
  datasetsCommand(program, io);
}
