// What the verifier reports, and the internal failure that stops one function's checks at the first
// mistake (Sui's verifier also stops at the first error of a function).

export interface VerificationError {
  /** Sui VM StatusCode name (`MOVELOC_UNAVAILABLE_ERROR`), or `SUI_*` for Sui's own publish-time rules. */
  status: string;
  /** Function definition index, when the error is inside a function. */
  functionIndex?: number;
  /** Instruction offset in that function's code. */
  offset?: number;
  /** The local concerned, where the rule is about one. */
  local?: number;
  message: string;
}

/** Thrown inside the passes at their first mistake; caught by the driver and turned into one error. */
export class VerifyFailure extends Error {
  /** Set by `inFunction` when a module-level pass fails inside a function definition. */
  functionIndex?: number;

  constructor(
    readonly status: string,
    message: string,
    readonly offset?: number,
    readonly local?: number,
  ) {
    super(message);
  }
}

export function fail(status: string, message: string, offset?: number, local?: number): never {
  throw new VerifyFailure(status, message, offset, local);
}

/** Runs a module-level pass's check of one function, so that its failure names the function. */
export function inFunction(functionIndex: number, check: () => void): void {
  try {
    check();
  } catch (thrown) {
    if (thrown instanceof VerifyFailure) thrown.functionIndex ??= functionIndex;
    throw thrown;
  }
}

/** The reported form of a VerifyFailure; anything else thrown is a bug and goes on up. */
export function asError(thrown: unknown, functionIndex?: number): VerificationError {
  if (!(thrown instanceof VerifyFailure)) throw thrown;
  const error: VerificationError = { status: thrown.status, message: thrown.message };
  const inFunction = thrown.functionIndex ?? functionIndex;
  if (inFunction !== undefined) error.functionIndex = inFunction;
  if (thrown.offset !== undefined) error.offset = thrown.offset;
  if (thrown.local !== undefined) error.local = thrown.local;
  return error;
}
