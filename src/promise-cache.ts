// A few promises kept by key, for work a process does once per source (a framework read, a build's
// stubs): the oldest is dropped past the limit, and a rejected one is forgotten so the next caller retries.
export class PromiseCache<T> {
  private readonly kept = new Map<string, Promise<T>>();

  constructor(private readonly limit: number) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    let found = this.kept.get(key);
    if (!found) {
      if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value!);
      found = make();
      this.kept.set(key, found);
      found.catch(() => this.kept.delete(key));
    }
    return found;
  }
}
