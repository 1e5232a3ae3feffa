// Reference safety (reference_safety/): references are tracked in a borrow graph across the CFG.
// A borrowed local may not be moved, overwritten or (if mutably borrowed) copied; a mutable reference
// that is borrowed may not be written, passed or returned; nothing may still borrow a local at return.
import type { Bytecode, ModuleJson, SignatureToken } from '../move/module-json.js';
import { BorrowGraph } from './borrow-graph.js';
import type { ControlFlowGraph } from './control-flow.js';
import { runDataflow } from './dataflow.js';
import { fail } from './errors.js';
import { indexOperand, opcodeOf } from './instructions.js';
import { callTarget, fieldShape, isReference, variantShape, type FunctionView } from './module-view.js';
import { stackEffect } from './stack-usage.js';

/** A value on the stack or in a local: a reference id, or null for any non-reference (or nothing). */
type Value = number | null;

interface RefState {
  locals: Value[];
  graph: BorrowGraph;
}

const VECTOR_UPDATES = new Set(['VecPushBack', 'VecPopBack', 'VecSwap']);

class BlockBorrows {
  readonly stack: Value[] = [];
  offset = 0;
  private nextId: number;

  constructor(
    readonly module: ModuleJson,
    readonly view: FunctionView,
    readonly locals: Value[],
    readonly graph: BorrowGraph,
  ) {
    // Ids up to the frame root are reserved for the canonical names of locals' references.
    this.nextId = locals.length + 1;
  }

  get frameRoot(): number {
    return this.locals.length;
  }

  newRef(mutable: boolean): number {
    const id = this.nextId++;
    this.graph.addNode(id, mutable);
    return id;
  }

  pop(): Value {
    return this.stack.pop() ?? null;
  }

  popRef(): number {
    const value = this.pop();
    if (value === null)
      fail('REFERENCE_SAFETY_INCONSISTENT', 'expected a reference on the stack', this.offset);
    return value;
  }

  release(value: Value): void {
    if (value !== null) this.graph.release(value);
  }

  isReadable(id: number, label?: string): boolean {
    return !this.graph.isMutable(id) || !this.graph.hasConsistentBorrows(id, label, true);
  }

  isWritable(id: number): boolean {
    return !this.graph.hasConsistentBorrows(id);
  }

  localBorrowed(local: number, mutableOnly: boolean): boolean {
    return this.graph.hasConsistentBorrows(this.frameRoot, `L${local}`, mutableOnly);
  }

  check(ok: boolean, status: string, message: string, local?: number): void {
    if (!ok) fail(status, message, this.offset, local);
  }

  /** A new reference borrowed from `parent` at `label` (null: in full). */
  borrowFrom(parent: number, mutable: boolean, label: string | null): number {
    const child = this.newRef(mutable);
    this.graph.addEdge(parent, child, label);
    return child;
  }

  pushResult(token: SignatureToken, parents: number[]): void {
    if (!isReference(token)) {
      this.stack.push(null);
      return;
    }
    const mutable = typeof token !== 'string' && 'MutableReference' in token;
    const id = this.newRef(mutable);
    for (const parent of parents) {
      if (!mutable || this.graph.isMutable(parent)) this.graph.addEdge(parent, id, null);
    }
    this.stack.push(id);
  }

