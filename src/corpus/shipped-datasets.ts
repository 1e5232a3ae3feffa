// The package lists smi-bench ships (data/datasets/: upstream's named datasets, each file saying where it
// came from), and the list of every dataset `--dataset NAME` can find.
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseIdsFile } from '../core/ids-file.js';
import { PROJECT_ROOT } from '../project-root.js';

/** The folder of the shipped datasets, part of the product (not of the user's working directory). */
export const SHIPPED_DATASETS_DIR = join(PROJECT_ROOT, 'data', 'datasets');

/** The shipped file of dataset `name`. */
export const shippedDatasetPath = (name: string): string => join(SHIPPED_DATASETS_DIR, `${name}.txt`);

/**
 * `phase2-targeted-run --base-manifest`'s default, upstream's path under the working directory; when no
 * such file is there, the shipped copy of that list is taken.
 */
export const DEFAULT_BASE_MANIFEST = 'manifests/standard_phase2_no_framework.txt';

/**
 * `dirs` with the shipped folder last, each folder once: a dataset of the user's, in a folder listed
 * earlier, wins over a shipped one of the same name.
 */
export function withShippedDatasets(dirs: readonly string[]): string[] {
  return [...new Set([...dirs.map((d) => resolve(d)), SHIPPED_DATASETS_DIR])];
}

export interface DatasetEntry {
  /** What `--dataset` takes: the file name without `.txt`. */
  name: string;
  path: string;
  ids: number;
  /** The file's first comment line, without `#`; empty if it has none. */
  description: string;
  shipped: boolean;
  /** A dataset of this name in an earlier folder wins: this file is not the one `--dataset` takes. */
  shadowed: boolean;
}

/** Every `*.txt` of the folders, in search order (missing folders are skipped), names sorted in each. */
export async function listDatasets(dirs: readonly string[]): Promise<DatasetEntry[]> {
  const seen = new Set<string>();
  const entries: DatasetEntry[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = (await readdir(dir, { withFileTypes: true }))
        .filter((e) => e.name.endsWith('.txt') && !e.name.startsWith('.') && !e.isDirectory())
        .map((e) => e.name)
        .sort();
    } catch {
      continue;
    }
    for (const file of names) {
      const path = join(dir, file);
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch {
        continue;
      }
      const name = file.slice(0, -'.txt'.length);
      const comment = text.split(/\r?\n/).find((line) => line.trim().startsWith('#'));
      entries.push({
        name,
        path,
        ids: parseIdsFile(text, { dedupe: false }).length,
        description: comment ? comment.trim().replace(/^#+\s*/, '') : '',
        shipped: resolve(dir) === SHIPPED_DATASETS_DIR,
        shadowed: seen.has(name),
      });
      seen.add(name);
    }
  }
  return entries;
}
