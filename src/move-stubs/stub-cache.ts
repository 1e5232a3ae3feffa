// Stubs are made once per package content: kept in memory for the thread (a worker builds many helpers
// against the same framework and targets) and on disk under $SMI_HOME/stubs/ for the other compiler
// threads (the pool lets one thread make a dependency set's stubs first) and the next process. The key
// hashes the module bytes, the named address and the generator's version, so a changed generator or
// package never meets an old stub.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { deserializeModule } from '../move/module-json.js';
import { smiHome } from '../smi-home.js';
import type { PackageBytes } from '../vm/package-bytes.js';
import { packageStub, type PackageStub } from './package-stub.js';

/** Change whenever the stubs written for the same bytecode change. */
const GENERATOR_VERSION = 'move-stubs/3';

/** Stubs kept in memory: the framework's three and the closures of the targets a process builds for. */
const KEPT_IN_MEMORY = 256;
const inMemory = new LRUCache<string, PackageStub>({ max: KEPT_IN_MEMORY });

type Modules = PackageBytes['modules'];

export function cachedPackageStub(modules: Modules, namedAddress: string): PackageStub {
  const key = stubKey(modules, namedAddress);
  const kept = inMemory.get(key) ?? readStored(key);
  if (kept) return remember(key, kept);
  const made = packageStub(
    modules.map((m) => deserializeModule(m.bytes, m.label)),
    namedAddress,
  );
  store(key, made);
  return remember(key, made);
}

function stubKey(modules: Modules, namedAddress: string): string {
  const hash = createHash('sha256').update(`${GENERATOR_VERSION}\0${namedAddress}\0`);
  for (const module of modules) hash.update(`${module.bytes.length}\0`).update(module.bytes);
  return hash.digest('hex');
}

function remember(key: string, stub: PackageStub): PackageStub {
  inMemory.set(key, stub);
  return stub;
}

const storedPath = (key: string) => join(smiHome(), 'stubs', `${key}.json`);

/** A stored stub, or null when there is none or it is not one (cut short, damaged): it is then made again. */
function readStored(key: string): PackageStub | null {
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(storedPath(key), 'utf8'));
  } catch {
    return null;
  }
  return isPackageStub(stored) ? stored : null;
}

function isPackageStub(value: unknown): value is PackageStub {
  const stub = value as Partial<PackageStub> | null;
  return (
    typeof stub?.originalId === 'string' &&
    Array.isArray(stub.dependencyIds) &&
    stub.dependencyIds.every((id) => typeof id === 'string') &&
    typeof stub.sources === 'object' &&
    stub.sources !== null &&
    Object.values(stub.sources).every((text) => typeof text === 'string')
  );
}

/** Best effort: a disk that cannot take the stub only costs the next process the time to remake it. */
function store(key: string, stub: PackageStub): void {
  const path = storedPath(key);
  const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
  try {
    mkdirSync(join(smiHome(), 'stubs'), { recursive: true });
    writeFileSync(partial, JSON.stringify(stub));
    renameSync(partial, path);
  } catch {
    // Left to be remade; the stub in hand is still returned.
    rmSync(partial, { force: true });
  }
}