  step(instruction: Bytecode): void {
    const opcode = opcodeOf(instruction);
    const index = indexOperand(instruction);
    switch (opcode) {
      case 'CopyLoc': {
        const value = this.locals[index] ?? null;
        if (value !== null) {
          this.stack.push(this.borrowFrom(value, this.graph.isMutable(value), null));
          return;
        }
        this.check(
          !this.localBorrowed(index, true),
          'COPYLOC_EXISTS_BORROW_ERROR',
          `copying local ${index} while it is mutably borrowed`,
          index,
        );
        this.stack.push(null);
        return;
      }
      case 'MoveLoc': {
        const value = this.locals[index] ?? null;
        this.locals[index] = null;
        if (value === null)
          this.check(
            !this.localBorrowed(index, false),
            'MOVELOC_EXISTS_BORROW_ERROR',
            `moving local ${index} while it is borrowed`,
            index,
          );
        this.stack.push(value);
        return;
      }
      case 'StLoc': {
        const old = this.locals[index] ?? null;
        this.locals[index] = this.pop();
        if (old !== null) this.graph.release(old);
        else
          this.check(
            !this.localBorrowed(index, false),
            'STLOC_UNSAFE_TO_DESTROY_ERROR',
            `overwriting local ${index} while it is borrowed`,
            index,
          );
        return;
      }
      case 'MutBorrowLoc':
      case 'ImmBorrowLoc': {
        const mutable = opcode === 'MutBorrowLoc';
        if (!mutable)
          this.check(
            !this.localBorrowed(index, true),
            'BORROWLOC_EXISTS_BORROW_ERROR',
            `borrowing local ${index} while it is mutably borrowed`,
            index,
          );
        this.stack.push(this.borrowFrom(this.frameRoot, mutable, `L${index}`));
        return;
      }
      case 'FreezeRef': {
        const id = this.popRef();
        this.check(
          !this.graph.hasConsistentBorrows(id, undefined, true),
          'FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR',
          'freezing a reference that is mutably borrowed',
        );
        this.stack.push(this.borrowFrom(id, false, null));
        this.graph.release(id);
        return;
      }
      case 'ReadRef': {
        const id = this.popRef();
        this.check(
          this.isReadable(id),
          'READREF_EXISTS_MUTABLE_BORROW_ERROR',
          'reading through a reference that is mutably borrowed',
        );
        this.graph.release(id);
        this.stack.push(null);
        return;
      }
      case 'WriteRef': {
        const id = this.popRef();
        this.pop();
        this.check(
          this.isWritable(id),
          'WRITEREF_EXISTS_BORROW_ERROR',
          'writing through a reference that is borrowed',
        );
        this.graph.release(id);
        return;
      }
      case 'Eq':
      case 'Neq': {
        const right = this.pop();
        const left = this.pop();
        if (left !== null && right !== null) {
          this.check(
            this.isReadable(left) && this.isReadable(right),
            'READREF_EXISTS_MUTABLE_BORROW_ERROR',
            'comparing through a reference that is mutably borrowed',
          );
          this.graph.release(left);
          this.graph.release(right);
        }
        this.stack.push(null);
        return;
      }
      case 'MutBorrowField':
      case 'MutBorrowFieldGeneric':
      case 'ImmBorrowField':
      case 'ImmBorrowFieldGeneric': {
        const mutable = opcode.startsWith('Mut');
        const label = `F${fieldShape(this.module, index, opcode.endsWith('Generic')).handleIndex}`;
        const id = this.popRef();
        const conflict = mutable ? this.graph.hasFullBorrows(id) : !this.isReadable(id, label);
        this.check(
          !conflict,
          'FIELD_EXISTS_MUTABLE_BORROW_ERROR',
          'borrowing a field of a reference that is mutably borrowed',
        );
        this.stack.push(this.borrowFrom(id, mutable, label));
        this.graph.release(id);
        return;
      }
      case 'Call':
      case 'CallGeneric':
        this.call(callTarget(this.module, instruction, opcode === 'CallGeneric'));
        return;
      case 'Ret':
        this.ret();
        return;
      case 'VecImmBorrow':
      case 'VecMutBorrow': {
        this.pop();
        const id = this.popRef();
        const mutable = opcode === 'VecMutBorrow';
        if (mutable)
          this.check(
            this.isWritable(id),
            'VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR',
            'borrowing an element of a vector that is borrowed',
          );
        this.stack.push(this.borrowFrom(id, mutable, null));
        this.graph.release(id);
        return;
      }
      default:
        this.stepOther(opcode, index, instruction);
    }
  }

