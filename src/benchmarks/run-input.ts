// What every benchmark's run is made of before its own options: the corpus, which of its packages, the
// run's id and directory. Checked here, before a server or workflow starts, so a mistake fails once with a
// usage error rather than in every package.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isSuiAddress, normalizePackageId, parseIdsFile } from '../core/ids-file.js';
import { defaultRunId, runIdProblem } from '../core/run-id.js';
import { resolveDataset } from '../corpus/ids-file.js';
import { withShippedDatasets } from '../corpus/shipped-datasets.js';
import { checkFrameworkLocation } from '../package-store/framework-check.js';
import type { BaseOptions, RunInput } from '../contracts/run.js';
import type { Phase } from '../contracts/phases.js';
import type { ProcessConfig } from '../config/variables.js';
import { UsageError } from '../usage-error.js';
import { idsNotInCorpus } from './corpus-ids.js';
import { readUserFile } from './user-file.js';

/** The options every run command takes. */
export interface RunCliOptions {
  corpusRoot: string;
  samples: number;
  seed: number;
  packageIdsFile?: string;
  dataset?: string;
  /** `--batch-size`: the selected packages in batches of this many, one after the other. */
  batchSize?: number;
  concurrency: number;
  runId?: string;
  out?: string;
  logDir: string;
  dotenv: string;
  detach: boolean;
  progress: boolean;
  /** false with `--no-log`. */
  log?: boolean;
  doctorAgent?: boolean;
  smokeAgent?: boolean;
  /** `--skip-preflight`: start a model run without checking the model first. */
  skipPreflight?: boolean;
  /** `--cache` / `--no-cache`; unset: the answer cache is used when the temperature is 0. */
  cache?: boolean;
  maxCostUsd?: number;
  maxTotalTokens?: number;
  /** `--model-path`: the GGUF file of `--agent local-llm` (default: the model scripts/install-model.sh installs). */
  modelPath?: string;
  /** `--structured`: offer the endpoint each phase's answer schema as `response_format`. */
  structured?: boolean;
  rustBin?: string;
  buildRust?: boolean;
}

/**
 * Where `--dataset NAME` looks, in order: the user's folders ($SMI_DATASETS_DIR, then ./manifests/datasets,
 * ./manifests and ./datasets under `cwd`), then the datasets smi-bench ships (upstream's named lists).
 */
export function datasetSearchDirs(datasetsDir: string | undefined, cwd = process.cwd()): string[] {
  const own = [datasetsDir, 'manifests/datasets', 'manifests', 'datasets']
    .filter((d): d is string => Boolean(d))
    .map((d) => resolve(cwd, d));
  return withShippedDatasets(own);
}

/** The path of the ids file or dataset of the options: refused when none of its ids is in the corpus. */
async function resolveIdsFile(
  opts: RunCliOptions,
  corpusRoot: string,
  datasetsDir: string | undefined,
): Promise<string | null> {
  if (opts.packageIdsFile && opts.dataset)
    throw new UsageError('use either --package-ids-file or --dataset, not both');
  if (!opts.packageIdsFile && !opts.dataset) return null;
  const path = opts.packageIdsFile
    ? resolve(opts.packageIdsFile)
    : await resolveDataset(opts.dataset!, datasetSearchDirs(datasetsDir)).catch((err: unknown) => {
        throw new UsageError((err as Error).message);
      });
  const ids = checkIdsFile(path);
  const unknown = await idsNotInCorpus(corpusRoot, ids);
  if (unknown.length === ids.length)
    throw new UsageError(`none of the ${ids.length} ids of ${path} is in the corpus ${corpusRoot}`);
  return path;
}

/**
 * An ids file without one package id would start a run of nothing: refuse it now, saying what it holds.
 * Returns its ids.
 */
export function checkIdsFile(path: string): string[] {
  const ids = parseIdsFile(readUserFile(path, 'package ids file'), { dedupe: true });
  if (ids.length === 0)
    throw new UsageError(`package ids file has no ids (only blank lines and # comments): ${path}`);
  if (!ids.some(isSuiAddress))
    throw new UsageError(
      `package ids file has no package id (0x and hex digits, one per line): ${path}; ` +
        `its first entry is ${JSON.stringify(ids[0]!.slice(0, 80))}`,
    );
  return ids;
}

/** The engine's run input for a phase, from the shared options and the phase's own settings. */
export async function buildRunInput<O extends BaseOptions>(
  phase: Phase,
  opts: RunCliOptions,
  options: O,
  { argv, config }: { argv: string[]; config: Pick<ProcessConfig, 'SMI_DATASETS_DIR'> },
): Promise<RunInput<O>> {
  const corpusRoot = resolve(opts.corpusRoot);
  if (!existsSync(corpusRoot) || !statSync(corpusRoot).isDirectory()) {
    throw new UsageError(`corpus root not found: ${corpusRoot}`);
  }
  const idsFile = await resolveIdsFile(opts, corpusRoot, config.SMI_DATASETS_DIR);
  const runId = opts.runId ?? defaultRunId(phase, new Date(), process.pid, randomBytes(3).toString('hex'));
  const badRunId = runIdProblem(runId);
  if (badRunId) throw new UsageError(badRunId);
  return {
    phase,
    runId,
    runDir: resolve(opts.logDir, runId),
    corpusRoot,
    samples: opts.samples,
    idsFile,
    dataset: opts.dataset ?? null,
    concurrency: opts.concurrency,
    ...(opts.batchSize !== undefined ? { batchSize: opts.batchSize } : {}),
    outFile: opts.out ? resolve(opts.out) : null,
    argv,
    options,
    ...(opts.log === false ? { writeLogs: false } : {}),
    ...(opts.maxCostUsd !== undefined ? { maxCostUsd: opts.maxCostUsd } : {}),
    ...(opts.maxTotalTokens !== undefined ? { maxTotalTokens: opts.maxTotalTokens } : {}),
  };
}

/** The framework must be readable before anything starts: a missing one would fail every package alike. */
export async function checkFramework(corpusRoot: string, frameworkDir: string | null): Promise<void> {
  const checked = await checkFrameworkLocation({ corpusRoot, frameworkDir });
  if (!checked.ok) throw new UsageError(`${checked.problem}\n${checked.fix}`);
}

/** `--package-id`s in Sui's full form (`0x2` is `0x00…02`), each one a package of the corpus. */
export async function checkPackageIds(ids: string[], corpusRoot: string): Promise<string[]> {
  const normalized = ids.map((id) => {
    const full = normalizePackageId(id);
    if (!full) throw new UsageError(`--package-id ${id} is not a package id (0x and 1 to 64 hex digits)`);
    return full;
  });
  const missing = await idsNotInCorpus(corpusRoot, ids);
  if (missing.length > 0)
    throw new UsageError(`--package-id ${missing.join(', ')}: not in the corpus ${corpusRoot}`);
  return normalized;
}
