// Activities on the io queue: corpus listing, extraction, result writing. Thin: they do the I/O and call
// into corpus/, move/, core/ and run-store/ for everything else.
import { basename } from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { discoverPackages } from '../corpus/discover.js';
import { readIdsFile } from '../corpus/ids-file.js';
import { selectPackages } from '../core/selection.js';
import { extractKeyTypes } from '../core/truth.js';
import { sortedByCodePoint } from '../core/py-string.js';
import { pyFloat } from '../core/pyjson.js';
import { extractPackageInterface, formatInterfaceJson } from '../move/index.js';
import { putArtifact } from '../run-store/artifacts.js';
import { appendEvents, nowUnixSeconds } from '../run-store/events.js';
import { readManifestPage, writeManifest, type ManifestEntry } from '../run-store/manifest.js';
import { runPaths } from '../run-store/paths.js';
import { buildPhase1Result, writePhase1Result } from '../run-store/phase1-result.js';
import {
  identityMismatches,
  readSelection,
  writeRunMetadata,
  writeSelection,
  type RunIdentity,
  type SelectionRecord,
} from '../run-store/run-record.js';
import { readStoredRow, recordRow, type StoredRow } from '../run-store/rows.js';
import type {
  Phase1PackageSummary,
  Phase1RunInput,
  Phase1RunOutput,
  PreparedRun,
} from '../workflows/phase1-types.js';
import { ZERO_USAGE } from '../workflows/phase1-types.js';
import type { Phase1PackageRow } from '../core/types.js';
import { asActivity } from './failures.js';

function runIdentity(input: Phase1RunInput): RunIdentity {
  return {
    corpus_root: input.corpusRoot,
    agent: input.options.agent,
    model: input.options.agentSettings?.model ?? null,
    seed: input.options.seed,
    samples: input.samples,
    target_ids_file: input.idsFile ? basename(input.idsFile) : null,
  };
}

/** Discovers and selects the packages, and writes the run's manifest and metadata. Idempotent. */
async function preparePhase1Run(input: Phase1RunInput): Promise<PreparedRun> {
  return asActivity(async () => {
    // A retried or restarted run keeps the selection it made the first time, if it is the same run.
    const existing = await readSelection(input.runDir);
    if (existing) {
      const mismatches = identityMismatches(existing, runIdentity(input));
      if (mismatches.length > 0) {
        throw ApplicationFailure.create({
          type: 'InvalidRunInput',
          message:
            `run ${input.runId} exists in ${input.runDir} with other settings (${mismatches.join('; ')}); ` +
            'start it with its original settings, or use a new --run-id',
          nonRetryable: true,
        });
      }
      return { total: existing.total };
    }

    const { packages, skipped } = await discoverPackages(input.corpusRoot);
    const idsFileIds = input.idsFile ? await readIdsFile(input.idsFile) : null;
    const selection = selectPackages({
      packages,
      ...(idsFileIds ? { idsFileIds } : {}),
      samples: input.samples,
      seed: input.options.seed,
    });
    if (selection.selected.length === 0) {
      const why = idsFileIds
        ? `none of the ${idsFileIds.length} ids in ${input.idsFile} is in the corpus`
        : 'no usable package';
      throw ApplicationFailure.create({
        type: 'InvalidRunInput',
        message: `no packages found under: ${input.corpusRoot} (${why})`,
        nonRetryable: true,
      });
    }
    const started = nowUnixSeconds();
    await writeManifest(input.runDir, selection.selected);
    await writeRunMetadata(input.runDir, {
      schema_version: 1,
      benchmark: 'phase1_key_struct_discovery',
      started_at_unix_seconds: started,
      agent: input.options.agent,
      seed: input.options.seed,
      corpus_root: input.corpusRoot,
      argv: input.argv,
      run_id: input.runId,
      model: input.options.agentSettings?.model ?? null,
    });
    await appendEvents(input.runDir, [
      {
        t: started,
        event: 'run_started',
        fields: { started_at_unix_seconds: started, agent: input.options.agent, seed: input.options.seed },
      },
      ...skipped.map((s) => ({
        t: started,
        event: 'package_skipped',
        fields: { package_dir: s.dir, reason: s.reason },
      })),
      ...selection.unknownIds.map((id) => ({
        t: started,
        event: 'manifest_unknown_id',
        fields: { package_id: id },
      })),
    ]);
    const record: SelectionRecord = {
      ...runIdentity(input),
      run_id: input.runId,
      dataset: input.dataset,
      target_ids_total: input.idsFile ? selection.targetIdsTotal : null,
      total: selection.selected.length,
      started_at_unix_seconds: started,
      unknown_ids: selection.unknownIds,
      skipped,
    };
    // Written last: its presence marks the preparation as complete.
    await writeSelection(input.runDir, record);
    return { total: record.total };
  });
}

