// run_metadata.json of a corpus-mode run, and the git state of the corpus it read (sui-packages is a git
// checkout, so a report can say which commit of it was measured).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { execa } from 'execa';

export interface CorpusGit {
  git_root: string;
  head: string;
  head_commit_time: string;
}

export async function corpusGit(root: string): Promise<CorpusGit | null> {
  let dir = resolve(root);
  while (!existsSync(join(dir, '.git'))) {
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  const head = await execa('git', ['rev-parse', 'HEAD'], { cwd: dir, reject: false });
  const time = await execa('git', ['log', '-1', '--format=%cI'], { cwd: dir, reject: false });
  if (head.exitCode !== 0 || time.exitCode !== 0) return null;
  return { git_root: dir, head: String(head.stdout).trim(), head_commit_time: String(time.stdout).trim() };
}
