// A pulled package in the sui-packages layout: `<root>/0x<first two hex digits>/<other 62>/` with
// `bytecode_modules/<module>.mv`, `metadata.json` (id, originalPackageId, version, and the publishing
// transaction's sender, digest and checkpoint) and `bcs.json` (the chain's moduleMap in base64, the type
// origin and linkage tables). A package is written beside its final place and renamed into it, so a
// killed pull never leaves half a package.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pyDumps } from '../core/pyjson.js';
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

// JSON.stringify's layout, but versions and checkpoints are bigints written digit for digit: past 2^53 a
// JavaScript number would round them.
const json = (value: unknown) => pyDumps(value, { indent: 2 });

export function metadataJson(pkg: PulledPackage): string {
  return json({
    id: pkg.id,
    originalPackageId: pkg.originalId,
    version: pkg.version,
    ...(pkg.sender ? { sender: pkg.sender } : {}),
    ...(pkg.transactionDigest ? { transactionDigest: pkg.transactionDigest } : {}),
    ...(pkg.checkpoint !== null ? { checkpoint: pkg.checkpoint } : {}),
  });
}

export function bcsJson(pkg: PulledPackage): string {
  return json({
    dataType: 'package',
    id: pkg.id,
    version: pkg.version,
    moduleMap: Object.fromEntries(pkg.modules.map((m) => [m.name, Buffer.from(m.bytes).toString('base64')])),
    typeOriginTable: pkg.typeOrigins.map((o) => ({
      module_name: o.module,
      datatype_name: o.name,
      package: o.package,
    })),
    linkageTable: Object.fromEntries(
      pkg.linkage.map((l) => [
        l.originalId,
        { upgraded_id: l.upgradedId, upgraded_version: l.upgradedVersion },
      ]),
    ),
  });
}

/** The files of `bytecode_modules`, by name; module names are checked identifiers. */
export function moduleFiles(pkg: PulledPackage): Map<string, Buffer> {
  return new Map(pkg.modules.map((m) => [`${m.name}.mv`, Buffer.from(m.bytes)]));
}

/** Every file of the package's folder, by its path inside it. */
export function packageFiles(pkg: PulledPackage): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const [name, bytes] of moduleFiles(pkg)) files.set(join('bytecode_modules', name), bytes);
  files.set('bcs.json', Buffer.from(bcsJson(pkg)));
  files.set('metadata.json', Buffer.from(metadataJson(pkg)));
  return files;
}

/**
 * Writes `files` as package `id`'s folder. One already there is moved aside only once the new one is whole,
 * put back if the new one cannot take its place, and removed once it has.
 */
export async function installPackage(root: string, id: string, files: Map<string, Buffer>): Promise<void> {
  const final = corpusPackageDir(root, id);
  const aside = (what: string) =>
    join(dirname(final), `${STAGING_PREFIX}${what}-${id.slice(2, 10)}-${randomBytes(4).toString('hex')}`);
  const staging = aside('new');
  await mkdir(join(staging, 'bytecode_modules'), { recursive: true });
  try {
    // metadata.json last: a folder with it is a package to every reader of a corpus.
    const order = [...files.keys()].sort(
      (a, b) => Number(a === 'metadata.json') - Number(b === 'metadata.json'),
    );
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
