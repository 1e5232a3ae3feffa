// The borrow graph of reference safety: nodes are references (plus a root for the frame's locals);
// an edge says the child reference was borrowed from the parent, either in full (no label) or at a
// field, local or variant field (a label). Only the first label of a path ever matters to the rules,
// so an edge keeps just that.

export interface BorrowEdge {
  parent: number;
  child: number;
  /** null: a full borrow (copy, vector element, call result). */
  label: string | null;
}

function edgeKey(edge: BorrowEdge): string {
  return `${edge.parent}>${edge.child}:${edge.label ?? ''}`;
}

export class BorrowGraph {
  constructor(
    /** Reference id -> whether it is a mutable reference. */
    readonly nodes = new Map<number, boolean>(),
    readonly edges = new Map<string, BorrowEdge>(),
  ) {}

  clone(): BorrowGraph {
    return new BorrowGraph(new Map(this.nodes), new Map(this.edges));
  }

  isMutable(id: number): boolean {
    return this.nodes.get(id) ?? false;
  }

  addNode(id: number, mutable: boolean): void {
    this.nodes.set(id, mutable);
  }

  addEdge(parent: number, child: number, label: string | null): void {
    const edge = { parent, child, label };
    this.edges.set(edgeKey(edge), edge);
  }

  /** Removes a reference; what was borrowed from it is now borrowed from its parents, at their labels. */
  release(id: number): void {
    const parents: BorrowEdge[] = [];
    const children: BorrowEdge[] = [];
    for (const [key, edge] of this.edges) {
      if (edge.child === id) parents.push(edge);
      else if (edge.parent === id) children.push(edge);
      else continue;
      this.edges.delete(key);
    }
    for (const up of parents) {
      for (const down of children) this.addEdge(up.parent, down.child, up.label ?? down.label);
    }
    this.nodes.delete(id);
  }

  /** Whether `id` is borrowed in full, or at `label` (at any label when none is given). */
  hasConsistentBorrows(id: number, label?: string, mutableOnly = false): boolean {
    for (const edge of this.edges.values()) {
      if (edge.parent !== id) continue;
      if (mutableOnly && !this.isMutable(edge.child)) continue;
      if (edge.label === null || label === undefined || edge.label === label) return true;
    }
    return false;
  }

  hasFullBorrows(id: number): boolean {
    for (const edge of this.edges.values()) if (edge.parent === id && edge.label === null) return true;
    return false;
  }

  /** Renames references (dropping any not in the map); used to put a state in canonical form. */
  renamed(map: Map<number, number>): BorrowGraph {
    const result = new BorrowGraph();
    for (const [id, mutable] of this.nodes) {
      const to = map.get(id);
      if (to !== undefined) result.addNode(to, mutable);
    }
    for (const edge of this.edges.values()) {
      const parent = map.get(edge.parent);
      const child = map.get(edge.child);
      if (parent !== undefined && child !== undefined) result.addEdge(parent, child, edge.label);
    }
    return result;
  }

  /** Adds every node and edge of `other`; reports whether anything was new. */
  absorb(other: BorrowGraph): boolean {
    let changed = false;
    for (const [id, mutable] of other.nodes) {
      if (!this.nodes.has(id)) {
        this.nodes.set(id, mutable);
        changed = true;
      }
    }
    for (const [key, edge] of other.edges) {
      if (!this.edges.has(key)) {
        this.edges.set(key, edge);
        changed = true;
      }
    }
    return changed;
  }
}
