// Where packages live in a corpus, the sui-packages layout:
//   <root>/0x<first two hex digits>/<other 62>/{metadata.json, bytecode_modules/<module>.mv, bcs.json}
// The one rule for placing a package, and for finding the packages a folder holds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fullAddress } from '../move/address.js';
import { METADATA_FILE } from '../move/read-package.js';

/** `0x` + 64 lowercase hex digits. */
export function fullPackageId(id: string): string {
  return fullAddress(id.trim());
}

/** The package directory of `packageId` under `root` (`0xab…` goes to `0xab/…`); relative if `root` is. */
export function packageDirFor(root: string, packageId: string): string {
  const id = fullPackageId(packageId);
  return join(root, id.slice(0, 4), id.slice(4));
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

/**
 * Package directories directly under `dir` or one level deeper (the layout), links followed. Dot folders
 * are passed over: a package being written is staged in one before it is renamed into place.
 */
export function packageDirsUnder(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string, depth: number) => {
    if (existsSync(join(path, METADATA_FILE))) {
      found.push(path);
      return;
    }
    if (depth === 0) return;
    for (const name of readdirSync(path).sort()) {
      if (name.startsWith('.')) continue;
      const child = join(path, name);
      if (statSync(child).isDirectory()) visit(child, depth - 1);
    }
  };
  visit(dir, 2);
  return found;
}
