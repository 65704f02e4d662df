/**
 * Group commit for writes that belong to a key (a member): items wait in one queue and are written
 * together, a flight at a time per key. A flight takes up to `maxItems` queued items of keys that
 * have no flight in the air (a key's items stay in arrival order, and its next items wait for its
 * flight to land); up to `concurrency` flights run at once. So one member pushing from many
 * connections costs a few transactions instead of one each, and so do many members pushing at
 * once. If a flight of several items fails, each of them is retried alone (in arrival order), so
 * one item's failure never fails another.
 */
export class GroupCommitter<I, R> {
  private readonly queue: { key: string; item: I; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private readonly flying = new Set<string>();
  private running = 0;

  constructor(
    private readonly write: (items: I[]) => Promise<R[]>,
    private readonly opts: { maxItems: number; concurrency: number },
  ) {}

  run(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ key, item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.opts.concurrency && this.queue.length > 0) {
      const flight: typeof this.queue = [];
      const keys = new Set<string>();
      for (let i = 0; i < this.queue.length && flight.length < this.opts.maxItems; ) {
        const q = this.queue[i]!;
        if (this.flying.has(q.key)) {
          i++;
          continue;
        }
        keys.add(q.key);
        flight.push(q);
        this.queue.splice(i, 1);
      }
      if (flight.length === 0) return; // every queued key is in the air: its landing pumps again
      for (const k of keys) this.flying.add(k);
      this.running++;
      void this.fly(flight).finally(() => {
        for (const k of keys) this.flying.delete(k);
        this.running--;
        this.pump();
      });
    }
  }

  private async fly(flight: typeof this.queue): Promise<void> {
    try {
      const results = await this.write(flight.map((f) => f.item));
      for (const [i, f] of flight.entries()) f.resolve(results[i]!);
    } catch (err) {
      if (flight.length === 1) flight[0]!.reject(err);
      else
        for (const f of flight) {
          try {
            f.resolve((await this.write([f.item]))[0]!);
          } catch (e) {
            f.reject(e);
          }
        }
    }
  }
}
