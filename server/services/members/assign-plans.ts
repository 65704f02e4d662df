import type { Db } from "@/db/client";
import { deleteLibraryPlans, endActiveEnrollment, findAssignablePlans, insertLibraryPlans } from "@/db/queries/library";
import { type AssignResult, assignToLibrary } from "./assign-to-library";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";
import { resolveEndUserOrThrow } from "./resolve-end-user";
import { toEnrollment } from "./serialize";

/**
 * Adds plans to a member's library without starting them, all or nothing: every id must be a
 * trainer-owned public or private plan of the organization (never end-user-ai-generated).
 * Newly added rows are announced like workout assignments (see assignToLibrary).
 */
export function assignPlans(
  db: Db,
  args: { organizationId: string; endUserIdentifier: string; planIds: string[]; sendAssignmentEmail: boolean; sendAssignmentPush: boolean },
): Promise<AssignResult> {
  return assignToLibrary(db, {
    ...args,
    kind: "plans",
    field: "planIds",
    what: "a trainer plan (public or private)",
    ids: args.planIds,
    findEligible: findAssignablePlans,
    insertRows: (tx, endUserId, planIds) => insertLibraryPlans(tx, { organizationId: args.organizationId, endUserId, planIds }),
  });
}

/** Removes plans from the library; removing the active plan also ends its enrollment (webhooks hear `enduser.plan.ended`). Idempotent. */
export async function unassignPlans(db: Db, args: { organizationId: string; endUserIdentifier: string; planIds: string[] }) {
  const requested = [...new Set(args.planIds)];
  return db.transaction(async (tx) => {
    const member = await resolveEndUserOrThrow(tx, args.organizationId, args.endUserIdentifier);
    const removed = new Set(await deleteLibraryPlans(tx, member.id, requested));
    const ended = requested.length > 0 ? await endActiveEnrollment(tx, member.id, requested) : [];
    for (const row of ended) {
      await enqueueWebhookEvent(tx, {
        organizationId: args.organizationId,
        type: "enduser.plan.ended",
        data: { enrollment: toEnrollment(row), endUser: { id: member.id, externalId: member.externalId }, reason: "unassigned" },
      });
    }
    return { removed: requested.filter((id) => removed.has(id)), activePlanEnded: ended.length > 0 };
  });
}
