// `smi-bench doctor` (upstream smi-bench-doctor): is this machine ready to run smi-bench, and if not, the
// command that fixes each problem. `--fix` runs only the fixes that install into the project.
import { resolve } from 'node:path';
import { execa } from 'execa';
import { PROJECT_ROOT } from '../project-root.js';
import { failed, runChecks, safeFixes, type Check, type CheckResult } from '../doctor/check.js';
import { corpusCheck, manifestCheck } from '../doctor/corpus-checks.js';
import { dependencyCheck } from '../doctor/dependency-check.js';
import { frameworkCheck } from '../doctor/framework-check.js';
import { localModelCheck } from '../doctor/local-model-check.js';
import { modelChecks } from '../doctor/model-checks.js';
import {
  nodeCheck,
  oracleWheelCheck,
  suiCompilerCheck,
  temporalCliCheck,
  temporalServerCheck,
} from '../doctor/tool-checks.js';
import { UsageError } from '../usage-error.js';
import { readDotenvFile, type CliIO } from './run-common.js';
import { plural } from '../core/plural.js';

export interface DoctorOptions {
  full: boolean;
  fix: boolean;
  json: boolean;
  corpusRoot?: string;
  /** With `--corpus-root`: where the framework is read from instead of the corpus. */
  frameworkDir?: string;
  manifest?: string;
  dotenv: string;
  /** `--model-path`: the GGUF file to check instead of the default local model. */
  modelPath?: string;
}

const FIX_TIMEOUT_MS = 300_000;
const MARK = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' } as const;

function checksFor(opts: DoctorOptions): Check[] {
  const checks: Check[] = [
    nodeCheck,
    temporalCliCheck,
    temporalServerCheck,
    suiCompilerCheck,
    oracleWheelCheck,
  ];
  const dotenv = readDotenvFile(opts.dotenv);
  checks.push(() => modelChecks({ processEnv: process.env, dotenv, required: opts.full }));
  checks.push(() => localModelCheck(opts.modelPath));
  const { corpusRoot, manifest } = opts;
  const frameworkDir = opts.frameworkDir ? resolve(opts.frameworkDir) : null;
  if (corpusRoot) {
    checks.push(async () => {
      const { result, ids } = await corpusCheck(corpusRoot);
      const results =
        ids.size > 0
          ? [
              result,
              await frameworkCheck(resolve(corpusRoot), frameworkDir),
              await dependencyCheck(corpusRoot),
            ]
          : [result];
      return manifest ? [...results, manifestCheck(manifest, ids, corpusRoot)] : results;
    });
  }
  return checks;
}

function printTable(results: CheckResult[], io: CliIO): void {
  const width = Math.max(...results.map((r) => r.name.length));
  for (const r of results) {
    io.out(`${MARK[r.status]}  ${r.name.padEnd(width)}  ${r.message}`);
    if (r.status !== 'ok' && r.fix) io.out(`${' '.repeat(width + 8)}fix: ${r.fix.command}`);
  }
}

async function applyFixes(results: CheckResult[], io: CliIO): Promise<void> {
  for (const command of safeFixes(results)) {
    io.log(`running: ${command}`);
    const done = await execa(command, {
      shell: true,
      cwd: PROJECT_ROOT,
      reject: false,
      timeout: FIX_TIMEOUT_MS,
      stdio: 'inherit',
    });
    if (done.exitCode !== 0) io.log(`  it failed (exit ${done.exitCode ?? 'timeout'})`);
  }
}

export async function runDoctor(opts: DoctorOptions, io: CliIO): Promise<number> {
  if (opts.manifest && !opts.corpusRoot)
    throw new UsageError('--manifest needs --corpus-root (its ids are looked up there)');
  if (opts.frameworkDir && !opts.corpusRoot)
    throw new UsageError('--framework-dir needs --corpus-root (the framework its packages run with)');
  let results = await runChecks(checksFor(opts));
  if (opts.fix && safeFixes(results).length > 0) {
    await applyFixes(results, io);
    results = await runChecks(checksFor(opts));
  }
  if (opts.json) io.out(JSON.stringify({ ok: failed(results).length === 0, checks: results }, null, 2));
  else printTable(results, io);
  const problems = failed(results).length;
  if (!opts.json)
    io.out(problems ? `doctor: ${plural(problems, 'problem')}; the fix is under each` : 'doctor: ready');
  return problems ? 1 : 0;
}
