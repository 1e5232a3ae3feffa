// A pulled package in the sui-packages layout: `<root>/0x<first two hex digits>/<other 62>/` with
// `bytecode_modules/<module>.mv`, `metadata.json` (id, originalPackageId, version, and the publishing
// transaction's sender, digest and checkpoint) and `bcs.json` (the chain's moduleMap in base64, the type
// origin and linkage tables). A package is written beside its final place and renamed into it, so a
// killed pull never leaves half a package; one already there is checked byte for byte before it is kept.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { corpusPackageDir } from '../vm/package-source.js';
import type { PulledPackage } from './fetch-package.js';

const STAGING_PREFIX = '.pulling-';

/** Folders a killed pull left half written; they hold nothing a finished package lacks. */
export async function removeStaging(root: string): Promise<void> {
  if (!existsSync(root)) return;
  for (const prefix of readdirSync(root, { withFileTypes: true })) {
    if (!prefix.isDirectory() || !/^0x[0-9a-f]{2}$/.test(prefix.name)) continue;
    for (const entry of readdirSync(join(root, prefix.name)))
      if (entry.startsWith(STAGING_PREFIX))
        await rm(join(root, prefix.name, entry), { recursive: true, force: true });
  }
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function metadataJson(pkg: PulledPackage): string {
  return json({
    id: pkg.id,
    originalPackageId: pkg.originalId,
    version: Number(pkg.version),
    ...(pkg.sender ? { sender: pkg.sender } : {}),
    ...(pkg.transactionDigest ? { transactionDigest: pkg.transactionDigest } : {}),
    ...(pkg.checkpoint !== null ? { checkpoint: Number(pkg.checkpoint) } : {}),
  });
}

export function bcsJson(pkg: PulledPackage): string {
  return json({
    dataType: 'package',
    id: pkg.id,
    version: Number(pkg.version),
    moduleMap: Object.fromEntries(pkg.modules.map((m) => [m.name, Buffer.from(m.bytes).toString('base64')])),
    typeOriginTable: pkg.typeOrigins.map((o) => ({
      module_name: o.module,
      datatype_name: o.name,
      package: o.package,
    })),
    linkageTable: Object.fromEntries(
      pkg.linkage.map((l) => [
        l.originalId,
        { upgraded_id: l.upgradedId, upgraded_version: Number(l.upgradedVersion) },
      ]),
    ),
  });
}

const MODULE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export async function writePackage(root: string, pkg: PulledPackage): Promise<string> {
  const final = corpusPackageDir(root, pkg.id);
  const staging = join(
    dirname(final),
    `${STAGING_PREFIX}${pkg.id.slice(2, 10)}-${randomBytes(4).toString('hex')}`,
  );
  await mkdir(join(staging, 'bytecode_modules'), { recursive: true });
  try {
    for (const module of pkg.modules) {
      // A name is a Move identifier; anything else would write outside the package's folder.
      if (!MODULE_NAME.test(module.name))
        throw new Error(`the node named a module ${JSON.stringify(module.name)}`);
      await writeFile(join(staging, 'bytecode_modules', `${module.name}.mv`), module.bytes);
    }
    await writeFile(join(staging, 'bcs.json'), bcsJson(pkg));
    // Last: a folder with metadata.json is a package to every reader of a corpus.
    await writeFile(join(staging, 'metadata.json'), metadataJson(pkg));
    await rm(final, { recursive: true, force: true });
    await rename(staging, final);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return final;
}

/**
 * The storage ids a package already in the corpus links to, when it is whole: metadata.json names the id,
 * and every module of bcs.json's moduleMap is in bytecode_modules with the same bytes. Null otherwise.
 */
export function completePackageLinks(root: string, id: string): string[] | null {
  const dir = corpusPackageDir(root, id);
  try {
    const meta = JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')) as { id?: unknown };
    if (typeof meta.id !== 'string' || meta.id.toLowerCase() !== id) return null;
    const stored = JSON.parse(readFileSync(join(dir, 'bcs.json'), 'utf8')) as {
      moduleMap?: Record<string, string>;
      linkageTable?: Record<string, { upgraded_id?: string }>;
    };
    const modules = Object.entries(stored.moduleMap ?? {});
    if (modules.length === 0) return null;
    for (const [name, base64] of modules) {
      const file = join(dir, 'bytecode_modules', `${name}.mv`);
      if (!existsSync(file) || !readFileSync(file).equals(Buffer.from(base64, 'base64'))) return null;
    }
    return Object.values(stored.linkageTable ?? {}).flatMap((l) => (l.upgraded_id ? [l.upgraded_id] : []));
  } catch {
    return null;
  }
}
