// Phase II's per-package file work, run by package workflows as local activities: what needs the
// interface JSON (candidate plans, prompts with interface summaries) or a file (the plan file) is done
// here with the pure functions of core/phase2, so workflow history only carries hashes and small plans.
import { readFile } from 'node:fs/promises';
import { packageIdKey } from '../../core/ids-file.js';
import { analyzePackage } from '../../core/phase2/baseline.js';
import { PlanFileError, parsePlanFile } from './workflow/plan-file.js';
import { buildPlanningPrompt, planningVocabulary, type PlanningPromptRequest } from './workflow/prompts.js';
import type { BaselinePlansRequest } from './workflow/io.js';
import type { PreparedVariant } from './workflow/prepare.js';
import { preparePlaceholderPlan } from './workflow/unknown-objects.js';
import type { PtbSpec } from '../../core/phase2/ptb-spec.js';
import { putArtifact } from '../../run-store/artifacts.js';
import { runPaths } from '../../run-store/paths.js';
import { asActivity } from '../../activity-support/failures.js';
import { readInterface } from '../../activity-support/interface-cache.js';
import { createSimActivities } from './sim-activities.js';

/** The baseline's runnable candidates (spec §10.6), at most `limit` (0 = all), as plans. */
async function candidatePlans(runDir: string, interfaceSha: string, limit: number): Promise<PtbSpec[]> {
  const { candidatesOk } = analyzePackage(await readInterface(runDir, interfaceSha));
  const kept = limit > 0 ? candidatesOk.slice(0, limit) : candidatesOk;
  return kept.map((calls) => ({ calls }));
}

async function listPlanCandidates(args: {
  runDir: string;
  interfaceSha: string;
  limit: number;
}): Promise<PtbSpec[]> {
  return asActivity(() => candidatePlans(args.runDir, args.interfaceSha, args.limit));
}

/**
 * baseline-search's every plan made ready at once: the candidates (or one empty plan without any), their
 * placeholders filled from the inventory, their variants normalized and checked. One activity instead of
 * one workflow step per candidate keeps a package cheap; the work is the same pure code either way.
 */
async function prepareBaselinePlans(args: BaselinePlansRequest): Promise<PreparedVariant[]> {
  return asActivity(async () => {
    const found = await candidatePlans(args.runDir, args.interfaceSha, args.limit);
    const plans = found.length > 0 ? found : [{ calls: [] }];
    // A candidate needing an object the inventory lacks comes back `unbuilt`, and is not simulated.
    return plans.flatMap((plan, i) =>
      preparePlaceholderPlan(plan, args.inventory, i + 1, args.sender, args.maxVariants),
    );
  });
}

/**
 * The plan a `--plan-file` holds for a package, or null when it has none. The CLI checked the file before
 * the run; one that is unreadable or broken by now fails the package at once (a retry would not help).
 */
async function readPlanFromFile(args: { planFile: string; packageId: string }): Promise<unknown> {
  return asActivity(async () => {
    const text = await readFile(args.planFile, 'utf8').catch((err: unknown) => {
      throw new PlanFileError(`cannot read --plan-file ${args.planFile}: ${(err as Error).message}`);
    });
    return parsePlanFile(text, args.planFile).get(packageIdKey(args.packageId)) ?? null;
  });
}

/** A planning prompt, stored, with its vocabulary (the names the answer's schema admits). */
async function preparePhase2Prompt(
  args: { runDir: string; interfaceSha: string } & PlanningPromptRequest,
): Promise<{ promptSha: string; vocabularySha: string; functionsShown: number; targetsShown: number }> {
  return asActivity(async () => {
    const { runDir, interfaceSha, ...request } = args;
    const iface = await readInterface(runDir, interfaceSha);
    const store = runPaths(runDir).artifacts;
    const vocabulary = planningVocabulary(iface, request);
    return {
      promptSha: await putArtifact(store, buildPlanningPrompt(iface, request)),
      vocabularySha: await putArtifact(store, JSON.stringify(vocabulary)),
      functionsShown: vocabulary.functions?.length ?? 0,
      targetsShown: Math.min(request.targets.length, request.maxTargets ?? Infinity),
    };
  });
}

/**
 * Phase II's activities, by the workers that run them: its file work, and its simulations (build-only
 * ones run beside the package workflow as local activities).
 */
export function phase2Activities() {
  return {
    io: { listPlanCandidates, prepareBaselinePlans, readPlanFromFile, preparePhase2Prompt },
    sim: createSimActivities(),
    localSim: createSimActivities(),
  };
}
