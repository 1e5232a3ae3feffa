// The compiler pool: builds run in worker threads, so the caller's event loop keeps turning; a thread that
// runs out of memory or passes its time limit fails that build alone, with the reason, and the next build
// gets a fresh thread.
import { afterEach, describe, expect, it } from 'vitest';
import { CompilerPool } from '../../src/sui-compiler/pool.js';
import type { SuiBuildRequest } from '../../src/sui-compiler/types.js';
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
    const late = await compilers.build(REQUEST, { timeoutMs: 1 });
    expect(late).toMatchObject({ ok: false, stage: 'timed_out' });
    expect(late.rendered).toContain('time limit of 0.001 s');
    expect(await compilers.build(REQUEST)).toMatchObject({ ok: true });
  });

  it('a thread out of memory fails its build as crashed, naming why, and the pool goes on', async () => {
    const starved = pool({ size: 1, maxHeapMb: 4 });
    const [first, second] = await Promise.all([starved.build(REQUEST), starved.build(REQUEST)]);
    for (const result of [first, second]) {
      expect(result).toMatchObject({ ok: false, stage: 'crashed' });
      expect(result.rendered).toMatch(/memory|exited/i);
    }
  });
});
