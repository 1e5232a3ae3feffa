// The run directories a view serves: the folders of the log dir whose names are run ids, grouped into
// evaluation sets by name (a set's runs are `<set-id>.<model>.<phase>`). Every path the server reads is
// found here, and only for a name that is a run id, so no request can lead outside the log dir.
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { runIdProblem } from '../core/run-id.js';
import { runPaths } from '../run-store/paths.js';
import { setOfRun } from '../evalset/run-name.js';

export class LogDir {
  readonly root: string;

  constructor(logDir: string) {
    this.root = resolve(logDir);
  }

  /**
   * The directory of run `runId`, or null when the name is no run id or no run directory has it. The
   * real path must lie in the log dir too: a symbolic link named like a run leads nowhere.
   */
  runDir(runId: string): string | null {
    if (runIdProblem(runId) !== null) return null;
    const dir = join(this.root, runId);
    if (!isRunDir(dir)) return null;
    const realRoot = realpathSync(this.root);
    return realpathSync(dir).startsWith(realRoot + sep) ? dir : null;
  }

  /**
   * Whether `runDir` (where a run the server knows will write) is this log dir's directory for `runId`, not
   * yet written: a run started but not yet picked up by a worker.
   */
  isFutureRunDir(runId: string, runDir: string): boolean {
    return (
      runIdProblem(runId) === null &&
      resolve(runDir) === join(this.root, runId) &&
      this.runDir(runId) === null
    );
  }

  /** The run ids of the log dir, sorted. */
  runIds(): string[] {
    if (!existsSync(this.root)) return [];
    return readdirSync(this.root)
      .filter((name) => this.runDir(name) !== null)
      .sort();
  }

  /** The runs of each evaluation set, its sandbox run included, by set id (sets sorted by id, runs by name). */
  sets(runIds = this.runIds()): Map<string, string[]> {
    const sets = new Map<string, string[]>();
    for (const runId of runIds) {
      const setId = setOfRun(runId);
      if (setId) sets.set(setId, [...(sets.get(setId) ?? []), runId]);
    }
    return sets;
  }
}

/** A folder a run has written to: its metadata, its selection or its package list. */
function isRunDir(dir: string): boolean {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  const paths = runPaths(dir);
  return [paths.metadata, paths.selection, paths.manifest].some((file) => existsSync(file));
}
