// Upstream records the corpus repository's HEAD in results (`corpus_git`), found by walking up to `.git`.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { execa } from 'execa';

export function findGitRoot(start: string): string | null {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

export async function corpusGitHead(corpusRoot: string): Promise<{ head: string } | null> {
  const root = findGitRoot(corpusRoot);
  if (!root) return null;
  try {
    const { stdout } = await execa('git', ['rev-parse', 'HEAD'], { cwd: root, timeout: 10_000 });
    return { head: stdout.trim() };
  } catch {
    return null;
  }
}
