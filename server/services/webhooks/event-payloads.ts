import type { Tx } from "@/db/client";
import { findEndUserRef } from "@/db/queries/end-users";
import type { SessionRow } from "@/db/queries/sessions";
import type { planEnrollments } from "@/db/schema";
import { toWorkoutSession } from "@/server/services/sessions/serialize";
import type { WebhookEventData } from "./event-types";

/** Builders of event `data` shared by the services that announce them. */
type EnrollmentRow = typeof planEnrollments.$inferSelect;

export function enrollmentData(e: EnrollmentRow) {
  return {
    id: e.id,
    planId: e.planId,
    endUserId: e.endUserId,
    startDate: e.startDate,
    isActive: e.isActive,
    createdAt: e.createdAt.toISOString(),
    endedAt: e.endedAt ? e.endedAt.toISOString() : null,
  };
}

export async function sessionCompletedData(tx: Tx, row: SessionRow, mode: "end" | "complete"): Promise<WebhookEventData<"workout.session.completed">> {
  return { session: toWorkoutSession(row), mode, endUser: row.endUserId ? await findEndUserRef(tx, row.endUserId) : null };
}
