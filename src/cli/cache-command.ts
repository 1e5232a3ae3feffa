// `smi-bench cache stats|clear`: the answer cache beside the run directories of a log directory.
import { resolve } from 'node:path';
import { processConfig } from '../config/process-config.js';
import { answerCacheDir, answerCacheStats, clearAnswerCache } from '../run-store/answer-cache.js';
import type { CliIO } from './run-common.js';

/** The cache the runs of `logDir` use (`SMI_MODEL_CACHE_DIR` wins, as in the workers). */
const cacheDirFor = (logDir: string) => answerCacheDir(resolve(logDir), processConfig().SMI_MODEL_CACHE_DIR);

export async function runCacheStats(opts: { logDir: string }, io: CliIO): Promise<number> {
  const dir = cacheDirFor(opts.logDir);
  const { entries, bytes } = await answerCacheStats(dir);
  io.out(`answer cache ${dir}: ${entries} answer${entries === 1 ? '' : 's'}, ${bytes} bytes`);
  return 0;
}

export async function runCacheClear(opts: { logDir: string }, io: CliIO): Promise<number> {
  const dir = cacheDirFor(opts.logDir);
  const { entries } = await answerCacheStats(dir);
  await clearAnswerCache(dir);
  io.out(`answer cache ${dir}: removed ${entries} answer${entries === 1 ? '' : 's'}`);
  return 0;
}
