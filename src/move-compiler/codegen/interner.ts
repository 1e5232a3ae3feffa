// A table whose entries are unique: adding an equal entry again returns the first one's index.
// The verifier rejects duplicate pool entries, handles and signatures.
export class Interner<T> {
  readonly items: T[] = [];
  private readonly indexByKey = new Map<string, number>();

  constructor(private readonly keyOf: (item: T) => string = (item) => JSON.stringify(item)) {}

  add(item: T): number {
    const key = this.keyOf(item);
    const existing = this.indexByKey.get(key);
    if (existing !== undefined) return existing;
    this.items.push(item);
    this.indexByKey.set(key, this.items.length - 1);
    return this.items.length - 1;
  }
}
