import type { Db } from "@/db/client";
import { deleteLibraryPlans, endActiveEnrollment, findAssignablePlans, insertLibraryPlans } from "@/db/queries/library";
import { insertOutboxNotifications } from "@/db/queries/notifications";
import { getOrganization } from "@/db/queries/organizations";
import { sendJobEventSafely } from "@/server/jobs";
import { type AssignResult, ineligibleIds } from "./assign-workouts";
import { assignmentNotificationRows } from "./assignment-notifications";
import { resolveEndUserOrThrow } from "./resolve-end-user";

/**
 * Adds plans to a member's library without starting them, all or nothing: every id must be a
 * trainer-owned public or private plan of the organization (never end-user-ai-generated).
 * Newly added rows are announced like workout assignments.
 */
export async function assignPlans(
  db: Db,
  args: { organizationId: string; endUserIdentifier: string; planIds: string[]; sendAssignmentEmail: boolean; sendAssignmentPush: boolean },
): Promise<AssignResult> {
  const requested = [...new Set(args.planIds)];
  const { result, outboxIds } = await db.transaction(async (tx) => {
    const member = await resolveEndUserOrThrow(tx, args.organizationId, args.endUserIdentifier);
    const eligible = await findAssignablePlans(tx, args.organizationId, requested);
    const err = ineligibleIds("planIds", requested, new Set(eligible.map((p) => p.id)), "a trainer plan (public or private)");
    if (err) throw err;
    const added = new Set(await insertLibraryPlans(tx, { organizationId: args.organizationId, endUserId: member.id, planIds: requested }));
    let outboxIds: string[] = [];
    if (added.size > 0 && (args.sendAssignmentEmail || args.sendAssignmentPush)) {
      const org = await getOrganization(tx, args.organizationId);
      outboxIds = await insertOutboxNotifications(
        tx,
        assignmentNotificationRows({
          kind: "plans",
          organizationId: args.organizationId,
          organizationName: org?.name ?? "Your trainer",
          member,
          items: requested.filter((id) => added.has(id)).map((id) => eligible.find((p) => p.id === id)!),
          email: args.sendAssignmentEmail,
          push: args.sendAssignmentPush,
        }),
      );
    }
    const result: AssignResult = {
      added: requested.filter((id) => added.has(id)),
      alreadyAssigned: requested.filter((id) => !added.has(id)),
      notifications: { email: added.size > 0 && args.sendAssignmentEmail && Boolean(member.email), push: added.size > 0 && args.sendAssignmentPush },
    };
    return { result, outboxIds };
  });
  if (outboxIds.length > 0) await sendJobEventSafely({ name: "notifications/outbox.enqueued", data: { outboxIds } });
  return result;
}

/** Removes plans from the library; removing the active plan also ends its enrollment. Idempotent. */
export async function unassignPlans(db: Db, args: { organizationId: string; endUserIdentifier: string; planIds: string[] }) {
  const requested = [...new Set(args.planIds)];
  return db.transaction(async (tx) => {
    const member = await resolveEndUserOrThrow(tx, args.organizationId, args.endUserIdentifier);
    const removed = new Set(await deleteLibraryPlans(tx, member.id, requested));
    const ended = requested.length > 0 ? await endActiveEnrollment(tx, member.id, requested) : [];
    return { removed: requested.filter((id) => removed.has(id)), activePlanEnded: ended.length > 0 };
  });
}
