// One package, Phase I: extract the interface, ask the agent which structs have `key`, judge, record.
import { scoreKeyTypes } from '../../../core/judge.js';
import { sortedByCodePoint } from '../../../core/py-string.js';
import type { KeyTypeScore, Phase1PackageRow } from '../../../core/types.js';
import { extractInterfaceOf, packageIo } from '../../../workflow-kit/local-io.js';
import { failureMessage } from '../../../workflow-kit/model-failures.js';
import { offlinePrediction, phase1Solver } from './solvers.js';
import type { Phase1PackageInput } from '../../../contracts/phase1-options.js';
import type { PackageSummary } from '../../../contracts/run.js';

export async function phase1Package(input: Phase1PackageInput): Promise<PackageSummary> {
  const startedMs = Date.now();
  const { options } = input;

  let truth: string[] = [];
  let interfaceSha: string | null = null;
  let extractionError: string | null = null;
  try {
    const extracted = await extractInterfaceOf(input);
    truth = extracted.truth;
    interfaceSha = extracted.interfaceSha;
  } catch (err) {
    extractionError = `interface extraction failed: ${failureMessage(err)}`;
  }

  const prediction =
    interfaceSha === null
      ? offlinePrediction([])
      : await phase1Solver(options)({
          runDir: input.runDir,
          packageId: input.packageId,
          interfaceSha,
          truth,
          startedMs,
        });

  // A package whose interface could not be read has no truth to judge against: it scores zero and
  // carries the error (upstream silently scored it against an empty truth set, spec §30 item 10).
  const score: KeyTypeScore =
    extractionError === null ? scoreKeyTypes(truth, prediction.predicted) : zeroScore();
  const error = extractionError ?? prediction.error;

  const row: Phase1PackageRow = {
    package_id: input.packageId,
    truth_key_types: truth.length,
    predicted_key_types: new Set(prediction.predicted).size,
    score,
    error,
    elapsed_seconds: (Date.now() - startedMs) / 1000,
    attempts: prediction.attempts,
    max_structs_used: prediction.maxStructsUsed,
    timed_out: prediction.timedOut,
    usage: prediction.usage,
    ...(prediction.truncation ? { prompt_truncation: prediction.truncation } : {}),
  };
  if (options.includeTypeLists) {
    row.truth_key_types_list = sortedByCodePoint(truth);
    row.predicted_key_types_list = sortedByCodePoint(new Set(prediction.predicted));
  }

  await packageIo.recordPackageResult({
    phase: 'phase1',
    runDir: input.runDir,
    index: input.index,
    row,
    trace: { interfaceSha, prompts: prediction.trace },
    startedAtUnixSeconds: Math.floor(startedMs / 1000),
    finishedAtUnixSeconds: Math.floor(Date.now() / 1000),
    ...(input.round ? { round: input.round } : {}),
    ...(input.writeLogs === false ? { writeLogs: false } : {}),
  });

  return {
    index: input.index,
    packageId: input.packageId,
    metrics: { precision: score.precision, recall: score.recall, f1: score.f1 },
    error,
    timedOut: prediction.timedOut,
    usage: prediction.usage,
  };
}

function zeroScore(): KeyTypeScore {
  return { tp: 0, fp: 0, fn: 0, precision: 0, recall: 0, f1: 0, missing_sample: [], extra_sample: [] };
}
