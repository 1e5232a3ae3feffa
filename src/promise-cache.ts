// A few promises kept by key, for work a process does once per source (a framework read, a package's VM, a
// build's stubs): the least recently used is dropped past the limit, and a rejected one is forgotten so
// the next caller tries again. The one in-memory cache of the project is lru-cache; this is it for promises.
import { LRUCache } from 'lru-cache';

export class PromiseCache<T> {
  private readonly kept: LRUCache<string, Promise<T>>;

  constructor(limit: number) {
    this.kept = new LRUCache({ max: limit });
  }

  get(key: string, make: () => Promise<T>): Promise<T> {
    let found = this.kept.get(key);
    if (!found) {
      const made = make();
      found = made;
      this.kept.set(key, made);
      // Only this promise: by the time it fails, the key may hold a newer one.
      made.catch(() => {
        if (this.kept.peek(key) === made) this.kept.delete(key);
      });
    }
    return found;
  }
}
