// Doctor check of a corpus's dependencies: the packages its packages' modules refer to that no package of
// the corpus provides, by original id (the address a package's modules carry, in any of its versions).
// The sandbox and Phase II `local` report such packages apart (stage missing_dependency), since every call
// into them would fail to link; this lists the ids to add to the corpus: the storage ids the needing
// packages' linkage tables name (the version to fetch), else the original id (the first version). The
// framework has its own check (framework-check.ts): its packages are not listed here.
import { plural } from '../core/plural.js';
import { discoverPackages } from '../package-store/discover.js';
import { addressDigits } from '../move/address.js';
import { deserializeModule } from '../move/module-json.js';
import { packageLinkage } from '../package-store/corpus-index.js';
import { FRAMEWORK_IDS, normalizeId } from '../vm/package-bytes.js';
import { readPackageDir } from '../package-store/package-dir.js';
import type { CheckResult } from './check.js';

/** The address each module carries, and the addresses it refers to. */
function moduleAddresses(bytes: Uint8Array, label: string): { self: string; referenced: string[] } {
  const module = deserializeModule(bytes, label);
  const address = (handle: number) =>
    addressDigits(module.address_identifiers[module.module_handles[handle]!.address]!);
  return {
    self: address(module.self_module_handle_idx),
    referenced: module.module_handles.map((_, i) => address(i)),
  };
}

/** The framework's addresses (64 hex digits): checked by the framework check, wherever it is read from. */
const FRAMEWORK = new Set<string>(FRAMEWORK_IDS.map(normalizeId));

export async function dependencyCheck(corpusRoot: string): Promise<CheckResult> {
  const name = 'dependencies';
  const provided = new Set<string>(FRAMEWORK);
  /** Missing address → the packages that need it, by directory. */
  const needs = new Map<string, Map<string, string>>();
  let unreadable = 0;
  for (const { package_id: id, package_dir: dir } of (await discoverPackages(corpusRoot)).packages) {
    try {
      for (const { bytes, label } of (await readPackageDir(dir)).modules) {
        const { self, referenced } = moduleAddresses(bytes, label);
        provided.add(self);
        for (const address of referenced) needs.set(address, (needs.get(address) ?? new Map()).set(dir, id));
      }
    } catch {
      unreadable++; // the sandbox reports such a package with its reason; it provides nothing here
    }
  }
  const missing = [...needs.keys()].filter((a) => !provided.has(a)).sort();
  const packages = new Set(missing.flatMap((a) => [...needs.get(a)!.values()]));
  const skipped = unreadable ? ` (${plural(unreadable, 'package')} could not be read)` : '';
  if (missing.length === 0)
    return { name, status: 'ok', message: `every dependency is in the corpus${skipped}` };
  const fetch = missing.flatMap((address) => storageIds(address, [...needs.get(address)!.keys()]));
  return {
    name,
    status: 'warn',
    message:
      `${plural(packages.size, 'package')} ${packages.size === 1 ? 'needs' : 'need'} ` +
      `${plural(missing.length, 'package')} the corpus lacks${skipped}; their functions ` +
      `are counted as missing_dependency, not run: ${fetch.join(', ')}`,
    fix: {
      command:
        'fetch the packages with these storage ids (the versions the linkage tables name) into the corpus',
      safe: false,
    },
  };
}

/** What to fetch for a missing original id: the versions the needing packages link, else the original id. */
function storageIds(original: string, neededBy: string[]): string[] {
  const linked = new Set<string>();
  for (const dir of neededBy) {
    let version: string | undefined;
    try {
      version = packageLinkage(dir).get(original);
    } catch {
      version = undefined; // unreadable metadata: the original id is still worth naming
    }
    linked.add(version ?? original);
  }
  return [...linked].sort().map((a) => `0x${a}`);
}
