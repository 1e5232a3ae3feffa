// Run ids (upstream logging.py) and the rule that keeps them plain directory names. Pure: the caller supplies the
// clock, pid and randomness.

const MAX_RUN_ID_LENGTH = 120;
// Python's str.isalnum() is true for letters and numbers; \p{L}/\p{N} is the closest regex match.
const SAFE_CHAR = /^[\p{L}\p{N}._-]$/u;

/**
 * Why `id` cannot name a run directory (null when it can). A run id becomes a folder under the log dir, so
 * it must be one plain name: `..` or a leading `.` would escape the log dir or hide the run.
 */
export function runIdProblem(id: string): string | null {
  const rule = `may only contain letters, digits, "-", "_" and ".", not start with ".", and be 1 to ${MAX_RUN_ID_LENGTH} characters long`;
  const chars = [...id];
  const plain =
    chars.length > 0 && chars.length <= MAX_RUN_ID_LENGTH && chars.every((ch) => SAFE_CHAR.test(ch));
  return plain && !id.startsWith('.') ? null : `run id ${JSON.stringify(id)} ${rule}`;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** `<prefix>_<UTC YYYYmmdd_HHMMSS>_pid<pid>_<6 lowercase hex>`. */
export function defaultRunId(prefix: string, nowUtc: Date, pid: number, randomHex6: string): string {
  if (!/^[0-9a-f]{6}$/.test(randomHex6))
    throw new Error(`randomHex6 must be 6 lowercase hex digits: ${randomHex6}`);
  const d = nowUtc;
  const stamp =
    `${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}_` +
    `${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}`;
  return `${prefix}_${stamp}_pid${pid}_${randomHex6}`;
}
