// A package's interface as the artifact store keeps it (canonical JSON text, its hash, its key types), for
// the last packages extracted. The runs of an evaluation set go through the same corpus side by side, each
// storing the same text in its own run directory: the first extracts, the others reuse the text while the
// package id and the module files (names, sizes, modification times) are unchanged.
import { LRUCache } from 'lru-cache';
import { extractKeyTypes } from '../core/truth.js';
import { sortedByCodePoint } from '../core/py-string.js';
import type { InterfaceJson } from '../core/types.js';
import { formatSortedJson, sortKeysDeep } from '../move/canonical-json.js';
import { extractPackageInterface, moduleFilesKey, resolvePackageId } from '../move/index.js';
import { sha256Hex } from '../run-store/artifacts.js';

export interface StoredInterface {
  text: string;
  sha: string;
  /** `address::module::Struct` of every struct with `key`, sorted. */
  truth: string[];
  /** The parsed interface, when it was just extracted (a reused entry keeps only its text). */
  parsed?: InterfaceJson;
}

// Text only: at most a few hundred KB each, the parsed interfaces are kept by hash elsewhere.
const KEPT = 64;
const recent = new LRUCache<string, { key: string; stored: StoredInterface }>({ max: KEPT });

/** @throws PackageReadError as extraction does (metadata.json first, then the module files). */
export async function storedInterface(packageDir: string): Promise<StoredInterface> {
  const key = `${await resolvePackageId(packageDir)}\n${await moduleFilesKey(packageDir)}`;
  const kept = recent.get(packageDir);
  if (kept?.key === key) return kept.stored;
  // In key order, the interface is what JSON.parse gives back from its stored text.
  const parsed = sortKeysDeep(await extractPackageInterface(packageDir)) as InterfaceJson;
  const text = formatSortedJson(parsed);
  const stored = { text, sha: sha256Hex(text), truth: sortedByCodePoint(extractKeyTypes(parsed)) };
  recent.set(packageDir, { key, stored });
  return { ...stored, parsed };
}
