// The extractor's corpus mode as one durable workflow: plan, pages of packages (a few at a time), finish.
// A crash redoes at most the pages in flight; running the same command again joins the workflow.
import { condition, defineQuery, setHandler } from '@temporalio/workflow';
import type { CorpusJob, CorpusOutcome, CorpusPlan } from '../corpus-report/corpus-job.js';
import { io } from './io-activities.js';

export interface CorpusProgress {
  packages: number;
  pagesDone: number;
  pages: number;
}

export const corpusProgressQuery = defineQuery<CorpusProgress | null>('corpusProgress');

/** Pages analysed at once: each page already analyses `concurrency` packages at once inside. */
const PAGES_IN_FLIGHT = 2;

export async function extractCorpus(job: CorpusJob): Promise<CorpusOutcome & { plan: CorpusPlan }> {
  let progress: CorpusProgress | null = null;
  setHandler(corpusProgressQuery, () => progress);
  const plan = await io.corpusPlan(job);
  progress = { packages: plan.packages, pagesDone: 0, pages: plan.pages };
  const state = progress;
  let running = 0;
  let failure: unknown = null;
  for (let page = 0; page < plan.pages; page++) {
    await condition(() => running < PAGES_IN_FLIGHT || failure !== null);
    if (failure !== null) break;
    running++;
    void io.corpusPage(job, page).then(
      () => {
        running--;
        state.pagesDone++;
      },
      (err: unknown) => {
        running--;
        failure ??= err;
      },
    );
  }
  await condition(() => running === 0);
  if (failure !== null) throw failure;
  const outcome = await io.corpusFinish(job, plan.pages);
  return { ...outcome, plan };
}
