// What a corpus already holds where a package would be written, read before anything is replaced. Its files
// are read as any corpus's (src/files/regular-file.ts): a FIFO or an oversized file is no copy of a package.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isSuiAddress, normalizePackageId } from '../core/ids-file.js';
import { readRegularFile } from '../files/regular-file.js';
import { JSON_LIMIT, MAX_MODULE_BYTES } from '../move/read-package.js';
import { packageDirFor } from '../package-store/layout.js';
import { isSuiIdentifier } from './sui-limits.js';

export type ExistingPackage =
  /** Nothing there. */
  | { kind: 'absent' }
  /** This package, every module of bcs.json's moduleMap byte-equal in bytecode_modules; `links` are full ids. */
  | { kind: 'whole'; links: string[] }
  /** This package by its metadata.json, but not whole. */
  | { kind: 'partial' }
  /** Something that is not this package: never replaced. */
  | { kind: 'foreign'; why: string };

interface StoredTables {
  moduleMap?: Record<string, unknown>;
  linkageTable?: Record<string, { upgraded_id?: unknown }>;
}

/** @param id a full id */
export function existingPackage(root: string, id: string): ExistingPackage {
  const dir = packageDirFor(root, id);
  if (!existsSync(dir)) return { kind: 'absent' };
  let metaId: unknown;
  try {
    metaId = (JSON.parse(readText(join(dir, 'metadata.json'))) as { id?: unknown }).id;
  } catch {
    return { kind: 'foreign', why: 'it has no readable metadata.json' };
  }
  if (typeof metaId !== 'string' || normalizePackageId(metaId) !== id)
    return { kind: 'foreign', why: `its metadata.json names package ${JSON.stringify(metaId)}` };
  try {
    const stored = JSON.parse(readText(join(dir, 'bcs.json'))) as StoredTables;
    const modules = Object.entries(stored.moduleMap ?? {});
    if (modules.length === 0) return { kind: 'partial' };
    for (const [name, base64] of modules) {
      const file = join(dir, 'bytecode_modules', `${name}.mv`);
      if (!isSuiIdentifier(name) || typeof base64 !== 'string' || !existsSync(file))
        return { kind: 'partial' };
      const bytes = readRegularFile(file, { maxBytes: MAX_MODULE_BYTES });
      if (!bytes.equals(Buffer.from(base64, 'base64'))) return { kind: 'partial' };
    }
    const links = Object.values(stored.linkageTable ?? {}).map((l) => l.upgraded_id);
    if (!links.every((l): l is string => typeof l === 'string' && isSuiAddress(l)))
      return { kind: 'partial' };
    return { kind: 'whole', links: links.map((l) => normalizePackageId(l)!) };
  } catch {
    return { kind: 'partial' };
  }
}

/** Whether `dir` holds exactly `files` (paths inside it), byte for byte, and nothing else. */
export function holdsExactly(dir: string, files: ReadonlyMap<string, Buffer>): boolean {
  const found: string[] = [];
  const walk = (sub: string): boolean => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const path = join(sub, entry.name);
      if (entry.isDirectory()) {
        if (!walk(path)) return false;
      } else {
        const expected = files.get(path);
        // A file longer than the one expected is no match: it is not read past that length.
        if (!expected?.equals(readRegularFile(join(dir, path), { maxBytes: expected.length }))) return false;
        found.push(path);
      }
    }
    return true;
  };
  try {
    return statSync(dir).isDirectory() && walk('') && found.length === files.size;
  } catch {
    return false;
  }
}

const readText = (path: string) => readRegularFile(path, JSON_LIMIT).toString('utf8');
