// How long the CLI takes to start: `smi-bench --help` and a run command's `--help`, against bare Node
// starting in the same run (the floor no command can beat), interleaved so both see the same machine load.
// What the CLI imports at start (commander, zod, the benchmark registry, …) is the difference.
//
//   node dist/perf/cli-start.js [--runs 15]
import { execFileSync } from 'node:child_process';
import { runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { CLI_PATH, assertBuilt } from './support/project.js';
import { fmt, fmtRatio, median, printTable, startRecord, writeRecord } from './support/report.js';

const USAGE = `usage: node dist/perf/cli-start.js [--runs N]
  --runs   measured starts of each command (default 15), after one unmeasured start each`;

const COMMANDS: { label: string; args: string[] }[] = [
  { label: 'node (bare start)', args: ['-e', ''] },
  { label: 'smi-bench --help', args: [CLI_PATH, '--help'] },
  { label: 'smi-bench phase2 --help', args: [CLI_PATH, 'phase2', '--help'] },
];

function startMs(args: string[]): number {
  const start = performance.now();
  execFileSync(process.execPath, args, { stdio: 'ignore' });
  return performance.now() - start;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), USAGE, { runs: 15 });
  assertBuilt();
  const record = startRecord('cli-start', { runs: options.runs });
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
