import type { Db } from "@/db/client";
import { type CastSessionRow, findLiveCastSessionByCode } from "@/db/queries/cast";
import type { Caller } from "@/server/core/caller";
import { ApiError, notFound } from "@/server/core/errors";
import type { CastSignal } from "@/server/realtime/cast-channel";
import { deviceDisconnected, devicePaired, pairingSuccess } from "./events";
import { type CommandPlan, SESSION_NOT_FOUND, runOnLiveSession } from "./session-access";
import { toCastPairing } from "./serialize";

const CODE_NOT_FOUND = "No live cast session has this code.";

/**
 * Pairs `deviceId` as the session's one controller. A different previous controller is replaced:
 * the room hears `device-disconnected` (reason replaced) and that device's sockets are closed. The
 * same device joining again (a reload, a rejoin after a drop) simply renews its pairing.
 */
function pairPlan(row: CastSessionRow, deviceId: string, now: number): CommandPlan<ReturnType<typeof toCastPairing>> {
  const previous = row.controllerDeviceId && row.controllerDeviceId !== deviceId ? row.controllerDeviceId : null;
  const at = new Date(now);
  return {
    change: { controllerDeviceId: deviceId, controllerPairedAt: at, controllerLastSeenAt: at },
    respond: (paired) => {
      const signals: CastSignal[] = [];
      if (previous) signals.push(deviceDisconnected(paired, previous, "replaced"), { disconnectDevice: previous });
      signals.push(devicePaired(paired, previous, now), pairingSuccess(paired));
      return { result: toCastPairing(paired, deviceId, now), signals };
    },
  };
}

/**
 * Join from the QR code: sessionId and code must match (a wrong code is 404, like an unknown
 * session, so ids cannot be probed for codes); 403 for another organization's session, 410 once it
 * ended.
 */
export async function joinCastSession(db: Db, caller: Caller, input: { sessionId: string; code: string; deviceId: string }) {
  return runOnLiveSession(db, caller, input.sessionId, (row, now) => {
    if (row.code !== input.code) throw notFound(SESSION_NOT_FOUND);
    return pairPlan(row, input.deviceId, now);
  });
}

/**
 * Join with the 6-digit code typed on the phone. Only sessions that have not ended hold a code, so
 * an ended or expired session's code is 404; 403 when the session belongs to another organization.
 */
export async function joinCastSessionByCode(db: Db, caller: Caller, input: { code: string; deviceId: string }) {
  const found = await findLiveCastSessionByCode(db, input.code);
  if (!found) throw notFound(CODE_NOT_FOUND);
  try {
    return await runOnLiveSession(db, caller, found.id, (row, now) => pairPlan(row, input.deviceId, now));
  } catch (err) {
    // Ended (or found expired) between the lookup and the write: the code no longer joins.
    if (err instanceof ApiError && err.code === "Gone") throw notFound(CODE_NOT_FOUND);
    throw err;
  }
}
