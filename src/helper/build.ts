// From the model's answer text to a built helper: find the JSON, check it (helper_pkg_v1), then build its
// Move.toml and sources with Sui's own compiler against stubs of the framework and of the target (the
// named address `target_pkg` is the target's original id). The modules come out at the helper's own
// address (0x0 in the usual Move.toml); publishing moves them (see execute.ts).
import { checkHelperPayload, type HelperPayload } from '../core/helper/payload.js';
import { extractJsonValue, JsonExtractError } from '../core/json-extract.js';
import { buildWithSui } from '../sui-compiler/build.js';
import { diagnosticLine } from '../sui-compiler/diagnostics.js';
import type { BuiltModule, MoveDiagnostic } from '../contracts/sui-build.js';

export interface HelperBuildSource {
  corpusRoot: string;
  frameworkDir: string | null;
  /** The target package's id (its storage id): `target_pkg`, and the corpus package the helper may use. */
  packageId: string;
}

export type HelperBuild =
  | { stage: 'invalid_payload'; errors: string[] }
  | {
      stage: 'build_failed';
      payload: HelperPayload;
      errors: string[];
      diagnostics: MoveDiagnostic[];
      rendered: string;
    }
  | {
      stage: 'built';
      payload: HelperPayload;
      modules: BuiltModule[];
      diagnostics: MoveDiagnostic[];
      warnings: string;
    };

/** Build errors kept per attempt in the row (the rendered diagnostics keep them all). */
const ERROR_LINES_KEPT = 50;

/** The answer's payload, checked; its problems when it is not one. */
export function readHelperAnswer(answerText: string): ReturnType<typeof checkHelperPayload> {
  let value: unknown;
  try {
    value = extractJsonValue(answerText);
  } catch (error) {
    if (!(error instanceof JsonExtractError)) throw error;
    return { ok: false, errors: [`the answer holds no JSON object: ${error.message}`] };
  }
  return checkHelperPayload(value);
}

export async function buildHelper(answerText: string, source: HelperBuildSource): Promise<HelperBuild> {
  const checked = readHelperAnswer(answerText);
  if (!checked.ok) return { stage: 'invalid_payload', errors: checked.errors };
  const payload = checked.payload;
  const result = await buildWithSui({
    moveToml: payload.moveToml,
    files: payload.files,
    dependencies: {
      corpusRoot: source.corpusRoot,
      ...(source.frameworkDir ? { frameworkDir: source.frameworkDir } : {}),
      targetId: source.packageId,
    },
  });
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.severity !== 'warning');
    const lines = errors.slice(0, ERROR_LINES_KEPT).map(diagnosticLine);
    const rendered =
      result.rendered.trim() || `the build ${result.stage === 'compile' ? 'failed' : result.stage}`;
    return {
      stage: 'build_failed',
      payload,
      errors: lines.length > 0 ? lines : [rendered.split('\n')[0]!],
      diagnostics: result.diagnostics,
      rendered,
    };
  }
  if (result.modules.length === 0)
    return {
      stage: 'build_failed',
      payload,
      errors: ['the package defines no module'],
      diagnostics: result.diagnostics,
      rendered: result.rendered || 'the package defines no module',
    };
  return {
    stage: 'built',
    payload,
    modules: result.modules,
    diagnostics: result.diagnostics,
    warnings: result.rendered,
  };
}
