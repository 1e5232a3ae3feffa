// A build that ended without Sui's verdict: the compiler crashed or ran past its time limit. The reason
// reads like one of Sui's errors, so the model, the row and `move build` all show it as the build's error.
import type { SuiBuildResult } from '../contracts/sui-build.js';

export function unfinishedBuild(
  stage: 'crashed' | 'timed_out',
  reason: string,
): Extract<SuiBuildResult, { ok: false }> {
  return { ok: false, stage, diagnostics: [], rendered: `error: ${reason}` };
}
