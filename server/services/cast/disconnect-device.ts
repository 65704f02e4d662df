import type { Db } from "@/db/client";
import type { Caller } from "@/server/core/caller";
import { deviceDisconnected } from "./events";
import { runOnLiveSession } from "./session-access";
import { toCastStatus } from "./serialize";

/**
 * Unpairs the controller; playback keeps running and the same code can join again. The room hears
 * `device-disconnected` (reason unpaired) and the device's sockets are closed. Idempotent: without a
 * paired controller, or when `deviceId` names a device that is no longer the controller (a stale
 * phone cannot unpair its successor), nothing changes.
 */
export async function disconnectCastDevice(db: Db, caller: Caller, sessionId: string, input: { deviceId?: string }) {
  return runOnLiveSession(db, caller, sessionId, (row, now) => {
    const current = row.controllerDeviceId;
    if (!current || (input.deviceId !== undefined && input.deviceId !== current))
      return { change: null, respond: (same) => ({ result: toCastStatus(same, now), signals: [] }) };
    return {
      change: { controllerDeviceId: null, controllerPairedAt: null, controllerLastSeenAt: null },
      respond: (next) => ({ result: toCastStatus(next, now), signals: [deviceDisconnected(next, current, "unpaired"), { disconnectDevice: current }] }),
    };
  });
}
