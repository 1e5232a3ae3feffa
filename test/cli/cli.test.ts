// The built CLI as a user runs it: against the test server (TEMPORAL_ADDRESS) with a separate worker
// process. Commands that start their own server are in local-server.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Client, Connection } from '@temporalio/client';
import { BAD_CORPUS_IDS, makeBadCorpus, type BadCorpus } from '../support/bad-corpus.js';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR, PROJECT_ROOT, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { startTestRun, temporalAddress } from '../support/temporal.js';
import { testRunInput } from '../support/run-input.js';

let env: Record<string, string>;
let worker: ChildProcess;
let corpus: BadCorpus;
const work = mkdtempSync(join(tmpdir(), 'smi-cli-'));

beforeAll(async () => {
  env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.cli };
  worker = spawnWorker(env);
  corpus = await makeBadCorpus();
});
afterAll(async () => {
  await stopProcess(worker);
});

async function findBySearchAttributes(query: string): Promise<string[]> {
  const connection = await Connection.connect({ address: temporalAddress() });
  try {
    const client = new Client({ connection, namespace: TEST_NAMESPACES.cli });
    for (let attempt = 0; ; attempt++) {
      const ids: string[] = [];
      for await (const wf of client.workflow.list({ query })) ids.push(wf.workflowId);
      if (ids.length > 0 || attempt >= 20) return ids;
      await new Promise((r) => setTimeout(r, 250)); // visibility is eventually consistent
    }
  } finally {
    await connection.close();
  }
}

interface Row {
  package_id: string;
  error: string | null;
  score: { f1: number };
}

describe('smi-bench phase1 / status / results', () => {
  /** The same run every time: a second start must find it finished. */
  const badInputRun = (): string[] => [
    'phase1',
    ...['--corpus-root', corpus.root, '--package-ids-file', corpus.idsFile, '--samples', '0'],
    ...[
      '--agent',
      'mock-perfect',
      '--run-id',
      'cli-bad-input',
      '--log-dir',
      join(work, 'logs'),
      '--no-progress',
    ],
  ];

  it('records bad packages with their reason, reports skipped directories and unknown ids, and finishes', async () => {
    const out = join(work, 'bad.json');
    const res = await smiBench([...badInputRun(), '--out', out], env);
    expect(res.stderr).toContain('Started Phase I run cli-bad-input');
    expect(res.stderr).toContain(
      `Temporal: ${temporalAddress()} from TEMPORAL_ADDRESS, namespace "test-cli"`,
    );
    expect(res.exitCode).toBe(0);
    // skipped directories, each with a reason
    expect(res.stderr).toMatch(/3 corpus directories are not a usable package/);
    expect(res.stderr).toMatch(/metadata\.json/);
    expect(res.stderr).toMatch(/no string "id"|"id"/);
    // the unknown id of the manifest
    expect(res.stderr).toContain(BAD_CORPUS_IDS.unknown);
    // the packages that failed, with a clear reason
    expect(res.stderr).toMatch(/2 packages recorded an error/);
    expect(res.stdout).toMatch(/Phase I finished: 3 packages, 2 with errors/);

    const result = JSON.parse(readFileSync(out, 'utf8')) as { packages: Row[]; target_ids_total: number };
    expect(result.target_ids_total).toBe(3);
    expect(result.packages.map((p) => p.package_id)).toEqual([
      BAD_CORPUS_IDS.good,
      BAD_CORPUS_IDS.corruptModule,
      BAD_CORPUS_IDS.emptyModules,
    ]);
    const [good, corrupt, empty] = result.packages;
    expect(good!.error).toBeNull();
    expect(good!.score.f1).toBe(1);
    expect(corrupt!.error).toMatch(/invalid bytecode in .*\.mv/);
    expect(empty!.error).toMatch(/no \.mv files found/);

    // The run can be found in the Temporal UI by its search attributes.
    const found = await findBySearchAttributes(
      `SmiRunId="cli-bad-input" AND SmiPhase="phase1" AND SmiAgent="mock-perfect"`,
    );
    // the run, and its three packages, which carry their package id too
    expect(found.sort()).toEqual([
      'smi/phase1/cli-bad-input',
      ...result.packages.map((p, i) => expect.stringMatching(new RegExp(`^smi/phase1/cli-bad-input/${i}-`))),
    ]);

    const status = await smiBench(['status', 'cli-bad-input'], env);
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain('COMPLETED');

    const again = join(work, 'again.json');
    const results = await smiBench(['results', 'cli-bad-input', '--out', again], env);
    expect(results.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(again, 'utf8')).packages).toEqual(result.packages);

    // Starting a finished run again does not compute anything again.
    const rerun = await smiBench(badInputRun(), env);
    expect(rerun.exitCode).toBe(0);
    expect(rerun.stderr).toContain('Found finished Phase I run cli-bad-input');
    const lines = readFileSync(join(work, 'logs', 'cli-bad-input', 'packages.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(3);
  });

  it('explains bad arguments without a stack trace', async () => {
    const missing = await smiBench(['phase1', '--corpus-root', join(work, 'nope')], env);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/^error: corpus root not found: /m);
    const badAgent = await smiBench(['phase1', '--corpus-root', CORPUS_DIR, '--agent', 'gpt'], env);
    expect(badAgent.exitCode).not.toBe(0);
    expect(badAgent.stderr).toMatch(/Allowed choices are mock-perfect/);
    const unknownRun = await smiBench(['status', 'no-such-run'], env);
    expect(unknownRun.exitCode).toBe(2);
    expect(unknownRun.stderr).toMatch(/no run with id "no-such-run"/);
    const noKey = await smiBench(
      [
        'phase1',
        '--corpus-root',
        CORPUS_DIR,
        '--agent',
        'real-openai-compatible',
        '--dotenv',
        join(work, 'none'),
      ],
      { ...env, SMI_MODEL: '', OPENAI_MODEL: '' },
    );
    expect(noKey.exitCode).toBe(2);
    expect(noKey.stderr).toMatch(/missing model/);
  });

  it('has help that explains the commands', async () => {
    const help = await smiBench(['--help']);
    for (const cmd of ['phase1', 'demo', 'extract', 'status', 'results', 'resume', 'server', 'worker']) {
      expect(help.stdout).toContain(cmd);
    }
    const phase1 = await smiBench(['phase1', '--help']);
    expect(phase1.stdout).toMatch(/key-struct/i);
    expect(phase1.stdout).toContain('--per-package-timeout-seconds');
    expect((await smiBench(['demo', '--help'])).stdout).toContain('--keep-server');
    expect((await smiBench(['status', '--help'])).stdout).toContain('--log-dir');
    expect(help.stdout).toContain('SMI_TEMPORAL_PORT');
  });
});

