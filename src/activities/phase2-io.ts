// Phase II's per-package file work, run by package workflows as local activities: what needs the
// interface JSON (candidate plans, prompts with interface summaries) or a file (the plan file) is done
// here with the pure functions of core/phase2, so workflow history only carries hashes and small plans.
import { readFile } from 'node:fs/promises';
import { analyzePackage } from '../core/phase2/baseline.js';
import { parsePlanFile } from '../core/phase2/plan-file.js';
import { buildPlanningPrompt, type PlanningPromptRequest } from '../core/phase2/prompts.js';
import type { PtbSpec } from '../core/phase2/ptb-spec.js';
import { getArtifact, putArtifact } from '../run-store/artifacts.js';
import { runPaths } from '../run-store/paths.js';
import { asActivity } from './failures.js';

async function readInterface(runDir: string, interfaceSha: string): Promise<unknown> {
  return JSON.parse(await getArtifact(runPaths(runDir).artifacts, interfaceSha));
}

/** The baseline's runnable candidates (spec §10.6), at most `limit` (0 = all), as plans. */
async function listPlanCandidates(args: {
  runDir: string;
  interfaceSha: string;
  limit: number;
}): Promise<PtbSpec[]> {
  return asActivity(async () => {
    const { candidatesOk } = analyzePackage(await readInterface(args.runDir, args.interfaceSha));
    const kept = args.limit > 0 ? candidatesOk.slice(0, args.limit) : candidatesOk;
    return kept.map((calls) => ({ calls }));
  });
}

/** The plan a `--plan-file` holds for a package, or null when it has none. */
async function readPlanFromFile(args: { planFile: string; packageId: string }): Promise<unknown> {
  return asActivity(async () => {
    const plans = parsePlanFile(JSON.parse(await readFile(args.planFile, 'utf8')) as unknown);
    return plans.get(args.packageId) ?? null;
  });
}

/** Builds a planning prompt from the interface and stores it; the model activity reads it by hash. */
async function preparePhase2Prompt(
  args: { runDir: string; interfaceSha: string } & PlanningPromptRequest,
): Promise<{ promptSha: string }> {
  return asActivity(async () => {
    const { runDir, interfaceSha, ...request } = args;
    const prompt = buildPlanningPrompt(await readInterface(runDir, interfaceSha), request);
    return { promptSha: await putArtifact(runPaths(runDir).artifacts, prompt) };
  });
}

export function createPhase2IoActivities() {
  return { listPlanCandidates, readPlanFromFile, preparePhase2Prompt };
}
