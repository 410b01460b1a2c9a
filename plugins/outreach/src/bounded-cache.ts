/**
 * What a computation gave for each key, emptied whenever it holds more than `limit` entries: what
 * a campaign's offer and prospects bring back (its phrases, clauses, verbs) stays, and no process
 * keeps every text it ever read.
 */
export class BoundedCache<V> {
  private readonly values = new Map<string, V>();
  constructor(private readonly limit = 5000) {}

  /** The value for `key`, made by `make` the first time it is asked for (after the cache was emptied, again). */
  get(key: string, make: () => V): V {
    if (this.values.has(key)) return this.values.get(key)!;
    const value = make();
    if (this.values.size > this.limit) this.values.clear();
    this.values.set(key, value);
    return value;
  }
}
