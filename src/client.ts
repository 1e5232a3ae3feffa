// The `smi-bench` command line. Commands are loaded when used, so light ones (extract, --help) start fast.
import { Command, CommanderError, Option } from 'commander';
import { flagFor } from './benchmarks/cli-flags.js';
import { BENCHMARKS, type BenchmarkRegistry } from './benchmarks/registry.js';
import { COMPARE_FORMATS } from './compare/format.js';
import { UsageError } from './usage-error.js';
import { ConfigError } from './config/config-error.js';
import { processConfig } from './config/process-config.js';
import { applyProcessSettings } from './process-settings.js';
import { integer, positiveNumber } from './cli/parse.js';
import type { CliIO } from './cli/run-common.js';
import { registerManifestCommands } from './cli/manifest-commands.js';
import { registerToolCommands } from './cli/tool-commands.js';
import { registerExtractCommand } from './cli/extract-options.js';
import { registerPipelineCommands } from './cli/pipeline-commands.js';
import { DOTENV_HELP, registerBenchmarkCommands, runOptions } from './cli/benchmark-commands.js';
import { registerMoveCommands } from './cli/move-command.js';
import { networkOption } from './cli/chain-options.js';
import { DEFAULT_SERVER_LIMITS } from './fullnode/server-limits.js';
import { DEFAULT_VIEW_PORT } from './view/defaults.js';

const io: CliIO = {
  out: (line) => process.stdout.write(line + '\n'),
  log: (line) => process.stderr.write(line + '\n'),
};

const TEMPORAL_HELP = `
Temporal: with TEMPORAL_ADDRESS set, commands use that server and expect \`smi-bench worker\` processes.
Otherwise they use smi-bench's local port, SMI_TEMPORAL_PORT (default 7233): a smi-bench server already
running there, else a dev server they start themselves (state in .smi-bench/temporal.db, Web UI on
SMI_TEMPORAL_UI_PORT, default 8233), and do the work in this process. A port held by anything else (a
program that is not Temporal, a Temporal server not started for smi-bench) is refused, never used.
Each command prints one "Temporal: ..." line saying which server it uses.`;

/** For commands that read a run: where its run directory is (as the run was started with). */
function logDirOption(): Option {
  return new Option('--log-dir <dir>', 'parent folder of run directories, as given to the run').default(
    'logs',
  );
}

