// `smi-bench corpus pull` against `smi-bench fullnode` serving ../shared/mainnet: the pulled corpus is the
// folder itself, byte for byte (modules and metadata.json; bcs.json's chain tables, whose formatting the
// folder's README says may differ and whose functionMap is a derived summary no node serves), plus the
// framework every linkage table names; a killed pull resumes; rate limits, dropped connections, unknown
// objects and the wrong network each end as they should.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../../src/chain/grpc-client.js';
import { pullPackages } from '../../src/corpus-pull/pull.js';
import type { Fullnode } from '../../src/fullnode/server.js';
import { smiBench, spawnSmiBench } from '../support/cli.js';
import { startDroppingProxy } from '../support/dropping-proxy.js';
import { fullnodeCommand, mainnetFullnode } from '../support/local-fullnode.js';
import { MAINNET_DIR, mainnetPackages } from '../support/mainnet-roots.js';

const work = mkdtempSync(join(tmpdir(), 'smi-corpus-pull-'));
const ids = mainnetPackages().map((p) => p.id);
const idsFile = join(work, 'ids.txt');
writeFileSync(idsFile, ids.join('\n') + '\n');
const FRAMEWORK = ['0x1', '0x2', '0x3'].map((id) => `0x${id.slice(2).padStart(64, '0')}`);

let node: Awaited<ReturnType<typeof fullnodeCommand>>;
let url = '';
beforeAll(async () => {
  node = await fullnodeCommand();
  url = node.url;
});
afterAll(async () => {
  expect(await node.stop()).toBe(0);
});

/** The 17 packages of the ids file into `out`, from the node of this file. */
const pullAll = (out: string) =>
  smiBench(['corpus', 'pull', '--package-ids-file', idsFile, '--out', out, '--rpc-url', url]);
const packageDir = (root: string, id: string) => join(root, id.slice(0, 4), id.slice(4));
const pulledIds = (root: string) =>
  readdirSync(root)
    .filter((p) => p.startsWith('0x'))
    .flatMap((p) => readdirSync(join(root, p)).map((rest) => `${p}${rest}`))
    .sort();

function expectSameAsMainnet(root: string): void {
  for (const id of ids) {
    const [want, got] = [packageDir(MAINNET_DIR, id), packageDir(root, id)];
    expect(
      readFileSync(join(got, 'metadata.json')).equals(readFileSync(join(want, 'metadata.json'))),
      id,
    ).toBe(true);
    const modules = readdirSync(join(want, 'bytecode_modules')).sort();
    expect(readdirSync(join(got, 'bytecode_modules')).sort(), id).toEqual(modules);
    for (const m of modules)
      expect(
        readFileSync(join(got, 'bytecode_modules', m)).equals(
          readFileSync(join(want, 'bytecode_modules', m)),
        ),
        `${id} ${m}`,
      ).toBe(true);
    const { functionMap: _derived, ...stored } = JSON.parse(
      readFileSync(join(want, 'bcs.json'), 'utf8'),
    ) as Record<string, unknown>;
    const pulled = JSON.parse(readFileSync(join(got, 'bcs.json'), 'utf8')) as Record<string, unknown>;
    expect(pulled, id).toEqual(stored);
    expect(Object.keys(pulled['moduleMap'] as object), id).toEqual(
      Object.keys(stored['moduleMap'] as object),
    );
  }
}

