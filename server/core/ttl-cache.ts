/**
 * A map whose entries expire after their own time to live, bounded by `max` entries (past the
 * bound it starts over: a cache, not a store). Reads of an expired entry drop it.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(private readonly max = 10_000) {}

  /** The value while it is fresh, else undefined. */
  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T, ttlMs: number): void {
    if (this.entries.size > this.max) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
