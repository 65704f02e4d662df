/**
 * Runs work per key one batch at a time: an item whose key is idle starts a batch of its own at
 * once; items that arrive while their key's batch runs queue up and run together as the next
 * batch (up to `maxBatch` items), in arrival order. Every item gets its own result. If a batch of
 * several items fails, each of them is retried alone, so one item's failure never fails another.
 */
export class KeyedBatcher<I, R> {
  private readonly queues = new Map<string, { item: I; resolve: (r: R) => void; reject: (e: unknown) => void }[]>();
  private readonly maxBatch: number;

  constructor(opts: { maxBatch: number }) {
    this.maxBatch = opts.maxBatch;
  }

  run(key: string, item: I, write: (items: I[]) => Promise<R[]>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      this.queues.set(key, [{ item, resolve, reject }]);
      void this.drain(key, write);
    });
  }

  private async drain(key: string, write: (items: I[]) => Promise<R[]>): Promise<void> {
    const queue = this.queues.get(key)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, this.maxBatch);
      try {
        const results = await write(batch.map((b) => b.item));
        for (const [i, b] of batch.entries()) b.resolve(results[i]!);
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        else
          for (const b of batch) {
            try {
              b.resolve((await write([b.item]))[0]!);
            } catch (e) {
              b.reject(e);
            }
          }
      }
    }
    this.queues.delete(key);
  }
}
