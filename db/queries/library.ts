import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { libraryPlans, libraryWorkouts, planEnrollments, planWorkouts, plans, workoutSessions, workouts } from "../schema";

/** Workouts a member may be given: published, not deleted, public or private, of this organization. */
export async function findAssignableWorkouts(db: Tx, organizationId: string, workoutIds: string[]) {
  if (workoutIds.length === 0) return [];
  return db
    .select({ id: workouts.id, name: workouts.name })
    .from(workouts)
    .where(
      and(
        inArray(workouts.id, workoutIds),
        eq(workouts.organizationId, organizationId),
        eq(workouts.status, "published"),
        isNull(workouts.deletedAt),
        inArray(workouts.visibility, ["public", "private"]),
      ),
    );
}

/**
 * Adds library rows; rows that already exist (also those a concurrent request is inserting) are
 * skipped by the primary key. Returns the ids that this statement really added.
 */
export async function insertLibraryWorkouts(db: Tx, args: { organizationId: string; endUserId: string; workoutIds: string[] }): Promise<string[]> {
  if (args.workoutIds.length === 0) return [];
  // A stable order makes concurrent overlapping assigns wait on each other instead of deadlocking.
  const ids = [...args.workoutIds].sort();
  const rows = await db
    .insert(libraryWorkouts)
    .values(ids.map((workoutId) => ({ endUserId: args.endUserId, workoutId, organizationId: args.organizationId })))
    .onConflictDoNothing()
    .returning({ workoutId: libraryWorkouts.workoutId });
  return rows.map((r) => r.workoutId);
}

export async function deleteLibraryWorkouts(db: Tx, endUserId: string, workoutIds: string[]): Promise<string[]> {
  if (workoutIds.length === 0) return [];
  const rows = await db
    .delete(libraryWorkouts)
    .where(and(eq(libraryWorkouts.endUserId, endUserId), inArray(libraryWorkouts.workoutId, workoutIds)))
    .returning({ workoutId: libraryWorkouts.workoutId });
  return rows.map((r) => r.workoutId);
}

