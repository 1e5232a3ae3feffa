// Lays out generated code: drops the blocks no path reaches (code after `return`, `abort`, `break`,
// `continue`, which would otherwise unbalance the stack or fall off the end) and turns labels into
// code offsets, in branches and in the jump tables of variant switches.
import type { Loc } from '../ast.js';
import type { Bytecode } from '../../move/module-json.js';
import type { Label, PendingOp } from './code-buffer.js';

/** An instruction with its branch target resolved; reads still wait for liveness. */
export type PlacedOp =
  { kind: 'instr'; instr: Bytecode; loc: Loc } | { kind: 'read'; local: number; loc: Loc };

/** A VariantSwitch's table: the enum definition it switches on and the offset for each variant. */
export interface JumpTable {
  head_enum: number;
  jump_table: { Full: number[] };
}

export interface LaidOut {
  ops: PlacedOp[];
  jumpTables: JumpTable[];
}

type CodeOp = Exclude<PendingOp, { kind: 'label' }>;

interface Block {
  labels: Label[];
  ops: CodeOp[];
}

const TERMINATORS = new Set(['Ret', 'Abort']);

function endsBlock(op: CodeOp): boolean {
  return (
    op.kind === 'branch' ||
    op.kind === 'switch' ||
    (op.kind === 'instr' && typeof op.instr === 'string' && TERMINATORS.has(op.instr))
  );
}

function splitBlocks(ops: PendingOp[]): Block[] {
  const blocks: Block[] = [{ labels: [], ops: [] }];
  for (const op of ops) {
    let current = blocks[blocks.length - 1]!;
    if (op.kind === 'label') {
      if (current.ops.length > 0) blocks.push((current = { labels: [], ops: [] }));
      current.labels.push(op.label);
      continue;
    }
    current.ops.push(op);
    if (endsBlock(op)) blocks.push({ labels: [], ops: [] });
  }
  return blocks;
}

function reachableBlocks(blocks: Block[]): boolean[] {
  const blockOfLabel = new Map<Label, number>();
  blocks.forEach((block, index) => block.labels.forEach((label) => blockOfLabel.set(label, index)));
  const reached = blocks.map(() => false);
  const pending = [0];
  while (pending.length > 0) {
    const index = pending.pop()!;
    if (reached[index] || index >= blocks.length) continue;
    reached[index] = true;
    const last = blocks[index]!.ops[blocks[index]!.ops.length - 1];
    const blockAt = (label: Label) => {
      const target = blockOfLabel.get(label);
      if (target === undefined) throw new Error(`codegen: branch to a label never placed`);
      return target;
    };
    if (last?.kind === 'branch') {
      pending.push(blockAt(last.target));
      if (last.branch !== 'Branch') pending.push(index + 1);
    } else if (last?.kind === 'switch') {
      pending.push(...last.targets.map(blockAt));
    } else if (!(last && endsBlock(last))) {
      pending.push(index + 1);
    }
  }
  return reached;
}

export function layOut(ops: PendingOp[]): LaidOut {
  const blocks = splitBlocks(ops);
  const reached = reachableBlocks(blocks);
  const kept = blocks.filter((_, index) => reached[index]);
  const offsetOfLabel = new Map<Label, number>();
  let offset = 0;
  for (const block of kept) {
    for (const label of block.labels) offsetOfLabel.set(label, offset);
    offset += block.ops.length;
  }
  const offsetOf = (label: Label) => {
    const target = offsetOfLabel.get(label);
    if (target === undefined) throw new Error('codegen: branch into removed code');
    return target;
  };
  const jumpTables: JumpTable[] = [];
  const placed = kept.flatMap((block) =>
    block.ops.map((op): PlacedOp => {
      if (op.kind === 'branch')
        return { kind: 'instr', instr: { [op.branch]: offsetOf(op.target) }, loc: op.loc };
      if (op.kind !== 'switch') return op;
      jumpTables.push({ head_enum: op.enumDef, jump_table: { Full: op.targets.map(offsetOf) } });
      return { kind: 'instr', instr: { VariantSwitch: jumpTables.length - 1 }, loc: op.loc };
    }),
  );
  return { ops: placed, jumpTables };
}
