// `smi-bench extract`: one package's interface JSON (--bytecode-package-dir), or the extractor's corpus
// mode (--bytecode-corpus-root ... --out-dir), with upstream's flag names. Registered here so the CLI's main
// file holds one line for it; the work is loaded only when the command runs.
import { Option, type Command } from 'commander';
import { chainEndpoint } from '../chain/networks.js';
import { networkOption, rpcProtocolOption } from './chain-options.js';
import { UsageError } from '../usage-error.js';
import { integer } from './parse.js';
import type { CliIO } from './run-common.js';
import { processConfig } from '../config/process-config.js';

const CORPUS_HELP = `
Corpus mode writes, into --out-dir: index.jsonl (every package of the corpus), corpus_report.jsonl (one
row per package analysed: local counts, module names against bcs.json, optional byte and RPC checks),
problems.jsonl (the rows with a problem), corpus_summary.json and run_metadata.json. Selection: one of
--corpus-ids-file, --corpus-sample N (seeded FNV-1a, as upstream), --max-packages N. No RPC call is made
unless --corpus-rpc-compare asks for one.`;

export function registerExtractCommand(program: Command, io: CliIO): void {
  program
    .command('extract')
    .description(
      "a package's bytecode interface JSON (same bytes as the upstream Rust extractor), or a whole corpus's report (upstream's corpus mode)",
    )
    .option('--bytecode-package-dir <dir>', 'package directory with bytecode_modules/*.mv and metadata.json')
    .option(
      '--package-id <id>',
      'with --bytecode-package-dir: the id when metadata.json is missing; alone: single RPC mode, fetch it from --rpc-url',
    )
    .option('--include-enums', 'also emit enums (bytecode v7); output becomes schema_version 2', false)
    .option('--out <file>', 'write here instead of stdout ("-")', '-')
    .option('--bytecode-corpus-root <dir>', 'corpus mode: a corpus in the sui-packages layout')
    .option('--out-dir <dir>', 'corpus mode: where the report files go')
    .option('--corpus-index-jsonl <file>', 'corpus mode: write index.jsonl here instead')
    .option('--corpus-ids-file <file>', 'corpus mode: only these ids (exact strings; # lines skipped)')
    .option('--corpus-sample <n>', 'corpus mode: a seeded sample of N packages', integer(0))
    .option('--corpus-seed <n>', 'seed of --corpus-sample', integer(0), 0)
    .option('--corpus-sample-ids-out <file>', 'write the sampled ids here instead of sample_ids.txt')
    .option('--max-packages <n>', 'corpus mode: the first N packages by id', integer(0))
    .option('--concurrency <n>', 'corpus mode: packages analysed at once', integer(1), 2)
    .option('--corpus-module-names-only', 'module names from file names, no bytecode parsed', false)
    .option(
      '--corpus-local-bytes-check',
      "compare each .mv file's length and SHA-256 with bcs.json's moduleMap",
      false,
    )
    .option('--corpus-local-bytes-check-max-mismatches <n>', 'mismatches kept per row', integer(0), 10)
    .option(
      '--corpus-rpc-compare',
      "ask --rpc-url for each package's normalized modules and compare counts",
      false,
    )
    .option(
      '--corpus-interface-compare',
      'also compare the RPC interface with the bytecode one (needs --corpus-rpc-compare)',
      false,
    )
    .option('--corpus-interface-compare-max-mismatches <n>', 'mismatches kept per row', integer(0), 10)
    .option('--corpus-interface-compare-include-values', 'keep both sides of each mismatch', false)
    .option('--emit-submission-summary <file>', 'also write a summary for submission (sorted keys)')
    .option(
      '--rpc-url <url>',
      'Sui full node of the RPC modes and comparisons (default: --network, else $SMI_DEFAULT_RPC_URL, else mainnet)',
    )
    .addOption(networkOption())
    .addOption(rpcProtocolOption())
    .option('--retries <n>', 'retries of a transient RPC failure', integer(0), 8)
    .option('--retry-initial-ms <n>', 'first back-off, doubled on each retry', integer(0), 250)
    .option('--retry-max-ms <n>', 'longest back-off', integer(0), 5000)
    .option('--package-ids-file <file>', 'batch RPC mode: these package ids, each fetched from --rpc-url')
    .option('--mvr-catalog <file>', "batch RPC mode: an MVR catalog's mainnet package-info ids")
    .addOption(
      new Option('--input-kind <kind>', 'what the RPC-mode ids are')
        .choices(['package', 'package-info', 'auto'])
        .default('auto'),
    )
    .option('--emit-json <file>', 'single RPC mode: the RPC interface ("-": stdout)')
    .option('--emit-bytecode-json <file>', 'single RPC mode: the interface of the on-chain bytecode')
    .option('--compare-bytecode-rpc', 'single RPC mode: compare the two; exit 1 on a mismatch', false)
    .option('--emit-compare-report <file>', 'write the comparison with both sides of each mismatch')
    .option('--compare-max-mismatches <n>', 'mismatches kept in the report', integer(0), 200)
    .option('--no-progress', 'corpus mode: no progress lines on stderr')
    .addHelpText('after', CORPUS_HELP)
    .action(async (given) => {
      let endpoint;
      try {
        endpoint = chainEndpoint(given, processConfig().SMI_DEFAULT_RPC_URL);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const opts = { ...given, rpcUrl: endpoint.url, network: endpoint.network };
      if (opts.bytecodeCorpusRoot !== undefined) {
        if (opts.emitJson || opts.emitBytecodeJson || opts.compareBytecodeRpc || opts.emitCompareReport)
          throw new UsageError(
            '--emit-json, --emit-bytecode-json, --compare-bytecode-rpc and --emit-compare-report are not for corpus mode',
          );
        const { runExtractCorpus } = await import('./extract-corpus-command.js');
        process.exitCode = await runExtractCorpus(opts, io);
      } else if (
        opts.bytecodePackageDir === undefined &&
        (opts.packageId !== undefined || opts.packageIdsFile !== undefined || opts.mvrCatalog !== undefined)
      ) {
        const { runExtractRpc } = await import('./extract-rpc-command.js');
        process.exitCode = await runExtractRpc(opts, io);
      } else {
        const { runExtract } = await import('./extract-command.js');
        process.exitCode = await runExtract(opts, io);
      }
    });
}