/** The member's assigned workouts that are still published, most recently assigned first. */
export async function listLibraryWorkouts(db: Tx, args: { endUserId: string; organizationId: string; limit: number; offset: number }) {
  const where = and(
    eq(libraryWorkouts.endUserId, args.endUserId),
    eq(workouts.organizationId, args.organizationId),
    eq(workouts.status, "published"),
    isNull(workouts.deletedAt),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ workout: workouts, assignedAt: libraryWorkouts.createdAt })
      .from(libraryWorkouts)
      .innerJoin(workouts, eq(workouts.id, libraryWorkouts.workoutId))
      .where(where)
      .orderBy(desc(libraryWorkouts.createdAt), asc(workouts.id))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(libraryWorkouts).innerJoin(workouts, eq(workouts.id, libraryWorkouts.workoutId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

const trainerPlan = (organizationId: string) =>
  and(
    eq(plans.organizationId, organizationId),
    eq(plans.status, "published"),
    isNull(plans.deletedAt),
    isNotNull(plans.trainerId),
    inArray(plans.visibility, ["public", "private"]),
  );

/** Plans a member may be given: trainer-owned, published, public or private, of this organization (never end-user-ai-generated). */
export async function findAssignablePlans(db: Tx, organizationId: string, planIds: string[]) {
  if (planIds.length === 0) return [];
  return db
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .where(and(inArray(plans.id, planIds), trainerPlan(organizationId)));
}

/** A plan the member may start: an assignable plan, or a plan generated or adapted for this member. */
export async function findStartablePlan(db: Tx, args: { organizationId: string; endUserId: string; planId: string }) {
  const [row] = await db
    .select()
    .from(plans)
    .where(
      and(
        eq(plans.id, args.planId),
        sql`(${trainerPlan(args.organizationId)!} or (${plans.organizationId} = ${args.organizationId} and ${plans.endUserId} = ${args.endUserId} and ${plans.deletedAt} is null))`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertLibraryPlans(db: Tx, args: { organizationId: string; endUserId: string; planIds: string[] }): Promise<string[]> {
  if (args.planIds.length === 0) return [];
  const ids = [...args.planIds].sort();
  const rows = await db
    .insert(libraryPlans)
    .values(ids.map((planId) => ({ endUserId: args.endUserId, planId, organizationId: args.organizationId })))
    .onConflictDoNothing()
    .returning({ planId: libraryPlans.planId });
  return rows.map((r) => r.planId);
}

export async function deleteLibraryPlans(db: Tx, endUserId: string, planIds: string[]): Promise<string[]> {
  if (planIds.length === 0) return [];
  const rows = await db
    .delete(libraryPlans)
    .where(and(eq(libraryPlans.endUserId, endUserId), inArray(libraryPlans.planId, planIds)))
    .returning({ planId: libraryPlans.planId });
  return rows.map((r) => r.planId);
}

/** Library plans (public and private trainer plans), most recently added first, without the active plan. */
export async function listLibraryPlans(db: Tx, args: { endUserId: string; organizationId: string; limit: number; offset: number }) {
  const where = and(
    eq(libraryPlans.endUserId, args.endUserId),
    trainerPlan(args.organizationId),
    sql`not exists (select 1 from ${planEnrollments} where ${planEnrollments.endUserId} = ${args.endUserId} and ${planEnrollments.planId} = ${libraryPlans.planId} and ${planEnrollments.isActive})`,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ plan: plans, assignedAt: libraryPlans.createdAt })
      .from(libraryPlans)
      .innerJoin(plans, eq(plans.id, libraryPlans.planId))
      .where(where)
      .orderBy(desc(libraryPlans.createdAt), asc(plans.id))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(libraryPlans).innerJoin(plans, eq(plans.id, libraryPlans.planId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The member's active enrollment with its plan. */
export async function findActiveEnrollment(db: Tx, endUserId: string) {
  const [row] = await db
    .select({ enrollment: planEnrollments, plan: plans })
    .from(planEnrollments)
    .innerJoin(plans, eq(plans.id, planEnrollments.planId))
    .where(and(eq(planEnrollments.endUserId, endUserId), eq(planEnrollments.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** Ends the member's active enrollment (optionally only when it is one of `planIds`); returns the ended rows. */
export async function endActiveEnrollment(db: Tx, endUserId: string, planIds?: string[]) {
  return db
    .update(planEnrollments)
    .set({ isActive: false, endedAt: sql`now()` })
    .where(and(eq(planEnrollments.endUserId, endUserId), eq(planEnrollments.isActive, true), planIds ? inArray(planEnrollments.planId, planIds) : undefined))
    .returning();
}

/** Inserts an active enrollment; the partial unique index rejects a second active one (23505). */
export async function insertEnrollment(db: Tx, args: { organizationId: string; endUserId: string; planId: string; startDate: string }) {
  const [row] = await db
    .insert(planEnrollments)
    .values({ organizationId: args.organizationId, endUserId: args.endUserId, planId: args.planId, startDate: args.startDate, isActive: true })
    .returning();
  return row!;
}

/** The plan's scheduled workouts in order, with the workout names. */
export async function listPlanSchedule(db: Tx, planId: string) {
  return db
    .select({
      week: planWorkouts.week,
      day: planWorkouts.day,
      position: planWorkouts.position,
      workoutId: planWorkouts.workoutId,
      workoutName: workouts.name,
    })
    .from(planWorkouts)
    .innerJoin(workouts, eq(workouts.id, planWorkouts.workoutId))
    .where(eq(planWorkouts.planId, planId))
    .orderBy(asc(planWorkouts.week), asc(planWorkouts.day), asc(planWorkouts.position));
}

/** Completed sessions of a member for some workouts since an instant, oldest first. */
export async function listCompletedSessions(db: Tx, args: { endUserId: string; workoutIds: string[]; since: Date }) {
  if (args.workoutIds.length === 0) return [];
  return db
    .select({ id: workoutSessions.id, workoutId: workoutSessions.workoutId, completedAt: workoutSessions.completedAt })
    .from(workoutSessions)
    .where(
      and(
        eq(workoutSessions.endUserId, args.endUserId),
        inArray(workoutSessions.workoutId, args.workoutIds),
        eq(workoutSessions.status, "completed"),
        gte(workoutSessions.completedAt, args.since),
      ),
    )
    .orderBy(asc(workoutSessions.completedAt), asc(workoutSessions.id));
}