/** The program; `benchmarks`: the definitions its run commands are made from. */
export function buildProgram(benchmarks: BenchmarkRegistry = BENCHMARKS): Command {
  const program = new Command('smi-bench')
    .description('Benchmark of how well language models understand Sui Move packages from their bytecode')
    // A bad flag or argument: one line (commander's suggestion, if any, joined to it), exit status 2 from
    // main(), and nothing started. Set before the commands are added: they inherit both.
    .exitOverride()
    .configureOutput({
      outputError: (text, write) => write(text.trim().replace(/\s*\n\s*/g, ' ') + '\n'),
    })
    .addHelpText('after', TEMPORAL_HELP);

  registerBenchmarkCommands(program, benchmarks, io);

  runOptions(
    program
      .command('demo')
      .description(
        'Phase I on a small demo corpus that smi-bench generates (real .mv files); no API key needed',
      )
      .addOption(flagFor('agent', BENCHMARKS.phase1.options.shape.agent).default('mock-noisy'))
      .option(
        '--keep-server',
        'keep the Temporal server and its Web UI up after the run, until Ctrl-C',
        false,
      )
      .option(
        '--no-local-llm',
        'skip the second run, with the local model (SmolLM2-135M, --agent local-llm)',
      ),
  ).action(async (opts) => {
    const { runDemo } = await import('./cli/demo-command.js');
    process.exitCode = await runDemo(opts, process.argv, io);
  });

  registerExtractCommand(program, io);

  const corpus = program.command('corpus').description('tools for corpora in the sui-packages layout');
  corpus
    .command('synth')
    .description(
      'write a large corpus for trying scale: copies of the packages of --from, each moved to a new address',
    )
    .requiredOption('--from <dir>', 'a corpus to copy packages from (sui-packages layout)')
    .requiredOption('--count <n>', 'how many packages to write', integer(1, 1_000_000))
    .requiredOption('--out <dir>', 'where to write the new corpus (existing copies are overwritten)')
    .action(async (opts) => {
      const { runCorpusSynth } = await import('./cli/corpus-command.js');
      process.exitCode = await runCorpusSynth(opts, io);
    });

  corpus
    .command('pull')
    .description(
      'fetch packages and everything they link to from a Sui node (gRPC) into a corpus in the sui-packages layout',
    )
    .option('--dataset <name>', 'the ids of a dataset (see `smi-bench datasets`)')
    .option('--package-ids-file <file>', 'the ids of this file, one per line')
    .option('--package-id <id...>', 'these package ids')
    .requiredOption(
      '--out <dir>',
      'the corpus to write into (created; whole packages already there are kept)',
    )
    .addOption(networkOption())
    .option(
      '--rpc-url <url>',
      'any Sui full node serving gRPC (default: --network, else $SMI_DEFAULT_RPC_URL, else mainnet)',
    )
    .option('--concurrency <n>', 'packages read at once', integer(1, 64), 4)
    .option(
      '--max-retries <n>',
      'tries after the first for a rate limit or a dropped connection',
      integer(0, 100),
      6,
    )
    .option('--timeout-seconds <s>', 'time for one request', integer(1), 60)
    .option(
      '--max-packages <n>',
      'packages in all, asked and linked: a larger closure stops there (exit code 1)',
      integer(1),
      5000,
    )
    .option(
      '--replace',
      "overwrite a copy of a package already in --out whose files differ from the node's",
      false,
    )
    .option('--no-progress', 'do not show the live progress line')
    .addHelpText(
      'after',
      `
Each package is written with its dependency closure (every storage id its linkage table names, transitively):
bytecode_modules/*.mv, metadata.json (id, originalPackageId, version, sender, transactionDigest, checkpoint)
and bcs.json (moduleMap, typeOriginTable, linkageTable), under the id asked for and only when the node's answer
is that package and one Sui could hold. Run it again to resume: whole packages are checked byte for byte and
kept; nothing else in --out is replaced without --replace. A provider's API key goes in SMI_RPC_API_KEY (sent
as Authorization: Bearer …). Exit code 1 when a package could not be pulled (each is listed with its reason)
or the closure reached --max-packages.`,
    )
    .action(async (opts) => {
      const { runCorpusPull } = await import('./cli/corpus-pull-command.js');
      process.exitCode = await runCorpusPull(opts, io);
    });

  program
    .command('fullnode')
    .description(
      "a local stand-in for a Sui full node: serves a corpus over Sui's gRPC API and simulates in the Move VM",
    )
    .requiredOption('--corpus-root <dir>', 'the corpus to serve (sui-packages layout)')
    .option(
      '--framework-dir <dir>',
      'package directories of 0x1, 0x2 (and 0x3); default: the corpus’s 0x00/…',
    )
    .option('--port <n>', 'port to listen on', integer(0, 65535), 9000)
    .option('--host <ip>', 'address to listen on', '127.0.0.1')
    .option('--chain <name>', 'what the node says it serves (GetServiceInfo chain)', 'localnet')
    .option(
      '--max-requests-per-second <n>',
      'answer HTTP 429 with Retry-After beyond this rate, as providers do (default: no limit)',
      integer(1),
    )
    .option(
      '--require-api-key',
      'refuse requests without Authorization: Bearer $SMI_RPC_API_KEY, as providers do',
      false,
    )
    .option(
      '--headers-timeout-seconds <s>',
      "drop a connection that has not sent a request's headers by then",
      positiveNumber,
      DEFAULT_SERVER_LIMITS.headersTimeoutMs / 1000,
    )
    .option(
      '--request-timeout-seconds <s>',
      'drop a request whose body has not all arrived by then',
      positiveNumber,
      DEFAULT_SERVER_LIMITS.requestTimeoutMs / 1000,
    )
    .option(
      '--idle-timeout-seconds <s>',
      'close a connection quiet for this long with no method running',
      positiveNumber,
      DEFAULT_SERVER_LIMITS.idleTimeoutMs / 1000,
    )
    .option(
      '--max-connections <n>',
      'open connections; past it the oldest idle one is closed',
      integer(1),
      DEFAULT_SERVER_LIMITS.maxConnections,
    )
    .option(
      '--max-request-bytes <n>',
      'largest request body; RESOURCE_EXHAUSTED beyond it',
      integer(1024),
      DEFAULT_SERVER_LIMITS.maxRequestBytes,
    )
    .option(
      '--max-buffered-bytes <n>',
      'request bytes held at once over all connections',
      integer(1024),
      DEFAULT_SERVER_LIMITS.maxBufferedBytes,
    )
    .addHelpText(
      'after',
      `
It answers sui.rpc.v2 on one port, as gRPC-web over HTTP/1.1 (what @mysten/sui's SuiGrpcClient speaks) and
as gRPC over HTTP/2 without TLS (Rust and Go clients, grpcurl -plaintext): GetServiceInfo,
GetObject, BatchGetObjects, GetTransaction (the publishing transactions), GetEpoch, ListOwnedObjects,
GetBalance, GetPackage and SimulateTransaction. Every address but 0x0 owns eight coins of 1 000 SUI; the system
objects (Clock, Random, DenyList, CoinRegistry) come from the framework. Nothing is ever executed: each
simulation starts from the same state.`,
    )
    .action(async (opts) => {
      const { runFullnode } = await import('./cli/fullnode-command.js');
      process.exitCode = await runFullnode(opts, io);
    });

  const cache = program
    .command('cache')
    .description('the answer cache: model answers kept by request, beside the run directories');
  cache
    .command('stats')
    .description('how many answers the cache of a log directory holds')
    .addOption(logDirOption())
    .action(async (opts) => {
      const { runCacheStats } = await import('./cli/cache-command.js');
      process.exitCode = await runCacheStats(opts, io);
    });
  cache
    .command('clear')
    .description('delete the cache of a log directory (runs then ask the model again)')
    .addOption(logDirOption())
    .action(async (opts) => {
      const { runCacheClear } = await import('./cli/cache-command.js');
      process.exitCode = await runCacheClear(opts, io);
    });

  program
    .command('compare <runs...>')
    .description(
      'leaderboards of finished runs (run ids, run directories, result files or evaluation sets): scores with 95% intervals, tokens, cost; for two runs a paired test',
    )
    .addOption(
      new Option('--format <format>', 'table for the terminal, or tsv, csv, md, json')
        .choices([...COMPARE_FORMATS])
        .default('table'),
    )
    .option('--out <file>', 'write it here instead of to the terminal')
    .addOption(logDirOption())
    .action(async (runs: string[], opts) => {
      const { runCompare } = await import('./cli/compare-command.js');
      process.exitCode = await runCompare(runs, opts, io);
    });

  program
    .command('report <runs...>')
    .description(
      'one self-contained HTML file over finished runs (as compare takes them): leaderboards, figures, a page per package with its conversation',
    )
    .option('--out <file>', 'the HTML file to write', 'report.html')
    .option('--figures <dir>', 'also write each figure as SVG and PNG into this folder (for papers)')
    .option('--title <text>', 'the report title (default: the runs it shows)')
    .addOption(logDirOption())
    .action(async (runs: string[], opts) => {
      const { runReport } = await import('./cli/report-command.js');
      process.exitCode = await runReport(runs, opts, io);
    });

  program
    .command('eval-set <config>')
    .description(
      'every model of a config (YAML or JSON) through every phase of it, as one durable set; the same config again joins it',
    )
    .option('--retry-errors', 'run again the errored packages of every run of a finished set', false)
    .option('--skip-preflight', 'start without asking each model for one tiny answer first', false)
    .option('--cache', 'answer from the answer cache for every model (the config’s `cache: true`)')
    .option(
      '--no-cache',
      'never answer from the cache (the config’s `cache: false`; default: for models at temperature 0)',
    )
    .option(
      '--max-cost-usd <usd>',
      'the set’s cost cap instead of the config’s max_cost_usd; on a set that stopped at its cap: go on under this one',
      positiveNumber,
    )
    .option(
      '--max-total-tokens <n>',
      'the set’s token cap instead of the config’s max_total_tokens (the same way)',
      integer(1),
    )
    .option('--detach', 'start the set and return; follow it with `status SET_ID`', false)
    .option('--dotenv <file>', DOTENV_HELP, '.env')
    .option('--no-progress', 'do not show the live progress line')
    .action(async (config: string, opts) => {
      const { runEvalSet } = await import('./cli/eval-set-command.js');
      process.exitCode = await runEvalSet(config, opts, io);
    });

  program
    .command('status <runId>')
    .description(
      'progress of a run (a finished one is read from its run directory, with no server), or the matrix of an evaluation set',
    )
    .addOption(logDirOption())
    .action(async (runId: string, opts) => {
      const { runStatus } = await import('./cli/status-command.js');
      process.exitCode = await runStatus(runId, opts, io);
    });

  program
    .command('results <runId>')
    .description('write the result JSON of a finished (read from its run directory) or running run')
    .requiredOption('--out <file>', 'where to write it')
    .addOption(logDirOption())
    .action(async (runId: string, opts) => {
      const { runResults } = await import('./cli/results-command.js');
      process.exitCode = await runResults(runId, opts, io);
    });

  program
    .command('resume <runId>')
    .description('work on an interrupted run in this process and follow it to the end')
    .option(
      '--retry-errors',
      'run again the packages of a finished run that ended with an error or a timeout; keep the rest',
      false,
    )
    .option(
      '--max-cost-usd <usd>',
      'a finished run stopped by its cost limit: go on under this one',
      positiveNumber,
    )
    .option(
      '--max-total-tokens <n>',
      'a finished run stopped by its token limit: go on under this one',
      integer(1),
    )
    .option('--dotenv <file>', DOTENV_HELP, '.env')
    .option('--no-progress', 'do not show the live progress line')
    .action(async (runId: string, opts) => {
      const { runResume } = await import('./cli/resume-command.js');
      process.exitCode = await runResume(runId, opts, io);
    });

  program
    .command('server')
    .description('run a Temporal dev server with a persistent database and the Web UI')
    .option('--port <n>', 'gRPC port (default: SMI_TEMPORAL_PORT, else 7233)', integer(1, 65535))
    .option('--ui-port <n>', 'Web UI port (default: SMI_TEMPORAL_UI_PORT, else 8233)', integer(1, 65535))
    .option('--headless', 'no Web UI', false)
    .option('--ip <addr>', 'address to listen on', '127.0.0.1')
    .option('--db-file <file>', 'SQLite file for the server state (default .smi-bench/temporal.db)')
    .action(async (opts) => {
      const { runServer } = await import('./cli/server-command.js');
      process.exitCode = await runServer(opts, io);
    });

  program
    .command('worker')
    .description('run workers for TEMPORAL_ADDRESS (default 127.0.0.1:7233); start several to scale out')
    .option('--dotenv <file>', DOTENV_HELP, '.env')
    .action(async (opts) => {
      const { runWorker } = await import('./cli/worker-command.js');
      process.exitCode = await runWorker(opts, io);
    });

  program
    .command('view')
    .description(
      'a local web server over the run directories: runs and sets with their state, live progress, reports, links into the Temporal UI',
    )
    .addOption(logDirOption())
    .option('--port <n>', 'port to listen on (0: any free port)', String(DEFAULT_VIEW_PORT))
    .option('--host <addr>', 'address to listen on (anything but loopback exposes the runs)', '127.0.0.1')
    .action(async (opts) => {
      const { runView } = await import('./cli/view-command.js');
      process.exitCode = await runView(opts, io);
    });

  registerManifestCommands(program, io);
  program
    .command('events <run>')
    .description(
      "a run's events (or with --rows its rows) from its run directory, filtered, or followed until the run ends (upstream's tail_events.py, query_benchmark_logs.py)",
    )
    .option(
      '--kind <event...>',
      'only these events (run_started, package_started, package_finished, run_finished …)',
    )
    .option('--package <id>', 'only events of packages whose id starts with this')
    .option('--follow', 'keep reading new events until the run finishes', false)
    .option('--json', 'print the events as they are stored (JSON lines)', false)
    .option(
      '--rows',
      "the run's rows (packages.jsonl: a line per finished package) instead of its events",
      false,
    )
    .addOption(logDirOption())
    .action(async (run: string, opts) => {
      const { runEvents } = await import('./cli/events-command.js');
      process.exitCode = await runEvents(run, opts, io);
    });

  registerToolCommands(program, io);
  registerPipelineCommands(program, io);
  registerMoveCommands(program, io);
  return program;
}

