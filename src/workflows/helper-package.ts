// One package of the helper benchmark: extract the target's interface, then attempts until a helper
// builds (an answer from the agent, its check and build, the problems fed back to the next prompt), then
// the built helper's entry functions run in the VM; the row scores what they touched and created. Each
// step is an activity, so a crash resumes from history: no answer is asked for twice, no stored build redone.
import {
  ActivityFailure,
  ApplicationFailure,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setCurrentDetails,
} from '@temporalio/workflow';
import type {
  HelperFeedbackRef,
  HelperIoActivities,
  HelperSimActivities,
} from '../benchmarks/helper/activities.js';
import type { AttemptNote } from '../core/helper/prompts.js';
import {
  finishHelperRow,
  helperSummary,
  type AttemptTrace,
  type EntrypointResult,
  type HelperRow,
} from '../core/helper/row.js';
import { emptyModelCallTally, neverAnswered, neverAnsweredError } from '../core/model-calls.js';
import { packageTimeoutError } from '../core/package-timeout.js';
import { scoreInhabitation } from '../core/phase2/score.js';
import { isModelAgent } from '../core/types.js';
import { addUsage, ZERO_USAGE } from '../core/usage.js';
import { TASK_QUEUES } from '../temporal/names.js';
import type { MoveDiagnostic } from '../contracts/sui-build.js';
import type { HelperOptions, HelperPackageInput } from '../contracts/helper-options.js';
import { extractInterfaceOf, ioLocal } from './io-activities.js';
import { callModel } from './model-call.js';
import { failureMessage, usageFromFailure } from './model-failures.js';
import { countedCall, PackageFailure, PackageTimeout } from './phase2-solvers.js';
import { LOCAL_RETRY_THRESHOLD, PERMANENT_ERROR_TYPES } from './retry-policies.js';
import type { PackageSummary } from '../contracts/run.js';
import type { ModelCallTally, TokenUsage } from '../contracts/usage.js';
import { FailureType } from '../contracts/failure-types.js';
import { PATCH } from './patches.js';

const retry = {
  initialInterval: '1 second',
  maximumInterval: '10 seconds',
  maximumAttempts: 3,
  nonRetryableErrorTypes: PERMANENT_ERROR_TYPES,
};

const local = (summary: string) =>
  proxyLocalActivities<HelperIoActivities>({
    startToCloseTimeout: '2 minutes',
    retry,
    localRetryThreshold: LOCAL_RETRY_THRESHOLD,
    summary,
  });

const sim = (summary: string) =>
  proxyActivities<HelperSimActivities>({
    taskQueue: TASK_QUEUES.sim,
    startToCloseTimeout: '10 minutes',
    heartbeatTimeout: '30 seconds',
    retry,
    summary,
  });

interface Answer {
  answerSha: string | null;
  promptSha: string | null;
  usage: TokenUsage;
  cached?: boolean;
  /** Why there is no answer. */
  reason?: string;
}

interface Problem {
  input: HelperPackageInput;
  interfaceSha: string;
  truth: string[];
  deadlineMs: number;
  calls: ModelCallTally;
}

