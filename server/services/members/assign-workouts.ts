import type { Db } from "@/db/client";
import { deleteLibraryWorkouts, findAssignableWorkouts, insertLibraryWorkouts } from "@/db/queries/library";
import { insertOutboxNotifications } from "@/db/queries/notifications";
import { getOrganization } from "@/db/queries/organizations";
import { ApiError } from "@/server/api/errors";
import { sendJobEventSafely } from "@/server/jobs";
import { assignmentNotificationRows } from "./assignment-notifications";
import { resolveEndUserOrThrow } from "./resolve-end-user";

export interface AssignResult {
  added: string[];
  alreadyAssigned: string[];
  notifications: { email: boolean; push: boolean };
}

/** 400 naming every id that may not be assigned; nothing has been written. */
export function ineligibleIds(field: string, requested: string[], eligible: Set<string>, what: string): ApiError | null {
  const bad = requested.map((id, index) => ({ id, index })).filter((x) => !eligible.has(x.id));
  if (bad.length === 0) return null;
  return new ApiError({
    code: "BadRequest",
    message: `${bad.length === 1 ? "One id is" : `${bad.length} ids are`} not ${what} of this organization; nothing was assigned.`,
    target: field,
    details: bad.map((b) => ({ code: "NotEligible", message: `${b.id} is not ${what} of this organization.`, target: `${field}.${b.index}` })),
  });
}

/**
 * Adds workouts to a member's library, all or nothing: every id must be a published public or
 * private workout of the organization. Rows already there are skipped (the primary key decides,
 * so concurrent assigns never duplicate), and only newly added rows are announced, by outbox rows
 * written in the same transaction.
 */
export async function assignWorkouts(
  db: Db,
  args: { organizationId: string; endUserIdentifier: string; workoutIds: string[]; sendAssignmentEmail: boolean; sendAssignmentPush: boolean },
): Promise<AssignResult> {
  const requested = [...new Set(args.workoutIds)];
  const { result, outboxIds } = await db.transaction(async (tx) => {
    const member = await resolveEndUserOrThrow(tx, args.organizationId, args.endUserIdentifier);
    const eligible = await findAssignableWorkouts(tx, args.organizationId, requested);
    const err = ineligibleIds("workoutIds", requested, new Set(eligible.map((w) => w.id)), "a published workout");
    if (err) throw err;
    const added = new Set(await insertLibraryWorkouts(tx, { organizationId: args.organizationId, endUserId: member.id, workoutIds: requested }));
    let outboxIds: string[] = [];
    if (added.size > 0 && (args.sendAssignmentEmail || args.sendAssignmentPush)) {
      const org = await getOrganization(tx, args.organizationId);
      const rows = assignmentNotificationRows({
        kind: "workouts",
        organizationId: args.organizationId,
        organizationName: org?.name ?? "Your trainer",
        member,
        items: requested.filter((id) => added.has(id)).map((id) => eligible.find((w) => w.id === id)!),
        email: args.sendAssignmentEmail,
        push: args.sendAssignmentPush,
      });
      outboxIds = await insertOutboxNotifications(tx, rows);
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

/** Removes workouts from a member's library; unknown, unassigned and other organizations' ids are ignored. */
export async function unassignWorkouts(
  db: Db,
  args: { organizationId: string; endUserIdentifier: string; workoutIds: string[] },
): Promise<{ removed: string[] }> {
  const member = await resolveEndUserOrThrow(db, args.organizationId, args.endUserIdentifier);
  const removed = new Set(await deleteLibraryWorkouts(db, member.id, [...new Set(args.workoutIds)]));
  return { removed: args.workoutIds.filter((id, i, all) => removed.has(id) && all.indexOf(id) === i) };
}
