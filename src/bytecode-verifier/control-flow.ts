// Basic blocks of a code unit, and the structural rules on control flow (control_flow.rs): the code is
// not empty and its last instruction never falls through (bounds.ts already put every branch inside it).
import type { Bytecode } from '../move/module-json.js';
import { fail } from './errors.js';
import { BRANCH_OPCODES, UNCONDITIONAL_OPCODES, indexOperand, opcodeOf } from './instructions.js';
import type { JumpTable } from './module-view.js';

export interface BasicBlock {
  start: number;
  /** Inclusive. */
  end: number;
  successors: number[];
}

export interface ControlFlowGraph {
  /** Keyed by start offset, in code order. */
  blocks: Map<number, BasicBlock>;
  /** Block starts in reverse postorder from the entry; unreachable blocks follow in code order. */
  order: number[];
}

/** The offsets a branch or VariantSwitch may jump to (none for other instructions). */
export function branchTargets(instruction: Bytecode, tables: readonly JumpTable[]): number[] {
  const opcode = opcodeOf(instruction);
  if (BRANCH_OPCODES.has(opcode)) return [indexOperand(instruction)];
  if (opcode === 'VariantSwitch') return tables[indexOperand(instruction)]?.jump_table.Full ?? [];
  return [];
}

export function buildControlFlow(code: readonly Bytecode[], tables: readonly JumpTable[]): ControlFlowGraph {
  if (code.length === 0) fail('EMPTY_CODE_UNIT', 'a function body has no instructions');
  const last = code[code.length - 1];
  if (last === undefined || !UNCONDITIONAL_OPCODES.has(opcodeOf(last))) {
    fail('INVALID_FALL_THROUGH', 'the last instruction may fall through past the end', code.length - 1);
  }
  const starts = new Set<number>([0]);
  code.forEach((instruction, offset) => {
    const targets = branchTargets(instruction, tables);
    for (const target of targets) starts.add(target);
    const opcode = opcodeOf(instruction);
    if ((targets.length > 0 || UNCONDITIONAL_OPCODES.has(opcode)) && offset + 1 < code.length) {
      starts.add(offset + 1);
    }
  });
  const sorted = [...starts].sort((a, b) => a - b);
  const blocks = new Map<number, BasicBlock>();
  sorted.forEach((start, i) => {
    const end = (sorted[i + 1] ?? code.length) - 1;
    const lastInstruction = code[end] as Bytecode;
    const successors = [...branchTargets(lastInstruction, [...tables])];
    if (!UNCONDITIONAL_OPCODES.has(opcodeOf(lastInstruction)) && end + 1 < code.length) {
      successors.push(end + 1);
    }
    blocks.set(start, { start, end, successors: [...new Set(successors)] });
  });
  return { blocks, order: reversePostorder(blocks, sorted) };
}

function reversePostorder(blocks: Map<number, BasicBlock>, sorted: number[]): number[] {
  const visited = new Set<number>();
  const postorder: number[] = [];
  // Iterative DFS: long functions would overflow a recursive walk.
  const stack: { block: number; next: number }[] = [{ block: 0, next: 0 }];
  visited.add(0);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { block: number; next: number };
    const successors = blocks.get(top.block)?.successors ?? [];
    const successor = successors[top.next++];
    if (successor === undefined) {
      postorder.push(top.block);
      stack.pop();
    } else if (!visited.has(successor)) {
      visited.add(successor);
      stack.push({ block: successor, next: 0 });
    }
  }
  const order = postorder.reverse();
  return [...order, ...sorted.filter((start) => !visited.has(start))];
}
