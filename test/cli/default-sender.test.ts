// Phase II run from the command line without --sender or SMI_SENDER, offline (`local`): the run's sender is
// smi-bench's offline default, not upstream's 0x0, so a plan with an address argument is also tried with
// the sender in its place (the `addr_sender` variant, spec §8.3), as upstream's mainnet runs with a funded
// sender tried it. `--sender 0x0` asks for upstream's fallback, which leaves the variant out.
// The plan (mock-planfile, for 0x2): coin::zero<SUI>() and public_transfer of that coin to 0x…1111; it
// succeeds, but creates only one of 0x2's many key types, so every variant is tried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { OFFLINE_SENDER } from '../../src/benchmarks/phase2/workflow/sender.js';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const FRAMEWORK = '0x0000000000000000000000000000000000000000000000000000000000000002';
const work = mkdtempSync(join(tmpdir(), 'smi-default-sender-'));
const ids = join(work, 'ids.txt');
writeFileSync(ids, `${FRAMEWORK}\n`);
const plans = join(work, 'plans.json');
writeFileSync(
  plans,
  JSON.stringify({
    [FRAMEWORK]: {
      calls: [
        { target: '0x2::coin::zero', type_args: ['0x2::sui::SUI'], args: [] },
        {
          target: '0x2::transfer::public_transfer',
          type_args: ['0x2::coin::Coin<0x2::sui::SUI>'],
          args: [{ result: 0 }, { address: `0x${'1111'.padStart(64, '0')}` }],
        },
      ],
    },
  }),
);

let env: Record<string, string>;
let worker: ChildProcess;
beforeAll(() => {
  env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.defaultSender };
  worker = spawnWorker(env);
});
afterAll(async () => {
  await stopProcess(worker);
});

interface Result {
  sender: string;
  packages: { sim_attempts: number; score: { created_hits: number } }[];
}

async function run(runId: string, ...extra: string[]): Promise<Result> {
  const out = join(work, `${runId}.json`);
  const res = await smiBench(
    [
      'phase2',
      ...['--corpus-root', CORPUS_DIR, '--package-ids-file', ids, '--samples', '0'],
      ...['--agent', 'mock-planfile', '--plan-file', plans, '--simulation-mode', 'local'],
      ...['--run-id', runId, '--log-dir', join(work, 'logs'), '--out', out, '--no-progress'],
      ...['--dotenv', join(work, 'none.env'), ...extra],
    ],
    env,
    work,
  );
  expect(res.exitCode, String(res.stderr)).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as Result;
}

describe('the default sender of an offline Phase II run', () => {
  it('is non-zero, so the addr_sender variant is simulated too', async () => {
    const result = await run('default-sender');
    expect(result.sender).toBe(OFFLINE_SENDER);
    // base and addr_sender (the plan has no integer argument, so no ints_N variant)
    expect(result.packages[0]).toMatchObject({ sim_attempts: 2, score: { created_hits: 1 } });
  });

  it('--sender 0x0 is upstream’s fallback: base only', async () => {
    const result = await run('zero-sender', '--sender', '0x0');
    expect(result.sender).toBe('0x0');
    expect(result.packages[0]).toMatchObject({ sim_attempts: 1, score: { created_hits: 1 } });
  });
});
