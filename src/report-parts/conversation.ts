// A package's conversation with its model, read back from the run's artifact store: each request's prompt
// and the answer it got (Phase I's requests, Phase II's planning rounds, the helper's attempts), and
// Phase II's plans as the harness normalized them.
import { join } from 'node:path';
import { getArtifactSync } from '../run-store/artifacts.js';
import { extractJsonValue, extractTypeList } from '../core/json-extract.js';
import { extractKeyTypes } from '../core/truth.js';
import { normalizePtbSpec, type NormalizedPlan } from '../core/phase2/normalize.js';
import type { PackageTrace } from './traces.js';

export interface Turn {
  /** "request 2", "attempt 1, call 3 (need_more)". */
  label: string;
  prompt: string;
  /** Null when no answer came (the call failed). */
  answer: string | null;
  /** Why the call gave no usable answer: no answer at all, or one cut short or without JSON. */
  error: string | null;
  /** Phase II plan answers: the plan after normalization, with its corrections. */
  plan: NormalizedPlan | null;
  /** Characters left out of the middle of the prompt and answer by the length limit. */
  cut: { prompt: number; answer: number };
}

// Blocking reads: a report reads thousands of small files and does nothing else meanwhile.
export function readArtifact(runDir: string, sha: string): string {
  try {
    return getArtifactSync(join(runDir, 'artifacts'), sha);
  } catch {
    return `(artifact ${sha} is missing from the run directory)`;
  }
}

/** Where a shortened text lost its middle (how much, the note under the text says). */
const CUT_MARK = '\n[… left out here …]\n';

/**
 * A text cut to `limit` characters, the mark included, its start and its end kept: a prompt ends with the
 * feedback on the attempts before it, which matters most. Returns the text and how much it left out.
 */
function clip(text: string, limit: number | null): [string, number] {
  if (limit === null || text.length <= limit) return [text, 0];
  const kept = Math.max(0, limit - CUT_MARK.length);
  const head = Math.ceil(kept / 2);
  const tail = kept - head;
  return [`${text.slice(0, head)}${CUT_MARK}${text.slice(text.length - tail)}`, text.length - kept];
}

function planOf(answer: string): NormalizedPlan | null {
  try {
    return normalizePtbSpec(extractJsonValue(answer));
  } catch {
    return null;
  }
}

/** The turns of a package, texts cut to `limit` characters each (null: whole). */
export function readConversation(runDir: string | null, trace: PackageTrace, limit: number | null): Turn[] {
  if (runDir === null) return [];
  const refs = [
    ...trace.prompts.map((p, i) => ({ ...p, label: `request ${i + 1}`, isPlan: false })),
    ...trace.rounds.map((r) => ({
      ...r,
      label: `attempt ${r.attempt}, call ${r.call} (${r.kind}${r.cached ? ', from the answer cache' : ''})`,
      isPlan: r.kind === 'plan',
    })),
    // The helper's attempts that asked a model (an answer read from --helper-dir had no prompt).
    ...trace.attempts.flatMap((a) =>
      a.promptSha === null
        ? []
        : [
            {
              promptSha: a.promptSha,
              answerSha: a.answerSha,
              label: `attempt ${a.attempt}${a.cached ? ' (from the answer cache)' : ''}`,
              isPlan: false,
            },
          ],
    ),
  ];
  return refs.map((ref) => {
    const prompt = readArtifact(runDir, ref.promptSha);
    const answer = ref.answerSha === null ? null : readArtifact(runDir, ref.answerSha);
    const [promptText, promptCut] = clip(prompt, limit);
    const [answerText, answerCut] = answer === null ? [null, 0] : clip(answer, limit);
    return {
      label: ref.label,
      prompt: promptText,
      answer: answerText,
      error: 'error' in ref && typeof ref.error === 'string' ? ref.error : null,
      plan: ref.isPlan && answer !== null ? planOf(answer) : null,
      cut: { prompt: promptCut, answer: answerCut },
    };
  });
}

/**
 * The package's targets (its `key` types): as the run scored them (defining ids), else from the interface
 * the run extracted; null if neither was kept.
 */
export function readTargets(runDir: string | null, trace: PackageTrace): string[] | null {
  if (trace.targets) return trace.targets;
  if (runDir === null || trace.interfaceSha === null) return null;
  try {
    const iface: unknown = JSON.parse(getArtifactSync(join(runDir, 'artifacts'), trace.interfaceSha));
    return [...extractKeyTypes(iface)].sort();
  } catch {
    return null;
  }
}

/** The key types a Phase I answer names, as the judge read them (none if it names none). */
export function answeredTypes(answer: string): string[] {
  try {
    return [...extractTypeList(answer)];
  } catch {
    return [];
  }
}
