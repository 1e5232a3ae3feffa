// Corpus mode through kill -9 of the worker and of the CLI: the same command again resumes the workflow,
// and the report equals an uninterrupted run's, every package once. A slow fullnode stub on 127.0.0.1
// (the RPC comparison) makes each page of packages take seconds, so the crash lands between pages.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smiBench, spawnSmiBench } from '../support/cli.js';
import { CrashLab, killHard } from '../support/crash-lab.js';
import { makeSyntheticCorpus, type SyntheticCorpus } from '../support/synthetic-corpus.js';

const PACKAGES = 500;
let lab: CrashLab;
let corpus: SyntheticCorpus;
let fullnode: Server;
let rpcUrl: string;
const asked: string[] = [];

beforeAll(async () => {
  lab = await CrashLab.open('smi-corpus-crash-');
  corpus = await makeSyntheticCorpus(PACKAGES);
  // Answers every package with no modules, after 30 ms.
  fullnode = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const request = JSON.parse(body) as { id: number; params: [string] };
      asked.push(request.params[0]);
      setTimeout(
        () =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: {} })),
        30,
      );
    });
  });
  await new Promise<void>((done) => fullnode.listen(0, '127.0.0.1', done));
  rpcUrl = `http://127.0.0.1:${(fullnode.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  fullnode?.close();
  await lab?.close();
});

const env = () => ({ TEMPORAL_ADDRESS: lab.server.address });
const args = (out: string) => [
  'extract',
  '--bytecode-corpus-root',
  corpus.root,
  '--out-dir',
  out,
  '--corpus-rpc-compare',
  '--rpc-protocol',
  'json-rpc',
  '--rpc-url',
  rpcUrl,
  '--concurrency',
  '2',
  '--no-progress',
];
const reportIds = (out: string) =>
  readFileSync(join(out, 'corpus_report.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { package_id: string }).package_id);

async function waitForPage(out: string): Promise<void> {
  const work = join(out, '.corpus-work');
  while (!existsSync(work) || !readdirSync(work).some((f) => /^page-\d+\.jsonl$/.test(f)))
    await new Promise((r) => setTimeout(r, 100));
}

describe('corpus mode through crashes', () => {
  it('resumes after kill -9 of the worker and the CLI, with the report of an uninterrupted run', async () => {
    const baseOut = join(lab.dir, 'base');
    const worker = lab.startWorker();
    const base = await smiBench(args(baseOut), env());
    expect(base.exitCode, String(base.stderr)).toBe(0);
    await killHard(worker);
    const expectedIds = [...corpus.truth.keys()].sort();
    expect(reportIds(baseOut)).toEqual(expectedIds);

    asked.length = 0;
    const out = join(lab.dir, 'crashed');
    const first = lab.startWorker();
    const cli = spawnSmiBench(args(out), env());
    await waitForPage(out);
    await Promise.all([killHard(first), killHard(cli.child)]);
    const askedBeforeCrash = asked.length;
    expect(askedBeforeCrash).toBeLessThan(PACKAGES);

    lab.startWorker();
    const resumed = await smiBench(args(out), env());
    expect(resumed.exitCode, String(resumed.stderr)).toBe(0);
    expect(String(resumed.stderr)).toContain(`corpus done: total=${PACKAGES}`);
    expect(readFileSync(join(out, 'corpus_report.jsonl'), 'utf8')).toBe(
      readFileSync(join(baseOut, 'corpus_report.jsonl'), 'utf8'),
    );
    expect(readFileSync(join(out, 'problems.jsonl'), 'utf8')).toBe(
      readFileSync(join(baseOut, 'problems.jsonl'), 'utf8'),
    );
    expect(existsSync(join(out, '.corpus-work'))).toBe(false);
    // A page whose file was written is not asked again, even when the kill came before the server heard
    // that its activity finished: at most the pages in flight (2 × 200 packages) were redone.
    expect(asked.length).toBeLessThanOrEqual(PACKAGES + 2 * 200);
    expect(asked.length - askedBeforeCrash).toBeLessThanOrEqual(PACKAGES - 200);
  }, 300_000);
});
