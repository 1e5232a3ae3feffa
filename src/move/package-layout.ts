// Where packages live in a sui-packages style corpus, and how to write one:
//   <root>/0xNN/<remaining 62 hex digits>/{metadata.json, bytecode_modules/<module>.mv}
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { PackageRef } from '../core/types.js';
import { fullAddress } from './address.js';
import { METADATA_FILE, MODULES_DIR } from './read-package.js';

/** `0x` + 64 lowercase hex digits. */
export function fullPackageId(id: string): string {
  return fullAddress(id.trim());
}

/** The package directory of `packageId` under `root` (`0xab…` goes to `0xab/…`). */
export function packageDirFor(root: string, packageId: string): string {
  const id = fullPackageId(packageId);
  return resolve(root, id.slice(0, 4), id.slice(4));
}

/**
 * The id a folder's place in the layout names (`<root>/0xab/<62 hex digits>` → `0xab…`, lowercase), or null
 * when the folder is not placed that way. metadata.json's `id` is the package's: this is only where it is filed.
 */
export function layoutIdOf(packageDir: string): string | null {
  const prefix = basename(dirname(packageDir));
  const rest = basename(packageDir);
  if (!/^0x[0-9a-fA-F]{2}$/.test(prefix) || !/^[0-9a-fA-F]{62}$/.test(rest)) return null;
  return `0x${prefix.slice(2)}${rest}`.toLowerCase();
}

export interface PackageFiles {
  packageId: string;
  /** File stem and bytes of each module. */
  modules: { name: string; bytes: Uint8Array }[];
  /** Extra metadata.json keys; `id` is always the full package id. */
  metadata?: Record<string, unknown>;
}

/** Writes (or replaces) one package under `root` and returns where it went. */
export async function writePackage(root: string, files: PackageFiles): Promise<PackageRef> {
  const packageId = fullPackageId(files.packageId);
  const packageDir = packageDirFor(root, packageId);
  // Start from an empty directory so stale modules of an earlier run cannot survive.
  await rm(packageDir, { recursive: true, force: true });
  await mkdir(join(packageDir, MODULES_DIR), { recursive: true });
  await Promise.all(
    files.modules.map((module) =>
      writeFile(join(packageDir, MODULES_DIR, `${module.name}.mv`), module.bytes),
    ),
  );
  const { id: _replaced, ...extra } = files.metadata ?? {};
  const metadata = { id: packageId, ...extra };
  await writeFile(join(packageDir, METADATA_FILE), JSON.stringify(metadata, null, 2) + '\n');
  return { package_id: packageId, package_dir: packageDir };
}
