/** A problem with what the user asked for: printed without a stack trace, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
