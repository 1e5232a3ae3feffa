// Runs every perf script in sequence, each in its own process (so each starts and stops its own servers
// and workers, and one failure does not stop the others), then prints a summary of their records.
//
//   npm run perf -- [--corpus DIR] [--only extraction,phase2-throughput,…] [--db-dir DIR]
//   npm run perf -- --only eval-set-scale     (not in the default list: 15 minutes or more)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { isStopping, onCleanup, runScript, trackChild } from './support/cleanup.js';
import { resolveCorpus } from './support/project.js';
import { RECORD_LIST_ENV, fmt, log, type Summary } from './support/report.js';
import { makeWorkDir } from './support/workdir.js';

const SCRIPTS = [
  'extraction',
  'phase1-throughput',
  'llm-concurrency',
  'adaptive-concurrency',
  'eval-set-speed',
  'phase2-throughput',
  'phase2-local',
  'phase2-llm-latency',
  'helper-loop',
  'sui-build',
  'vm-isolation',
  'manifest-scale',
  'extract-corpus',
  'report-scale',
  'cli-start',
] as const;
/** Scripts too long for every run (a quarter of an hour or more): run with --only NAME. */
const ON_REQUEST = ['eval-set-scale'] as const;
const KNOWN: readonly string[] = [...SCRIPTS, ...ON_REQUEST];
/** Scripts that start a Temporal dev server, and so accept --db-dir. */
const USES_TEMPORAL = new Set<string>(
  KNOWN.filter(
    (s) =>
      ![
        'extraction',
        'sui-build',
        'vm-isolation',
        'manifest-scale',
        'extract-corpus',
        'report-scale',
        'cli-start',
      ].includes(s),
  ),
);

const USAGE = `usage: npm run perf -- [--corpus DIR] [--only NAME,…] [--db-dir DIR]
  runs ${SCRIPTS.join(', ')} (each takes --help for its own options);
  --only also runs ${ON_REQUEST.join(', ')}, which take longer`;

interface Outcome {
  name: string;
  code: number | null;
  seconds: number;
  summary: Summary | null;
}

/** Runs one script with this process's stdout/stderr; resolves with its exit status. */
function runChild(script: string, args: string[], recordList: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      stdio: 'inherit',
      env: { ...process.env, [RECORD_LIST_ENV]: recordList },
    });
    trackChild(child);
    // On Ctrl-C the child gets the signal too and cleans up after itself; give it the time to do so.
    onCleanup(`perf script ${script}`, async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(signal ? null : code));
  });
}

function lastRecord(recordList: string, from: number): { path: string; summary: Summary } | null {
  let lines: string[];
  try {
    lines = readFileSync(recordList, 'utf8').split('\n').filter(Boolean);
  } catch {
    return null;
  }
  const path = lines.slice(from).at(-1);
  if (!path) return null;
  const record = JSON.parse(readFileSync(path, 'utf8')) as { summary: Summary };
  return { path, summary: record.summary };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      corpus: { type: 'string' },
      only: { type: 'string' },
      'db-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  const selected = values.only ? values.only.split(',').map((s) => s.trim()) : [...SCRIPTS];
  const unknown = selected.filter((s) => !KNOWN.includes(s));
  if (unknown.length > 0) throw new Error(`unknown script(s): ${unknown.join(', ')}\n${USAGE}`);
  // Fail before starting anything when the corpus is missing, rather than three times.
  const corpus = resolveCorpus(values.corpus);
  const recordList = join(makeWorkDir('run-all', false), 'records.txt');
  const here = fileURLToPath(new URL('.', import.meta.url));

  const outcomes: Outcome[] = [];
  for (const name of selected) {
    if (isStopping()) break;
    const args = ['--corpus', corpus];
    if (values['db-dir'] && USES_TEMPORAL.has(name)) args.push('--db-dir', values['db-dir']);
    log(`\n=== ${name} ${args.join(' ')}`);
    const started = performance.now();
    let count = 0;
    try {
      count = readFileSync(recordList, 'utf8').split('\n').filter(Boolean).length;
    } catch {
      // no record yet
    }
    const code = await runChild(join(here, `${name}.js`), args, recordList);
    const record = lastRecord(recordList, count);
    outcomes.push({
      name,
      code,
      seconds: (performance.now() - started) / 1000,
      summary: record?.summary ?? null,
    });
  }

  process.stdout.write('\n=== Summary\n');
  for (const o of outcomes) {
    const verdict =
      o.code !== 0
        ? o.summary?.pass === false
          ? 'FAIL'
          : `ERROR (exit ${o.code ?? 'signal'})`
        : o.summary?.pass
          ? 'PASS'
          : 'ok';
    process.stdout.write(`\n${o.name}: ${verdict}, ${fmt(o.seconds)} s\n`);
    for (const line of o.summary?.lines ?? ['(no record written)']) process.stdout.write(`  ${line}\n`);
  }
  return outcomes.every((o) => o.code === 0) ? 0 : 1;
}

await runScript(main);
