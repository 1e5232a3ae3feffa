// What a build with Sui's own compiler takes and gives back. Plain data: requests and results cross
// the boundary to the compiler's worker threads by structured clone.

/** Where a build's dependencies come from: the framework, and the target package with its closure. */
export interface DependencySource {
  corpusRoot?: string;
  frameworkDir?: string;
  /** The target's id as the user gives it (its storage id); named `target_pkg` in the build. */
  targetId?: string;
}

export interface SourceFile {
  /** Package-relative, e.g. `sources/helper.move`. */
  path: string;
  text: string;
}

export interface SuiBuildRequest {
  moveToml: string;
  files: SourceFile[];
  dependencies: DependencySource;
}

export type Severity = 'error' | 'warning' | 'bug';

/** One of Sui's diagnostics, parsed from the text `sui move build` prints. */
export interface MoveDiagnostic {
  severity: Severity;
  /** `E04007`, `Sui E02007`, `W09002`, … ; null where Sui printed no code. */
  code: string | null;
  /** The headline after the code: `incompatible types`. */
  title: string;
  /** The primary label's text (the message at the mistake); the title when there is none. */
  message: string;
  /** Where the primary label points: a package-relative path, 1-based line and column. */
  file: string | null;
  line: number | null;
  column: number | null;
}

export interface BuiltModule {
  name: string;
  bytes: Uint8Array;
}

/** Why a build produced no bytecode. */
export type BuildFailureStage =
  | 'manifest' // Move.toml or the files are not a package Sui can read
  | 'dependencies' // the corpus lacks a package the target needs
  | 'compile' // Sui's compiler refused the sources
  | 'crashed' // the compiler instance panicked or ran out of memory
  | 'timed_out'; // the build passed its time limit

export type SuiBuildResult =
  | { ok: true; modules: BuiltModule[]; diagnostics: MoveDiagnostic[]; rendered: string }
  | { ok: false; stage: BuildFailureStage; diagnostics: MoveDiagnostic[]; rendered: string };
