import type { Tx } from "@/db/client";
import { findEndUserRef } from "@/db/queries/end-users";
import type { SessionRow } from "@/db/queries/sessions";
import { toWorkoutSession } from "@/server/services/sessions/serialize";
import type { WebhookEventData } from "./event-types";

/** The `data` of workout.session.completed, shared by completing and ending a session (plan events use members/serialize's toEnrollment). */
export async function sessionCompletedData(tx: Tx, row: SessionRow, mode: "end" | "complete"): Promise<WebhookEventData<"workout.session.completed">> {
  return { session: toWorkoutSession(row), mode, endUser: row.endUserId ? await findEndUserRef(tx, row.endUserId) : null };
}
