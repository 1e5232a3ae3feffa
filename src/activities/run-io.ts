// Run-level activities on the io queue, the same for every phase: discovery and selection, paging the
// manifest, rows of failed packages, the final result. Thin: corpus/, core/ and run-store/ do the work.
import { basename, join } from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { discoverPackages } from '../package-store/discover.js';
import { readIdsFile } from '../corpus/ids-file.js';
import { selectPackages } from '../core/selection.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import { appendEvents, nowUnixSeconds } from '../run-store/events.js';
import { readManifestPage, writeManifest } from '../run-store/manifest.js';
import {
  identityMismatches,
  readSelection,
  runIdentity,
  writeRunMetadata,
  writeSelection,
  type SelectionRecord,
} from '../run-store/run-record.js';
import { finishedRunSummary } from '../compare/run-summary.js';
import { runPaths } from '../run-store/paths.js';
import { readStoredRow, recordRow, type StoredRow } from '../run-store/rows.js';
import type { PackagePageEntry, PackageSummary, PreparedRun, RunInput, RunOutput } from '../contracts/run.js';
import { asActivity } from '../activity-support/failures.js';
import { recordedOptionFields, type AnyBenchmark } from '../benchmarks/definition.js';
import { BENCHMARKS } from '../benchmarks/registry.js';
import type { StoppedEarly } from '../contracts/usage.js';
import type { Phase } from '../contracts/phases.js';
import { FailureType } from '../contracts/failure-types.js';

/** upstream's events, unless the run was started with `--no-log`. */
async function appendEventsUnlessNoLog(input: RunInput, events: Parameters<typeof appendEvents>[1]) {
  if (input.writeLogs !== false) await appendEvents(input.runDir, events);
}

/** How the phase's benchmark records its rows and its result. */
const recordOf = (phase: Phase) => BENCHMARKS[phase].record();

function refuse(message: string): ApplicationFailure {
  return ApplicationFailure.create({ type: FailureType.InvalidRunInput, message, nonRetryable: true });
}

/** Discovers and selects the packages, and writes the run's manifest and metadata. Idempotent. */
async function prepareRun(input: RunInput): Promise<PreparedRun> {
  return asActivity(async () => {
    const benchmark: AnyBenchmark = BENCHMARKS[input.phase];
    const benchmarkRecord = await benchmark.record();
    const identity = runIdentity(input);
    // A retried or restarted run keeps the selection it made the first time, if it is the same run.
    const existing = await readSelection(input.runDir);
    if (existing) {
      const mismatches = identityMismatches(existing.identity ?? {}, identity);
      if (mismatches.length > 0) {
        throw refuse(
          `run ${input.runId} exists in ${input.runDir} with other settings (${mismatches.join('; ')}); ` +
            'start it with its original settings, or use a new --run-id',
        );
      }
      return { total: existing.total };
    }

    const { packages, skipped, idMismatches } = await discoverPackages(input.corpusRoot);
    const idsFileIds =
      input.packageIds ??
      (input.idsFile
        ? await readIdsFile(input.idsFile, { dedupe: !benchmarkRecord.keepsRepeatedIds })
        : null);
    const selection = selectPackages({
      packages,
      ...(idsFileIds ? { idsFileIds } : {}),
      samples: input.samples,
      seed: input.options.seed,
    });
    if (selection.selected.length === 0) {
      const why = idsFileIds
        ? `none of the ${idsFileIds.length} ids ${input.idsFile ? `in ${input.idsFile}` : 'given with --package-id'} is in the corpus`
        : 'no usable package';
      throw refuse(`no packages found under: ${input.corpusRoot} (${why})`);
    }
    const started = nowUnixSeconds();
    const { agent, seed } = input.options;
    const metadata = benchmarkRecord.metadata(input, recordedOptionFields(benchmark, { ...input.options }));
    await writeManifest(input.runDir, selection.selected);
    await writeRunMetadata(input.runDir, {
      schema_version: 1,
      benchmark: metadata.benchmark,
      started_at_unix_seconds: started,
      agent,
      seed,
      argv: input.argv,
      run_id: input.runId,
      ...metadata.fields,
    });
    await appendEventsUnlessNoLog(input, [
      {
        t: started,
        event: 'run_started',
        fields: { started_at_unix_seconds: started, agent, seed, ...benchmarkRecord.runStartedFields(input) },
      },
      ...skipped.map((s) => ({
        t: started,
        event: 'package_skipped',
        fields: { package_dir: s.dir, reason: s.reason },
      })),
      ...idMismatches.map((m) => ({
        t: started,
        event: 'package_id_mismatch',
        fields: { package_dir: m.dir, folder_id: m.folder_id, package_id: m.metadata_id },
      })),
      ...selection.unknownIds.map((id) => ({
        t: started,
        event: 'manifest_unknown_id',
        fields: { package_id: id },
      })),
    ]);
    const record: SelectionRecord = {
      run_id: input.runId,
      phase: input.phase,
      identity,
      corpus_root: input.corpusRoot,
      agent,
      model: input.options.agentSettings?.model ?? null,
      seed,
      samples: input.samples,
      dataset: input.dataset,
      target_ids_file: input.idsFile ? basename(input.idsFile) : null,
      target_ids_total: input.idsFile ? selection.targetIdsTotal : null,
      total: selection.selected.length,
      started_at_unix_seconds: started,
      unknown_ids: selection.unknownIds,
      skipped,
      id_mismatches: idMismatches,
    };
    // Written last: its presence marks the preparation as complete.
    await writeSelection(input.runDir, record);
    return { total: record.total };
  });
}

