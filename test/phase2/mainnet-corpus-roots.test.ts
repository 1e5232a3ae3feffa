// Phase II `local` over the 17 mainnet packages of ../shared/mainnet, which holds no framework, with the
// framework of ../shared/corpus given three ways (test/support/mainnet-roots.ts): `--framework-dir`, a copied
// corpus root, and a corpus root made of links (a link to a folder of linked prefix folders, whose packages
// resolve outside it). Each run completes, every package with its targets as upstream counted them (the
// folder's README table), the hits and created types derived by hand (test/support/mainnet-expected.ts), and
// the three runs agree on every package's outcome. Without any framework the pre-flight refuses the run,
// saying how to give one, in `phase2` as in the pipelines that run Phase II (`run-all`,
// `phase2-targeted-run`), which take `--framework-dir` too; `doctor` says the same, and passes the three roots.
// The extractor's corpus mode reads the linked root as the README says it read the folder: 17/17 packages,
// no byte mismatch.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorkers } from '../../src/worker.js';
import { removeTemporaryDirs, makeStubCorpus } from '../move-stubs/stub-build.js';
import { smiBench } from '../support/cli.js';
import { baseTypes, expectedCreated, expectedHits } from '../support/mainnet-expected.js';
import {
  linkedMainnetRoot,
  mainnetPackages,
  MAINNET_DIR,
  UPSTREAM_SENDER,
} from '../support/mainnet-roots.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { startTestWorkers, temporalAddress } from '../support/temporal.js';

const work = mkdtempSync(join(tmpdir(), 'smi-mainnet-roots-'));
const logDir = join(work, 'logs');
const none = join(work, 'none.env');
const packages = mainnetPackages();
const idsFile = join(work, 'mainnet-ids.txt');
const copied = makeStubCorpus();
const linked = linkedMainnetRoot();
let workers: RunningWorkers;

const env = () => ({ TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.mainnetRoots });

beforeAll(async () => {
  writeFileSync(idsFile, packages.map((p) => p.id).join('\n') + '\n');
  workers = await startTestWorkers(TEST_NAMESPACES.mainnetRoots);
});
afterAll(async () => {
  await workers?.shutdown();
  removeTemporaryDirs(work, join(linked, '..'));
});

interface Row {
  package_id: string;
  error: string | null;
  score: { targets: number; created_hits: number };
  created_object_types_list: string[];
  [field: string]: unknown;
}

/** A local run refused before anything starts, as the pre-flight refuses it: exit 2, the reason, the fix. */
function expectNoFramework(run: Result, corpusRoot: string) {
  expect(run.exitCode, String(run.stderr)).toBe(2);
  expect(String(run.stderr)).toContain(
    `error: pre-flight check for --simulation-mode local failed: the Move framework is incomplete under ` +
      `${corpusRoot}: missing 0x1, 0x2`,
  );
  expect(String(run.stderr)).toContain('give --framework-dir DIR');
}

/** What a row says happened to the package: everything but timings and usage. */
const OUTCOME_FIELDS = [
  'package_id',
  'score',
  'failure_stage',
  'abort_category',
  'plan_attempts',
  'plan_variant',
  'sim_attempts',
  'tx_build_ok',
  'exec_ok',
  'dry_run_ok',
  'dry_run_exec_ok',
  'dry_run_status',
  'dry_run_effects_error',
  'dry_run_abort_code',
  'dry_run_abort_location',
  'dry_run_error',
  'created_object_types_list',
];
const outcome = (row: Row) => Object.fromEntries(OUTCOME_FIELDS.map((f) => [f, row[f]]));

async function phase2Local(runId: string, roots: string[]) {
  const run = await smiBench(
    [
      'phase2',
      ...roots,
      ...['--package-ids-file', idsFile, '--samples', '0', '--agent', 'baseline-search'],
      ...['--simulation-mode', 'local', '--include-created-types', '--concurrency', '4'],
      ...['--sender', UPSTREAM_SENDER],
      ...['--run-id', runId, '--log-dir', logDir, '--no-progress', '--dotenv', none],
    ],
    env(),
  );
  expect(run.exitCode, String(run.stderr)).toBe(0);
  const result = JSON.parse(readFileSync(join(logDir, runId, 'result.json'), 'utf8')) as { packages: Row[] };
  return { stderr: String(run.stderr), rows: result.packages };
}

