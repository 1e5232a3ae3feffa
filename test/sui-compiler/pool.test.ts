// The compiler pool: builds run in worker threads, so the caller's event loop keeps turning; a build that
// panics the compiler, runs its thread out of memory, throws or passes its time limit fails alone, with the
// reason, and the next build on the same pool gets a fresh thread and builds.
import { afterEach, describe, expect, it } from 'vitest';
import { CompilerPool } from '../../src/sui-compiler/pool.js';
import type { SuiBuildRequest } from '../../src/contracts/sui-build.js';
import { CORPUS_DIR } from '../support/paths.js';

const REQUEST: SuiBuildRequest = {
  moveToml: '[package]\nname = "probe"\nedition = "2024"\n\n[addresses]\nprobe = "0x0"\n',
  files: [
    {
      path: 'sources/probe.move',
      text: 'module probe::probe;\n\npublic struct Thing has key { id: UID }\n\npublic fun make(ctx: &mut TxContext): Thing {\n    Thing { id: object::new(ctx) }\n}\n',
    },
  ],
  dependencies: { corpusRoot: CORPUS_DIR },
};

const withSource = (text: string): SuiBuildRequest => ({
  ...REQUEST,
  files: [{ path: 'sources/probe.move', text }],
});

/** A module of about `bytes` bytes of one-line functions: slow to compile, big to hold. */
function manyFunctions(bytes: number): string {
  const count = Math.ceil(bytes / 40);
  const functions = Array.from({ length: count }, (_, i) => `public fun f${i}(): u64 { ${i} }\n`);
  return `module probe::probe;\n\n${functions.join('')}`;
}

const pools: CompilerPool[] = [];
function pool(options: ConstructorParameters<typeof CompilerPool>[0]): CompilerPool {
  const made = new CompilerPool(options);
  pools.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('CompilerPool', () => {
  it('builds off the event loop: timers keep firing during a build', async () => {
    const compilers = pool({ size: 1 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = Date.now();
    const result = await compilers.build(REQUEST);
    clearInterval(timer);
    expect(result).toMatchObject({ ok: true, modules: [{ name: 'probe' }] });
    // At least half the 10 ms ticks the build's duration allows: the loop was never blocked for long.
    expect(ticks).toBeGreaterThanOrEqual(Math.floor((Date.now() - started) / 20));
  });

  it('a build past its time limit fails as timed_out, and the next one runs in a fresh thread', async () => {
    const compilers = pool({ size: 1 });
    expect(await compilers.build(REQUEST)).toMatchObject({ ok: true });
    // The thread is up and warm; this build needs many seconds of compiling, far past the limit.
    const late = await compilers.build(withSource(manyFunctions(1_000_000)), { timeoutMs: 1500 });
    expect(late).toMatchObject({ ok: false, stage: 'timed_out' });
    expect(late.rendered).toBe('error: the build passed its time limit of 1.5 s');
    expect(await compilers.build(REQUEST)).toMatchObject({ ok: true });
  });

  it('a panic of the compiler (its stack overflowing on deep nesting) fails that build, and the next builds', async () => {
    const compilers = pool({ size: 1 });
    const nested = `${'('.repeat(20_000)}1${')'.repeat(20_000)}`;
    const crashed = await compilers.build(
      withSource(`module probe::probe;\n\npublic fun deep(): u64 { ${nested} }\n`),
    );
    expect(crashed).toMatchObject({ ok: false, stage: 'crashed', diagnostics: [] });
    // V8's own words for a stack overflow, here of the compiler's WASM.
    expect(crashed.rendered).toBe("error: Sui's compiler crashed: Maximum call stack size exceeded");
    expect(await compilers.build(REQUEST)).toMatchObject({ ok: true, modules: [{ name: 'probe' }] });
  });

  it('a thread that runs out of memory during a build fails that build as crashed, and the next builds', async () => {
    // Heap enough for the thread and an ordinary build, not for reading a 4 MB source file.
    const starved = pool({ size: 1, maxHeapMb: 24 });
    expect(await starved.build(REQUEST)).toMatchObject({ ok: true });
    const result = await starved.build(withSource(manyFunctions(4_000_000)));
    expect(result).toMatchObject({ ok: false, stage: 'crashed' });
    expect(result.rendered).toBe('error: the compiler thread ran out of memory (heap limit 24 MB)');
    expect(await starved.build(REQUEST)).toMatchObject({ ok: true });
  });

  it('a build that throws in its thread fails as crashed with the error, and the next builds', async () => {
    const compilers = pool({ size: 1 });
    // A target outside the framework with no corpus to find it in: the thread's build throws.
    const wrapper = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
    const result = await compilers.build({
      ...REQUEST,
      dependencies: { frameworkDir: CORPUS_DIR, targetId: wrapper },
    });
    expect(result).toMatchObject({ ok: false, stage: 'crashed' });
    expect(result.rendered).toBe(
      `error: the build failed unexpectedly: Error: the target ${wrapper} is not a framework package: give a corpus root to find it in`,
    );
    expect(await compilers.build(REQUEST)).toMatchObject({ ok: true });
  });
});
