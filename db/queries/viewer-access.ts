import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { libraryWorkouts, planWorkouts } from "../schema";

/**
 * What a hosted page's viewer may open beyond public content (server/services/pages/viewer.ts):
 * the workouts assigned to a member, and the plans of a member's library or enrollments.
 */

/** The workout is in the member's library. */
export async function memberHasWorkout(db: Tx, endUserId: string, workoutId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(libraryWorkouts)
    .where(and(eq(libraryWorkouts.endUserId, endUserId), eq(libraryWorkouts.workoutId, workoutId)))
    .limit(1);
  return Boolean(row);
}

/** The plan's schedule includes the workout. */
export async function planSchedulesWorkout(db: Tx, planId: string, workoutId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(planWorkouts)
    .where(and(eq(planWorkouts.planId, planId), eq(planWorkouts.workoutId, workoutId)))
    .limit(1);
  return Boolean(row);
}

/**
 * A published plan of the organization that the viewer may open: a public trainer plan for
 * anyone; for a member also a plan in their library, one they are or were enrolled in, and one
 * generated for them.
 */
export async function planOpenableBy(db: Tx, args: { organizationId: string; endUserId: string | null; planId: string }): Promise<boolean> {
  const member = args.endUserId
    ? sql`or exists (select 1 from library_plans lp where lp.plan_id = p.id and lp.end_user_id = ${args.endUserId})
         or exists (select 1 from plan_enrollments pe where pe.plan_id = p.id and pe.end_user_id = ${args.endUserId})
         or p.end_user_id = ${args.endUserId}`
    : sql``;
  const rows = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from plans p
      where p.id = ${args.planId} and p.organization_id = ${args.organizationId} and p.status = 'published' and p.deleted_at is null
        and ((p.visibility = 'public' and p.trainer_id is not null) ${member})
    ) as ok`);
  return Boolean([...rows][0]?.ok);
}