describe('Phase II local over ../shared/mainnet with the framework of ../shared/corpus', () => {
  const runs: Record<string, Row[]> = {};
  const created = expectedCreated(packages.map((p) => p.id));

  it('by --framework-dir, by a copied corpus root and by a linked one: every package runs', async () => {
    const variants = [
      ['framework-dir', ['--corpus-root', MAINNET_DIR, '--framework-dir', CORPUS_DIR], CORPUS_DIR],
      ['copied', ['--corpus-root', copied], copied],
      ['linked', ['--corpus-root', linked], linked],
    ] as const;
    for (const [name, roots, frameworkFrom] of variants) {
      const { stderr, rows } = await phase2Local(`mainnet-${name}`, [...roots]);
      expect(stderr).toContain(`pre-flight: the Move framework (0x1, 0x2, 0x3) reads from ${frameworkFrom}`);
      expect(rows.map((r) => r.package_id)).toEqual(packages.map((p) => p.id));
      for (const [i, row] of rows.entries()) {
        expect(row.error, `${name} ${row.package_id}`).toBeNull();
        expect(row.score.targets, `${name} ${row.package_id}`).toBe(packages[i]!.targets);
        expect(row.score.created_hits, `${name} ${row.package_id}`).toBe(expectedHits(packages[i]!));
        expect(baseTypes(row.created_object_types_list), `${name} ${row.package_id}`).toEqual(
          [...(created[row.package_id] ?? [])].sort(),
        );
        // No package met the framework problem a linked corpus used to cause.
        expect(JSON.stringify(outcome(row))).not.toMatch(/framework|cannot read package/i);
      }
      runs[name] = rows;
    }
  });

  it('the three runs agree on every package’s outcome', () => {
    const [byDir, ...others] = Object.values(runs);
    expect(byDir).toHaveLength(17);
    for (const rows of others) expect(rows.map(outcome)).toEqual(byDir!.map(outcome));
    // Some packages executed in the VM, as they did for upstream on mainnet.
    expect(byDir!.filter((r) => r.exec_ok === true).length).toBeGreaterThan(0);
  });
});

