import type { Db } from "@/db/client";
import { type CastSessionRow, findCastSession, touchCastController } from "@/db/queries/cast";
import type { Caller } from "@/server/core/caller";
import { ApiError } from "@/server/core/errors";
import { DEVICE_SILENT_AFTER_MS } from "./limits";
import { assertReachable, expireSession, gone } from "./session-access";
import type { SocketRole } from "./serialize";

/**
 * Who may follow a session on the cast channel: the key must reach the session's organization
 * (403), the session must be live (404, 410; an expired one is ended on the spot), and a
 * controller must be the session's paired, live device (403 otherwise: join again over REST).
 */
export async function authorizeCastSocket(db: Db, caller: Caller, input: { sessionId: string; role: SocketRole; deviceId?: string }): Promise<CastSessionRow> {
  const row = await findCastSession(db, input.sessionId);
  assertReachable(caller, row);
  if (row.expiresAt.getTime() <= Date.now()) {
    await expireSession(db, row.id);
    throw gone({ endedReason: "expired", endedAt: row.expiresAt });
  }
  if (input.role === "controller" && !(await recordControllerHeartbeat(db, row.id, input.deviceId!))) {
    throw new ApiError({ code: "Forbidden", message: "This device is not the session's paired controller: join again (POST /v1/cast/pairing/join)." });
  }
  return row;
}

/** A sign of life from the controller (socket connection or `heartbeat`); false when it is not the paired, live controller. */
export function recordControllerHeartbeat(db: Db, sessionId: string, deviceId: string): Promise<boolean> {
  return touchCastController(db, { sessionId, deviceId, silentAfterMs: DEVICE_SILENT_AFTER_MS });
}
