// Reads a Move package from disk: Move.toml and every `.move` file under `sources/`. Bad input
// becomes one MovePackageError line; paths in the result are package-relative (`sources/m.move`).
// Move.toml is read as text: Sui's compiler reads it and says what is wrong with it.
import { lstat, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { packageName } from './manifest.js';
import type { SourceFile } from './types.js';

export class MovePackageError extends Error {}

export const MAX_SOURCE_BYTES = 1024 * 1024;

export interface MovePackage {
  /** The `[package]` name. */
  name: string;
  moveToml: string;
  files: SourceFile[];
}

export async function readMovePackage(dir: string): Promise<MovePackage> {
  const moveToml = await readFile(join(dir, 'Move.toml'), 'utf8').catch(() => undefined);
  if (moveToml === undefined) throw new MovePackageError(`no Move.toml in ${dir}`);
  const name = packageName(moveToml);
  if (name === null) throw new MovePackageError(`Move.toml in ${dir} has no [package] name`);
  const sourcesDir = join(dir, 'sources');
  const sourcesStat = await lstat(sourcesDir).catch(() => undefined);
  if (sourcesStat === undefined || !sourcesStat.isDirectory()) {
    const why = sourcesStat?.isSymbolicLink() ? 'is a symbolic link' : 'is missing';
    throw new MovePackageError(`no Move sources: ${join(dir, 'sources')} ${why}`);
  }
  const paths = (await listMoveFiles(sourcesDir, 'sources')).sort();
  if (paths.length === 0) throw new MovePackageError(`no Move sources: no .move file under ${sourcesDir}`);
  const files = await Promise.all(paths.map(async (path) => ({ path, text: await readSource(dir, path) })));
  return { name, moveToml, files };
}

/** Package-relative paths of `.move` files; symbolic links are refused so nothing escapes `sources/`. */
async function listMoveFiles(absolute: string, relative: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(absolute, { withFileTypes: true })) {
    const childRelative = `${relative}/${entry.name}`;
    if (entry.isSymbolicLink())
      throw new MovePackageError(
        `${childRelative} is a symbolic link; sources must be regular files inside sources/`,
      );
    if (entry.isDirectory()) found.push(...(await listMoveFiles(join(absolute, entry.name), childRelative)));
    else if (entry.isFile() && entry.name.endsWith('.move')) found.push(childRelative);
  }
  return found;
}

async function readSource(dir: string, path: string): Promise<string> {
  const bytes = await readFile(join(dir, path));
  if (bytes.length > MAX_SOURCE_BYTES) {
    throw new MovePackageError(
      `${path} is ${bytes.length} bytes; a source file may be at most ${MAX_SOURCE_BYTES} bytes (1 MB)`,
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new MovePackageError(`${path} is not valid UTF-8`);
  }
}
