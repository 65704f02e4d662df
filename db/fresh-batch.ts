import { type Tx, poolOf } from "./client";

/**
 * Coalesces identical-shape point reads under load without ever answering from a read that began
 * before its caller asked. The first caller's read starts at once; callers that arrive while a
 * read is on its way queue up and share the next read, which starts when the current one ends.
 * An idle caller pays one round trip as before; at 50 concurrent requests one statement answers
 * many of them, and every answer still reflects every write committed before its request arrived.
 */
export class FreshBatcher<K, V> {
  private queued: Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]> | null = null;
  private busy = false;

  constructor(private readonly load: (keys: K[]) => Promise<Map<K, V>>) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.queued ??= new Map();
      const waiters = this.queued.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.queued.set(key, [{ resolve, reject }]);
      if (!this.busy) this.next();
    });
  }

  private next(): void {
    const batch = this.queued;
    this.queued = null;
    if (!batch) {
      this.busy = false;
      return;
    }
    this.busy = true;
    let loading: Promise<Map<K, V>>;
    try {
      loading = this.load([...batch.keys()]);
    } catch (err) {
      loading = Promise.reject(err);
    }
    loading.then(
      (found) => {
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
        this.next();
      },
      (err) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        this.next();
      },
    );
  }
}

/**
 * A point read by key through `read` (which takes many keys). On a pool handle, concurrent calls
 * share statements through one FreshBatcher per handle (tests may run several); inside a
 * transaction, which sees its own snapshot, the read runs on its own.
 */
export function freshReader<K, V>(read: (db: Tx, keys: K[]) => Promise<Map<K, V>>): (db: Tx, key: K) => Promise<V | undefined> {
  const batchers = new WeakMap<Tx, FreshBatcher<K, V>>();
  return async (db, key) => {
    if (!poolOf(db)) return (await read(db, [key])).get(key);
    let b = batchers.get(db);
    if (!b) {
      b = new FreshBatcher((keys) => read(db, keys));
      batchers.set(db, b);
    }
    return b.get(key);
  };
}
