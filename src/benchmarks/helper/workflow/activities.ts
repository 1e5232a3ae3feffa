// The helper's activities as its package workflow calls them: declared here, since workflow code may not
// name the activities room above it (test/benchmarks/activity-fit.test.ts holds the worker's to them).
import type { MoveDiagnostic } from '../../../contracts/sui-build.js';
import type { AttemptNote, EntrypointResult } from '../../../core/helper/row.js';

/** What a retry prompt needs of the attempts before it. */
export interface HelperFeedbackRef {
  answerSha: string;
  /** The problems of the last answer: the payload's, or the compiler's rendered diagnostics. */
  problemsSha: string;
  history: AttemptNote[];
}

export interface HelperBuildSummary {
  stage: 'invalid_payload' | 'build_failed' | 'built';
  /** The payload's problems, or the compiler's errors one line each. */
  errors: string[];
  /** Sui's diagnostics of the build, parsed (the first 50); absent in histories recorded before. */
  diagnostics?: MoveDiagnostic[];
  /** Everything the model is shown about this answer's problems (empty when it built). */
  problemsSha: string | null;
  /** The payload's files and Move.toml, and the build's bytecode (base64), when they exist. */
  sourcesSha: string | null;
  modulesSha: string | null;
  entrypoints: string[];
  assumptions: string[];
}

export interface HelperRunSummary {
  entrypoints: EntrypointResult[];
  traceSha: string;
}

/** An attempt's build and, when it built, its run, or (`runRefused`) why the target would not load beside it. */
export interface HelperBuildAndRun {
  build: HelperBuildSummary;
  run: HelperRunSummary | null;
  runRefused?: string;
}

/** Which stored answer to build, for which target. */
export interface HelperBuildArgs {
  runDir: string;
  answerSha: string;
  packageId: string;
  corpusRoot: string;
  frameworkDir: string | null;
}

/** Which stored build to run, beside which target, through which entry functions. */
export interface HelperRunArgs {
  runDir: string;
  modulesSha: string;
  packageId: string;
  packageDir: string;
  corpusRoot: string;
  frameworkDir: string | null;
  entrypoints: string[];
}

/** What an attempt's prompt is made from: the target, its stored interface, and the attempts before. */
export interface HelperPromptArgs {
  runDir: string;
  interfaceSha: string;
  packageId: string;
  truth: string[];
  scoringHints: boolean;
  template: string | null;
  feedback: HelperFeedbackRef | null;
}

/** Run next to the package workflow (local activities on the orchestration worker). */
export interface HelperIoActivities {
  prepareHelperPrompt: (args: HelperPromptArgs) => Promise<{ promptSha: string }>;
  readHelperDir: (args: { runDir: string; helperDir: string }) => Promise<{ answerSha: string }>;
  checkHelperDependencies: (args: {
    corpusRoot: string;
    frameworkDir: string | null;
    packageId: string;
  }) => Promise<{ missing: string | null }>;
}

/** On the simulation queue. */
export interface HelperSimActivities {
  buildHelperPackage: (args: HelperBuildArgs) => Promise<HelperBuildSummary>;
  runHelperPackage: (args: HelperRunArgs) => Promise<HelperRunSummary>;
  buildAndRunHelperPackage: (
    args: HelperBuildArgs & Omit<HelperRunArgs, 'modulesSha' | 'entrypoints'>,
  ) => Promise<HelperBuildAndRun>;
}
