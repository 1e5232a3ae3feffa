// `smi-bench move build [PACKAGE_DIR]`: builds a Move package offline with Sui's own compiler (WASM)
// against stubs made from the corpus's bytecode, and writes `<out-dir>/<package>/bytecode_modules/<module>.mv`,
// as `sui move build` lays them out. The compiler loads only when the command runs, so `--help` stays fast.
import type { Command } from 'commander';
import { SUI_COMPILER_LABEL } from '../sui-compiler/release.js';
import type { CliIO } from './run-common.js';

export interface MoveBuildOptions {
  corpusRoot?: string;
  frameworkDir?: string;
  outDir?: string;
  target?: string;
}

export function registerMoveCommands(program: Command, io: CliIO): void {
  const move = program.command('move').description(`Move source tools (${SUI_COMPILER_LABEL}, offline)`);
  move
    .command('build')
    .description(
      `build a Move package (Move.toml + sources/) to bytecode modules with ${SUI_COMPILER_LABEL}; ` +
        'dependencies are source stubs made from the corpus bytecode; exit 1 with the diagnostics on failure, ' +
        '2 on bad input (no package, a package name that is not a Move identifier)',
    )
    .argument('[package-dir]', 'the package directory', '.')
    .option(
      '--corpus-root <dir>',
      'a sui-packages layout corpus: the framework (0x1, 0x2, 0x3) and --target come from it',
    )
    .option('--framework-dir <dir>', 'a directory with the framework packages, instead of the corpus')
    .option('--out-dir <dir>', 'where to write the build (default: PACKAGE_DIR/build)')
    .option(
      '--target <package-id>',
      "a corpus package (its storage id) for the named address 'target_pkg' (its original id); its public " +
        'functions and types can be used',
    )
    .action(async (dir: string, opts: MoveBuildOptions) => {
      process.exitCode = await runMoveBuild(dir, opts, io);
    });
}

/** Exit status of bad input, as every command gives it; a package that does not build exits 1. */
const BAD_INPUT = 2;

/** Builds the package; resolves to the exit status. Bad input is one line on stderr, never a stack trace. */
export async function runMoveBuild(dir: string, opts: MoveBuildOptions, io: CliIO): Promise<number> {
  const { MovePackageError, readMovePackage } = await import('../sui-compiler/package-dir.js');
  const { buildWithSui } = await import('../sui-compiler/build.js');
  const { BuildOutputError, writeBuildModules } = await import('../sui-compiler/build-output.js');
  const { join } = await import('node:path');

  if (opts.corpusRoot === undefined && opts.frameworkDir === undefined) {
    io.log('error: give --corpus-root or --framework-dir: the framework stubs are made from its bytecode');
    return BAD_INPUT;
  }
  let pkg;
  try {
    pkg = await readMovePackage(dir);
  } catch (error) {
    if (!(error instanceof MovePackageError)) throw error;
    io.log(`error: ${error.message}`);
    return BAD_INPUT;
  }
  const result = await buildWithSui({
    moveToml: pkg.moveToml,
    files: pkg.files,
    dependencies: {
      ...(opts.corpusRoot === undefined ? {} : { corpusRoot: opts.corpusRoot }),
      ...(opts.frameworkDir === undefined ? {} : { frameworkDir: opts.frameworkDir }),
      ...(opts.target === undefined ? {} : { targetId: opts.target }),
    },
  });
  if (result.rendered.trim() !== '') io.log(result.rendered.trimEnd());
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.severity !== 'warning').length;
    const why = result.stage === 'compile' ? `${errors} error${errors === 1 ? '' : 's'}` : result.stage;
    io.log(`Failed to build Move package: ${why}`);
    return 1;
  }
  let modulesDir;
  try {
    modulesDir = await writeBuildModules(
      opts.outDir ?? dir,
      opts.outDir ?? join(dir, 'build'),
      pkg.name,
      result.modules,
    );
  } catch (error) {
    if (!(error instanceof BuildOutputError)) throw error;
    io.log(`error: ${error.message}`);
    return BAD_INPUT;
  }
  io.log(
    `Built ${pkg.name}: ${result.modules.length} module${result.modules.length === 1 ? '' : 's'} in ${modulesDir}`,
  );
  return 0;
}