async function listPackagePage(args: {
  runDir: string;
  offset: number;
  limit: number;
}): Promise<ManifestEntry[]> {
  return asActivity(() => readManifestPage(args.runDir, args.offset, args.limit));
}

export interface ExtractedInterface {
  interfaceSha: string;
  /** `address::module::Struct` of every struct with `key`, sorted. */
  truth: string[];
}

async function extractInterface(args: {
  runDir: string;
  packageDir: string;
  packageId: string;
}): Promise<ExtractedInterface> {
  return asActivity(async () => {
    const iface = await extractPackageInterface(args.packageDir);
    const interfaceSha = await putArtifact(runPaths(args.runDir).artifacts, formatInterfaceJson(iface));
    return { interfaceSha, truth: sortedByCodePoint(extractKeyTypes(iface)) };
  });
}

function summaryOf(stored: StoredRow): Phase1PackageSummary {
  const { row } = stored;
  return {
    index: stored.index,
    packageId: row.package_id,
    precision: row.score.precision,
    recall: row.score.recall,
    f1: row.score.f1,
    error: row.error,
    timedOut: row.timed_out === true,
    usage: row.usage ?? ZERO_USAGE,
  };
}

async function recordPackageResult(args: {
  runDir: string;
  index: number;
  row: Phase1PackageRow;
  startedAtUnixSeconds: number;
  finishedAtUnixSeconds: number;
}): Promise<void> {
  return asActivity(() =>
    recordRow(args.runDir, {
      index: args.index,
      row: args.row,
      started_at_unix_seconds: args.startedAtUnixSeconds,
      finished_at_unix_seconds: args.finishedAtUnixSeconds,
    }),
  );
}

async function loadRecordedSummary(args: {
  runDir: string;
  index: number;
}): Promise<Phase1PackageSummary | null> {
  return asActivity(async () => {
    const stored = await readStoredRow(args.runDir, args.index);
    return stored ? summaryOf(stored) : null;
  });
}

/** Records a row for a package whose workflow failed unexpectedly, so the run loses nothing. */
async function recordFailedPackage(args: {
  runDir: string;
  index: number;
  packageId: string;
  error: string;
}): Promise<Phase1PackageSummary> {
  return asActivity(async () => {
    const now = nowUnixSeconds();
    const stored: StoredRow = {
      index: args.index,
      row: {
        package_id: args.packageId,
        truth_key_types: 0,
        predicted_key_types: 0,
        score: { tp: 0, fp: 0, fn: 0, precision: 0, recall: 0, f1: 0, missing_sample: [], extra_sample: [] },
        error: args.error,
        elapsed_seconds: null,
        attempts: null,
        max_structs_used: null,
        timed_out: null,
      },
      started_at_unix_seconds: now,
      finished_at_unix_seconds: now,
    };
    await recordRow(args.runDir, stored);
    return summaryOf(stored);
  });
}

async function finalizePhase1Run(args: {
  runId: string;
  runDir: string;
  outFile: string | null;
}): Promise<Phase1RunOutput> {
  return asActivity(async () => {
    const finished = nowUnixSeconds();
    const result = await buildPhase1Result(args.runDir, finished);
    const resultPath = runPaths(args.runDir).result;
    await writePhase1Result(resultPath, result);
    if (args.outFile) await writePhase1Result(args.outFile, result);
    await appendEvents(args.runDir, [
      {
        t: finished,
        event: 'run_finished',
        fields: {
          finished_at_unix_seconds: finished,
          samples: result.samples,
          errors: result.aggregate.errors,
          avg_f1: pyFloat(result.aggregate.avg_f1),
        },
      },
    ]);
    const { avg_precision, avg_recall, avg_f1, errors } = result.aggregate;
    return {
      runId: args.runId,
      total: result.samples,
      resultPath,
      outFile: args.outFile,
      aggregate: { avg_precision, avg_recall, avg_f1, errors },
      usage: result.aggregate.usage ?? ZERO_USAGE,
    };
  });
}

export function createIoActivities() {
  return {
    preparePhase1Run,
    listPackagePage,
    extractInterface,
    recordPackageResult,
    loadRecordedSummary,
    recordFailedPackage,
    finalizePhase1Run,
  };
}
