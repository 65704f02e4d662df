import type { Namespace, Socket } from "socket.io";
import { z } from "zod";
import { getDb } from "@/db/client";
import { authenticate } from "@/server/api/auth";
import { ApiError, unauthorized } from "@/server/core/errors";
import { log } from "@/server/core/log";
import { HEARTBEAT_INTERVAL_MS } from "@/server/services/cast/limits";
import type { SocketRole } from "@/server/services/cast/serialize";
import { authorizeCastSocket, recordControllerHeartbeat } from "@/server/services/cast/socket-access";
import { readCastPageToken } from "@/server/services/pages/cast-page";
import { resolveViewer } from "@/server/services/pages/viewer";
import { deviceRoom, sessionRoom } from "./cast-channel";

/**
 * The cast channel's inbound side. A client connects to `socketIO.fullUrl` with `auth: { apiKey }`
 * (the URL's query names the session, role and device; the same fields in `auth` take precedence),
 * or, from the hosted cast pages, with `auth: { castToken }`: the key is checked exactly like X-Api-Key on REST (missing, malformed, unknown,
 * content-only or expired: Unauthorized), then the session (unknown: NotFound, another
 * organization's: Forbidden, ended: Gone), then for a controller its pairing (Forbidden). A refusal
 * reaches the client as `connect_error` with `err.data = { code, message }`. An admitted socket is
 * in its session's room (and a controller in its device's room), hears every event of that session
 * and nothing of any other.
 */
const DeviceId = z.string().trim().min(1).max(128);
const Handshake = z.object({
  sessionId: z
    .string()
    .regex(/^[0-9a-fA-F]{24}$/, "must be a 24-character hexadecimal id")
    .transform((s) => s.toLowerCase()),
  role: z.enum(["display", "controller"]).default("display"),
  deviceId: DeviceId.optional(),
});
const Heartbeat = z.object({ sessionId: z.string(), deviceId: DeviceId.optional() });

interface CastSocketData {
  sessionId: string;
  role: SocketRole;
  deviceId?: string;
  organizationId: string;
  displayName: string;
}

type Reply = (answer: { ok: true; serverTime: string; nextHeartbeatInMs: number } | { ok: false; error: { code: string; message: string } }) => void;

/** An error as the client's connect_error receives it. */
function handshakeError(err: unknown): Error {
  let api: ApiError;
  if (err instanceof ApiError) api = err;
  else {
    log("error", "cast handshake failed", { err: err instanceof Error ? err.stack : String(err) });
    api = new ApiError({ code: "InternalServerError", message: "Something went wrong on our side." });
  }
  return Object.assign(new Error(api.message), { data: { code: api.code, message: api.message } });
}

/**
 * The hosted cast pages connect with `auth: { castToken }` instead of a key: the token names its
 * session, role and device (services/pages/cast-page.ts); a handshake's own sessionId, role or
 * deviceId must agree with it. The organization's page caller then takes the same checks as a key.
 */
async function admitPage(token: string, auth: Record<string, unknown>): Promise<CastSocketData> {
  const claims = await readCastPageToken(getDb(), token);
  if (!claims) throw unauthorized("The cast page token is not valid or has expired: open the cast page again.");
  const differs = (given: unknown, own: string | undefined) => given !== undefined && (typeof given !== "string" || given.toLowerCase() !== own?.toLowerCase());
  if (differs(auth.sessionId, claims.sessionId) || differs(auth.role, claims.role) || differs(auth.deviceId, claims.deviceId)) {
    throw new ApiError({ code: "Forbidden", message: "The cast page token is for another session, role or device." });
  }
  const viewer = await resolveViewer(getDb(), claims.organizationId, null);
  const row = await authorizeCastSocket(getDb(), viewer.caller, { sessionId: claims.sessionId, role: claims.role, deviceId: claims.deviceId });
  return { sessionId: claims.sessionId, role: claims.role, deviceId: claims.deviceId, organizationId: row.organizationId, displayName: row.displayName };
}

/** The handshake's session fields from `auth`, else from the query of `socketIO.fullUrl`; the key only from `auth`. */
function handshakeFields(socket: Socket): Record<string, unknown> {
  const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
  const query = socket.handshake.query as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const k of ["sessionId", "role", "deviceId"]) if (typeof query[k] === "string") fields[k] = query[k];
  return { ...fields, ...auth };
}

async function admit(socket: Socket): Promise<CastSocketData> {
  const auth = handshakeFields(socket);
  if (typeof auth.castToken === "string" && auth.apiKey === undefined) return admitPage(auth.castToken, auth);
  if (typeof auth.apiKey !== "string" || auth.apiKey === "") throw unauthorized("A valid API key is required (auth.apiKey).");
  const caller = await authenticate(new Request("http://cast.socket/", { headers: { "x-api-key": auth.apiKey } }), ["X-Api-Key"]);
  const parsed = Handshake.safeParse(auth);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ApiError({ code: "BadRequest", message: `auth.${issue.path.join(".") || "sessionId"}: ${issue.message}`, target: "CastHandshake" });
  }
  const { sessionId, role, deviceId } = parsed.data;
  if (role === "controller" && !deviceId)
    throw new ApiError({ code: "BadRequest", message: "auth.deviceId is required for a controller.", target: "CastHandshake" });
  const row = await authorizeCastSocket(getDb(), caller, { sessionId, role, deviceId });
  return { sessionId, role, deviceId: role === "controller" ? deviceId : undefined, organizationId: row.organizationId, displayName: row.displayName };
}

async function onHeartbeat(socket: Socket, payload: unknown, reply: Reply): Promise<void> {
  const data = socket.data as CastSocketData;
  const hb = Heartbeat.safeParse(payload);
  if (!hb.success || hb.data.sessionId.toLowerCase() !== data.sessionId) {
    reply({ ok: false, error: { code: "BadRequest", message: "heartbeat needs { sessionId, deviceId } of this socket's session." } });
    return;
  }
  if (data.role === "controller") {
    if (hb.data.deviceId !== data.deviceId) {
      reply({ ok: false, error: { code: "BadRequest", message: "heartbeat deviceId is not this socket's device." } });
      return;
    }
    if (!(await recordControllerHeartbeat(getDb(), data.sessionId, data.deviceId!))) {
      reply({ ok: false, error: { code: "Forbidden", message: "This device is no longer the session's controller: join again." } });
      socket.disconnect(true);
      return;
    }
  }
  reply({ ok: true, serverTime: new Date().toISOString(), nextHeartbeatInMs: HEARTBEAT_INTERVAL_MS });
}

export function setupCastNamespace(nsp: Namespace): void {
  nsp.use((socket, next) => {
    admit(socket).then(
      (data) => {
        socket.data = data;
        next();
      },
      (err) => next(handshakeError(err)),
    );
  });
  nsp.on("connection", (socket) => {
    const data = socket.data as CastSocketData;
    socket.join(sessionRoom(data.sessionId));
    if (data.role === "controller") {
      socket.join(deviceRoom(data.sessionId, data.deviceId!));
      socket.emit("pairing-success", { sessionId: data.sessionId, displayName: data.displayName });
    }
    socket.on("heartbeat", (payload: unknown, ack?: unknown) => {
      const reply: Reply = typeof ack === "function" ? (ack as Reply) : () => {};
      onHeartbeat(socket, payload, reply).catch((err) => {
        log("error", "cast heartbeat failed", { err: err instanceof Error ? err.message : String(err) });
        reply({ ok: false, error: { code: "InternalServerError", message: "Something went wrong on our side." } });
      });
    });
  });
}
