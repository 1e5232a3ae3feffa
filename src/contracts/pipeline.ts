// A pipeline: upstream's multi-step commands (`run-all`, `phase2-targeted-run`) as steps of one workflow.
import type { RunInput, RunOutput } from './run.js';

/** One step: a run (a child run workflow), the Phase II manifest, or picking ids from a Phase II result. */
export type PipelineStep =
  | { kind: 'run'; name: string; run: RunInput }
  | {
      kind: 'manifest';
      name: string;
      corpusRoot: string;
      outIds: string;
      outPlan: string;
      outReport: string;
      limit?: number;
    }
  | {
      kind: 'filter';
      name: string;
      /** `targets`: score.targets ≥ min (upstream's manifest filter); `hits`: score.created_hits ≥ min. */
      by: 'targets' | 'hits';
      min: number;
      resultFile: string;
      out: string;
    };

export interface PipelineInput {
  /** What the pipeline is, for the UI and messages (`run-all`, `phase2-targeted-run`). */
  command: string;
  steps: PipelineStep[];
  searchAttributes: boolean;
}

export interface StepOutcome {
  name: string;
  /** The files the step wrote. */
  files: string[];
  /** A run's output; a manifest's or filter's count of ids. */
  run?: RunOutput | null;
  ids?: number;
}

export interface PipelineProgress {
  step: number;
  steps: string[];
}
