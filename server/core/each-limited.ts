/**
 * Runs `fn` over `items` with at most `limit` calls in flight (stored media: an HLS package's
 * hundreds of segments, each one request to the store; one at a time, a store's per-request latency
 * adds up). Rejects with the first error, after every started call has settled.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: { error: unknown } | null = null;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed) throw (failed as { error: unknown }).error;
}
