// Doctor checks of a corpus (the sui-packages layout) and of a manifest's ids against it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describeIdMismatch, discoverPackages } from '../package-store/discover.js';
import { addressDigits } from '../move/address.js';
import { packageDirFor } from '../package-store/layout.js';
import { JSON_LIMIT } from '../move/read-package.js';
import { readRegularFile } from '../files/regular-file.js';
import { packageIdKey, parseIdsFile } from '../core/ids-file.js';
import type { CheckResult } from './check.js';
import { plural } from '../core/plural.js';

const LAYOUT = '<root>/<prefix>/<rest>/{metadata.json, bytecode_modules/*.mv}';
const SHOWN = 3;

function isPackageDir(dir: string): boolean {
  return existsSync(join(dir, 'bytecode_modules')) || existsSync(join(dir, 'metadata.json'));
}

/**
 * Whether `root` is a sui-packages prefix folder (`0x00`) holding the package folder `name`: the prefix's
 * digits then the folder's name spell the id its metadata.json gives.
 */
function isPrefixOf(root: string, name: string): boolean {
  const prefix = /^0x([0-9a-f]+)$/i.exec(basename(root))?.[1];
  if (!prefix || !/^[0-9a-f]+$/i.test(name)) return false;
  try {
    const metadata = readRegularFile(join(root, name, 'metadata.json'), JSON_LIMIT).toString('utf8');
    const { id } = JSON.parse(metadata) as { id?: unknown };
    return typeof id === 'string' && addressDigits(id) === addressDigits(prefix + name);
  } catch {
    return false;
  }
}

const POINT_AT = 'point --corpus-root at the folder that holds <prefix>/<rest>/bytecode_modules';

/**
 * What a root without packages holds instead, in words that say how to point at the right folder, and
 * what to do about it.
 */
function describeWrongLayout(root: string): { message: string; fix: string } {
  if (isPackageDir(root))
    return {
      message: `${root} is one package's folder, not a corpus root (layout ${LAYOUT})`,
      fix: `${POINT_AT}, two levels up: --corpus-root ${resolve(root, '..', '..')}`,
    };
  // Links to folders count: a corpus may be assembled from them.
  const children = readdirSync(root, { withFileTypes: true }).filter((e) =>
    e.isSymbolicLink()
      ? (statSync(join(root, e.name), { throwIfNoEntry: false })?.isDirectory() ?? false)
      : e.isDirectory(),
  );
  const packages = children.map((c) => c.name).filter((name) => isPackageDir(join(root, name)));
  if (packages.some((name) => isPrefixOf(root, name)))
    return {
      message: `${root} is a prefix folder of a corpus (its name and a package folder's name make the package's id), not a corpus root (layout ${LAYOUT})`,
      fix: `${POINT_AT}, one level up: --corpus-root ${resolve(root, '..')}`,
    };
  if (packages.length > 0)
    return {
      message: `packages sit directly under ${root}; the sui-packages layout nests them one level deeper: ${LAYOUT}`,
      fix:
        `move each package folder into a prefix folder (as sui-packages: ${root}/0x12/<rest of the id>/), ` +
        `or ${POINT_AT}`,
    };
  const mv = readdirSync(root).filter((f) => f.endsWith('.mv')).length;
  if (mv > 0)
    return {
      message: `${root} holds ${mv} loose .mv files; each package needs its own folder: ${LAYOUT}`,
      fix:
        `put each package's .mv files in <root>/<prefix>/<rest>/bytecode_modules/, with a metadata.json ` +
        `{"id": "0x…"} beside bytecode_modules, then point --corpus-root at <root>`,
    };
  return { message: `no package under ${root} (expected ${LAYOUT})`, fix: POINT_AT };
}

export async function corpusCheck(corpusRoot: string): Promise<{ result: CheckResult; ids: Set<string> }> {
  const name = 'corpus';
  const root = resolve(corpusRoot);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    const result: CheckResult = {
      name,
      status: 'fail',
      message: `${root} is not a directory`,
      fix: { command: POINT_AT, safe: false },
    };
    return { result, ids: new Set() };
  }
  const found = await discoverPackages(root);
  const ids = new Set(found.packages.map((p) => packageIdKey(p.package_id)));
  if (ids.size === 0) {
    const { message, fix } = describeWrongLayout(root);
    return { result: { name, status: 'fail', message, fix: { command: fix, safe: false } }, ids };
  }
  const skipped = found.skipped.length
    ? `; ${found.skipped.length} folders skipped (first: ${found.skipped[0]!.dir}: ${found.skipped[0]!.reason})`
    : '';
  const [mismatch] = found.idMismatches;
  const misfiled = mismatch
    ? `; ${plural(found.idMismatches.length, 'package folder')} named for another id than metadata.json's ` +
      `(first: ${describeIdMismatch(mismatch)})`
    : '';
  const warn = found.skipped.length > 0 || mismatch !== undefined;
  return {
    result: {
      name,
      status: warn ? 'warn' : 'ok',
      message: `${plural(ids.size, 'package')} in ${root}${skipped}${misfiled}`,
      ...(mismatch
        ? {
            fix: {
              command: `file each package under its metadata.json id: move ${mismatch.dir} to ${packageDirFor(root, mismatch.metadata_id)}`,
              safe: false,
            },
          }
        : {}),
    },
    ids,
  };
}

/** Ids as upstream's doctor reads a manifest: `#` starts a comment anywhere on a line. */
function manifestIds(text: string): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.split('#')[0]!);
  return parseIdsFile(lines.join('\n'), { dedupe: true });
}

export function manifestCheck(manifest: string, corpusIds: Set<string>, corpusRoot: string): CheckResult {
  const name = 'manifest';
  let text: string;
  try {
    text = readFileSync(manifest, 'utf8');
  } catch (err) {
    return {
      name,
      status: 'fail',
      message: `cannot read ${manifest}: ${(err as NodeJS.ErrnoException).code ?? err}`,
    };
  }
  const ids = manifestIds(text);
  if (ids.length === 0) return { name, status: 'fail', message: `${manifest} lists no package id` };
  const missing = ids.filter((id) => !corpusIds.has(packageIdKey(id)));
  if (missing.length === 0)
    return { name, status: 'ok', message: `all ${ids.length} ids of ${manifest} are in the corpus` };
  const shown = missing.slice(0, SHOWN).join(', ') + (missing.length > SHOWN ? ', …' : '');
  return {
    name,
    status: 'fail',
    message: `${missing.length} of ${ids.length} ids of ${manifest} are not in ${resolve(corpusRoot)}: ${shown}`,
    fix: {
      command: `use the corpus the manifest was made from, or make one for this corpus: smi-bench phase2-manifest --corpus-root ${corpusRoot} …`,
      safe: false,
    },
  };
}
