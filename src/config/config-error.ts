/**
 * A configuration problem the operator must fix (missing key or model, bad value).
 * Retrying cannot help, so `retryable` is false and the name doubles as the Temporal failure type.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly retryable = false;
}
