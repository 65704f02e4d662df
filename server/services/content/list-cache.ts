/**
 * A small in-process cache whose entries hold only while a version is unchanged, bounded in size
 * (least recently used out) and age. The org workout list keys its totals, search pages and
 * responses by the workspace's content version: the latest `updated_at` of any of its workouts
 * and the latest `rated_at` (a rating is not an edit, so it leaves `updated_at`): two index probes
 * that every change to a workout (create, publish, rename, soft delete, rating) moves, so a hit is
 * never stale for workout changes. The detail and the playlist key their renderings by the
 * workout's own `updated_at` and `rated_at`. Changes that do not touch a workout row (a
 * category re-assignment alone, a hard delete, an edited clip) are bounded by the TTL.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: string; value: V; expires: number }>();
  /** Values being built, per version and key: concurrent misses share one build. */
  private readonly building = new Map<string, Promise<V>>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, version: string, now = Date.now()): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.version !== version || hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh recency: Map iteration order is insertion order, so re-insert to keep LRU order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, version: string, value: V, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value, expires: now + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /**
   * The value for `key` at `version`: the cached one, or one built by `build` and kept. Concurrent
   * misses of the same key and version wait for the same build instead of each running it (a
   * burst of requests for one uncached page costs one build); a failed build is not kept and
   * fails its waiters. A hit is answered as the value itself (no promise on the hot path).
   */
  load(key: string, version: string, build: () => Promise<V>): V | Promise<V> {
    const hit = this.get(key, version);
    if (hit !== undefined) return hit;
    const id = `${version}\u0000${key}`;
    let pending = this.building.get(id);
    if (!pending) {
      pending = build().then(
        (value) => {
          this.building.delete(id);
          this.set(key, version, value);
          return value;
        },
        (err: unknown) => {
          this.building.delete(id);
          throw err;
        },
      );
      this.building.set(id, pending);
    }
    return pending;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.building.clear();
  }
}

/** A stable cache key for a plain JSON-able value (object keys sorted, undefined dropped). */
export function cacheKey(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}
