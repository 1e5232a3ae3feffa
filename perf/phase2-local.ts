// Phase II with `--simulation-mode local` (plans executed by the in-process Move VM) against
// `--simulation-mode build-only` (plans only built), same agent, same packages, same server and worker,
// measured in one run: build-only, local, build-only again, so the ratio is not skewed by a machine that
// gets busier. The packages are the real ones of the corpus, each listed `--repeat` times in an ids file
// (each occurrence is its own row): re-addressed copies cannot stand in here, because executing a package
// needs the framework at its own addresses. So the local figure is that of a worker whose VM for the
// package is already loaded; building one is measured apart, in this process, as local mode does it: the
// corpus's framework read, parsed and its system objects made once, then one VM per package.
//
//   node dist/perf/phase2-local.js [--corpus DIR] [--repeat 50] [--concurrency 32]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { genesisObjects, MoveVm } from '../src/vm/index.js';
import { readFramework, readPackageDir } from '../src/package-store/package-dir.js';
import { runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { runPhaseCli } from './support/phase1.js';
import { childEnv } from './support/processes.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, log, median, printTable, startRecord, writeRecord } from './support/report.js';
import { sourcePackages } from './support/synthetic-corpus.js';
import { startServerWithWorker } from './support/temporal.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/phase2-local.js [--corpus DIR] [--repeat N] [--concurrency N]
       [--timeout-seconds N] [--db-dir DIR] [--keep-temp]
  --corpus           the packages to run (default ../shared/corpus beside the project); it must hold
                     the framework (0x1, 0x2, 0x3), which local mode executes
  --repeat           how many times each package is listed (default 50)
  --concurrency      smi-bench phase2 --concurrency (default 32)
  --timeout-seconds  give up on a run after this long (default 900)
  --db-dir           where the Temporal dev server keeps its SQLite file (default: the work dir)
  --keep-temp        keep the work dir (ids file, run logs, worker and server logs)`;

interface Phase2Result {
  aggregate: { errors: number; hits: number; avg_hit_rate: number };
  packages: { package_id: string; error: string | null; simulation_mode: string | null }[];
}

/**
 * Throws unless the run has one row per listed package, no errors, and every simulated row in `mode` (a row
 * whose every plan needed an object nobody has was never simulated: its mode is null); build-only must
 * also credit hits. Local mode credits none on the shared corpus: baseline-search's candidates that create
 * a key object there all need an object the sender does not have, so none is built (docs/chain.md, simulation modes).
 */
function check(what: string, result: Phase2Result, rows: number, mode: string): void {
  const modes = [...new Set(result.packages.flatMap((p) => (p.simulation_mode ? [p.simulation_mode] : [])))];
  const problems = [
    result.packages.length !== rows && `${result.packages.length} rows, expected ${rows}`,
    result.aggregate.errors !== 0 && `${result.aggregate.errors} rows with errors`,
    mode === 'build-only' &&
      result.aggregate.hits === 0 &&
      'no hits at all: the framework has functions that create key objects',
    (modes.length !== 1 || modes[0] !== mode.replace('-', '_')) &&
      `simulation modes ${modes.join(', ')}, expected ${mode}`,
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length > 0) throw new Error(`${what}: wrong result:\n  ${problems.join('\n  ')}`);
}

async function main(): Promise<number> {
  const defaults = { repeat: 50, concurrency: 32, 'timeout-seconds': 900 };
  const opts = parseOptions(process.argv.slice(2), USAGE, defaults, ['db-dir']);
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const sources = await sourcePackages(corpus);
  const record = startRecord('phase2-local', { ...opts, corpus });
  const workDir = makeWorkDir('phase2-local', opts.keepTemp);
  const rows = sources.length * opts.repeat;
  const idsFile = join(workDir, 'ids.txt');
  writeFileSync(
    idsFile,
    Array.from({ length: opts.repeat }, () => sources.map((s) => s.package_id))
      .flat()
      .join('\n'),
  );

  log('in process: building package VMs as local mode does …');
  let started = performance.now();
  const framework = await readFramework({ corpusRoot: corpus });
  genesisObjects(new MoveVm(framework));
  const frameworkMs = performance.now() - started;
  const loadMs: number[] = [];
  for (const source of [...sources, ...sources]) {
    started = performance.now();
    new MoveVm([...framework, await readPackageDir(source.package_dir)]);
    loadMs.push(performance.now() - started);
  }

  const { server } = await startServerWithWorker(workDir, opts['db-dir']);
  const spec = {
    env: childEnv({ TEMPORAL_ADDRESS: server.address }),
    agent: 'baseline-search',
    workDir,
    corpusRoot: corpus,
    concurrency: opts.concurrency,
    timeoutMs: opts['timeout-seconds'] * 1000,
  };
  const run = async (mode: string, runId: string, extraArgs: string[]) => {
    const done = await runPhaseCli<Phase2Result>('phase2', { ...spec, runId }, [
      ...['--simulation-mode', mode, ...extraArgs],
    ]);
    return { result: done.result, wallMs: done.run.wallMs };
  };
  log('warm-up runs (each package once, both modes) …');
  for (const mode of ['build-only', 'local']) {
    const warm = await run(mode, `perf-warm-${mode}`, []);
    check(`warm-up ${mode}`, warm.result, sources.length, mode);
  }

  const measured: Record<string, { result: Phase2Result; wallMs: number }> = {};
  for (const [name, mode] of [
    ['build-only', 'build-only'],
    ['local', 'local'],
    ['build-only again', 'build-only'],
  ] as const) {
    log(`measured run: ${mode}, ${rows} rows, --concurrency ${opts.concurrency} …`);
    measured[name] = await run(mode, `perf-${name.replace(' ', '-')}`, ['--package-ids-file', idsFile]);
    check(name, measured[name].result, rows, mode);
  }
  const buildOnlyMs = (measured['build-only']!.wallMs + measured['build-only again']!.wallMs) / 2;
  const localMs = measured['local']!.wallMs;
  const perSecond = (ms: number) => rows / (ms / 1000);
  const ratio = perSecond(localMs) / perSecond(buildOnlyMs);
  const hits = (name: string) => measured[name]!.result.aggregate.hits;
  printTable(
    `Phase II, baseline-search, ${rows} rows (${sources.length} packages × ${opts.repeat}), --concurrency ${opts.concurrency}, 1 worker`,
    ['run', 'seconds', 'packages/s', 'hits', 'avg_hit_rate'],
    Object.entries(measured).map(([name, m]) => [
      name,
      m.wallMs / 1000,
      perSecond(m.wallMs),
      m.result.aggregate.hits,
      m.result.aggregate.avg_hit_rate,
    ]),
  );
  const vmLoadMs = median(loadMs.slice(sources.length));
  process.stdout.write(
    `\nlocal ${fmt(perSecond(localMs))} packages/s, build-only ${fmt(perSecond(buildOnlyMs))}/s: ` +
      `ratio local/build-only ${fmt(ratio)} (hits ${hits('local')} vs ${hits('build-only')})\n` +
      `in process: the framework read and parsed, and its system objects made, ${fmt(frameworkMs)} ms ` +
      `once per corpus; then a package's VM ${fmt(vmLoadMs)} ms (median)\n`,
  );
  writeRecord(
    record,
    {
      rows,
      wall_ms: Object.fromEntries(Object.entries(measured).map(([name, m]) => [name, m.wallMs])),
      packages_per_s: { local: perSecond(localMs), build_only: perSecond(buildOnlyMs) },
      ratio_local_to_build_only: ratio,
      hits: Object.fromEntries(Object.entries(measured).map(([name, m]) => [name, m.result.aggregate.hits])),
      framework_ms: frameworkMs,
      vm_load_ms: { median: vmLoadMs, all: loadMs },
    },
    {
      lines: [
        `local ${fmt(perSecond(localMs))} packages/s = ${fmt(ratio)} × build-only (${fmt(perSecond(buildOnlyMs))}/s)`,
        `framework once per corpus ${fmt(frameworkMs)} ms, then a package's VM ${fmt(vmLoadMs)} ms`,
      ],
      pass: null, // no target: the issue asks for the figure
    },
  );
  return 0;
}

await runScript(main);
