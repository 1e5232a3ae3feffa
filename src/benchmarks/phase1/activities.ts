// Phase I's activity: its prompt, built from the interface a package workflow extracted. It takes
// milliseconds and is idempotent, so the package workflow runs it as a local activity.
import type { AnswerVocabulary } from '../../contracts/answer-vocabulary.js';
import { buildPhase1Prompt } from './workflow/prompt.js';
import { putArtifact } from '../../run-store/artifacts.js';
import { runPaths } from '../../run-store/paths.js';
import { asActivity } from '../../activity-support/failures.js';
import { readInterface } from '../../activity-support/interface-cache.js';

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

/** Phase I's activities, by the workers that run them. */
export function phase1Activities() {
  return { io: { preparePhase1Prompt } };
}