describe('the framework, checked before a run', () => {
  it('refuses a local run over a corpus without the framework, with the fix', async () => {
    const run = await smiBench(
      [
        'phase2',
        ...['--corpus-root', MAINNET_DIR, '--samples', '0', '--simulation-mode', 'local'],
        ...['--run-id', 'mainnet-no-framework', '--log-dir', logDir, '--dotenv', none],
      ],
      env(),
    );
    expectNoFramework(run, MAINNET_DIR);
    expect(existsSync(join(logDir, 'mainnet-no-framework'))).toBe(false);
  });

  it('refuses run-all and phase2-targeted-run in local mode without the framework, before they start', async () => {
    const out = join(work, 'pipeline-refused');
    const runAll = await smiBench(
      [
        'run-all',
        '--corpus-root',
        MAINNET_DIR,
        '--simulation-mode',
        'local',
        '--out-dir',
        out,
        '--no-progress',
      ],
      env(),
    );
    expectNoFramework(runAll, MAINNET_DIR);
    const targeted = await smiBench(
      [
        'phase2-targeted-run',
        ...['--corpus-root', MAINNET_DIR, '--base-manifest', idsFile, '--simulation-mode', 'local'],
        ...['--out-dir', out, '--signal-out', join(out, 'signal.txt'), '--log-dir', logDir],
        ...['--dotenv', none, '--skip-preflight', '--no-progress'],
      ],
      { ...env(), SMI_MODEL: 'stub', SMI_API_KEY: 'sk-unused', SMI_API_BASE_URL: 'http://127.0.0.1:9/v1' },
    );
    expectNoFramework(targeted, MAINNET_DIR);
    expect(existsSync(out)).toBe(false);
    // As phase2's, their --framework-dir is for local mode only.
    const buildOnly = await smiBench(
      ['run-all', '--corpus-root', MAINNET_DIR, '--framework-dir', CORPUS_DIR, '--out-dir', out],
      env(),
    );
    expect(buildOnly.exitCode).toBe(2);
    expect(String(buildOnly.stderr)).toContain('--framework-dir requires --simulation-mode local');
  });

  it('run-all --framework-dir runs Phase II locally over the mainnet packages, scoring as phase2 does', async () => {
    const out = join(work, 'run-all');
    const run = await smiBench(
      [
        'run-all',
        ...['--corpus-root', MAINNET_DIR, '--framework-dir', CORPUS_DIR, '--simulation-mode', 'local'],
        ...['--samples', '0', '--sender', UPSTREAM_SENDER],
        ...['--out-dir', out, '--log-dir', logDir, '--no-progress'],
      ],
      env(),
    );
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(String(run.stderr)).toContain(
      `pre-flight: the Move framework (0x1, 0x2, 0x3) reads from ${CORPUS_DIR}`,
    );
    const phase2 = JSON.parse(readFileSync(join(out, 'phase2_execution.json'), 'utf8')) as {
      simulation_mode: string;
      packages: Row[];
    };
    expect(phase2.simulation_mode).toBe('local');
    // Every package has a baseline candidate, so the manifest keeps all 17.
    expect(phase2.packages.map((r) => r.package_id)).toEqual(packages.map((p) => p.id));
    for (const [i, row] of phase2.packages.entries()) {
      expect(row.error, row.package_id).toBeNull();
      expect(row.score.created_hits, row.package_id).toBe(expectedHits(packages[i]!));
    }
  });

  it('refuses a --framework-dir that holds no framework, and one given to a mode that runs no Move', async () => {
    const base = ['phase2', '--corpus-root', MAINNET_DIR, '--samples', '0', '--dotenv', none];
    const empty = mkdtempSync(join(work, 'empty-'));
    const noFramework = await smiBench(
      [...base, '--simulation-mode', 'local', '--framework-dir', empty],
      env(),
    );
    expect(noFramework.exitCode).toBe(2);
    expect(String(noFramework.stderr)).toContain(`the Move framework is incomplete under ${empty}`);
    const missing = join(work, 'no-such-folder');
    const absent = await smiBench([...base, '--simulation-mode', 'local', '--framework-dir', missing], env());
    expect(absent.exitCode).toBe(2);
    expect(String(absent.stderr)).toContain(`framework directory not found: ${missing}`);
    const buildOnly = await smiBench([...base, '--framework-dir', CORPUS_DIR], env());
    expect(buildOnly.exitCode).toBe(2);
    expect(String(buildOnly.stderr)).toContain('--framework-dir requires --simulation-mode local');
  });

  it('doctor --corpus-root checks the framework: a warning and its fix without one, ok with each way of giving it', async () => {
    const doctor = (...args: string[]) =>
      smiBench(['doctor', '--dotenv', none, ...args], { SMI_TEMPORAL_PORT: '1' });
    const bare = await doctor('--corpus-root', MAINNET_DIR);
    expect(bare.stdout).toMatch(
      new RegExp(
        `warn\\s+framework\\s+the Move framework is incomplete under ${MAINNET_DIR}: missing 0x1, 0x2`,
      ),
    );
    expect(bare.stdout).toContain('fix: give --framework-dir DIR');
    // The framework is the framework check's: the dependency check does not list 0x1 and 0x2 again.
    expect(bare.stdout).toMatch(/ok\s+dependencies\s+every dependency is in the corpus/);
    // 17 packages; the copy adds the shared corpus's 4, the links the framework's 3.
    for (const [args, count, from] of [
      [['--corpus-root', MAINNET_DIR, '--framework-dir', CORPUS_DIR], 17, CORPUS_DIR],
      [['--corpus-root', copied], 21, copied],
      [['--corpus-root', linked], 20, linked],
    ] as const) {
      const run = await doctor(...args);
      expect(run.stdout).toMatch(new RegExp(`ok\\s+corpus\\s+${count} packages in `));
      expect(run.stdout).toMatch(
        new RegExp(`ok\\s+framework\\s+the Move framework \\(0x1, 0x2, 0x3\\) reads from ${from}\n`),
      );
      expect(run.stdout).toMatch(/ok\s+dependencies\s+every dependency is in the corpus/);
    }
    const wrong = await doctor('--corpus-root', MAINNET_DIR, '--framework-dir', MAINNET_DIR);
    expect(wrong.exitCode).toBe(1);
    expect(wrong.stdout).toMatch(/FAIL\s+framework\s+the Move framework is incomplete under /);
  });
});

describe('the extractor over a linked corpus root', () => {
  it('reads every mainnet package and its bcs.json, as the folder’s README says', async () => {
    const out = join(work, 'extract');
    const mainnetOnly = join(mkdtempSync(join(work, 'mainnet-only-')), 'corpus');
    // Linked prefix folders without the framework's: only the 17 packages, each with a bcs.json.
    mkdirSync(mainnetOnly);
    for (const prefix of readdirSync(MAINNET_DIR).filter((n) => n.startsWith('0x')))
      symlinkSync(join(MAINNET_DIR, prefix), join(mainnetOnly, prefix), 'dir');
    const run = await smiBench(
      ['extract', '--bytecode-corpus-root', mainnetOnly, '--out-dir', out, '--corpus-local-bytes-check'],
      env(),
    );
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(String(run.stderr)).toMatch(/corpus done: total=17 local_ok=17 problems=0/);
    const summary = JSON.parse(readFileSync(join(out, 'corpus_summary.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(summary).toMatchObject({
      local_vs_bcs_module_match: 17,
      local_bytes_ok: 17,
      local_bytes_mismatches_total: 0,
    });
    rmSync(out, { recursive: true, force: true });
  });
});
