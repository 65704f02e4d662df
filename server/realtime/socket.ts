import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { env } from "@/server/env";
import { CAST_NAMESPACE, SOCKET_IO_PATH } from "@/server/services/cast/limits";
import { createRealtimeAdapter } from "./adapter";
import { applyRelayedSignals, castNamespace, setCastNamespace } from "./cast-channel";
import { setupCastNamespace } from "./cast-namespace";

/**
 * Socket.IO on the HTTP server's port (path /socket.io). Namespace /cast/pairing carries the cast
 * events (see cast-namespace.ts and docs/cast.md). Broadcasts reach the other instances through the
 * PostgreSQL adapter on the service's own database, or Redis when REDIS_URL is set.
 */
export interface RealtimeOptions {
  /**
   * Defaults to env().DATABASE_URL, read when attaching: bootstrapDatabase() sets it for the embedded
   * engine and resets the env cache, so a server attached after start-up sees the engine's URL.
   */
  databaseUrl?: string;
  /** Defaults to REDIS_URL. */
  redisUrl?: string;
}

const closers = new WeakMap<Server, () => Promise<void>>();

export function attachRealtime(server: HttpServer, opts: RealtimeOptions = {}): Server {
  const adapter = createRealtimeAdapter({ databaseUrl: opts.databaseUrl ?? env().DATABASE_URL, redisUrl: opts.redisUrl ?? env().REDIS_URL });
  const io = new Server(server, {
    path: SOCKET_IO_PATH,
    serveClient: false,
    cors: { origin: true, credentials: false },
    ...(adapter ? { adapter: adapter.adapter } : {}),
  });
  const nsp = io.of(CAST_NAMESPACE);
  setupCastNamespace(nsp);
  applyRelayedSignals(nsp);
  // The first server of a process is the one services publish through.
  if (!castNamespace()) setCastNamespace(nsp, { relay: adapter !== null });
  closers.set(io, async () => {
    if (castNamespace() === nsp) setCastNamespace(null);
    await io.close();
    await adapter?.close();
  });
  return io;
}

/** Closes the sockets, the adapter and its connections (and the HTTP server, as io.close does). */
export async function closeRealtime(io: Server): Promise<void> {
  await closers.get(io)?.();
}
