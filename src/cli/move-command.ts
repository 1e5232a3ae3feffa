// `smi-bench move build [PACKAGE_DIR]`: compiles a Move package offline with this project's compiler and
// writes `<out-dir>/<package>/bytecode_modules/<module>.mv`, as `sui move build` lays them out. The
// compiler's modules load only when the command runs, so `--help` stays fast.
import type { Command } from 'commander';
import type { Diagnostic } from '../move-compiler/diagnostics.js';
import type { CliIO } from './run-common.js';

export interface MoveBuildOptions {
  corpusRoot?: string;
  frameworkDir?: string;
  outDir?: string;
  target?: string;
}

export function registerMoveCommands(program: Command, io: CliIO): void {
  const move = program.command('move').description('Move source tools (an offline Move 2024 compiler)');
  move
    .command('build')
    .description(
      'compile a Move package (Move.toml + sources/) to bytecode modules; exit 1 with the diagnostics on failure',
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
      "the package the named address 'target_pkg' points at; its modules can be used",
    )
    .action(async (dir: string, opts: MoveBuildOptions) => {
      process.exitCode = await runMoveBuild(dir, opts, io);
    });
}

/** Builds the package; resolves to the exit status. Bad input is one line on stderr, never a stack trace. */
export async function runMoveBuild(dir: string, opts: MoveBuildOptions, io: CliIO): Promise<number> {
  const { readMovePackage } = await import('../move-compiler/package.js');
  const { renderDiagnostics } = await import('../move-compiler/render.js');
  const { compilePackage } = await import('../move-compiler/compile.js');
  const { loadDependencies } = await import('../move-compiler/check/deps.js');
  const { unprovidedDependencies, unprovidedDependencyMessage } =
    await import('../move-compiler/provided-dependencies.js');
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');

  let pkg;
  let dependencies;
  try {
    pkg = await readMovePackage(dir);
    const missing = unprovidedDependencies(pkg.dependencies, opts.target !== undefined);
    if (missing.length > 0) {
      io.log(`error: ${unprovidedDependencyMessage(missing, opts.target !== undefined)}`);
      return 1;
    }
    dependencies = await loadDependencies({
      ...(opts.corpusRoot === undefined ? {} : { corpusRoot: opts.corpusRoot }),
      ...(opts.frameworkDir === undefined ? {} : { frameworkDir: opts.frameworkDir }),
      ...(opts.target === undefined ? {} : { packageIds: [opts.target] }),
    });
  } catch (error) {
    // A bad package (MovePackageError) or a bad corpus/framework directory: one line, no stack.
    if (!(error instanceof Error)) throw error;
    io.log(`error: ${error.message}`);
    return 1;
  }
  const addresses = opts.target === undefined ? pkg.addresses : { ...pkg.addresses, target_pkg: opts.target };
  const result = compilePackage({ packageName: pkg.name, addresses, files: pkg.files, dependencies });
  const sources = new Map(pkg.files.map((file) => [file.path, file.text]));
  const errors = result.diagnostics.filter(
    (diagnostic: Diagnostic) => diagnostic.code.severity === 'error',
  ).length;
  if (result.diagnostics.length > 0) io.log(renderDiagnostics(result.diagnostics, sources).trimEnd());
  if (errors > 0) {
    io.log(`Failed to build Move package: ${errors} error${errors === 1 ? '' : 's'}`);
    return 1;
  }
  const modulesDir = join(opts.outDir ?? join(dir, 'build'), pkg.name, 'bytecode_modules');
  await mkdir(modulesDir, { recursive: true });
  for (const module of result.modules) await writeFile(join(modulesDir, `${module.name}.mv`), module.bytes);
  io.log(
    `Built ${pkg.name}: ${result.modules.length} module${result.modules.length === 1 ? '' : 's'} in ${modulesDir}`,
  );
  return 0;
}
