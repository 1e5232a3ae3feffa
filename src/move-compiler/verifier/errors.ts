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

/** Thrown inside the per-function passes; caught by the driver and turned into one error. */
export class VerifyFailure extends Error {
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
