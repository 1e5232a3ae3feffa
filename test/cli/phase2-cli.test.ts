// `smi-bench phase2` as a user runs it (the built CLI, a separate worker process): an offline run over the
// real framework, then status and results of the finished run, and the refusals that protect a run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';
import { freePort } from '../../src/temporal/ports.js';

let env: Record<string, string>;
let worker: ChildProcess;
const work = mkdtempSync(join(tmpdir(), 'smi-p2cli-'));
const logDir = join(work, 'logs');

beforeAll(() => {
  env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.phase2Cli };
  worker = spawnWorker(env);
});
afterAll(async () => {
  await stopProcess(worker);
});

const baselineRun = (...extra: string[]) => [
  'phase2',
  ...['--corpus-root', CORPUS_DIR, '--samples', '0', '--agent', 'baseline-search'],
  ...['--run-id', 'p2-cli', '--log-dir', logDir, '--no-progress', ...extra],
];

describe('smi-bench phase2 / status / results', () => {
  it('runs offline, and status and results read the finished run', async () => {
    const out = join(work, 'p2.json');
    const res = await smiBench(baselineRun('--out', out), env);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(res.stderr).toContain('pre-flight: nothing: build-only runs offline');
    expect(res.stderr).toContain('Started Phase II run p2-cli (agent baseline-search)');
    expect(res.stdout).toMatch(/Phase II finished: 4 packages, 0 with errors/);
    const result = JSON.parse(readFileSync(out, 'utf8')) as {
      schema_version: number;
      simulation_mode: string;
      aggregate: Record<string, number>;
    };
    expect(result.schema_version).toBe(2);
    expect(result.simulation_mode).toBe('build-only');
    expect(result.aggregate['avg_hit_rate']).toBeGreaterThan(0);
    // Upstream's run metadata records the two loop limits, at their defaults (5 and 4: spec, phase2 flags).
    const metadata = JSON.parse(readFileSync(join(logDir, 'p2-cli', 'run_metadata.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(metadata['max_plan_attempts']).toBe(5);
    expect(metadata['max_heuristic_variants']).toBe(4);

    const status = await smiBench(['status', 'p2-cli', '--log-dir', logDir], env);
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain('run p2-cli: COMPLETED');
    expect(status.stdout).toContain('avg_hit_rate');

    const copy = join(work, 'copy.json');
    const results = await smiBench(['results', 'p2-cli', '--out', copy, '--log-dir', logDir], env);
    expect(results.exitCode).toBe(0);
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(out, 'utf8'));
  });

  it('refuses to continue a run with other settings, naming them', async () => {
    const res = await smiBench(baselineRun('--max-plan-attempts', '3'), env);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('run p2-cli was started with other settings');
    expect(res.stderr).toContain('options.maxPlanAttempts was 5, now 3');
  });

  it('checks what the simulation mode needs before starting anything', async () => {
    const deadRpc = `http://127.0.0.1:${await freePort()}`;
    const res = await smiBench(
      [
        'phase2',
        ...['--corpus-root', CORPUS_DIR, '--simulation-mode', 'dry-run', '--rpc-url', deadRpc],
        ...['--run-id', 'p2-dead-rpc', '--log-dir', logDir, '--no-progress'],
      ],
      env,
    );
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('pre-flight check for --simulation-mode dry-run failed');
    expect(existsSync(join(logDir, 'p2-dead-rpc'))).toBe(false);

    // JSON-RPC cannot say which network a node serves, so a network asked for beside a URL is refused
    // before the node is called or a folder made (gRPC checks it instead).
    const unverifiable = await smiBench(
      [
        'phase2',
        ...['--corpus-root', CORPUS_DIR, '--simulation-mode', 'dry-run', '--rpc-url', deadRpc],
        ...['--rpc-protocol', 'json-rpc', '--network', 'testnet'],
        ...['--run-id', 'p2-json-rpc-network', '--log-dir', logDir, '--no-progress'],
      ],
      env,
    );
    expect(unverifiable.exitCode).toBe(2);
    expect(unverifiable.stderr).toContain('--network cannot be checked against a node over JSON-RPC');
    expect(unverifiable.stderr).not.toContain('pre-flight');
    expect(existsSync(join(logDir, 'p2-json-rpc-network'))).toBe(false);

    const noPlanFile = await smiBench(
      ['phase2', '--corpus-root', CORPUS_DIR, '--agent', 'mock-planfile'],
      env,
    );
    expect(noPlanFile.exitCode).toBe(2);
    expect(noPlanFile.stderr).toContain('--agent mock-planfile requires --plan-file');

    const template = join(work, 'initial.txt');
    writeFileSync(template, 'Plan for {{package_id}} using {{nonsense}}');
    const badTemplate = await smiBench(
      ['phase2', '--corpus-root', CORPUS_DIR, '--prompt-template', `initial=${template}`],
      env,
    );
    expect(badTemplate.exitCode).toBe(2);
    expect(badTemplate.stderr).toMatch(/prompt template .*initial\.txt: .*nonsense/);
  });
});
