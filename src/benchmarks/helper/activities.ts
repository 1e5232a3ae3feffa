// The helper benchmark's activities. Prompt preparation and reading `--helper-dir` are file work that the
// package workflow runs as local activities; building and running a helper are CPU work on the simulation
// queue. Everything large (answers, sources, diagnostics, bytecode, traces) stays in the run's
// content-addressed store; workflows see hashes and short summaries.
import { ApplicationFailure } from '@temporalio/common';
import { buildHelperPrompt } from './workflow/prompts.js';
import { helperInterfaceSummary, targetAddressOf } from './workflow/interface-summary.js';
import { buildHelper } from '../../helper/build.js';
import { runHelper } from '../../helper/run.js';
import { checkTargetDependencies, MissingDependenciesError } from '../../sui-compiler/dependencies.js';
import { readMovePackage } from '../../sui-compiler/package-dir.js';
import { getArtifact, putArtifact } from '../../run-store/artifacts.js';
import { runPaths } from '../../run-store/paths.js';
import { asActivity } from '../../activity-support/failures.js';
import { readInterface } from '../../activity-support/interface-cache.js';
import { VmLoadError } from '../../vm/errors.js';
import { FailureType } from '../../contracts/failure-types.js';
import type {
  HelperBuildAndRun,
  HelperBuildArgs,
  HelperBuildSummary,
  HelperPromptArgs,
  HelperRunArgs,
  HelperRunSummary,
} from './workflow/activities.js';

async function prepareHelperPrompt(args: HelperPromptArgs): Promise<{ promptSha: string }> {
  return asActivity(async () => {
    const store = runPaths(args.runDir).artifacts;
    const iface = await readInterface(args.runDir, args.interfaceSha);
    const feedback = args.feedback
      ? {
          previousAnswer: await getArtifact(store, args.feedback.answerSha),
          problems: await getArtifact(store, args.feedback.problemsSha),
          history: args.feedback.history,
        }
      : null;
    const prompt = buildHelperPrompt({
      packageId: args.packageId,
      targetAddress: targetAddressOf(iface),
      targets: args.truth,
      interfaceSummary: helperInterfaceSummary(iface),
      scoringHints: args.scoringHints,
      template: args.template,
      feedback,
    });
    return { promptSha: await putArtifact(store, prompt) };
  });
}

/** `helper-file`: the folder's Move.toml and sources as a helper_pkg_v1 answer, stored like a model's. */
async function readHelperDir(args: { runDir: string; helperDir: string }): Promise<{ answerSha: string }> {
  return asActivity(async () => {
    const pkg = await readMovePackage(args.helperDir);
    const answer = {
      move_toml: pkg.moveToml,
      files: Object.fromEntries(pkg.files.map((f) => [f.path, f.text])),
      assumptions: [`hand-written helper from ${args.helperDir}`],
    };
    return { answerSha: await putArtifact(runPaths(args.runDir).artifacts, JSON.stringify(answer, null, 2)) };
  });
}

/** The errors one line each (file:line:column), then the compiler's full report with the source lines. */
function buildFailureText(errors: string[], rendered: string): string {
  const count = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
  return `The build failed with ${count}:\n${errors.map((e) => `- ${e}`).join('\n')}\n\nThe compiler's report:\n${rendered}`;
}

/** Diagnostics kept per attempt in the row (the stored report keeps them all). */
const DIAGNOSTICS_KEPT = 50;

interface StoredModules {
  modules: { name: string; bytes_base64: string }[];
}

/** Builds the answer stored under `answerSha`, storing its sources, problems and bytecode. */
async function buildStored(args: HelperBuildArgs): Promise<HelperBuildSummary> {
  const store = runPaths(args.runDir).artifacts;
  const answer = await getArtifact(store, args.answerSha);
  const build = await buildHelper(answer, {
    corpusRoot: args.corpusRoot,
    frameworkDir: args.frameworkDir,
    packageId: args.packageId,
  });
  if (build.stage === 'invalid_payload') {
    const problems = build.errors.map((e) => `- ${e}`).join('\n');
    return {
      stage: build.stage,
      errors: build.errors,
      problemsSha: await putArtifact(store, `The answer is not a valid helper_pkg_v1 object:\n${problems}\n`),
      sourcesSha: null,
      modulesSha: null,
      entrypoints: [],
      assumptions: [],
    };
  }
  const sources = {
    move_toml: build.payload.moveToml,
    files: Object.fromEntries(build.payload.files.map((f) => [f.path, f.text])),
  };
  const sourcesSha = await putArtifact(store, JSON.stringify(sources, null, 2));
  const common = {
    sourcesSha,
    entrypoints: build.payload.entrypoints,
    assumptions: build.payload.assumptions,
  };
  if (build.stage === 'build_failed')
    return {
      stage: build.stage,
      errors: build.errors,
      diagnostics: build.diagnostics.slice(0, DIAGNOSTICS_KEPT),
      problemsSha: await putArtifact(store, buildFailureText(build.errors, build.rendered)),
      modulesSha: null,
      ...common,
    };
  const stored: StoredModules = {
    modules: build.modules.map((m) => ({
      name: m.name,
      bytes_base64: Buffer.from(m.bytes).toString('base64'),
    })),
  };
  return {
    stage: 'built',
    errors: [],
    diagnostics: build.diagnostics.slice(0, DIAGNOSTICS_KEPT),
    problemsSha: null,
    modulesSha: await putArtifact(store, JSON.stringify(stored)),
    ...common,
  };
}

