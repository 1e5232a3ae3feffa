// SMI_IO_CONCURRENCY bounds the local activities of the orchestration worker (extraction, recording, plan
// files). Three packages of a mock-planfile run each read the plan file as a local activity; the plan file is
// a named pipe that nobody writes until the test has looked, so every read that starts stays open. The
// read is asynchronous (a libuv pool thread waits, the event loop does not), and at most three pool threads
// wait, so the default pool of four keeps one for everything else. Without the bound all three reads would be
// in flight at once; with SMI_IO_CONCURRENCY=2, two are and the third package waits for a slot.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { readProcessConfig } from '../../src/config/process-config.js';
import { startWorkers, workerSettings, type RunningWorkers } from '../../src/worker.js';
import { progressQuery } from '../../src/workflows/run-api.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { UPSTREAM_DATA_DIR } from '../support/paths.js';
import { phase2TestInput } from '../support/phase2-input.js';
import { makePlanFileCorpus, NFT_PACKAGE, SEAL_PACKAGE } from '../support/planfile-corpus.js';
import { connectClient, startTestRun, temporalAddress, uniqueRunId } from '../support/temporal.js';

const namespace = TEST_NAMESPACES.ioConcurrency;
const IO_CONCURRENCY = 2;
const PACKAGES = 3;
let client: Client;
let closeClient: () => Promise<void>;
let workers: RunningWorkers;

beforeAll(async () => {
  ({ client, close: closeClient } = await connectClient(namespace));
  const config = readProcessConfig({ SMI_IO_CONCURRENCY: String(IO_CONCURRENCY) });
  workers = await startWorkers(
    workerSettings(temporalAddress(), namespace, { resolveApiKey: () => 'unused' }, config),
  );
});
afterAll(async () => {
  await workers.shutdown();
  await closeClient();
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Lets the waiting readers of the pipe finish: the pipe is replaced by the real plan file (later reads get
 * it), then its writer end is opened, written and closed (reads in progress end; one that got nothing fails
 * and is retried on the real file). Synchronous calls only: the pool threads may all be waiting.
 */
function releasePipe(pipe: string, plans: string): void {
  const writer = openSync(pipe, constants.O_WRONLY | constants.O_NONBLOCK);
  writeFileSync(`${pipe}.real`, plans);
  renameSync(`${pipe}.real`, pipe);
  writeSync(writer, plans);
  closeSync(writer);
}

describe('SMI_IO_CONCURRENCY', () => {
  it('bounds the local activities in flight on the orchestration worker', async () => {
    const corpus = await makePlanFileCorpus();
    const dir = mkdtempSync(join(tmpdir(), 'smi-io-bound-'));
    const idsFile = join(dir, 'ids.txt');
    writeFileSync(idsFile, `${NFT_PACKAGE}\n${SEAL_PACKAGE}\n${NFT_PACKAGE}\n`);
    const pipe = join(dir, 'plans.json');
    execFileSync('mkfifo', [pipe]);
    const plans = readFileSync(join(UPSTREAM_DATA_DIR, 'fixtures', 'phase2_plans_two_packages.json'), 'utf8');
    const input = phase2TestInput({
      runId: uniqueRunId('io-bound'),
      logDir: dir,
      corpusRoot: corpus,
      options: { agent: 'mock-planfile', planFile: pipe },
      input: { idsFile, concurrency: PACKAGES },
    });
    const handle = await startTestRun(client, input);
    let most = 0;
    let released = false;
    try {
      const look = () => {
        most = Math.max(most, workers.inFlight().orchestration.localActivities);
      };
      // Until every package has started (its extraction and plan read come right after) and two reads hold.
      for (;;) {
        look();
        const progress = await handle.query(progressQuery).catch(() => null);
        if (progress?.running.length === PACKAGES && most >= IO_CONCURRENCY) break;
        await sleep(10);
      }
      // A third read, were it allowed, would start within milliseconds of its package's workflow task.
      for (const end = Date.now() + 2000; Date.now() < end; await sleep(10)) look();
      expect(most).toBe(IO_CONCURRENCY);
      expect(workers.inFlight().orchestration.localActivities).toBe(IO_CONCURRENCY);
      releasePipe(pipe, plans);
      released = true;
      const output = await handle.result();
      expect(output.total).toBe(PACKAGES);
    } finally {
      if (!released) releasePipe(pipe, plans);
    }
  });
});
