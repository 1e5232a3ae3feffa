// Reads packages from disk as the VM loads them (bytes): one package directory (`metadata.json` +
// `bytecode_modules/*.mv`, and the type origin table of `bcs.json` where sui-packages keeps one), or the
// framework from a corpus or a framework directory.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PackageReadError } from '../move/errors.js';
import { readRegularFile } from '../files/regular-file.js';
import {
  JSON_LIMIT,
  listModuleFiles,
  METADATA_FILE,
  readMetadataId,
  readModuleFiles,
} from '../move/read-package.js';
import { PromiseCache } from '../promise-cache.js';
import { VmLoadError } from '../vm/errors.js';
import { FRAMEWORK_IDS, normalizeId, type PackageBytes, type TypeOrigin } from '../vm/package-bytes.js';
import { packageDirFor, packageDirsUnder } from './layout.js';

const REQUIRED_FRAMEWORK = ['0x1', '0x2'];

const HEX_ID = /^(0x)?[0-9a-fA-F]{1,64}$/;

/** `typeOriginTable` as sui-packages stores it (Sui's `TypeOrigin`; older entries say `struct_name`). */
const TYPE_ORIGIN_TABLE = z.array(
  z
    .object({
      module_name: z.string().min(1),
      datatype_name: z.string().min(1).optional(),
      struct_name: z.string().min(1).optional(),
      package: z.string().regex(HEX_ID),
    })
    .refine((row) => (row.datatype_name ?? row.struct_name) !== undefined, 'a row names no datatype'),
);

/**
 * The package's type origin table, from `typeOriginTable` in metadata.json or, as sui-packages stores it,
 * in bcs.json; undefined when neither has one.
 * @throws Error when the file holding it cannot be read (not a regular file, too large) or parsed, or the
 * table is malformed
 */
export function readTypeOrigins(dir: string): TypeOrigin[] | undefined {
  for (const file of [METADATA_FILE, 'bcs.json']) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    // A file that is no regular one, or too large, says so itself, naming the path.
    const text = readRegularFile(path, JSON_LIMIT).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
    }
    const table =
      typeof json === 'object' && json !== null
        ? (json as Record<string, unknown>)['typeOriginTable']
        : undefined;
    if (table === undefined) continue;
    const parsed = TYPE_ORIGIN_TABLE.safeParse(table);
    if (!parsed.success)
      throw new Error(`${path}: typeOriginTable is malformed: ${z.prettifyError(parsed.error)}`);
    return parsed.data.map((row) => ({
      module: row.module_name,
      name: (row.datatype_name ?? row.struct_name)!,
      package: row.package,
    }));
  }
  return undefined;
}

/**
 * `readTypeOrigins` for a package being scored: a malformed table makes the package unreadable, not the run.
 * @throws PackageReadError invalid_metadata
 */
export function packageTypeOrigins(dir: string): TypeOrigin[] | undefined {
  try {
    return readTypeOrigins(dir);
  } catch (err) {
    throw new PackageReadError('invalid_metadata', (err as Error).message, { cause: err });
  }
}

export async function readPackageDir(dir: string): Promise<PackageBytes> {
  try {
    const id = await readMetadataId(dir);
    const files = await readModuleFiles(await listModuleFiles(dir));
    const typeOrigins = readTypeOrigins(dir);
    return {
      id,
      modules: files.map((file) => ({ bytes: file.bytes, label: file.path })),
      ...(typeOrigins ? { typeOrigins } : {}),
    };
  } catch (error) {
    throw new VmLoadError(`cannot read package ${dir}: ${(error as Error).message}`, { cause: error });
  }
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
    : FRAMEWORK_IDS.map((id) => packageDirFor(root, id)).filter((dir) => existsSync(dir));
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
const frameworksRead = new PromiseCache<PackageBytes[]>(4);

/**
 * `readFramework`, done once per source in this process: every package of a run needs the same framework
 * bytes (a VM built on them stays per package). A failed read is not kept, so the next caller tries again.
 */
export function readFrameworkOnce(source: FrameworkSource): Promise<PackageBytes[]> {
  const key = source.frameworkDir ? `dir:${source.frameworkDir}` : `corpus:${source.corpusRoot ?? ''}`;
  return frameworksRead.get(key, () => readFramework(source));
}
