// The manifest commands as a user runs them (the built CLI): phase2-manifest on the shared corpus, then a
// Phase II run of its plan file through mock-planfile, then the filters on that run (by result file, run
// directory and run id) and on upstream's golden Phase II result; bad input gets one line and exit 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR, UPSTREAM_DATA_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';
import { makeBadCorpus } from '../support/bad-corpus.js';
import { parsePlanFile } from '../../src/benchmarks/phase2/workflow/plan-file.js';

const FRAMEWORK = '0x' + '0'.repeat(63) + '2';
const SUI_SYSTEM = '0x' + '0'.repeat(63) + '3';
const STDLIB = '0x' + '0'.repeat(63) + '1';
const GOLDEN_PHASE2 = join(UPSTREAM_DATA_DIR, 'golden', 'phase2_golden_run.json');
const GOLDEN_PHASE1 = join(UPSTREAM_DATA_DIR, 'golden', 'phase1_golden_run.json');

let env: Record<string, string>;
let worker: ChildProcess;
const work = mkdtempSync(join(tmpdir(), 'smi-manifest-cli-'));
const logDir = join(work, 'logs');
const file = (name: string) => join(work, name);

beforeAll(() => {
  env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.manifest };
  worker = spawnWorker(env);
});
afterAll(async () => {
  await stopProcess(worker);
});

