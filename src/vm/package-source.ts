// Reads packages from disk: one package directory (`metadata.json` + `bytecode_modules/*.mv`), a
// corpus in the sui-packages layout (`0x<2 hex>/<62 hex>/`), or a framework directory.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { listModuleFiles, readMetadataId, readModuleFiles } from '../move/read-package.js';
import { VmLoadError } from './errors.js';

export interface PackageBytes {
  /** The package's (storage) id, `0x…`; for an upgraded package it differs from its modules' address. */
  id: string;
  modules: { bytes: Uint8Array; label: string }[];
}

export const FRAMEWORK_IDS = ['0x1', '0x2', '0x3'] as const;
const REQUIRED_FRAMEWORK = ['0x1', '0x2'];

export function normalizeId(id: string): string {
  const digits = id.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{1,64}$/.test(digits)) throw new VmLoadError(`not a package id: ${id}`);
  return digits.padStart(64, '0');
}

export async function readPackageDir(dir: string): Promise<PackageBytes> {
  try {
    const id = await readMetadataId(dir);
    const files = await readModuleFiles(await listModuleFiles(dir));
    return { id, modules: files.map((file) => ({ bytes: file.bytes, label: file.path })) };
  } catch (error) {
    throw new VmLoadError(`cannot read package ${dir}: ${(error as Error).message}`, { cause: error });
  }
}

/** Where the sui-packages layout keeps a package: `0x` + first two digits, then the other 62. */
export function corpusPackageDir(corpusRoot: string, id: string): string {
  const digits = normalizeId(id);
  return join(corpusRoot, `0x${digits.slice(0, 2)}`, digits.slice(2));
}

/** Package directories directly under `dir` or one level deeper (the sui-packages layout). */
function packageDirsUnder(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string, depth: number) => {
    if (existsSync(join(path, 'metadata.json'))) {
      found.push(path);
      return;
    }
    if (depth === 0) return;
    for (const name of readdirSync(path).sort()) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) visit(child, depth - 1);
    }
  };
  visit(dir, 2);
  return found;
}

/**
 * The framework packages 0x1, 0x2 and (when present) 0x3, from a corpus root or a directory of
 * package directories.
 * @throws VmLoadError naming the missing packages
 */
export interface FrameworkSource {
  corpusRoot?: string;
  frameworkDir?: string;
}

export async function readFramework(source: FrameworkSource): Promise<PackageBytes[]> {
  const root = source.frameworkDir ?? source.corpusRoot;
  if (!root) throw new VmLoadError('give a framework directory or a corpus root to load 0x1 and 0x2 from');
  if (!existsSync(root)) throw new VmLoadError(`framework source ${root} does not exist`);
  const packages = new Map<string, PackageBytes>();
  const candidates = source.frameworkDir
    ? packageDirsUnder(root)
    : FRAMEWORK_IDS.map((id) => corpusPackageDir(root, id)).filter((dir) => existsSync(dir));
  for (const dir of candidates) {
    const pkg = await readPackageDir(dir);
    const digits = normalizeId(pkg.id);
    if (FRAMEWORK_IDS.some((id) => normalizeId(id) === digits)) packages.set(digits, pkg);
  }
  const missing = REQUIRED_FRAMEWORK.filter((id) => !packages.has(normalizeId(id)));
  if (missing.length > 0) {
    throw new VmLoadError(
      `the Move framework is incomplete under ${root}: missing ${missing.join(', ')} ` +
        '(expected package directories with metadata.json and bytecode_modules/*.mv)',
    );
  }
  return [...packages.values()];
}

/** Frameworks read by this process, by source; a few at most (a worker serves runs over a few corpora). */
const frameworksRead = new Map<string, Promise<PackageBytes[]>>();
const FRAMEWORKS_KEPT = 4;

/**
 * `readFramework`, done once per source in this process: every package of a run needs the same framework
 * bytes (a VM built on them stays per package). A failed read is not kept, so the next caller tries again.
 */
export function readFrameworkOnce(source: FrameworkSource): Promise<PackageBytes[]> {
  const key = source.frameworkDir ? `dir:${source.frameworkDir}` : `corpus:${source.corpusRoot ?? ''}`;
  let read = frameworksRead.get(key);
  if (!read) {
    if (frameworksRead.size >= FRAMEWORKS_KEPT) frameworksRead.delete(frameworksRead.keys().next().value!);
    read = readFramework(source);
    frameworksRead.set(key, read);
    read.catch(() => frameworksRead.delete(key));
  }
  return read;
}
