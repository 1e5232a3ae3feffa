// The extractor's RPC modes over gRPC (the default now): against `smi-bench fullnode` serving a corpus of
// the framework, the shared corpus and the 17 mainnet packages, every package's normalized modules
// (MovePackageService GetPackage) agree with the interface extracted from its bytecode, in corpus mode and in
// single mode; a package the node lacks is an error naming it.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFullnode, type Fullnode } from '../../src/fullnode/server.js';
import { makeStubCorpus, removeTemporaryDirs } from '../move-stubs/stub-build.js';
import { smiBench } from '../support/cli.js';
import { mainnetPackages } from '../support/mainnet-roots.js';

const work = mkdtempSync(join(tmpdir(), 'smi-extract-grpc-'));
const corpus = makeStubCorpus();
let node: Fullnode;
beforeAll(async () => {
  node = await startFullnode({
    corpusRoot: corpus,
    frameworkDir: null,
    chain: 'localnet',
    host: '127.0.0.1',
    port: 0,
    maxRequestsPerSecond: null,
  });
});
afterAll(async () => {
  await node.close();
  removeTemporaryDirs(work);
});

const jsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('extract against a node over gRPC', () => {
  it('corpus mode: counts and interfaces of every package agree with the bytecode', async () => {
    const out = join(work, 'corpus');
    const run = await smiBench([
      'extract',
      ...['--bytecode-corpus-root', corpus, '--out-dir', out],
      ...['--corpus-rpc-compare', '--corpus-interface-compare', '--rpc-url', node.url],
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const rows = jsonl(join(out, 'corpus_report.jsonl'));
    expect(rows).toHaveLength(21); // 0x1, 0x2, 0x3, the shared corpus's package and the 17 mainnet ones
    for (const row of rows) {
      const local = row['local'] as Record<string, number>;
      expect(row['rpc'], String(row['package_id'])).toEqual({
        modules: local['modules'],
        structs: local['structs'],
        functions:
          local['functions_public']! + local['functions_friend']! + local['private_entry_functions']!,
        key_structs: local['key_structs'],
      });
      expect(row['interface_compare'], String(row['package_id'])).toMatchObject({ mismatches_total: 0 });
    }
    // The only problems: the shared corpus's four packages keep no bcs.json to check module names against.
    const problems = jsonl(join(out, 'problems.jsonl'));
    expect(problems).toHaveLength(4);
    for (const problem of problems)
      expect(problem['error']).toMatch(/^read bcs\.json failed: \S+\/bcs\.json does not exist$/);
  });

  it('single mode: the on-chain bytecode and the node’s description agree; an unknown id fails', async () => {
    const artipedia = mainnetPackages().find((p) => p.id.startsWith('0x13fe3a'))!.id;
    const run = await smiBench([
      'extract',
      '--package-id',
      artipedia,
      '--rpc-url',
      node.url,
      '--compare-bytecode-rpc',
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`compare ${artipedia}: 0 mismatches over 1 modules`));

    const emitted = await smiBench([
      'extract',
      '--package-id',
      artipedia,
      '--rpc-url',
      node.url,
      '--emit-json',
      '-',
    ]);
    const json = JSON.parse(String(emitted.stdout)) as {
      modules: Record<string, { structs: Record<string, { abilities: { abilities: string[] } }> }>;
    };
    // bcs.json's typeOriginTable lists UserNumber; its bytecode declares it `has key`.
    expect(json.modules['artipedia']!.structs['UserNumber']!.abilities.abilities).toContain('Key');

    const unknown = await smiBench(['extract', '--package-id', '0xabc', '--rpc-url', node.url]);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('0xabc is neither a package nor a package-info object');
  });

  it('a node of another network than --network is refused before anything is read or written', async () => {
    const wrong = `wrong network: the node at ${node.url} serves localnet, not mainnet`;
    const single = await smiBench([
      'extract',
      '--package-id',
      '0x2',
      '--network',
      'mainnet',
      '--rpc-url',
      node.url,
      '--emit-json',
      '-',
    ]);
    expect(single.exitCode).toBe(2);
    expect(single.stderr).toContain(wrong);
    expect(single.stdout).toBe('');

    const out = join(work, 'wrong-network');
    const corpusRun = await smiBench([
      'extract',
      ...['--bytecode-corpus-root', corpus, '--out-dir', out, '--corpus-rpc-compare'],
      ...['--network', 'mainnet', '--rpc-url', node.url],
    ]);
    expect(corpusRun.exitCode).toBe(2);
    expect(corpusRun.stderr).toContain(wrong);
    expect(existsSync(out)).toBe(false);
  });

  it('over JSON-RPC, --network with --rpc-url is refused: that protocol cannot say the network', async () => {
    const run = await smiBench([
      'extract',
      ...['--package-id', '0x2', '--network', 'mainnet', '--rpc-url', node.url, '--rpc-protocol', 'json-rpc'],
    ]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--network cannot be checked against a node over JSON-RPC');
  });
});
