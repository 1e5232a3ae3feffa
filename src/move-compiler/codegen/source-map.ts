// Where generated code came from, so that verifier errors on our own bytecode can point at source.
import type { Loc } from '../ast.js';
import type { ModuleId } from '../types.js';

export interface FunctionSourceMap {
  name: string;
  loc: Loc;
  /** The source location of each instruction, by code offset. */
  codeLocs: Loc[];
  /** Every local by index: parameters, declared locals, then the generator's temporaries. */
  locals: { name: string; loc: Loc }[];
}

export interface SourceMap {
  module: ModuleId;
  /** By function definition index (the module's functions in declaration order). */
  functions: FunctionSourceMap[];
}