describe('smi-bench corpus pull', () => {
  it('reproduces ../shared/mainnet byte for byte, with the framework the packages link to', async () => {
    const out = join(work, 'pulled');
    const res = await pullAll(out);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(res.stdout).toMatch(/^corpus pull: 20 packages pulled, 0 already there and whole, 0 failed/);
    expect(pulledIds(out)).toEqual([...ids, ...FRAMEWORK].sort());
    expectSameAsMainnet(out);

    const again = await pullAll(out);
    expect(again.stdout).toMatch(/^corpus pull: 0 packages pulled, 20 already there and whole, 0 failed/);
  });

  it('resumes after a kill: whole packages are kept, the rest pulled, nothing half written is left', async () => {
    const out = join(work, 'killed');
    const slow = await fullnodeCommand(['--max-requests-per-second', '4']);
    const pull = spawnSmiBench(
      [
        'corpus',
        'pull',
        '--package-ids-file',
        idsFile,
        '--out',
        out,
        '--rpc-url',
        slow.url,
        '--concurrency',
        '2',
      ],
      {},
    );
    const whole = () => (existsSync(out) ? pulledIds(out).filter((p) => !p.includes('.')).length : 0);
    while (whole() < 3) {
      if (pull.child.exitCode !== null)
        throw new Error(`the pull ended before it was killed:\n${pull.stderr()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    pull.child.kill('SIGKILL');
    await pull.exited;
    await slow.stop();
    const kept = whole();
    expect(kept).toBeLessThan(20);

    const res = await pullAll(out);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const [, pulled, skipped] = /(\d+) packages? pulled, (\d+) already there/
      .exec(String(res.stdout))!
      .map(Number);
    expect(skipped).toBeGreaterThanOrEqual(kept);
    expect(pulled! + skipped!).toBe(20);
    expect(pulledIds(out)).toEqual([...ids, ...FRAMEWORK].sort());
    expectSameAsMainnet(out);
  });

  it('waits out 429s (Retry-After) and dropped connections, and finishes', async () => {
    let limited: Fullnode | null = null;
    const proxy = await startDroppingProxy(new URL(url), 3);
    try {
      limited = await mainnetFullnode({ maxRequestsPerSecond: 3 });
      const some = ids.slice(0, 4);
      const throughLimit = await pullPackages(some, {
        client: createChainClient(limited.url),
        url: limited.url,
        out: join(work, 'limited'),
        concurrency: 4,
        maxRetries: 10,
        maxPackages: 100,
      });
      expect(throughLimit.failures).toEqual([]);
      expect(throughLimit).toMatchObject({ pulled: some.length + 3, failed: 0 });
      expect(throughLimit.retries).toBeGreaterThan(0);

      const throughDrops = await pullPackages(some, {
        client: createChainClient(proxy.url),
        url: proxy.url,
        out: join(work, 'dropped'),
        concurrency: 2,
        maxRetries: 6,
        maxPackages: 100,
        backoffMs: 20,
      });
      expect(proxy.dropped()).toBe(3);
      expect(throughDrops.failures).toEqual([]);
      expect(throughDrops).toMatchObject({ pulled: some.length + 3, failed: 0 });
      expect(throughDrops.retries).toBeGreaterThanOrEqual(1);
    } finally {
      await limited?.close();
      await proxy.close();
    }
  });

  it('records an unknown object and an object that is no package, and goes on', async () => {
    const out = join(work, 'unknown');
    const res = await smiBench([
      'corpus',
      'pull',
      '--package-id',
      '0xabc',
      '0x6',
      ids[0]!,
      '--out',
      out,
      '--rpc-url',
      url,
    ]);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toMatch(/4 packages pulled, 0 already there and whole, 2 failed/);
    expect(res.stdout).toMatch(/failed 0x0+abc: .*object 0x0+abc not found/);
    expect(res.stdout).toMatch(/failed 0x0+6: .*not a package/);
  });

  it('refuses a node that serves another network than the one named', async () => {
    const res = await smiBench([
      'corpus',
      'pull',
      '--package-id',
      ids[0]!,
      '--out',
      join(work, 'wrong'),
      '--network',
      'mainnet',
      '--rpc-url',
      url,
    ]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain(`wrong network: the node at ${url} serves localnet, not mainnet`);
    // Not even the output folder: nothing is written before the node is known to be the right one.
    expect(existsSync(join(work, 'wrong'))).toBe(false);
  });
});
