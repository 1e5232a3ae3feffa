// The steps of a pipeline that are not runs: the Phase II manifest and picking ids from a Phase II result.
// Thin: manifest/ does the work.
import { readFile } from 'node:fs/promises';
import { ApplicationFailure } from '@temporalio/common';
import { buildPhase2Manifest } from '../manifest/phase2-manifest.js';
import { idsText } from '../manifest/ids-text.js';
import { idsWithMinHits, idsWithMinTargets } from '../manifest/result-filters.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import { asActivity } from '../activity-support/failures.js';
import type { PipelineStep } from '../contracts/pipeline.js';
import { FailureType } from '../contracts/failure-types.js';

type ManifestStep = Extract<PipelineStep, { kind: 'manifest' }>;
type FilterStep = Extract<PipelineStep, { kind: 'filter' }>;

async function resultRows(path: string): Promise<unknown[]> {
  const json = JSON.parse(await readFile(path, 'utf8')) as { packages?: unknown };
  if (!Array.isArray(json.packages))
    throw ApplicationFailure.create({
      type: FailureType.InvalidRunInput,
      message: `${path} has no packages[]: not a Phase II result`,
      nonRetryable: true,
    });
  return json.packages;
}

export function createPipelineActivities() {
  return {
    pipelineManifest: (step: ManifestStep) =>
      asActivity(async () => {
        const { stats } = await buildPhase2Manifest({
          corpusRoot: step.corpusRoot,
          outIds: step.outIds,
          outPlan: step.outPlan,
          outReport: step.outReport,
          ...(step.limit !== undefined ? { limit: step.limit } : {}),
        });
        return stats.packages_selected;
      }),
    pipelineFilter: (step: FilterStep) =>
      asActivity(async () => {
        const rows = await resultRows(step.resultFile);
        const ids =
          step.by === 'targets' ? idsWithMinTargets(rows, step.min) : idsWithMinHits(rows, step.min);
        await atomicWriteFile(step.out, idsText(ids));
        return ids.length;
      }),
  };
}
