// Writes a build's modules as `sui move build` lays them out, `<out>/<package>/bytecode_modules/<module>.mv`,
// and nowhere else. The package name is checked to be a Move identifier when the package is read; this is
// the second line: the folder written is resolved, links included, and must lie inside the folder the
// build may write to, whatever the name or the links already on disk say.
import { existsSync } from 'node:fs';
import { mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

export class BuildOutputError extends Error {}

export interface BuiltModule {
  name: string;
  bytes: Uint8Array;
}

/** True when `path` is `folder` or lies inside it (both absolute). */
function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** `path` with its deepest existing ancestor's links resolved: where a mkdir of `path` would land. */
async function physicalPath(path: string): Promise<string> {
  let existing = path;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  return join(await realpath(existing), relative(existing, path));
}

/**
 * Writes the modules under `<outRoot>/<packageName>/bytecode_modules/` and returns that folder.
 * @param allowed the folder the build may write in: the package folder, or the `--out-dir` given
 * @throws BuildOutputError when the folder would lie outside `allowed`; nothing is written then
 */
export async function writeBuildModules(
  allowed: string,
  outRoot: string,
  packageName: string,
  modules: readonly BuiltModule[],
): Promise<string> {
  const modulesDir = resolve(outRoot, packageName, 'bytecode_modules');
  const allowedPhysical = await physicalPath(resolve(allowed));
  if (!isInside(resolve(allowed), modulesDir) || !isInside(allowedPhysical, await physicalPath(modulesDir))) {
    throw new BuildOutputError(`the build folder ${modulesDir} would lie outside ${resolve(allowed)}`);
  }
  await mkdir(modulesDir, { recursive: true });
  for (const module of modules) {
    const file = join(modulesDir, `${module.name}.mv`);
    // A file there may be a link out of the folder: it is replaced, never written through.
    await rm(file, { force: true });
    await writeFile(file, module.bytes, { flag: 'wx' });
  }
  return modulesDir;
}