/** One line on stderr, exit 2, no stack trace. */
function expectRefused(res: { exitCode?: number; stderr: unknown }, message: RegExp): void {
  const stderr = String(res.stderr);
  expect(res.exitCode, stderr).toBe(2);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(message);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('smi-bench phase2-manifest → phase2 --agent mock-planfile → filters', () => {
  it('builds the manifest of the shared corpus, and Phase II runs exactly its packages from its plan file', async () => {
    const [ids, plan, report] = [file('ids.txt'), file('plan.json'), file('report.json')];
    const res = await smiBench(
      ['phase2-manifest', '--corpus-root', CORPUS_DIR, '--out-ids', ids, '--out-plan', plan],
      {},
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    // The stdlib and the wrapper coin have no public entry function; the framework and Sui system have
    // some whose arguments the baseline builds (defaults, or placeholders for their objects).
    expect(readFileSync(ids, 'utf8')).toBe(`${FRAMEWORK}\n${SUI_SYSTEM}\n`);
    expect(res.stdout).toContain('packages_total=4 packages_selected=2 packages_failed_interface=0');
    expect(res.stderr).toContain('phase2-manifest: 4/4 packages');
    const plans = parsePlanFile(readFileSync(plan, 'utf8'), plan);
    expect([...plans.keys()]).toEqual([FRAMEWORK, SUI_SYSTEM]);

    const withReport = await smiBench([
      'phase2-manifest',
      ...['--corpus-root', CORPUS_DIR, '--out-ids', file('ids2.txt'), '--out-plan', file('plan2.json')],
      ...['--out-report', report, '--rust-bin', '/no/such/binary', '--no-progress'],
    ]);
    expect(withReport.exitCode, String(withReport.stderr)).toBe(0);
    expect(withReport.stderr).not.toContain('phase2-manifest: 4/4');
    expect(readFileSync(file('plan2.json'), 'utf8')).toBe(readFileSync(plan, 'utf8'));
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({
      schema_version: 1,
      corpus_root_name: 'corpus',
      stats: { packages_total: 4, packages_selected: 2 },
    });

    const out = file('phase2.json');
    const run = await smiBench(
      [
        'phase2',
        ...['--corpus-root', CORPUS_DIR, '--package-ids-file', ids, '--samples', '0'],
        ...['--agent', 'mock-planfile', '--plan-file', plan],
        ...['--run-id', 'manifest-e2e', '--log-dir', logDir, '--no-progress', '--out', out],
      ],
      env,
    );
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as {
      packages: {
        package_id: string;
        ptb_parse_ok: boolean;
        error: string | null;
        score: { targets: number };
      }[];
    };
    expect(result.packages.map((r) => r.package_id)).toEqual([FRAMEWORK, SUI_SYSTEM]);
    for (const row of result.packages) {
      // the plan was found and built into a transaction (build-only creates nothing)
      expect(row).toMatchObject({ ptb_parse_ok: true, tx_build_ok: true, error: null });
      expect(row.score.targets).toBeGreaterThan(0);
    }

    // the filters read the run by its result file, its run directory or its id, all alike
    const byTargets = (source: string, name: string) =>
      smiBench(
        [
          'phase2-filter-manifest',
          source,
          '--min-targets',
          '1',
          '--out-manifest',
          file(name),
          '--log-dir',
          logDir,
        ],
        env,
      );
    for (const [source, name] of [
      [out, 'kept-file.txt'],
      [join(logDir, 'manifest-e2e'), 'kept-dir.txt'],
      ['manifest-e2e', 'kept-id.txt'],
    ] as const) {
      const kept = await byTargets(source, name);
      expect(kept.exitCode, String(kept.stderr)).toBe(0);
      expect(kept.stderr).toContain('packages_kept=2');
      expect(readFileSync(file(name), 'utf8')).toBe(`${FRAMEWORK}\n${SUI_SYSTEM}\n`);
    }
  });

  it('writes the key-struct dataset and takes the first packages by id with --limit', async () => {
    const keys = file('keys.txt');
    const res = await smiBench([
      'phase2-manifest',
      ...['--corpus-root', CORPUS_DIR, '--out-ids', file('l-ids.txt'), '--out-plan', file('l-plan.json')],
      ...['--out-key-struct-ids', keys, '--limit', '2'],
    ]);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    // 0x1 and 0x2 by id; the stdlib declares no object (no `key`), the framework does
    expect(res.stdout).toContain('packages_total=2 packages_selected=1');
    expect(readFileSync(keys, 'utf8')).toBe(`${FRAMEWORK}\n`);
    // the format of upstream's packages_with_keys.txt: full ids, sorted, one per line, no header
    const upstream = readFileSync(join(UPSTREAM_DATA_DIR, 'manifests', 'packages_with_keys.txt'), 'utf8');
    for (const text of [upstream, readFileSync(keys, 'utf8')]) {
      const lines = text.split('\n');
      expect(lines.pop()).toBe('');
      expect(lines.every((line) => /^0x[0-9a-f]{64}$/.test(line))).toBe(true);
      expect([...lines].sort()).toEqual(lines);
    }
    expect(readFileSync(file('l-ids.txt'), 'utf8')).toBe(`${FRAMEWORK}\n`);
    expect(readFileSync(file('l-ids.txt'), 'utf8')).not.toContain(STDLIB);
  });

  it('counts broken packages and goes on', async () => {
    const { root } = await makeBadCorpus();
    mkdirSync(join(root, '0x12', 'not-a-package'), { recursive: true });
    const report = file('bad-report.json');
    const res = await smiBench([
      'phase2-manifest',
      ...['--corpus-root', root, '--out-ids', file('bad-ids.txt'), '--out-plan', file('bad-plan.json')],
      ...['--out-report', report],
    ]);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    // good (the wrapper coin: no candidate), corrupt module, no modules, no metadata, bad JSON, no id
    expect(res.stdout).toContain('packages_total=6 packages_selected=0 packages_failed_interface=5');
    const samples = (JSON.parse(readFileSync(report, 'utf8')) as { samples: { error: string }[] }).samples;
    expect(samples).toHaveLength(5);
    expect(readFileSync(file('bad-ids.txt'), 'utf8')).toBe('');
    expect(res.stderr).toMatch(/skipped .*not-a-package \(no bytecode_modules\/ directory\): not a package/);
  });
});

describe('the filters on upstream’s golden results and on bad input', () => {
  it('phase2-filter-manifest: the golden Phase II rows have 2 and 1 targets', async () => {
    const two = await smiBench(['phase2-filter-manifest', GOLDEN_PHASE2, '--out-manifest', file('g2.txt')]);
    expect(two.exitCode, String(two.stderr)).toBe(0);
    expect(readFileSync(file('g2.txt'), 'utf8')).toBe(`${STDLIB}\n`); // default --min-targets 2
    const three = await smiBench([
      ...['phase2-filter-manifest', GOLDEN_PHASE2, '--min-targets', '3'],
      ...['--out-manifest', join(work, 'nested', 'dir', 'g3.txt')],
    ]);
    expect(three.exitCode).toBe(0);
    expect(three.stderr).toContain('packages_kept=0');
    expect(readFileSync(join(work, 'nested', 'dir', 'g3.txt'), 'utf8')).toBe('');
  });

  it('phase2-filter-hit-rate: ids on stdout or in a file; --top N under a two-line header', async () => {
    const hits = await smiBench(['phase2-filter-hit-rate', GOLDEN_PHASE2, '--min-hits', '1']);
    expect(hits.exitCode, String(hits.stderr)).toBe(0);
    expect(hits.stdout).toBe(STDLIB); // execa strips the final newline
    const none = await smiBench([
      'phase2-filter-hit-rate',
      GOLDEN_PHASE2,
      '--min-hits',
      '2',
      '--out',
      file('h.txt'),
    ]);
    expect(none.exitCode).toBe(0);
    expect(readFileSync(file('h.txt'), 'utf8')).toBe('');

    const rows = [
      { package_id: '0xb', score: { created_hits: 1, targets: 2 } },
      { package_id: '0xa', score: { created_hits: 1, targets: 2 } },
      { package_id: '0xc', score: { created_hits: 3, targets: 3 } },
      { package_id: '0xd', score: { created_hits: 0, targets: 3 } },
    ];
    writeFileSync(
      file('rows.json'),
      JSON.stringify({ schema_version: 2, aggregate: { avg_hit_rate: 0.5 }, packages: rows }),
    );
    const top = await smiBench([
      'phase2-filter-hit-rate',
      file('rows.json'),
      '--top',
      '2',
      '--out',
      file('top.txt'),
    ]);
    expect(top.exitCode, String(top.stderr)).toBe(0);
    const lines = readFileSync(file('top.txt'), 'utf8').split('\n');
    expect(lines[0]).toMatch(/^# Top-2 /);
    expect(lines[1]).toMatch(/^# Generated: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(lines.slice(2)).toEqual(['0xc', '0xa', '']); // 1.0, then 0.5 twice: 0xa before 0xb
  });

  it('refuses a Phase I result, a file that is not JSON, and an unknown run with one line', async () => {
    const p1 = await smiBench(['phase2-filter-manifest', GOLDEN_PHASE1, '--out-manifest', file('x.txt')]);
    expectRefused(p1, /phase1_golden_run\.json is a Phase I result, not a Phase II one/);
    const p1Hits = await smiBench(['phase2-filter-hit-rate', GOLDEN_PHASE1]);
    expectRefused(p1Hits, /is a Phase I result/);

    writeFileSync(file('notjson.json'), 'phase2 finished\n');
    const notJson = await smiBench([
      'phase2-filter-manifest',
      file('notjson.json'),
      '--out-manifest',
      file('x.txt'),
    ]);
    expectRefused(notJson, /^error: Could not read results from .*notjson\.json/);

    writeFileSync(file('nopackages.json'), '{"schema_version": 2}');
    const noRows = await smiBench(['phase2-filter-hit-rate', file('nopackages.json')]);
    expectRefused(noRows, /invalid out json: missing packages\[\]/);

    const unknown = await smiBench(['phase2-filter-hit-rate', 'no-such-run', '--log-dir', logDir]);
    expectRefused(unknown, /no-such-run: no results file, run directory or finished run/);

    const noCorpus = await smiBench([
      ...[
        'phase2-manifest',
        '--corpus-root',
        file('missing'),
        '--out-ids',
        file('i'),
        '--out-plan',
        file('p'),
      ],
    ]);
    expectRefused(noCorpus, /--corpus-root: no such folder/);

    const folderOut = await smiBench([
      ...['phase2-manifest', '--corpus-root', CORPUS_DIR, '--out-ids', work, '--out-plan', file('p')],
    ]);
    expectRefused(folderOut, /--out-ids: .* is a folder; give a file name/);

    const notRunDir = await smiBench(['phase2-filter-manifest', work, '--out-manifest', file('x.txt')]);
    expectRefused(notRunDir, /has no result\.json: not a finished run's directory/);
  });
});
