// One build with Sui's compiler in this thread: the dependencies as stubs made from bytecode (served by
// the fetcher, never the network), the package's Move.toml given those dependencies, then Sui's verdict
// turned into modules or parsed diagnostics. A Rust panic leaves the WASM instance unusable, so such an
// outcome says so and the pool starts a fresh thread for the next build.
import { dumpMovePackage, initMovePackageBuilder } from '@zktx.io/sui-move-builder';
import {
  buildDependencies,
  dependenciesForSources,
  MissingDependenciesError,
  type BuildDependencies,
} from './dependencies.js';
import { parseDiagnostics } from './diagnostics.js';
import { withBuildDependencies } from './manifest.js';
import { unfinishedBuild } from './unfinished-build.js';
import { type DependencySource, type SuiBuildRequest, type SuiBuildResult } from '../contracts/sui-build.js';
import { PromiseCache } from '../promise-cache.js';
import { deserializeModule } from '../move/module-json.js';
import { moduleSelfName } from '../move/interface.js';
import { dependencySourceKey } from './dependency-key.js';

export interface CompileOutcome {
  result: SuiBuildResult;
  /** The WASM instance failed in a way that may leave it broken: do not give it another build. */
  instanceSpoiled: boolean;
}

/** Dependency sets this thread has prepared, by source; a worker builds against a few corpora at most. */
const prepared = new PromiseCache<BuildDependencies>(8);

const dependenciesFor = (source: DependencySource): Promise<BuildDependencies> =>
  prepared.get(dependencySourceKey(source), () => buildDependencies(source));

type Failure = Extract<SuiBuildResult, { ok: false }>;

/**
 * How a Rust panic or a WASM fault reads once the builder has turned it into a message. A stack overflow
 * (deeply nested source: V8 stops the WASM with a RangeError) leaves Rust's state half-updated like a panic.
 */
const WASM_TRAP =
  /\bunreachable\b|RuntimeError|panicked at|memory access out of bounds|out of memory|Maximum call stack size exceeded/i;

const failure = (stage: Failure['stage'], rendered: string): Failure => ({
  ok: false,
  stage,
  diagnostics: parseDiagnostics(rendered),
  rendered,
});

function stageOf(category: string | undefined): 'manifest' | 'dependencies' | 'compile' {
  if (category === 'compile') return 'compile';
  return category === 'dependency_resolution' ? 'dependencies' : 'manifest';
}

export async function compileWithSui(request: SuiBuildRequest): Promise<CompileOutcome> {
  let dependencies: BuildDependencies;
  try {
    dependencies = dependenciesForSources(
      await dependenciesFor(request.dependencies),
      request.files.map((file) => file.text),
    );
  } catch (error) {
    if (error instanceof MissingDependenciesError)
      return { result: failure('dependencies', error.message), instanceSpoiled: false };
    throw error;
  }
  return compileAgainst(request, dependencies);
}

/**
 * One build of `request`'s package against exactly `dependencies` (`request.dependencies` is not read):
 * what compileWithSui does once it has chosen the stubs. Tests also give it Sui's real framework sources.
 */
export async function compileAgainst(
  request: SuiBuildRequest,
  dependencies: BuildDependencies,
): Promise<CompileOutcome> {
  await initMovePackageBuilder();
  const files: Record<string, string> = {
    'Move.toml': withBuildDependencies(request.moveToml, {
      dependencies: dependencies.rootDependencies,
      addresses: dependencies.rootAddresses,
    }),
  };
  for (const file of request.files) files[file.path] = file.text;
  const built = await dumpMovePackage({ files, fetcher: dependencies.fetcher, network: 'mainnet' });
  if ('error' in built) {
    if (WASM_TRAP.test(built.error))
      return {
        result: unfinishedBuild('crashed', `Sui's compiler crashed: ${built.error}`),
        instanceSpoiled: true,
      };
    const result = failure(stageOf(built.category), built.error);
    // Refused before any source was checked (an unknown edition, a bad [package]): the package's setup.
    if (result.stage === 'compile' && result.diagnostics.length === 0)
      return { result: { ...result, stage: 'manifest' }, instanceSpoiled: false };
    return { result, instanceSpoiled: false };
  }
  const rendered = built.warnings ?? '';
  const modules = built.modules.map((base64) => {
    const bytes = Uint8Array.from(Buffer.from(base64, 'base64'));
    return { name: moduleSelfName(deserializeModule(bytes, 'built module')), bytes };
  });
  return {
    result: { ok: true, modules, diagnostics: parseDiagnostics(rendered), rendered },
    instanceSpoiled: false,
  };
}
