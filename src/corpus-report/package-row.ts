// One package of a corpus-mode run: local analysis of its .mv files, their names against bcs.json's
// moduleMap, optionally their bytes, and optionally what a fullnode says about the package.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { PackageRef } from '../core/types.js';
import { describeThrown } from '../move/errors.js';
import { buildInterface, deserializeModule, moduleSelfName, readPackageModules } from '../move/index.js';
import { readRegularFile } from '../files/regular-file.js';
import { JSON_LIMIT, MODULES_DIR, readModuleFiles } from '../move/read-package.js';
import { compareInterface } from './interface-compare.js';
import {
  emptyDiff,
  localCounts,
  moduleSetDiff,
  zeroCounts,
  type BytesMismatch,
  type CorpusRow,
  type LocalBytesCheck,
} from './row.js';
import type { NodePackages } from './rpc-modules.js';

export interface PackageRowOptions {
  moduleNamesOnly: boolean;
  bytesCheck: boolean;
  bytesCheckMaxMismatches: number;
  rpc: NodePackages | null;
  interfaceCompare: boolean;
  interfaceCompareMaxMismatches: number;
  interfaceCompareIncludeValues: boolean;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function mvFiles(packageDir: string): string[] {
  const dir = join(packageDir, MODULES_DIR);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mv'))
    .sort()
    .map((f) => join(dir, f));
}

/** bcs.json's moduleMap: module name → bytes (base64 text or a list of byte values). */
function readModuleMap(packageDir: string): Map<string, Uint8Array> {
  const text = readRegularFile(join(packageDir, 'bcs.json'), JSON_LIMIT).toString('utf8');
  const parsed = JSON.parse(text) as { moduleMap?: unknown };
  const map = parsed.moduleMap;
  if (!map || typeof map !== 'object' || Array.isArray(map)) throw new Error('no moduleMap object');
  const modules = new Map<string, Uint8Array>();
  for (const [name, value] of Object.entries(map)) {
    if (typeof value === 'string') modules.set(name, Buffer.from(value, 'base64'));
    else if (Array.isArray(value)) modules.set(name, Uint8Array.from(value as number[]));
    else throw new Error(`moduleMap.${name} is neither base64 text nor a byte list`);
  }
  return modules;
}

function bytesCheck(
  mv: Map<string, Uint8Array>,
  bcs: Map<string, Uint8Array>,
  maxMismatches: number,
): LocalBytesCheck {
  const names = [...new Set([...mv.keys(), ...bcs.keys()])].sort();
  const check: LocalBytesCheck = {
    mv_modules: mv.size,
    bcs_modules: bcs.size,
    exact_match_modules: 0,
    mismatches_total: 0,
    missing_in_bcs: names.filter((n) => !bcs.has(n)),
    missing_in_mv: names.filter((n) => !mv.has(n)),
    mismatches_sample: [],
  };
  for (const module of names) {
    const a = mv.get(module);
    const b = bcs.get(module);
    const reason: BytesMismatch['reason'] | null = !a
      ? 'missing_in_mv'
      : !b
        ? 'missing_in_bcs'
        : a.length !== b.length
          ? 'len_mismatch'
          : sha256(a) !== sha256(b)
            ? 'sha256_mismatch'
            : null;
    if (reason === null) {
      check.exact_match_modules++;
      continue;
    }
    check.mismatches_total++;
    if (check.mismatches_sample.length < maxMismatches)
      check.mismatches_sample.push({
        module,
        reason,
        mv_len: a?.length ?? null,
        bcs_len: b?.length ?? null,
        mv_sha256: a ? sha256(a) : null,
        bcs_sha256: b ? sha256(b) : null,
      });
  }
  return check;
}

async function mvByModuleName(packageDir: string): Promise<Map<string, Uint8Array>> {
  const byName = new Map<string, Uint8Array>();
  for (const { path, bytes } of await readModuleFiles(mvFiles(packageDir))) {
    byName.set(moduleSelfName(deserializeModule(bytes, path)), bytes);
  }
  return byName;
}

export async function corpusRow(ref: PackageRef, opts: PackageRowOptions): Promise<CorpusRow> {
  const row: CorpusRow = {
    package_id: ref.package_id,
    package_dir: ref.package_dir,
    local: zeroCounts(),
    local_vs_bcs: emptyDiff(),
    local_bytes_check: null,
    local_bytes_check_error: null,
    rpc: null,
    rpc_vs_local: null,
    interface_compare: null,
    interface_compare_sample: null,
    error: null,
  };
  let localNames: string[] = [];
  let iface = null;
  try {
    if (opts.moduleNamesOnly) {
      localNames = mvFiles(ref.package_dir).map((f) => basename(f, '.mv'));
      row.local = zeroCounts(localNames.length);
    } else {
      iface = buildInterface(await readPackageModules(ref.package_dir), ref.package_id);
      localNames = iface.module_names;
      row.local = localCounts(iface);
    }
  } catch (error) {
    const what = opts.moduleNamesOnly ? 'local module name scan failed' : 'local analysis failed';
    row.error = `${what}: ${describeThrown(error)}`;
    return row;
  }
  let moduleMap: Map<string, Uint8Array> | null = null;
  try {
    moduleMap = readModuleMap(ref.package_dir);
    row.local_vs_bcs = moduleSetDiff(localNames, [...moduleMap.keys()].sort());
  } catch (error) {
    row.error = `read bcs.json failed: ${describeThrown(error)}`;
  }
  if (opts.bytesCheck) {
    try {
      if (!moduleMap) throw new Error('bcs.json is unreadable');
      row.local_bytes_check = bytesCheck(
        await mvByModuleName(ref.package_dir),
        moduleMap,
        opts.bytesCheckMaxMismatches,
      );
    } catch (error) {
      row.local_bytes_check_error = describeThrown(error);
    }
  }
  if (opts.rpc) {
    try {
      const rpcModules = await opts.rpc.fetch(ref.package_id);
      let structs = 0;
      let functions = 0;
      let keyStructs = 0;
      for (const m of Object.values(rpcModules)) {
        for (const s of Object.values(m.structs ?? {})) {
          structs++;
          if (s.abilities.abilities.some((a) => a.toLowerCase() === 'key')) keyStructs++;
        }
        functions += Object.keys(m.exposedFunctions ?? {}).length;
      }
      row.rpc = { modules: Object.keys(rpcModules).length, structs, functions, key_structs: keyStructs };
      row.rpc_vs_local = moduleSetDiff(Object.keys(rpcModules), localNames);
      if (opts.interfaceCompare && iface) {
        const { summary, mismatches } = compareInterface(rpcModules, iface, {
          maxMismatches: opts.interfaceCompareMaxMismatches,
          includeValues: opts.interfaceCompareIncludeValues,
        });
        row.interface_compare = summary;
        if (summary.mismatches_total > 0) row.interface_compare_sample = mismatches;
      }
    } catch (error) {
      // Upstream lost the package's id on an RPC failure; the row keeps it and says what failed.
      row.error = row.error ? `${row.error}; ${describeThrown(error)}` : describeThrown(error);
    }
  }
  return row;
}
