import type { Db } from "@/db/client";
import { listExpiredCastSessionIds, listSilentControllerSessionIds, lockCastSession, purgeEndedCastSessions, updateCastSession } from "@/db/queries/cast";
import { publishCast } from "@/server/realtime/cast-channel";
import { deviceDisconnected } from "./events";
import { DEVICE_SILENT_AFTER_MS, ENDED_RETENTION_MS } from "./limits";
import { expireSession } from "./session-access";

const BATCH = 500;

/**
 * Unpairs a controller silent for 90 s (it counts as disconnected; playback continues): the room
 * hears `device-disconnected` (reason timeout) and the device's sockets are closed. Re-checked
 * under the row lock, so a heartbeat or a join that came in meanwhile wins.
 */
async function unpairSilentController(db: Db, sessionId: string): Promise<boolean> {
  const out = await db.transaction(async (tx) => {
    const row = await lockCastSession(tx, sessionId);
    const deviceId = row?.controllerDeviceId;
    if (!row || !deviceId || row.phase === "ended") return null;
    if (!row.controllerLastSeenAt || row.controllerLastSeenAt.getTime() > Date.now() - DEVICE_SILENT_AFTER_MS) return null;
    const next = await updateCastSession(tx, row.id, { controllerDeviceId: null, controllerPairedAt: null, controllerLastSeenAt: null });
    return { deviceId, signals: [deviceDisconnected(next, deviceId, "timeout"), { disconnectDevice: deviceId }] };
  });
  if (out) publishCast(sessionId, out.signals);
  return Boolean(out);
}

/**
 * The cast cron (every minute): ends expired sessions (their sockets get `session-ended`, reason
 * expired, and are closed; a running workout session is finished), unpairs silent controllers, and
 * forgets sessions ended more than a day ago. Reads enforce expiry on their own, so between two
 * sweeps an expired session never answers as live.
 */
export async function sweepCastSessions(db: Db) {
  let expired = 0;
  for (const id of await listExpiredCastSessionIds(db, BATCH)) if (await expireSession(db, id)) expired++;
  let unpaired = 0;
  for (const id of await listSilentControllerSessionIds(db, DEVICE_SILENT_AFTER_MS, BATCH)) if (await unpairSilentController(db, id)) unpaired++;
  const purged = await purgeEndedCastSessions(db, new Date(Date.now() - ENDED_RETENTION_MS));
  return { expired, unpaired, purged };
}
