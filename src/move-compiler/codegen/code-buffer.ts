// Function code while it is generated: instructions, branches to symbolic labels, and reads of
// locals whose copy-or-move is decided later by liveness.
import type { Loc } from '../ast.js';
import type { Bytecode } from '../../move/module-json.js';

export type Label = number;
export type BranchKind = 'Branch' | 'BrTrue' | 'BrFalse';

export type PendingOp =
  | { kind: 'instr'; instr: Bytecode; loc: Loc }
  | { kind: 'branch'; branch: BranchKind; target: Label; loc: Loc }
  | { kind: 'label'; label: Label }
  /** VariantSwitch on an enum of this module: `targets[i]` is where variant `i` continues. */
  | { kind: 'switch'; enumDef: number; targets: Label[]; loc: Loc }
  /** A read of a local whose mode is inferred: CopyLoc while the local stays live, else MoveLoc. */
  | { kind: 'read'; local: number; loc: Loc };

export class CodeBuffer {
  readonly ops: PendingOp[] = [];
  private labelCount = 0;

  newLabel(): Label {
    return this.labelCount++;
  }

  emit(instr: Bytecode, loc: Loc): void {
    this.ops.push({ kind: 'instr', instr, loc });
  }

  branch(branch: BranchKind, target: Label, loc: Loc): void {
    this.ops.push({ kind: 'branch', branch, target, loc });
  }

  switchOn(enumDef: number, targets: Label[], loc: Loc): void {
    this.ops.push({ kind: 'switch', enumDef, targets, loc });
  }

  place(label: Label): void {
    this.ops.push({ kind: 'label', label });
  }

  read(local: number, loc: Loc): void {
    this.ops.push({ kind: 'read', local, loc });
  }
}
