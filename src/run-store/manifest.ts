// manifest.jsonl: the packages a run processes, in order, written once when the run is prepared.
// The run workflow reads it a page at a time, so the package list never enters workflow history whole.
import { readFile } from 'node:fs/promises';
import type { PackageRef } from '../core/types.js';
import { atomicWriteFile } from './atomic-write.js';
import { runPaths } from './paths.js';

export interface ManifestEntry {
  index: number;
  packageId: string;
  packageDir: string;
}

export async function writeManifest(runDir: string, packages: PackageRef[]): Promise<void> {
  const lines = packages.map((p, index) =>
    JSON.stringify({ index, package_id: p.package_id, package_dir: p.package_dir }),
  );
  await atomicWriteFile(runPaths(runDir).manifest, lines.map((l) => l + '\n').join(''));
}

export async function readManifestPage(
  runDir: string,
  offset: number,
  limit: number,
): Promise<ManifestEntry[]> {
  const text = await readFile(runPaths(runDir).manifest, 'utf8');
  const lines = text.split('\n').filter((l) => l !== '');
  return lines.slice(offset, offset + limit).map((line) => {
    const raw = JSON.parse(line) as { index: number; package_id: string; package_dir: string };
    return { index: raw.index, packageId: raw.package_id, packageDir: raw.package_dir };
  });
}

/** How many packages the run processes (its manifest's lines); null before the run has its manifest. */
export async function countManifestEntries(runDir: string): Promise<number | null> {
  try {
    const text = await readFile(runPaths(runDir).manifest, 'utf8');
    return text.split('\n').filter((l) => l !== '').length;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
