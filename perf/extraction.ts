// Extraction throughput over a real corpus: smi-bench's in-process extractor against the upstream design,
// which starts one extractor process per package. Both are measured in interleaved rounds of the same
// run, so a load spike on this shared machine hits both sides alike.
//
//   node dist/perf/extraction.js [--corpus DIR] [--rounds 5] [--passes 10] [--warmup 2]
import { createHash } from 'node:crypto';
import { extractPackageInterface, formatInterfaceJson } from '../src/move/index.js';
import type { PackageRef } from '../src/core/types.js';
import { runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { describeFailure, runCli } from './support/processes.js';
import { fmt, fmtRatio, log, median, printTable, startRecord, writeRecord } from './support/report.js';
import { sourcePackages } from './support/synthetic-corpus.js';
import { extractEach } from './support/extract-loop.js';

const USAGE = `usage: node dist/perf/extraction.js [--corpus DIR] [--rounds N] [--passes N] [--warmup N]
  --rounds   interleaved rounds; each has the in-process passes, one process-per-package pass and
             one CLI start-up probe (default 5)
  --passes   in-process passes over the corpus per round (default 10)
  --warmup   in-process passes before measuring, to let V8 optimise the hot code (default 2)`;

interface Target extends PackageRef {
  label: string;
  modules: number;
  bytes: number;
  sha: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** `0x2` for framework addresses, `0x358e…a467` otherwise. */
function shortId(id: string): string {
  const digits = id.slice(2).replace(/^0+/, '');
  return digits.length <= 4 ? `0x${digits || '0'}` : `0x${digits.slice(0, 4)}…${digits.slice(-4)}`;
}

/** One in-process pass: ms per package, in corpus order. */
function inProcessPass(targets: Target[]): Promise<number[]> {
  return extractEach(targets.map((t) => t.package_dir));
}

/**
 * One pass of the upstream design: a fresh `smi-bench extract` process per package, one after another.
 * The JSON comes back on stdout, as upstream reads its extractor's. (Not `--out /dev/null`: --out writes
 * a temp file and renames it over the target, which would replace /dev/null itself when run as root.)
 */
async function processPass(targets: Target[]): Promise<number[]> {
  const times: number[] = [];
  for (const t of targets) {
    const run = await runCli(['extract', '--bytecode-package-dir', t.package_dir, '--out', '-'], {
      timeoutMs: 60_000,
    });
    if (run.code !== 0) throw new Error(describeFailure(`smi-bench extract ${t.label}`, run));
    // The same bytes as in-process: otherwise the two sides would not be doing the same work.
    if (sha256(run.stdout) !== t.sha) throw new Error(`smi-bench extract ${t.label}: output differs`);
    times.push(run.wallMs);
  }
  return times;
}

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2), USAGE, { rounds: 5, passes: 10, warmup: 2 });
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('extraction', { ...opts, corpus });

  const targets: Target[] = [];
  for (const ref of await sourcePackages(corpus)) {
    const iface = await extractPackageInterface(ref.package_dir);
    const text = formatInterfaceJson(iface);
    targets.push({
      ...ref,
      label: shortId(ref.package_id),
      modules: Object.keys(iface.modules).length,
      bytes: Buffer.byteLength(text),
      sha: sha256(text),
    });
  }
  const modulesPerPass = targets.reduce((n, t) => n + t.modules, 0);
  log(`corpus ${corpus}: ${targets.length} packages, ${modulesPerPass} modules`);

  for (let i = 0; i < opts.warmup; i++) await inProcessPass(targets);

  // Per package, every measured time; plus the wall time of whole passes for the throughput figures.
  const inProc = targets.map((): number[] => []);
  const perProc = targets.map((): number[] => []);
  const startup: number[] = [];
  let inProcMs = 0;
  let inProcPasses = 0;
  let perProcMs = 0;
  let perProcPasses = 0;
  for (let round = 0; round < opts.rounds; round++) {
    log(`round ${round + 1}/${opts.rounds}`);
    let started = performance.now();
    for (let p = 0; p < opts.passes; p++)
      (await inProcessPass(targets)).forEach((ms, i) => inProc[i]!.push(ms));
    inProcMs += performance.now() - started;
    inProcPasses += opts.passes;

    started = performance.now();
    (await processPass(targets)).forEach((ms, i) => perProc[i]!.push(ms));
    perProcMs += performance.now() - started;
    perProcPasses++;

    // What a process costs before it extracts anything: Node start-up and loading the CLI's modules.
    const probe = await runCli(['--help'], { timeoutMs: 60_000 });
    if (probe.code !== 0) throw new Error(describeFailure('smi-bench --help', probe));
    startup.push(probe.wallMs);
  }

  const throughput = (passes: number, ms: number) => ({
    wall_ms: ms,
    packages: passes * targets.length,
    modules: passes * modulesPerPass,
    packages_per_s: (passes * targets.length) / (ms / 1000),
    modules_per_s: (passes * modulesPerPass) / (ms / 1000),
  });
  const a = throughput(inProcPasses, inProcMs);
  const b = throughput(perProcPasses, perProcMs);
  const speedup = a.packages_per_s / b.packages_per_s;
  const startupMedian = median(startup);
  const perProcMeanPerPackage = perProcMs / (perProcPasses * targets.length);

  printTable(
    'Extraction throughput (whole corpus)',
    ['design', 'packages', 'modules', 'wall s', 'packages/s', 'modules/s'],
    [
      ['(a) in-process', a.packages, a.modules, a.wall_ms / 1000, a.packages_per_s, a.modules_per_s],
      ['(b) process per package', b.packages, b.modules, b.wall_ms / 1000, b.packages_per_s, b.modules_per_s],
    ],
  );
  printTable(
    'Per package (median ms)',
    ['package', 'modules', 'JSON bytes', '(a) in-process', '(b) process', 'b/a'],
    targets.map((t, i) => {
      const x = median(inProc[i]!);
      const y = median(perProc[i]!);
      return [t.label, t.modules, t.bytes, x, y, y / x];
    }),
  );
  process.stdout.write(
    `\nspeedup (a)/(b): ${fmtRatio(speedup)} packages/s\n` +
      `CLI start-up alone (smi-bench --help, median of ${startup.length}): ${fmt(startupMedian)} ms = ` +
      `${fmt((100 * startupMedian) / perProcMeanPerPackage)}% of the mean ${fmt(perProcMeanPerPackage)} ms ` +
      `per package in (b)\n`,
  );

  writeRecord(
    record,
    {
      packages: targets.map((t, i) => ({
        package_id: t.package_id,
        modules: t.modules,
        json_bytes: t.bytes,
        in_process_ms: inProc[i],
        process_ms: perProc[i],
      })),
      in_process: a,
      process_per_package: b,
      cli_startup_ms: startup,
      ratios: {
        speedup_in_process_over_process: speedup,
        startup_share_of_process: startupMedian / perProcMeanPerPackage,
      },
    },
    {
      lines: [
        `in-process ${fmt(a.packages_per_s)} packages/s (${fmt(a.modules_per_s)} modules/s)`,
        `process per package ${fmt(b.packages_per_s)} packages/s (${fmt(b.modules_per_s)} modules/s)`,
        `speedup ${fmtRatio(speedup)}`,
      ],
      pass: null,
    },
  );
  return 0;
}

await runScript(main);
