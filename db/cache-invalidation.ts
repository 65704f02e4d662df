import { log } from "@/server/core/log";
import { getSql } from "./client";

/**
 * Cross-instance cache invalidation over PostgreSQL LISTEN/NOTIFY, so that every instance behind
 * a load balancer drops a cached API key, organization, reference list or stock pool as soon as
 * the row changes, whoever changed it: triggers (migration 0004_hardening_cache_invalidation)
 * NOTIFY channel `forma_cache` with `topic:key` at commit. Topics: `api_key` (key hash),
 * `organization` (id), `reference`, `stock`, and `*` (everything) each time the listening
 * connection is (re)established, since notifications sent while it was down are lost. The
 * caches' own TTLs (30 to 60 s) remain the bound when no notification can arrive. LISTEN needs a
 * session: behind PgBouncer, use session pooling or a direct DATABASE_URL.
 */
export type CacheTopic = "api_key" | "organization" | "reference" | "stock" | "*";
type Handler = (topic: CacheTopic, key: string) => void;

const CHANNEL = "forma_cache";
const handlers = new Set<Handler>();

/** Registers a cache's reaction to invalidations (called at module load by each cache). */
export function onCacheInvalidation(handler: Handler): void {
  handlers.add(handler);
}

function dispatch(topic: CacheTopic, key: string): void {
  for (const handler of handlers) {
    try {
      handler(topic, key);
    } catch (err) {
      log("error", "cache invalidation handler failed", { topic, err: String(err) });
    }
  }
}

let listening: Promise<unknown> | null = null;

/** Starts listening on this instance's pool (the server calls it once after the database is ready). */
export function startCacheInvalidation(): Promise<unknown> {
  listening ??= getSql()
    .listen(
      CHANNEL,
      (payload) => {
        const i = payload.indexOf(":");
        dispatch((i < 0 ? payload : payload.slice(0, i)) as CacheTopic, i < 0 ? "" : payload.slice(i + 1));
      },
      () => dispatch("*", ""),
    )
    .catch((err) => {
      listening = null;
      log("warn", "cache invalidation is not listening; caches fall back to their TTLs", { err: String(err) });
    });
  return listening;
}
