// The one way a package folder is written into a corpus: beside its final place (layout.ts), then renamed
// into it, so a killed writer (a pull, a synthetic corpus) never leaves half a package, and a package
// written again keeps no module of its earlier version.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { PackageRef } from '../core/types.js';
import { METADATA_FILE, MODULES_DIR } from '../move/read-package.js';
import { fullPackageId, packageDirFor } from './layout.js';

// The name corpus pull's staging folders have always had, so leftovers of older pulls are found too.
const STAGING_PREFIX = '.pulling-';

/** Folders a killed writer left half written; they hold nothing a finished package lacks. */
export async function removeStaging(root: string): Promise<void> {
  if (!existsSync(root)) return;
  for (const prefix of readdirSync(root, { withFileTypes: true })) {
    if (!prefix.isDirectory() || !/^0x[0-9a-f]{2}$/.test(prefix.name)) continue;
    for (const entry of readdirSync(join(root, prefix.name)))
      if (entry.startsWith(STAGING_PREFIX))
        await rm(join(root, prefix.name, entry), { recursive: true, force: true });
  }
}

/**
 * Writes `files` as package `id`'s folder. One already there is moved aside only once the new one is whole,
 * put back if the new one cannot take its place, and removed once it has.
 */
export async function installPackage(root: string, id: string, files: Map<string, Buffer>): Promise<void> {
  const final = packageDirFor(root, id);
  const aside = (what: string) =>
    join(dirname(final), `${STAGING_PREFIX}${what}-${id.slice(2, 10)}-${randomBytes(4).toString('hex')}`);
  const staging = aside('new');
  await mkdir(join(staging, MODULES_DIR), { recursive: true });
  try {
    // metadata.json last: a folder with it is a package to every reader of a corpus.
    const order = [...files.keys()].sort((a, b) => Number(a === METADATA_FILE) - Number(b === METADATA_FILE));
    for (const path of order) await writeFile(join(staging, path), files.get(path)!);
    if (existsSync(final)) {
      const old = aside('old');
      await rename(final, old);
      try {
        await rename(staging, final);
      } catch (error) {
        await rename(old, final);
        throw error;
      }
      await rm(old, { recursive: true, force: true });
    } else await rename(staging, final);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

export interface PackageFiles {
  packageId: string;
  /** File stem and bytes of each module. */
  modules: { name: string; bytes: Uint8Array }[];
  /** Extra metadata.json keys; `id` is always the full package id. */
  metadata?: Record<string, unknown>;
}

/** Writes (or replaces) one package with a metadata.json of its own under `root`; returns where it went. */
export async function writePackage(root: string, files: PackageFiles): Promise<PackageRef> {
  const packageId = fullPackageId(files.packageId);
  const contents = new Map<string, Buffer>();
  for (const module of files.modules)
    contents.set(join(MODULES_DIR, `${module.name}.mv`), Buffer.from(module.bytes));
  const { id: _replaced, ...extra } = files.metadata ?? {};
  const metadata = { id: packageId, ...extra };
  contents.set(METADATA_FILE, Buffer.from(JSON.stringify(metadata, null, 2) + '\n'));
  await installPackage(root, packageId, contents);
  return { package_id: packageId, package_dir: resolve(packageDirFor(root, packageId)) };
}
