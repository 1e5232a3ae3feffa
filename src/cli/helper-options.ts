// The `smi-bench helper` command's help and action. Its flags are the helper benchmark's options
// (src/benchmarks/helper/index.ts) and the phases' selection, run and model flags; its code loads only when it runs.
import type { Command } from 'commander';
import type { AnyBenchmark } from '../benchmarks/definition.js';
import { SUI_COMPILER_LABEL } from '../sui-compiler/release.js';
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

export function registerHelperCommand(cmd: Command, helper: AnyBenchmark, io: CliIO): void {
  cmd.addHelpText('after', HELP).action(async (opts) => {
    const { runBenchmark } = await import('./run-benchmark.js');
    process.exitCode = await runBenchmark(helper, opts, process.argv, io);
  });
}
