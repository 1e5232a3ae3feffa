// Loading the shared corpus for the verifier tests: every package's modules, and a dependency lookup.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserializeModule, type ModuleJson } from '../../src/move/module-json.js';
import { moduleId } from '../../src/bytecode-verifier/index.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';

export interface CorpusModule {
  file: string;
  module: ModuleJson;
}

export function loadPackage(dir: string): CorpusModule[] {
  const moduleDir = join(dir, 'bytecode_modules');
  return readdirSync(moduleDir)
    .filter((f) => f.endsWith('.mv'))
    .sort()
    .map((f) => ({ file: f, module: deserializeModule(readFileSync(join(moduleDir, f)), f) }));
}

export function loadCorpus(): Map<string, CorpusModule[]> {
  return new Map(Object.entries(SHARED_PACKAGE_DIRS).map(([id, dir]) => [id, loadPackage(dir)]));
}

export function lookupIn(packages: Iterable<CorpusModule[]>) {
  const byId = new Map<string, ModuleJson>();
  for (const modules of packages) for (const { module } of modules) byId.set(moduleId(module), module);
  return (address: string, name: string) => byId.get(`${address}::${name}`);
}

/** A deep copy, to mutate without touching the shared corpus. */
export function cloneModule(module: ModuleJson): ModuleJson {
  return structuredClone(module);
}

export function functionIndex(module: ModuleJson, name: string): number {
  const index = module.function_defs.findIndex(
    (d) => module.identifiers[module.function_handles[d.function]?.name ?? -1] === name,
  );
  if (index < 0) throw new Error(`no function ${name}`);
  return index;
}
