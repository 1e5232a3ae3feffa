// `doctor` and `models`: commands about the machine and the model endpoint rather than about runs.
// Registered here so the CLI's main file gains one line; each command's module loads only when it runs.
import type { Command } from 'commander';
import type { CliIO } from './run-common.js';
import type { DoctorOptions } from './doctor-command.js';
import type { ModelsOptions } from './models-command.js';

function doctorCommand(program: Command, io: CliIO): void {
  program
    .command('doctor')
    .description(
      'checks that this machine can run smi-bench (upstream smi-bench-doctor), each problem with the command that fixes it; exit 1 on a problem',
    )
    .option('--full', 'also require a model: key, settings and one GET /models of the endpoint', false)
    .option('--fix', "run the safe fixes (the project's install scripts), then check again", false)
    .option(
      '--corpus-root <dir>',
      'check that this corpus has the sui-packages layout, its Move framework and its dependencies',
    )
    .option(
      '--framework-dir <dir>',
      'with --corpus-root: check the framework of this folder instead of the corpus’s (as --framework-dir of phase2, sandbox, helper)',
    )
    .option(
      '--manifest <file>',
      'check that every id of this ids file is in the corpus (needs --corpus-root)',
    )
    .option('--dotenv <file>', 'dotenv file with the model settings (upstream: --env-file)', '.env')
    .option(
      '--model-path <file>',
      'check that this GGUF model loads (default: the local model of --agent local-llm)',
    )
    .option('--json', 'print the checks as JSON', false)
    .addHelpText(
      'after',
      '\nChecks: Node, the Temporal CLI, the Temporal server commands would use (TEMPORAL_ADDRESS or the local\n' +
        'port), the oracle wheel the tests use, the model (key, settings, endpoint; a warning when none is\n' +
        'configured, a failure with --full), that the local model loads (--agent local-llm), and with --corpus-root the corpus layout, its Move framework (or\n' +
        "--framework-dir's), the dependencies it lacks, and --manifest ids.",
    )
    .action(async (opts: DoctorOptions) => {
      const { runDoctor } = await import('./doctor-command.js');
      process.exitCode = await runDoctor(opts, io);
    });
}

function modelsCommand(program: Command, io: CliIO): void {
  program
    .command('models')
    .description(
      'the models of an OpenAI-compatible endpoint with context length and prices (upstream smi-openrouter-models); their ids as a list file, or a price table for eval-set configs',
    )
    .option(
      '--dotenv <file>',
      'dotenv file, read after the process environment (upstream: --env-file)',
      '.env',
    )
    .option('--out <file>', "write the ids here, one per line, sorted (upstream's models file)")
    .option(
      '--price-table <file>',
      'write the models as `models:` entries of an evaluation-set config, with prices per million tokens',
    )
    .option(
      '--base-url <url>',
      'the endpoint (default SMI_API_BASE_URL, OPENROUTER_BASE_URL, else https://openrouter.ai/api/v1)',
    )
    .option('--contains <text>', 'only ids containing this (any case)')
    .option('--name-contains <text>', 'only models whose name contains this (any case)')
    .option('--local', 'the GGUF models installed for --agent local-llm instead (no endpoint, no key)', false)
    .addHelpText(
      'after',
      '\nWithout --out or --price-table it prints a table: id, context length, dollars per million input and\noutput tokens. The key: SMI_API_KEY or OPENROUTER_API_KEY, the environment before the dotenv file.',
    )
    .action(async (opts: ModelsOptions & { local: boolean }) => {
      if (opts.local) {
        const { printLocalModels } = await import('./local-models.js');
        process.exitCode = await printLocalModels(io);
        return;
      }
      const { runModels } = await import('./models-command.js');
      process.exitCode = await runModels(opts, io);
    });
}

export function registerToolCommands(program: Command, io: CliIO): void {
  doctorCommand(program, io);
  modelsCommand(program, io);
}
