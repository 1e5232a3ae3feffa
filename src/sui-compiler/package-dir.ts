// Reads a Move package from disk: Move.toml and every `.move` file under `sources/`. Bad input
// becomes one MovePackageError line; paths in the result are package-relative (`sources/m.move`).
// Move.toml is read as text: Sui's compiler reads it and says what is wrong with it.
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CorpusFileError, readRegularFile } from '../files/regular-file.js';
import { isMoveIdentifier } from '../move/identifier.js';
import { packageName } from './manifest.js';
import type { SourceFile } from '../contracts/sui-build.js';

export class MovePackageError extends Error {}

export const MAX_SOURCE_BYTES = 1024 * 1024;
const SOURCE_LIMIT = { maxBytes: MAX_SOURCE_BYTES, what: 'for a source file (1 MB)' };

// Sui requires a package name to be a Move identifier. The name also names the build's output folder, so
// nothing else (a `/`, a `..`) may reach a path.

export interface MovePackage {
  /** The `[package]` name. */
  name: string;
  moveToml: string;
  files: SourceFile[];
}

export async function readMovePackage(dir: string): Promise<MovePackage> {
  const moveToml = readPackageFile(dir, 'Move.toml').toString('utf8');
  const name = packageName(moveToml);
  if (name === null) throw new MovePackageError(`Move.toml in ${dir} has no [package] name`);
  if (!isMoveIdentifier(name)) {
    throw new MovePackageError(
      `Move.toml in ${dir}: the [package] name ${JSON.stringify(name)} is not a Move identifier ` +
        '(letters, digits and _, starting with a letter, or with _ and one more character); Sui refuses it too',
    );
  }
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

/** A file of the package, if it is a regular one (a FIFO would block the read) within the size limit. */
function readPackageFile(dir: string, path: string): Buffer {
  try {
    return readRegularFile(join(dir, path), SOURCE_LIMIT);
  } catch (error) {
    if (!(error instanceof CorpusFileError)) throw error;
    if (error.problem === 'missing' && path === 'Move.toml')
      throw new MovePackageError(`no Move.toml in ${dir}`);
    throw new MovePackageError(error.message, { cause: error });
  }
}

async function readSource(dir: string, path: string): Promise<string> {
  const bytes = readPackageFile(dir, path);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new MovePackageError(`${path} is not valid UTF-8`);
  }
}
