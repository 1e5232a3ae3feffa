// Per-package file work that package workflows run as local activities: extracting an interface,
// building a prompt from it, recording the finished row. Each takes milliseconds and is idempotent.
import type { AnswerVocabulary } from '../contracts/answer-vocabulary.js';
import { buildPhase1Prompt } from '../benchmarks/phase1/workflow/prompt.js';
import { withDefiningIds } from '../core/phase2/defining-ids.js';
import { putArtifact } from '../run-store/artifacts.js';
import { runPaths } from '../run-store/paths.js';
import { recordRow } from '../run-store/rows.js';
import { asActivity } from './failures.js';
import { rememberInterface, readInterface } from './interface-cache.js';
import { phaseDefinition } from './phases/index.js';
import { storedInterface } from './stored-interfaces.js';
// The type origin table as the VM reads it, so targets and created types name types alike.
import { packageTypeOrigins } from '../package-store/package-dir.js';
import type { ExtractedInterface, PackageResultRecord } from '../workflow-kit/local-io.js';

async function extractInterface(args: {
  runDir: string;
  packageDir: string;
  packageId: string;
  definingIds?: boolean;
}): Promise<ExtractedInterface> {
  return asActivity(async () => {
    const stored = await storedInterface(args.packageDir);
    const interfaceSha = await putArtifact(runPaths(args.runDir).artifacts, stored.text, stored.sha);
    if (stored.parsed) rememberInterface(interfaceSha, stored.parsed);
    if (!args.definingIds) return { interfaceSha, truth: stored.truth };
    const targets = withDefiningIds(stored.truth, packageTypeOrigins(args.packageDir));
    return { interfaceSha, truth: stored.truth, targets };
  });
}

/**
 * The Phase I prompt for an interface in the artifact store, stored there too, with its vocabulary (the
 * structs it shows, the only names the answer's schema admits).
 */
async function preparePhase1Prompt(args: {
  runDir: string;
  interfaceSha: string;
  maxStructs: number;
  template?: string | null;
}): Promise<{ promptSha: string; vocabularySha: string; structsIncluded: number; structsAvailable: number }> {
  return asActivity(async () => {
    const iface = await readInterface(args.runDir, args.interfaceSha);
    const built = buildPhase1Prompt(iface, args.maxStructs, args.template ?? null);
    const store = runPaths(args.runDir).artifacts;
    const vocabulary: AnswerVocabulary = { types: built.structNames };
    return {
      promptSha: await putArtifact(store, built.prompt),
      vocabularySha: await putArtifact(store, JSON.stringify(vocabulary)),
      structsIncluded: built.structsIncluded,
      structsAvailable: built.structsAvailable,
    };
  });
}

async function recordPackageResult(args: PackageResultRecord): Promise<void> {
  return asActivity(() =>
    recordRow(
      args.runDir,
      {
        index: args.index,
        row: args.row,
        trace: args.trace,
        started_at_unix_seconds: args.startedAtUnixSeconds,
        finished_at_unix_seconds: args.finishedAtUnixSeconds,
        ...(args.round ? { round: args.round } : {}),
      },
      phaseDefinition(args.phase).rowLog,
      args.writeLogs !== false,
    ),
  );
}

export function createPackageIoActivities() {
  return { extractInterface, preparePhase1Prompt, recordPackageResult };
}
