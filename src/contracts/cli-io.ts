// Where a command writes: the CLI passes one down to every command, and doctor's checks print through it.
export interface CliIO {
  /** stdout: results meant for people and pipes */
  out(line: string): void;
  /** stderr: status, progress and warnings */
  log(line: string): void;
}
