// A reference kept in a local is a borrow for Sui's verifier until the local is moved or overwritten,
// even when no later code reads it: moving, or borrowing mutably, what it points to then fails. Where
// a path leaves such a reference behind, it is released (`MoveLoc; Pop`), as Sui's compiler does: on
// each edge into code where the local is dead though it was live before (a loop's exit, an arm of an
// `if` that does not use it), and at a store of a reference nothing reads (which becomes `Pop`).
import type { Bytecode } from '../../move/module-json.js';
import { branchTargets } from '../verifier/control-flow.js';
import { BRANCH_OPCODES } from '../verifier/instructions.js';
import type { JumpTable, LaidOut } from './layout.js';
import { liveSets, operand, successors, type FinalOp } from './liveness.js';

/** The references a local surely holds before each instruction (none are known where none was stored). */
function heldReferences(
  code: FinalOp[],
  tables: JumpTable[],
  isReference: (local: number) => boolean,
  params: number,
): Set<number>[] {
  const before: (Set<number> | undefined)[] = code.map(() => undefined);
  before[0] = new Set(Array.from({ length: params }, (_, i) => i).filter(isReference));
  const pending = [0];
  while (pending.length > 0) {
    const offset = pending.pop()!;
    const held = new Set(before[offset]);
    const { instr } = code[offset]!;
    const stored = operand(instr, 'StLoc');
    if (stored !== undefined && isReference(stored)) held.add(stored);
    const moved = operand(instr, 'MoveLoc');
    if (moved !== undefined) held.delete(moved);
    for (const next of successors({ kind: 'instr', instr, loc: code[offset]!.loc }, offset, tables)) {
      const known = before[next];
      const meet = known ? new Set([...known].filter((local) => held.has(local))) : held;
      if (!known || meet.size !== known.size) {
        before[next] = meet;
        pending.push(next);
      }
    }
  }
  return before.map((set) => set ?? new Set());
}

const release = (local: number, loc: FinalOp['loc']): FinalOp[] => [
  { instr: { MoveLoc: local }, loc },
  { instr: 'Pop', loc },
];

export function releaseDeadReferences(
  laidOut: { code: FinalOp[]; jumpTables: JumpTable[] },
  isReference: (local: number) => boolean,
  params: number,
): { code: FinalOp[]; jumpTables: JumpTable[] } {
  const { jumpTables } = laidOut;
  const placed: LaidOut['ops'] = laidOut.code.map((op) => ({ kind: 'instr', instr: op.instr, loc: op.loc }));
  const { liveIn, liveOut } = liveSets(placed, jumpTables);
  const code = laidOut.code.map((op, offset): FinalOp => {
    const stored = operand(op.instr, 'StLoc');
    const unread = stored !== undefined && isReference(stored) && !liveOut[offset]!.has(stored);
    return unread ? { instr: 'Pop', loc: op.loc } : op;
  });
  const held = heldReferences(code, jumpTables, isReference, params);
  /** References to release on the edge `from` -> `to`. */
  const onEdge = (from: number, to: number): number[] => {
    const after = new Set(held[from]);
    const stored = operand(code[from]!.instr, 'StLoc');
    if (stored !== undefined && isReference(stored)) after.add(stored);
    return [...liveOut[from]!].filter(
      (local) => isReference(local) && after.has(local) && !liveIn[to]!.has(local),
    );
  };

  // Releases on a fall-through edge go just before its target (jumps to it land after them); those
  // on a jump go to a block at the end that releases and jumps on.
  const prefixes = code.map((): FinalOp[] => []);
  const trampolines: { releases: FinalOp[]; target: number }[] = [];
  const retarget = new Map<string, number>();
  code.forEach((op, offset) => {
    const next = successors({ kind: 'instr', instr: op.instr, loc: op.loc }, offset, jumpTables);
    const jumpTargets = new Set(branchTargets(op.instr, jumpTables));
    for (const target of new Set(next)) {
      const locals = onEdge(offset, target);
      if (locals.length === 0) continue;
      const releases = locals.flatMap((local) => release(local, code[target]!.loc));
      if (target === offset + 1 && !isJumpOnly(op.instr)) prefixes[target]!.push(...releases);
      if (jumpTargets.has(target)) {
        retarget.set(`${offset}:${target}`, trampolines.length);
        trampolines.push({ releases, target });
      }
    }
  });
  if (prefixes.every((p) => p.length === 0) && trampolines.length === 0) return { code, jumpTables };

  const newOffset: number[] = [];
  let size = 0;
  code.forEach((_, offset) => {
    size += prefixes[offset]!.length;
    newOffset.push(size);
    size += 1;
  });
  const trampolineOffset: number[] = [];
  for (const t of trampolines) {
    trampolineOffset.push(size);
    size += t.releases.length + 1;
  }
  const mapTarget = (from: number, target: number) => {
    const trampoline = retarget.get(`${from}:${target}`);
    return trampoline === undefined ? newOffset[target]! : trampolineOffset[trampoline]!;
  };
  const tables = jumpTables.map((table, index) => ({
    head_enum: table.head_enum,
    jump_table: { Full: table.jump_table.Full.map((target) => mapTarget(switchOffset(code, index), target)) },
  }));
  const out: FinalOp[] = [];
  code.forEach((op, offset) => {
    out.push(...prefixes[offset]!);
    out.push({ instr: remapBranch(op.instr, (target) => mapTarget(offset, target)), loc: op.loc });
  });
  for (const t of trampolines) {
    out.push(...t.releases, { instr: { Branch: newOffset[t.target]! }, loc: t.releases[0]!.loc });
  }
  return { code: out, jumpTables: tables };
}

/** Instructions after which control never falls through to the next one. */
function isJumpOnly(instr: Bytecode): boolean {
  return operand(instr, 'Branch') !== undefined || operand(instr, 'VariantSwitch') !== undefined;
}

function remapBranch(instr: Bytecode, map: (target: number) => number): Bytecode {
  for (const name of BRANCH_OPCODES) {
    const target = operand(instr, name);
    if (target !== undefined) return { [name]: map(target) };
  }
  return instr;
}

/** The offset of the VariantSwitch that uses jump table `index` (each table has one). */
function switchOffset(code: FinalOp[], index: number): number {
  return code.findIndex((op) => operand(op.instr, 'VariantSwitch') === index);
}
