// Releasing references left in dead locals. Expected code is derived by hand: Sui's verifier counts a
// reference held in a local as a borrow until the local is moved or overwritten, so every path that
// stops reading such a local must move it out first.
import { describe, expect, it } from 'vitest';
import type { Bytecode } from '../../src/move/module-json.js';
import { releaseDeadReferences } from '../../src/move-compiler/codegen/release-refs.js';
import { LOC } from './codegen-ir-builders.js';

/** Locals: 0 `x: u64` and 1 `c: bool` (parameters), 2 `r: &u64`. */
const isReference = (local: number) => local === 2;
const run = (instrs: Bytecode[]) =>
  releaseDeadReferences(
    { code: instrs.map((instr) => ({ instr, loc: LOC })), jumpTables: [] },
    isReference,
    2,
  ).code.map((op) => op.instr);

describe('codegen: releasing dead references', () => {
  it('turns the store of a reference nothing reads into a pop', () => {
    expect(run([{ ImmBorrowLoc: 0 }, { StLoc: 2 }, { MoveLoc: 0 }, 'Ret'])).toEqual([
      { ImmBorrowLoc: 0 },
      'Pop',
      { MoveLoc: 0 },
      'Ret',
    ]);
  });

  it('releases a reference on the jump into the arm that does not use it', () => {
    const code: Bytecode[] = [
      { ImmBorrowLoc: 0 },
      { StLoc: 2 },
      { CopyLoc: 1 },
      { BrFalse: 7 },
      { MoveLoc: 2 },
      'ReadRef',
      'Ret',
      { MoveLoc: 0 },
      'Ret',
    ];
    expect(run(code)).toEqual([
      { ImmBorrowLoc: 0 },
      { StLoc: 2 },
      { CopyLoc: 1 },
      { BrFalse: 9 },
      { MoveLoc: 2 },
      'ReadRef',
      'Ret',
      { MoveLoc: 0 },
      'Ret',
      { MoveLoc: 2 },
      'Pop',
      { Branch: 7 },
    ]);
  });

  it('releases a reference where a loop is left by falling through', () => {
    // loop { *r; if (!c) break }; x — BrTrue jumps back, the exit falls through.
    const code: Bytecode[] = [
      { ImmBorrowLoc: 0 },
      { StLoc: 2 },
      { CopyLoc: 2 },
      'ReadRef',
      'Pop',
      { CopyLoc: 1 },
      { BrTrue: 2 },
      { MoveLoc: 0 },
      'Ret',
    ];
    expect(run(code)).toEqual([
      { ImmBorrowLoc: 0 },
      { StLoc: 2 },
      { CopyLoc: 2 },
      'ReadRef',
      'Pop',
      { CopyLoc: 1 },
      { BrTrue: 2 },
      { MoveLoc: 2 },
      'Pop',
      { MoveLoc: 0 },
      'Ret',
    ]);
  });
});
