// A pipeline runs its steps in order; each is durable on its own (a child run keeps its rows, a manifest or
// filter step is an activity that writes its file whole), so a crash resumes at the step it was in.
import { setHandler } from '@temporalio/workflow';
import { executeChildRun } from './child-run.js';
import { io } from './io-activities.js';
import { pipelineProgressQuery } from './pipeline-types.js';
import type { PipelineInput, PipelineStep, StepOutcome } from '../contracts/pipeline.js';

async function runStep(step: PipelineStep, input: PipelineInput): Promise<StepOutcome> {
  switch (step.kind) {
    case 'run':
      return {
        name: step.name,
        files: step.run.outFile ? [step.run.outFile] : [],
        run: await executeChildRun(step.run, {
          summary: `${input.command} · ${step.name}`,
          memo: { pipeline: input.command },
          searchAttributes: input.searchAttributes,
          rerunFinished: false,
        }),
      };
    case 'manifest':
      return {
        name: step.name,
        files: [step.outIds, step.outPlan, step.outReport],
        ids: await io.pipelineManifest(step),
      };
    case 'filter':
      return { name: step.name, files: [step.out], ids: await io.pipelineFilter(step) };
  }
}

export async function pipeline(input: PipelineInput): Promise<StepOutcome[]> {
  let current = 0;
  setHandler(pipelineProgressQuery, () => ({ step: current, steps: input.steps.map((s) => s.name) }));
  const outcomes: StepOutcome[] = [];
  for (const step of input.steps) {
    outcomes.push(await runStep(step, input));
    current++;
  }
  return outcomes;
}