  private stepOther(opcode: string, index: number, instruction: Bytecode): void {
    if (opcode === 'VecLen' || VECTOR_UPDATES.has(opcode)) {
      const [pops, pushes] = stackEffect(this.module, this.view, instruction);
      for (let i = 1; i < pops; i++) this.pop();
      const id = this.popRef();
      if (opcode !== 'VecLen')
        this.check(
          this.isWritable(id),
          'VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR',
          'changing a vector that is borrowed',
        );
      this.graph.release(id);
      for (let i = 0; i < pushes; i++) this.stack.push(null);
      return;
    }
    if (opcode.startsWith('UnpackVariant') && (opcode.endsWith('ImmRef') || opcode.endsWith('MutRef'))) {
      const mutable = opcode.endsWith('MutRef');
      const shape = variantShape(this.module, index, opcode.startsWith('UnpackVariantGeneric'));
      const id = this.popRef();
      const conflict = mutable ? this.graph.hasFullBorrows(id) : !this.isReadable(id);
      this.check(
        !conflict,
        'FIELD_EXISTS_MUTABLE_BORROW_ERROR',
        'unpacking a variant through a reference that is mutably borrowed',
      );
      shape.fields.forEach((_, i) =>
        this.stack.push(this.borrowFrom(id, mutable, `V${shape.enumDef}:${shape.variant}:${i}`)),
      );
      this.graph.release(id);
      return;
    }
    // Everything else consumes and produces plain values (a switch's reference is just released).
    const [pops, pushes] = stackEffect(this.module, this.view, instruction);
    for (let i = 0; i < pops; i++) this.release(this.pop());
    for (let i = 0; i < pushes; i++) this.stack.push(null);
  }

  private call(target: { params: SignatureToken[]; returns: SignatureToken[] }): void {
    const args: Value[] = [];
    for (let i = 0; i < target.params.length; i++) args.unshift(this.pop());
    const refs = [...new Set(args.filter((a): a is number => a !== null))];
    for (const id of refs) {
      if (this.graph.isMutable(id)) {
        this.check(
          this.isWritable(id),
          'CALL_BORROWED_MUTABLE_REFERENCE_ERROR',
          'passing a mutable reference that is borrowed',
        );
      }
    }
    for (const token of target.returns) this.pushResult(token, refs);
    for (const id of refs) this.graph.release(id);
  }

  private ret(): void {
    const values: Value[] = [];
    for (let i = 0; i < this.view.returns.length; i++) values.push(this.pop());
    for (const value of this.locals) this.release(value);
    this.check(
      !this.graph.hasConsistentBorrows(this.frameRoot),
      'UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED',
      'returning while a local is still borrowed',
    );
    for (const value of values) {
      if (value !== null && this.graph.isMutable(value)) {
        this.check(
          this.isWritable(value),
          'RET_BORROWED_MUTABLE_REFERENCE_ERROR',
          'returning a mutable reference that is borrowed',
        );
      }
    }
  }
}

/** Names each local's reference by the local's index, so states at a block entry compare and join. */
function canonical(locals: Value[], graph: BorrowGraph): RefState {
  const map = new Map<number, number>([[locals.length, locals.length]]);
  const named = locals.map((value, local) => {
    if (value === null) return null;
    map.set(value, local);
    return local;
  });
  return { locals: named, graph: graph.renamed(map) };
}

function join(existing: RefState, incoming: RefState): RefState | undefined {
  const mine = existing.graph.clone();
  const theirs = incoming.graph.clone();
  let changed = false;
  const locals = existing.locals.map((value, local) => {
    const other = incoming.locals[local] ?? null;
    if (value !== null && other === null) {
      mine.release(value);
      changed = true;
      return null;
    }
    if (value === null && other !== null) theirs.release(other);
    return value;
  });
  if (mine.absorb(theirs)) changed = true;
  return changed ? { locals, graph: mine } : undefined;
}

export function verifyReferenceSafety(
  module: ModuleJson,
  view: FunctionView,
  code: readonly Bytecode[],
  cfg: ControlFlowGraph,
): void {
  const graph = new BorrowGraph();
  const locals: Value[] = view.locals.map((token, local) => {
    if (local >= view.params.length || !isReference(token)) return null;
    graph.addNode(local, typeof token !== 'string' && 'MutableReference' in token);
    return local;
  });
  runDataflow(
    cfg,
    { locals, graph },
    {
      execute(block, entry) {
        const state = new BlockBorrows(module, view, [...entry.locals], entry.graph.clone());
        for (let offset = block.start; offset <= block.end; offset++) {
          state.offset = offset;
          state.step(code[offset] as Bytecode);
        }
        return canonical(state.locals, state.graph);
      },
      join,
    },
  );
}
