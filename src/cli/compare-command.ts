// `smi-bench compare RUN_OR_RESULT_OR_SET...`: leaderboards of finished runs, read from their files (no
// server needed), one per phase.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { formatBoards, settingsDiffer, type CompareFormat } from '../compare/format.js';
import { boardsOf } from '../compare/leaderboard.js';
import { CompareInputError, loadRuns } from '../compare/load-runs.js';
import { UsageError } from '../usage-error.js';
import type { CliIO } from './run-common.js';

export async function runCompare(
  args: string[],
  opts: { format: CompareFormat; out?: string; logDir: string },
  io: CliIO,
): Promise<number> {
  let runs;
  try {
    runs = loadRuns(args, opts.logDir);
  } catch (err) {
    if (err instanceof CompareInputError) throw new UsageError(err.message);
    throw err;
  }
  const boards = boardsOf(runs);
  const text = formatBoards(boards, opts.format);
  if (opts.out) {
    await writeFile(resolve(opts.out), text);
    io.log(`leaderboard written to ${resolve(opts.out)}`);
  } else {
    for (const line of text.replace(/\n$/, '').split('\n')) io.out(line);
  }
  for (const board of boards)
    if (board.differences.length > 0)
      io.log(
        `warning: the ${board.phase} runs are not comparable (${settingsDiffer(board.differences.length)}; see the output)`,
      );
  return 0;
}
