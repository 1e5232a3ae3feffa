// Corpus mode's three steps as io activities; corpus-report/corpus-job.ts does the work.
import { analysePage, finishCorpus, planCorpus, type CorpusJob } from '../corpus-report/corpus-job.js';
import { asActivity } from '../activity-support/failures.js';

export function createCorpusActivities() {
  return {
    corpusPlan: (job: CorpusJob) => asActivity(() => planCorpus(job)),
    corpusPage: (job: CorpusJob, page: number) => asActivity(() => analysePage(job, page)),
    corpusFinish: (job: CorpusJob, pages: number) => asActivity(() => finishCorpus(job, pages)),
  };
}
