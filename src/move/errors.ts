// Error types of the bytecode layer. The WASM library throws plain `{message}` objects, so callers
// could not use `instanceof` or get a stack; these classes give them both, plus a stable `code`.

/** A `.mv` file that the Move deserializer rejected. */
export class InvalidBytecodeError extends Error {
  override readonly name = 'InvalidBytecodeError';

  constructor(
    /** The file (or other label) the bytes came from, as given by the caller. */
    readonly fileLabel: string,
    /** The deserializer's own message, e.g. `PartialVMError with status BAD_MAGIC`. */
    readonly reason: string,
  ) {
    super(`invalid bytecode in ${fileLabel}: ${reason}`);
  }
}

export type PackageReadErrorCode =
  'missing_metadata' | 'invalid_metadata' | 'no_modules' | 'invalid_bytecode' | 'unreadable' | 'too_large';

/** A package directory that cannot be turned into an interface. The message names the path. */
export class PackageReadError extends Error {
  override readonly name = 'PackageReadError';

  constructor(
    readonly code: PackageReadErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The message of anything thrown: Error instances, the library's plain objects, or other values. */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === 'object' && thrown !== null && 'message' in thrown) {
    const message = (thrown as { message: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return String(thrown);
}