/** Runs the helper stored under `modulesSha` beside its target, storing the trace. */
async function runStored(args: HelperRunArgs): Promise<HelperRunSummary> {
  const store = runPaths(args.runDir).artifacts;
  const stored = JSON.parse(await getArtifact(store, args.modulesSha)) as StoredModules;
  // In VM threads: the event loop (heartbeats, other activities) turns meanwhile.
  const entrypoints = await runHelper({
    packageDir: args.packageDir,
    packageId: args.packageId,
    corpusRoot: args.corpusRoot,
    frameworkDir: args.frameworkDir,
    modules: stored.modules.map((m) => ({ name: m.name, bytes: Buffer.from(m.bytes_base64, 'base64') })),
    entrypoints: args.entrypoints,
  });
  const traceSha = await putArtifact(store, JSON.stringify({ entrypoints }, null, 2));
  return { entrypoints, traceSha };
}

const buildHelperPackage = (args: HelperBuildArgs) => asActivity(() => buildStored(args));
const runHelperPackage = (args: HelperRunArgs) =>
  asActivity(() =>
    runStored(args).catch((error: unknown) => {
      // The target (or the framework) cannot be loaded: every retry would fail alike.
      if (error instanceof VmLoadError)
        throw ApplicationFailure.nonRetryable(error.message, FailureType.InvalidPackage);
      throw error;
    }),
  );

/**
 * A build and, when it builds, the run, in one activity: one task-queue round trip per attempt instead of
 * two. A target that cannot be loaded is returned as `runRefused` (the build's results still count).
 */
async function buildAndRunHelperPackage(
  args: HelperBuildArgs & Omit<HelperRunArgs, 'modulesSha' | 'entrypoints'>,
): Promise<HelperBuildAndRun> {
  return asActivity(async () => {
    const build = await buildStored(args);
    if (build.stage !== 'built') return { build, run: null };
    try {
      const run = await runStored({ ...args, modulesSha: build.modulesSha!, entrypoints: build.entrypoints });
      return { build, run };
    } catch (error) {
      if (error instanceof VmLoadError) return { build, run: null, runRefused: error.message };
      throw error;
    }
  });
}

/**
 * Before any model is asked: can a helper for this target be built at all? The corpus must hold every
 * package the target needs; when it does not, the reason names the storage ids to fetch.
 */
async function checkHelperDependencies(args: {
  corpusRoot: string;
  frameworkDir: string | null;
  packageId: string;
}): Promise<{ missing: string | null }> {
  return asActivity(async () => {
    try {
      await checkTargetDependencies({
        corpusRoot: args.corpusRoot,
        ...(args.frameworkDir ? { frameworkDir: args.frameworkDir } : {}),
        targetId: args.packageId,
      });
      return { missing: null };
    } catch (error) {
      if (error instanceof MissingDependenciesError) return { missing: error.message };
      throw error;
    }
  });
}

/** Run next to the package workflow (local activities on the orchestration worker). */
function createHelperIoActivities() {
  return { prepareHelperPrompt, readHelperDir, checkHelperDependencies };
}

/** On the simulation queue. */
function createHelperSimActivities() {
  // The two single steps stay for histories recorded before they were one activity.
  return { buildHelperPackage, runHelperPackage, buildAndRunHelperPackage };
}

/** The helper benchmark's activities, by the workers that run them. */
export function helperActivities() {
  return { io: createHelperIoActivities(), sim: createHelperSimActivities() };
}

export type HelperIoActivities = ReturnType<typeof createHelperIoActivities>;
export type HelperSimActivities = ReturnType<typeof createHelperSimActivities>;
