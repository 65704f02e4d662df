import type { Db } from "@/db/client";
import type { Caller } from "@/server/core/caller";
import { readLiveSession } from "./session-access";
import { toCastSession, toCastStatus } from "./serialize";

/** Display-side snapshot: code, QR, socket details and the current status (resync after a reconnect). */
export async function getCastSession(db: Db, caller: Caller, sessionId: string) {
  return toCastSession(await readLiveSession(db, caller, sessionId));
}

/** GET .../workout/status: where playback is, what the controller may do now, who is paired. */
export async function getCastStatus(db: Db, caller: Caller, sessionId: string) {
  return toCastStatus(await readLiveSession(db, caller, sessionId));
}