/** The agent's answer for an attempt: read from --helper-dir, or asked of the model with the feedback so far. */
async function answerFor(p: Problem, attempt: number, feedback: HelperFeedbackRef | null): Promise<Answer> {
  const o = p.input.options;
  if (o.agent === 'mock-empty')
    return { answerSha: null, promptSha: null, usage: ZERO_USAGE, reason: 'mock-empty answers nothing' };
  if (o.agent === 'helper-file') {
    if (!o.helperDir)
      throw ApplicationFailure.nonRetryable('helper-file needs --helper-dir', FailureType.InvalidConfig);
    const { answerSha } = await local(`attempt ${attempt} · read helper dir`).readHelperDir({
      runDir: p.input.runDir,
      helperDir: o.helperDir,
    });
    return { answerSha, promptSha: null, usage: ZERO_USAGE };
  }
  if (!o.agentSettings)
    throw ApplicationFailure.nonRetryable(`${o.agent} needs model settings`, FailureType.InvalidConfig);
  const { promptSha } = await local(`attempt ${attempt} · prompt`).prepareHelperPrompt({
    runDir: p.input.runDir,
    interfaceSha: p.interfaceSha,
    packageId: p.input.packageId,
    truth: p.truth,
    scoringHints: o.scoringHints,
    template: o.promptTemplate,
    feedback,
  });
  try {
    const answer = await countedCall(p.calls, p.deadlineMs, () =>
      callModel({
        runDir: p.input.runDir,
        promptSha,
        settings: o.agentSettings!,
        expect: 'text',
        format: 'helper_payload',
        deadlineMs: p.deadlineMs,
        cacheSlot: `attempt ${attempt}`,
        summary: `attempt ${attempt} · model`,
      }),
    );
    return {
      answerSha: answer.answerSha,
      promptSha,
      usage: answer.usage,
      ...(answer.cached ? { cached: true } : {}),
    };
  } catch (err) {
    if (err instanceof PackageFailure || err instanceof PackageTimeout) throw err;
    return { answerSha: null, promptSha, usage: usageFromFailure(err), reason: failureMessage(err) };
  }
}

/** Answers the agent can give: the model as many as allowed, a helper folder or a mock one. */
const attemptsOf = (o: HelperOptions) => (isModelAgent(o.agent) ? Math.max(1, o.maxAttempts) : 1);

