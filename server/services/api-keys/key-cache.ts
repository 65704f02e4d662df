import { onCacheInvalidation } from "@/db/cache-invalidation";
import { getDb } from "@/db/client";
import { type ApiKeyRecord, findApiKeyByHash, touchApiKey } from "@/db/queries/api-keys";
import { log } from "@/server/core/log";
import { TtlCache } from "@/server/core/ttl-cache";

/**
 * API key records by hash, cached KEY_TTL_MS (UNKNOWN_KEY_TTL_MS for an unknown hash) and dropped
 * on every instance by NOTIFY when the key changes: a revoked key stops working on the next request.
 */
const KEY_TTL_MS = 30_000;
const UNKNOWN_KEY_TTL_MS = 5_000;
const keyCache = new TtlCache<ApiKeyRecord | null>();
const lastTouched = new Map<string, number>();

onCacheInvalidation((topic, key) => {
  if (topic === "api_key") keyCache.delete(key);
  else if (topic === "*") keyCache.clear();
});

/** The cached record without a promise: undefined when not cached (null: cached as unknown). */
export function cachedApiKey(hash: string): ApiKeyRecord | null | undefined {
  return keyCache.get(hash);
}

/** The key record of a hash (cached), its use noted. */
export async function lookupApiKey(hash: string): Promise<ApiKeyRecord | null> {
  let record = keyCache.get(hash);
  if (record === undefined) {
    record = await findApiKeyByHash(getDb(), hash);
    keyCache.set(hash, record, record ? KEY_TTL_MS : UNKNOWN_KEY_TTL_MS);
  }
  if (record) noteApiKeyUse(record);
  return record;
}

/** last-used is informational: written at most once a minute per key, off the request path. */
export function noteApiKeyUse(record: ApiKeyRecord): void {
  const now = Date.now();
  if ((lastTouched.get(record.id) ?? 0) < now - 60_000) {
    lastTouched.set(record.id, now);
    touchApiKey(getDb(), record.id).catch((err) => log("warn", "could not record key use", { err: String(err) }));
  }
}

/**
 * Forgets one key at once (the console revokes keys through the same process's module copy, see
 * server/http/direct-dispatch.ts); other instances stop accepting it within KEY_TTL_MS.
 */
export function forgetApiKey(hash: string): void {
  keyCache.delete(hash);
}

/** Forget every cached key (tests that revoke keys). */
export function clearApiKeyCache(): void {
  keyCache.clear();
}
