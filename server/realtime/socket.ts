import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { getDb } from "@/db/client";
import { findApiKeyByHash } from "@/db/queries/api-keys";
import { API_KEY_PATTERN, hashApiKey } from "@/server/api/keys";

/**
 * Socket.IO on the HTTP server's port. Namespace /cast/pairing: the handshake sends
 * `auth: { apiKey }`; team-scoped and multi-organization keys are accepted, others refused.
 * Cast events are emitted by the cast services through `castNamespace()`.
 */
let io: Server | null = null;

export function attachRealtime(server: HttpServer): Server {
  io = new Server(server, { path: "/socket.io", serveClient: false, cors: { origin: true, credentials: false } });
  const cast = io.of("/cast/pairing");
  cast.use(async (socket, nextFn) => {
    const apiKey = (socket.handshake.auth as { apiKey?: unknown } | undefined)?.apiKey;
    if (typeof apiKey !== "string" || !API_KEY_PATTERN.test(apiKey)) return nextFn(new Error("Unauthorized"));
    const key = await findApiKeyByHash(getDb(), hashApiKey(apiKey)).catch(() => null);
    if (!key || key.kind === "content" || (key.expiresAt && key.expiresAt.getTime() <= Date.now())) return nextFn(new Error("Unauthorized"));
    socket.data.organizationIds = key.organizationIds;
    nextFn();
  });
  cast.on("connection", (socket) => {
    socket.on("heartbeat", (payload: { sessionId?: string; deviceId?: string } | undefined) => {
      if (payload?.sessionId) socket.join(`cast:${payload.sessionId}`);
    });
  });
  return io;
}

export function castNamespace() {
  return io?.of("/cast/pairing") ?? null;
}