/** A page of the manifest, each package with its recorded summary if it has finished already. */
async function listPackagePage(args: {
  phase: Phase;
  runDir: string;
  offset: number;
  limit: number;
}): Promise<PackagePageEntry[]> {
  return asActivity(async () => {
    const record = await recordOf(args.phase);
    const entries = await readManifestPage(args.runDir, args.offset, args.limit);
    return Promise.all(
      entries.map(async (entry) => {
        const stored = await readStoredRow(args.runDir, entry.index);
        return { ...entry, recorded: stored ? record.summaryOf(stored) : null };
      }),
    );
  });
}

async function loadRecordedSummary(args: {
  phase: Phase;
  runDir: string;
  index: number;
}): Promise<PackageSummary | null> {
  return asActivity(async () => {
    const stored = await readStoredRow(args.runDir, args.index);
    return stored ? (await recordOf(args.phase)).summaryOf(stored) : null;
  });
}

/** Records a row for a package whose workflow failed unexpectedly, so the run loses nothing. */
async function recordFailedPackage(args: {
  phase: Phase;
  runDir: string;
  index: number;
  packageId: string;
  error: string;
  round?: string;
  writeLogs?: boolean;
}): Promise<PackageSummary> {
  return asActivity(async () => {
    const record = await recordOf(args.phase);
    const now = nowUnixSeconds();
    const stored: StoredRow = {
      index: args.index,
      row: record.failedRow(args.packageId, args.error),
      started_at_unix_seconds: now,
      finished_at_unix_seconds: now,
      ...(args.round ? { round: args.round } : {}),
    };
    await recordRow(args.runDir, stored, record.rowLog, args.writeLogs !== false);
    return record.summaryOf(stored);
  });
}

async function finalizeRun(args: {
  phase: Phase;
  runId: string;
  runDir: string;
  outFile: string | null;
  writeLogs?: boolean;
  stoppedEarly?: StoppedEarly;
}): Promise<RunOutput> {
  return asActivity(async () => {
    const finished = nowUnixSeconds();
    const result = await (await recordOf(args.phase)).buildResult(args.runDir, finished, args.stoppedEarly);
    const resultPath = runPaths(args.runDir).result;
    const output = result.outputFile;
    const outFileSource = output ? join(args.runDir, output.name) : resultPath;
    if (output) await atomicWriteFile(outFileSource, output.text);
    await atomicWriteFile(resultPath, result.text);
    // What `status SET` shows of the run, computed once now rather than by every status call.
    try {
      finishedRunSummary(args.phase, args.runDir);
    } catch {
      // only a cache: status computes it when it needs it
    }
    if (args.outFile) await atomicWriteFile(args.outFile, output ? output.text : result.text);
    if (args.writeLogs !== false)
      await appendEvents(args.runDir, [
        {
          t: finished,
          event: 'run_finished',
          fields: { finished_at_unix_seconds: finished, ...result.runFinishedFields },
        },
      ]);
    return {
      runId: args.runId,
      runPhase: args.phase,
      total: result.samples,
      resultPath,
      outFile: args.outFile,
      ...(outFileSource === resultPath ? {} : { outFileSource }),
      aggregate: result.aggregate,
      errors: result.errors,
      usage: result.usage,
      ...(result.modelCalls ? { modelCalls: result.modelCalls } : {}),
      ...(args.stoppedEarly ? { stoppedEarly: args.stoppedEarly } : {}),
    };
  });
}

/**
 * The end of a batch (`--batch-size`) that is not the run's last: the result of the rows so far goes to
 * the run's `--out` (as upstream's batch scripts grew their output file batch by batch), and a
 * `batch_finished` event gives its numbers. Writing again is harmless, so it is idempotent.
 */
async function finishBatch(args: {
  phase: Phase;
  runId: string;
  runDir: string;
  outFile: string | null;
  /** 1-based number of the batch that finished. */
  batch: number;
  batches: number;
  writeLogs?: boolean;
}): Promise<void> {
  return asActivity(async () => {
    const now = nowUnixSeconds();
    const result = await (await recordOf(args.phase)).buildResult(args.runDir, now);
    if (args.outFile) await atomicWriteFile(args.outFile, result.outputFile?.text ?? result.text);
    if (args.writeLogs !== false)
      await appendEvents(args.runDir, [
        {
          t: now,
          event: 'batch_finished',
          fields: { batch: args.batch, batches: args.batches, ...result.runFinishedFields },
        },
      ]);
  });
}

export function createRunIoActivities() {
  return { prepareRun, listPackagePage, loadRecordedSummary, recordFailedPackage, finishBatch, finalizeRun };
}
