import { createAdapter as createPostgresAdapter } from "@socket.io/postgres-adapter";
import { createAdapter as createRedisAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import pg from "pg";
import type { ServerOptions } from "socket.io";
import { log } from "@/server/core/log";

export interface RealtimeAdapter {
  kind: "postgres" | "redis";
  adapter: NonNullable<ServerOptions["adapter"]>;
  close(): Promise<void>;
}

/**
 * Carries broadcasts between instances: Redis pub/sub when REDIS_URL is set, else PostgreSQL
 * LISTEN/NOTIFY on the service's own database (payloads over 8000 bytes go through the
 * `socket_io_attachments` table of the schema).
 *
 * The PostgreSQL pool is small: the adapter holds one connection for LISTEN and publishes on the
 * others (one NOTIFY per command, see cast-channel.ts). libpq's `?host=/dir` (the embedded engine's
 * Unix socket) is read by `pg` natively.
 */
/** PostgreSQL connections of the Socket.IO adapter without Redis: one LISTEN, the rest publish. */
export const REALTIME_CONNECTIONS = 4;

export function createRealtimeAdapter(opts: { databaseUrl?: string; redisUrl?: string }): RealtimeAdapter | null {
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on("error", (err) => log("warn", "realtime redis error", { err: err.message }));
    return {
      kind: "redis",
      adapter: createRedisAdapter(pub, sub, { key: "forma-socket.io" }),
      close: async () => {
        await Promise.allSettled([pub.quit(), sub.quit()]);
      },
    };
  }
  if (!opts.databaseUrl) return null;
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: REALTIME_CONNECTIONS, application_name: "forma-realtime", idleTimeoutMillis: 0 });
  pool.on("error", (err) => log("warn", "realtime postgres error", { err: err.message }));
  return {
    kind: "postgres",
    adapter: createPostgresAdapter(pool, {
      channelPrefix: "forma-socket.io",
      errorHandler: (err: Error) => log("warn", "realtime adapter error", { err: err.message }),
    }),
    close: () => pool.end(),
  };
}