export async function helperPackage(input: HelperPackageInput): Promise<PackageSummary> {
  const startedMs = Date.now();
  const o = input.options;
  const deadlineMs = startedMs + o.perPackageTimeoutSeconds * 1000;
  const calls = emptyModelCallTally();
  const history: AttemptNote[] = [];
  const buildErrors: string[][] = [];
  const buildDiagnostics: MoveDiagnostic[][] = [];
  const traces: AttemptTrace[] = [];
  let usage = ZERO_USAGE;
  let validation = { ok: false, errors: [] as string[] };
  let successful: number | null = null;
  let entrypoints: EntrypointResult[] = [];
  let assumptions: string[] = [];
  let runTraceSha: string | null = null;
  let interfaceSha: string | null = null;
  let truth: string[] = [];
  /** What the row scores: the truth under its defining ids, as the VM tags created objects. */
  let targets: string[] = [];
  let error: string | null = null;
  let timedOut = false;

  try {
    const extracted = await extractInterfaceOf(input, true);
    interfaceSha = extracted.interfaceSha;
    truth = extracted.truth;
    // Histories recorded before the activity returned targets scored the truth.
    targets = extracted.targets ?? truth;
    if (patched(PATCH.helperDependenciesFirst)) {
      const { missing } = await local('dependencies').checkHelperDependencies({
        corpusRoot: o.corpusRoot,
        frameworkDir: o.frameworkDir,
        packageId: input.packageId,
      });
      // No helper for this target can build: asking a model would only spend its tokens.
      if (missing !== null) throw new PackageFailure(missing);
    }
    const problem: Problem = { input, interfaceSha, truth, deadlineMs, calls };
    let feedback: HelperFeedbackRef | null = null;
    for (let attempt = 1; attempt <= attemptsOf(o) && successful === null; attempt++) {
      if (Date.now() >= deadlineMs) throw new PackageTimeout();
      setCurrentDetails(`attempt ${attempt}/${attemptsOf(o)}: asking for a helper`);
      const answer = await answerFor(problem, attempt, feedback);
      usage = addUsage(usage, answer.usage);
      const trace: AttemptTrace = {
        attempt,
        promptSha: answer.promptSha,
        answerSha: answer.answerSha,
        sourcesSha: null,
        problemsSha: null,
        modulesSha: null,
        ...(answer.cached ? { cached: true } : {}),
      };
      traces.push(trace);
      if (answer.answerSha === null) {
        history.push({ attempt, outcome: 'no_answer', errors: [answer.reason ?? 'no answer'] });
        buildErrors.push([]);
        buildDiagnostics.push([]);
        continue;
      }
      setCurrentDetails(`attempt ${attempt}/${attemptsOf(o)}: building the helper`);
      const stored = {
        runDir: input.runDir,
        answerSha: answer.answerSha,
        packageId: input.packageId,
        corpusRoot: o.corpusRoot,
        frameworkDir: o.frameworkDir,
      };
      // Runs recorded before the build and its run became one activity replay with two.
      const built = patched(PATCH.helperBuildAndRunInOne)
        ? await sim(`attempt ${attempt} · build and run`).buildAndRunHelperPackage({
            ...stored,
            packageDir: input.packageDir,
          })
        : { build: await sim(`attempt ${attempt} · build`).buildHelperPackage(stored), run: undefined };
      const build = built.build;
      Object.assign(trace, {
        sourcesSha: build.sourcesSha,
        problemsSha: build.problemsSha,
        modulesSha: build.modulesSha,
      });
      validation =
        build.stage === 'invalid_payload' ? { ok: false, errors: build.errors } : { ok: true, errors: [] };
      buildErrors.push(build.stage === 'build_failed' ? build.errors : []);
      buildDiagnostics.push(build.diagnostics ?? []);
      assumptions = build.assumptions;
      history.push({ attempt, outcome: build.stage, errors: build.errors.slice(0, 3) });
      if (build.stage !== 'built') {
        feedback = { answerSha: answer.answerSha, problemsSha: build.problemsSha!, history: [...history] };
        continue;
      }
      successful = attempt;
      if (built.run === undefined)
        setCurrentDetails(`attempt ${attempt}: running the helper's entry functions`);
      const ran =
        built.run === undefined
          ? await sim(`attempt ${attempt} · run`).runHelperPackage({
              runDir: input.runDir,
              modulesSha: build.modulesSha!,
              packageId: input.packageId,
              packageDir: input.packageDir,
              corpusRoot: o.corpusRoot,
              frameworkDir: o.frameworkDir,
              entrypoints: build.entrypoints,
            })
          : built.run;
      // Built, so a run missing here is the target's refusal to load (the activity says why).
      if (ran === null)
        throw new PackageFailure(('runRefused' in built && built.runRefused) || 'the helper did not run');
      entrypoints = ran.entrypoints;
      runTraceSha = ran.traceSha;
    }
  } catch (err) {
    if (err instanceof PackageTimeout) {
      timedOut = true;
      error = packageTimeoutError(o.perPackageTimeoutSeconds);
    } else if (
      err instanceof PackageFailure ||
      err instanceof ActivityFailure ||
      err instanceof ApplicationFailure
    ) {
      error = err instanceof PackageFailure ? err.message : failureMessage(err);
    } else {
      throw err;
    }
  }
  // A model that was never heard is an error of the package, not a score of 0.
  if (error === null && neverAnswered(calls)) error = neverAnsweredError(calls);

  const created = entrypoints.flatMap((e) => e.created_types);
  const row: HelperRow = finishHelperRow({
    package_id: input.packageId,
    attempts: traces.length,
    successful_attempt: successful,
    build_errors: buildErrors,
    build_diagnostics: buildDiagnostics,
    validation,
    attempt_history: history,
    entrypoints,
    score: scoreInhabitation(targets, created),
    assumptions,
    error,
    timed_out: timedOut,
    elapsed_seconds: (Date.now() - startedMs) / 1000,
    usage,
    model_calls: o.agentSettings ? calls : null,
  });
  await ioLocal.recordPackageResult({
    phase: 'helper',
    runDir: input.runDir,
    index: input.index,
    row,
    trace: { interfaceSha, attempts: traces, runTraceSha, ...(interfaceSha !== null ? { targets } : {}) },
    startedAtUnixSeconds: Math.floor(startedMs / 1000),
    finishedAtUnixSeconds: Math.floor(Date.now() / 1000),
    ...(input.round ? { round: input.round } : {}),
    ...(input.writeLogs === false ? { writeLogs: false } : {}),
  });
  return helperSummary(input.index, row);
}
