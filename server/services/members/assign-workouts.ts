import type { Db } from "@/db/client";
import { deleteLibraryWorkouts, findAssignableWorkouts, insertLibraryWorkouts } from "@/db/queries/library";
import { type AssignResult, assignToLibrary } from "./assign-to-library";
import { resolveEndUserOrThrow } from "./resolve-end-user";

export type { AssignResult };

/**
 * Adds workouts to a member's library, all or nothing: every id must be a published public or
 * private workout of the organization. See assignToLibrary for skipping and notifications.
 */
export function assignWorkouts(
  db: Db,
  args: { organizationId: string; endUserIdentifier: string; workoutIds: string[]; sendAssignmentEmail: boolean; sendAssignmentPush: boolean },
): Promise<AssignResult> {
  return assignToLibrary(db, {
    ...args,
    kind: "workouts",
    field: "workoutIds",
    what: "a published workout",
    ids: args.workoutIds,
    findEligible: findAssignableWorkouts,
    insertRows: (tx, endUserId, workoutIds) => insertLibraryWorkouts(tx, { organizationId: args.organizationId, endUserId, workoutIds }),
  });
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
