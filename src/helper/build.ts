// From the model's answer text to a built helper: find the JSON, check it (helper_pkg_v1), read its
// Move.toml and compile its sources with smi-bench's compiler against the framework and the target (the
// named address `target_pkg` is the target's id). The modules come out at the helper's own address (0x0
// in the usual Move.toml); publishing moves them (see execute.ts).
import { checkHelperPayload, type HelperPayload } from '../core/helper/payload.js';
import { extractJsonValue, JsonExtractError } from '../core/json-extract.js';
import { loadDependencies } from '../move-compiler/check/deps.js';
import { compilePackage } from '../move-compiler/compile.js';
import { MoveTomlError, parseMoveToml } from '../move-compiler/move-toml.js';
import { formatDiagnosticLine, renderDiagnostics } from '../move-compiler/render.js';
import { FRAMEWORK_IDS, normalizeId } from '../vm/package-source.js';

export interface HelperBuildSource {
  corpusRoot: string;
  frameworkDir: string | null;
  /** The target package's id: `target_pkg`, and the corpus package the helper may use. */
  packageId: string;
}

export type HelperBuild =
  | { stage: 'invalid_payload'; errors: string[] }
  | { stage: 'build_failed'; payload: HelperPayload; errors: string[]; rendered: string }
  | {
      stage: 'built';
      payload: HelperPayload;
      modules: { name: string; bytes: Uint8Array }[];
      warnings: string;
    };

/** Build errors kept per attempt in the row (the rendered diagnostics keep them all). */
const ERROR_LINES_KEPT = 50;

const FRAMEWORK = new Set(FRAMEWORK_IDS.map(normalizeId));

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
  let manifest;
  try {
    manifest = parseMoveToml(payload.moveToml);
  } catch (error) {
    if (!(error instanceof MoveTomlError)) throw error;
    return { stage: 'build_failed', payload, errors: [error.message], rendered: error.message };
  }
  const target = normalizeId(source.packageId);
  const dependencies = await loadDependencies({
    corpusRoot: source.corpusRoot,
    ...(source.frameworkDir ? { frameworkDir: source.frameworkDir } : {}),
    packageIds: FRAMEWORK.has(target) ? [] : [source.packageId],
  });
  const result = compilePackage({
    packageName: manifest.packageName,
    addresses: { ...manifest.addresses, target_pkg: `0x${target}` },
    files: payload.files,
    dependencies,
  });
  const sources = new Map(payload.files.map((f) => [f.path, f.text]));
  const errors = result.diagnostics.filter((d) => d.code.severity !== 'warning');
  const rendered = renderDiagnostics(result.diagnostics, sources);
  if (errors.length > 0 || result.modules.length === 0) {
    const lines = errors.slice(0, ERROR_LINES_KEPT).map((d) => formatDiagnosticLine(d, sources));
    return {
      stage: 'build_failed',
      payload,
      errors: lines.length > 0 ? lines : ['the package defines no module'],
      rendered: rendered || 'the package defines no module',
    };
  }
  return {
    stage: 'built',
    payload,
    modules: result.modules.map((m) => ({ name: m.name, bytes: m.bytes })),
    warnings: rendered,
  };
}