const HELP_CODES = new Set(['commander.help', 'commander.helpDisplayed', 'commander.version']);

/** Runs the CLI; resolves to the exit status. */
export async function main(argv: string[]): Promise<number> {
  try {
    const program = buildProgram();
    // Read once, before any command runs: a bad value stops it there, naming the variable and what it
    // accepts. `--help` and `--version` run no command, so they still answer.
    program.hook('preAction', () => applyProcessSettings(processConfig()));
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and --version end here too (0, or 1 for a command given without its subcommand); the rest
      // are bad flags or arguments, already reported in one line.
      return HELP_CODES.has(err.code) ? err.exitCode : 2;
    }
    if (err instanceof UsageError || err instanceof ConfigError) {
      io.log(`error: ${err.message}`);
      return 2;
    }
    io.log(`error: ${describeError(err)}`);
    return 1;
  }
}

/** Temporal wraps the reason a run failed in layers of causes; the innermost one says what went wrong. */
function describeError(err: unknown): string {
  let current: unknown = err;
  const messages: string[] = [];
  while (current instanceof Error) {
    messages.push(current.message);
    current = current.cause;
  }
  const [outer, inner] = [messages[0], messages[messages.length - 1]];
  if (outer === undefined || inner === undefined) return String(err);
  return outer.includes(inner) ? outer : `${outer}: ${inner}`;
}
