// Copy/move inference: a read of a local becomes MoveLoc where no later path uses the local
// before redefining it, CopyLoc otherwise. Non-copyable values are always moved; a later use is
// then a use-after-move for the verifier to report.
import type { Bytecode } from '../../move/module-json.js';
import type { JumpTable, LaidOut, PlacedOp } from './layout.js';

export interface FinalOp {
  instr: Bytecode;
  loc: PlacedOp['loc'];
}

export function operand(instr: Bytecode, name: string): number | undefined {
  if (typeof instr === 'string' || !(name in instr)) return undefined;
  return instr[name] as number;
}

const USES = ['CopyLoc', 'MoveLoc', 'ImmBorrowLoc', 'MutBorrowLoc'];

function usedLocal(op: PlacedOp): number | undefined {
  if (op.kind === 'read') return op.local;
  for (const name of USES) {
    const local = operand(op.instr, name);
    if (local !== undefined) return local;
  }
  return undefined;
}

export function successors(op: PlacedOp, offset: number, tables: JumpTable[]): number[] {
  if (op.kind === 'read') return [offset + 1];
  const { instr } = op;
  if (instr === 'Ret' || instr === 'Abort') return [];
  const table = operand(instr, 'VariantSwitch');
  if (table !== undefined) return tables[table]?.jump_table.Full ?? [];
  const jump = operand(instr, 'Branch');
  if (jump !== undefined) return [jump];
  const conditional = operand(instr, 'BrTrue') ?? operand(instr, 'BrFalse');
  return conditional === undefined ? [offset + 1] : [conditional, offset + 1];
}

/** The locals live right before and right after each instruction, by backward data flow to a fixed point. */
export function liveSets(
  code: PlacedOp[],
  tables: JumpTable[],
): { liveIn: Set<number>[]; liveOut: Set<number>[] } {
  const liveIn = code.map(() => new Set<number>());
  const liveOut = code.map(() => new Set<number>());
  let changed = true;
  while (changed) {
    changed = false;
    for (let offset = code.length - 1; offset >= 0; offset--) {
      const op = code[offset]!;
      const out = liveOut[offset]!;
      for (const next of successors(op, offset, tables))
        for (const local of liveIn[next] ?? []) out.add(local);
      const into = new Set(out);
      if (op.kind === 'instr') {
        const stored = operand(op.instr, 'StLoc');
        if (stored !== undefined) into.delete(stored);
      }
      const used = usedLocal(op);
      if (used !== undefined) into.add(used);
      if (into.size !== liveIn[offset]!.size) {
        liveIn[offset] = into;
        changed = true;
      }
    }
  }
  return { liveIn, liveOut };
}

export function inferCopyMove(
  { ops: code, jumpTables }: LaidOut,
  isCopyable: (local: number) => boolean,
): FinalOp[] {
  const live = liveSets(code, jumpTables).liveOut;
  return code.map((op, offset) => {
    if (op.kind === 'instr') return { instr: op.instr, loc: op.loc };
    const copy = live[offset]!.has(op.local) && isCopyable(op.local);
    return { instr: copy ? { CopyLoc: op.local } : { MoveLoc: op.local }, loc: op.loc };
  });
}
