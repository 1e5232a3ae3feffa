// Reading package-id files and resolving dataset names to files.
import { access, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseIdsFile } from '../core/ids-file.js';
import { fsErrorCode } from '../files/fs-error.js';

/**
 * Ids of a manifest, in file order. Unlike upstream (a missing file silently meant "no ids"), a missing
 * file is an error that names it. `dedupe` is true for Phase I, false for Phase II.
 */
export async function readIdsFile(
  path: string,
  { dedupe = true }: { dedupe?: boolean } = {},
): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if (fsErrorCode(e) === 'ENOENT') throw new Error(`ids file not found: ${resolve(path)}`);
    throw e;
  }
  return parseIdsFile(text, { dedupe });
}

/**
 * The file of dataset `name` (`<dir>/<name>.txt`, `.txt` optional in `name`) in the first search dir that
 * has it. Upstream looked only in `manifests/datasets/` under the working directory.
 */
export async function resolveDataset(name: string, searchDirs: readonly string[]): Promise<string> {
  if (name === '' || /[\\/]/.test(name) || name.startsWith('.'))
    throw new Error(`invalid dataset name: ${name}`);
  const file = name.endsWith('.txt') ? name : `${name}.txt`;
  const tried: string[] = [];
  for (const dir of searchDirs) {
    const candidate = resolve(join(dir, file));
    tried.push(candidate);
    try {
      await access(candidate);
      return candidate;
    } catch {
      // not here; try the next directory
    }
  }
  throw new Error(`Dataset not found: ${name} (looked for ${tried.join(', ') || 'nothing: no search dirs'})`);
}
