// Checkpoint checksums (upstream compute_json_checksum) and the checkpoint file text.
//
// NOT for workflow code: this module imports node:crypto, which Temporal's workflow bundle cannot
// contain. Workflows must not import it (or any module that imports it, e.g. phase1-result-json.ts).
import { createHash } from 'node:crypto';
import { pyDumps } from '../core/pyjson.js';

/** Python's canonical form for checksums: sorted keys, no spaces, ASCII-escaped, Python float repr. */
export function canonicalJson(obj: unknown): string {
  return pyDumps(obj, { sortKeys: true, separators: [',', ':'] });
}

/** First 8 lowercase hex digits of SHA-256 over the canonical form. Wrap floats with pyFloat(). */
export function computeJsonChecksum(obj: unknown): string {
  return createHash('sha256').update(canonicalJson(obj), 'utf8').digest('hex').slice(0, 8);
}

/**
 * The text upstream's write_checkpoint produces: `_checksum` (computed over everything else) added,
 * keys sorted, indent 2, trailing newline. A `_checksum` already in `obj` is replaced, not hashed.
 */
export function formatCheckpointJson(obj: Record<string, unknown>): string {
  const { _checksum: _ignored, ...body } = obj;
  const withSum = { ...body, _checksum: computeJsonChecksum(body) };
  return pyDumps(withSum, { indent: 2, sortKeys: true }) + '\n';
}
