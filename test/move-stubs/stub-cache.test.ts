// The stub cache under $SMI_HOME/stubs: a compiler pool cold with two threads makes each stub once, fresh
// threads reuse what is stored, a stored file cut short or damaged is made again, and other bytecode gets
// another key. Every stub written passes through its own `.partial` file first, so watching the folder
// counts the stubs made.
import { mkdirSync, readdirSync, readFileSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPackageStub } from '../../src/move-stubs/stub-cache.js';
import { CompilerPool } from '../../src/sui-compiler/pool.js';
import type { SuiBuildRequest } from '../../src/contracts/sui-build.js';
import { readPackageDir } from '../../src/package-store/package-dir.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { removeTemporaryDirs, useFreshSmiHome } from './stub-build.js';

const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
/** A helper using wrapper_coin, whose closure is the framework: std, sui, sui_system and itself. */
const REQUEST: SuiBuildRequest = {
  moveToml: '[package]\nname = "helper"\nedition = "2024"\n\n[addresses]\nhelper = "0x0"\n',
  files: [
    {
      path: 'sources/probe.move',
      text: 'module helper::probe;\n\nentry fun send(ctx: &mut TxContext) {\n    target_pkg::wrapper_coin::probe_transfer_coin_generic(sui::coin::zero<sui::sui::SUI>(ctx), ctx);\n}\n',
    },
  ],
  dependencies: { corpusRoot: CORPUS_DIR, targetId: WRAPPER },
};
const PACKAGES_IN_CLOSURE = 4;

let stubsDir: string;
let watcher: FSWatcher;
const partials = new Set<string>();

/** The stub files written since the last call, by final name. */
async function stubsMade(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 200)); // the last file events reach this thread
  const made = [...partials].map((name) => name.replace(/\.[0-9a-f]+\.partial$/, ''));
  partials.clear();
  return made.sort();
}

const storedStubs = () =>
  readdirSync(stubsDir)
    .filter((name) => name.endsWith('.json'))
    .sort();
const stubHolding = (module: string) =>
  storedStubs().find((name) =>
    readFileSync(join(stubsDir, name), 'utf8').includes(`"sources/${module}.move"`),
  )!;

async function buildInFreshPool(size: number, builds: number): Promise<void> {
  const pool = new CompilerPool({ size });
  try {
    const results = await Promise.all(Array.from({ length: builds }, () => pool.build(REQUEST)));
    for (const result of results) expect(result).toMatchObject({ ok: true, modules: [{ name: 'probe' }] });
  } finally {
    await pool.close();
  }
}

beforeAll(() => {
  stubsDir = join(useFreshSmiHome(), 'stubs');
  mkdirSync(stubsDir);
  watcher = watch(stubsDir, (_event, name) => {
    if (name?.endsWith('.partial')) partials.add(name);
  });
});
afterAll(() => {
  watcher.close();
  removeTemporaryDirs();
});

describe('the stub cache', () => {
  it('a cold pool of two threads building at once makes each stub once', async () => {
    await buildInFreshPool(2, 4);
    const made = await stubsMade();
    expect(made).toHaveLength(PACKAGES_IN_CLOSURE);
    expect(made).toEqual(storedStubs());
  });

  it('fresh threads reuse the stored stubs and remake only a file cut short or damaged', async () => {
    const target = stubHolding('wrapper_coin');
    const stdlib = stubHolding('vector');
    const before = readFileSync(join(stubsDir, target), 'utf8');
    writeFileSync(join(stubsDir, target), before.slice(0, before.length / 2));
    writeFileSync(join(stubsDir, stdlib), '{"sources":{}}');
    await buildInFreshPool(1, 1);
    expect(await stubsMade()).toEqual([stdlib, target].sort());
    expect(readFileSync(join(stubsDir, target), 'utf8')).toBe(before);
    expect(JSON.parse(readFileSync(join(stubsDir, stdlib), 'utf8'))).toHaveProperty([
      'sources',
      'sources/vector.move',
    ]);
  });

  it('changed bytecode is another key: its own stub, from its own bytes', async () => {
    const { modules } = await readPackageDir(SHARED_PACKAGE_DIRS[WRAPPER]!);
    const original = cachedPackageStub(modules, 'target_pkg');
    // One letter of a function's name in the module's identifier pool: `…_generic` becomes `…_generix`.
    const name = Buffer.from('probe_transfer_coin_generic');
    const changed = modules.map((module) => {
      const at = Buffer.from(module.bytes).indexOf(name);
      if (at < 0) return module;
      const bytes = Uint8Array.from(module.bytes);
      bytes[at + name.length - 1] = 'x'.charCodeAt(0);
      return { ...module, bytes };
    });
    const stub = cachedPackageStub(changed, 'target_pkg');
    const source = (s: typeof stub) => s.sources['sources/wrapper_coin.move']!;
    expect(source(original)).toContain('fun probe_transfer_coin_generic<');
    expect(source(stub)).toContain('fun probe_transfer_coin_generix<');
    expect(source(stub)).not.toContain('probe_transfer_coin_generic');
    expect(await stubsMade()).toHaveLength(1);
    expect(storedStubs()).toHaveLength(PACKAGES_IN_CLOSURE + 1);
  });
});