describe('smi-bench extract', () => {
  it('prints the same bytes as the recorded upstream output', async () => {
    const id = '0x0000000000000000000000000000000000000000000000000000000000000002';
    const res = await smiBench(['extract', '--bytecode-package-dir', SHARED_PACKAGE_DIRS[id]!]);
    expect(res.exitCode).toBe(0);
    expect(res.stdout + '\n').toBe(
      readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'interface', `${id}.json`), 'utf8'),
    );
  });

  it('fails clearly on a corrupt module', async () => {
    const res = await smiBench([
      'extract',
      '--bytecode-package-dir',
      join(corpus.root, BAD_CORPUS_IDS.corruptModule.slice(0, 4), BAD_CORPUS_IDS.corruptModule.slice(4)),
    ]);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^error: invalid bytecode in .*\.mv/m);
  });
});

describe('smi-bench resume', () => {
  it('does the work of a run that no worker is serving, and follows it to the end', async () => {
    const resumeEnv = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.resume };
    const connection = await Connection.connect({ address: temporalAddress() });
    try {
      const client = new Client({ connection, namespace: TEST_NAMESPACES.resume });
      const runId = 'cli-resume';
      await startTestRun(
        client,
        testRunInput({
          runId,
          logDir: join(work, 'logs'),
          corpusRoot: CORPUS_DIR,
          options: { includeTypeLists: false },
        }),
      );
      const waiting = await smiBench(['status', runId], resumeEnv);
      expect(waiting.stdout, String(waiting.stderr)).toContain('RUNNING');
      expect(waiting.stdout).toContain(
        'no worker answered; start `smi-bench worker` processes, or continue it here with: smi-bench resume cli-resume',
      );

      const resumed = await smiBench(['resume', runId, '--no-progress'], resumeEnv);
      expect(resumed.exitCode, String(resumed.stderr)).toBe(0);
      expect(resumed.stdout).toMatch(/Phase I finished: 4 packages, 0 with errors/);
    } finally {
      await connection.close();
    }
  });
});
