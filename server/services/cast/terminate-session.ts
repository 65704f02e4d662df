import type { Db } from "@/db/client";
import type { Caller } from "@/server/core/caller";
import { endPlan, runOnLiveSession } from "./session-access";

/**
 * Display side: ends the session now. A running workout session is finished, every socket of the
 * session gets `session-ended` (reason terminated) and is closed, and the code stops joining.
 */
export async function terminateCastSession(db: Db, caller: Caller, sessionId: string): Promise<void> {
  await runOnLiveSession(db, caller, sessionId, (row, now) => endPlan(row, "terminated", now));
}
