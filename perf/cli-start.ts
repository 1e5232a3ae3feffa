// How long the CLI takes to start: `smi-bench --help` and a run command's `--help`, against bare Node
// starting in the same run (the floor no command can beat), interleaved so both see the same machine load.
// What the CLI imports at start (commander, zod, the benchmark registry, …) is the difference. With
// --against, another built checkout's CLI (an older commit, say) is measured in the same loop.
//
//   node dist/perf/cli-start.js [--runs 15] [--against DIR]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { CLI_PATH, assertBuilt } from './support/project.js';
import { fmt, fmtRatio, median, printTable, startRecord, writeRecord } from './support/report.js';

const USAGE = `usage: node dist/perf/cli-start.js [--runs N] [--against DIR]
  --runs      measured starts of each command (default 15), after one unmeasured start each
  --against   another checkout of smi-bench, built (its bin/smi-bench.js), measured beside this one`;

/** Bare Node, then each CLI's `--help` and a run command's `--help`. */
function commands(clis: { label: string; path: string }[]): { label: string; args: string[] }[] {
  return [
    { label: 'node (bare start)', args: ['-e', ''] },
    ...clis.flatMap((cli) => [
      { label: `${cli.label} --help`, args: [cli.path, '--help'] },
      { label: `${cli.label} phase2 --help`, args: [cli.path, 'phase2', '--help'] },
    ]),
  ];
}

function startMs(args: string[]): number {
  const start = performance.now();
  execFileSync(process.execPath, args, { stdio: 'ignore' });
  return performance.now() - start;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), USAGE, { runs: 15 }, ['against']);
  assertBuilt();
  const clis = [{ label: 'smi-bench', path: CLI_PATH }];
  if (options.against) {
    const other = join(resolve(options.against), 'bin', 'smi-bench.js');
    if (!existsSync(other)) throw new Error(`${other} is missing: --against names a built checkout`);
    clis.push({ label: 'other', path: other });
  }
  const COMMANDS = commands(clis);
  const record = startRecord('cli-start', { runs: options.runs, against: options.against ?? null });
  const times = COMMANDS.map(() => [] as number[]);
  COMMANDS.forEach((c) => startMs(c.args));
  for (let run = 0; run < options.runs; run++) COMMANDS.forEach((c, i) => times[i]!.push(startMs(c.args)));

  const medians = times.map(median);
  const bare = medians[0]!;
  printTable(
    `CLI start, median of ${options.runs} starts (ms)`,
    ['command', 'median ms', 'over bare node ms', 'ratio to bare node'],
    COMMANDS.map((c, i) => [c.label, medians[i]!, medians[i]! - bare, fmtRatio(medians[i]! / bare)]),
  );
  const results = COMMANDS.map((c, i) => ({ command: c.label, median_ms: medians[i], runs_ms: times[i] }));
  const lines = COMMANDS.slice(1).map(
    (c, i) => `${c.label}: ${fmt(medians[i + 1]!)} ms, ${fmtRatio(medians[i + 1]! / bare)} bare node's`,
  );
  writeRecord(record, { results }, { lines, pass: null });
  return 0;
}

await runScript(main);
