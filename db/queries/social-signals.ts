import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { categories, exerciseGroupItems, healthDaySummaries, planWorkouts, workoutCategories, workoutSegments, workoutSessions, workouts } from "../schema";

/**
 * The workspace signals that rank drops for ai_pick and ai_insights: how members engage with the
 * content behind each drop, and what their health data says they need.
 */

/** Completed sessions per workout since `since`, and each workout's rating totals. */
export async function workoutEngagement(db: Tx, organizationId: string, since: Date) {
  const [sessions, ratings] = await Promise.all([
    db
      .select({ workoutId: workoutSessions.workoutId, n: sql<number>`count(*)::int` })
      .from(workoutSessions)
      .where(and(eq(workoutSessions.organizationId, organizationId), eq(workoutSessions.status, "completed"), gte(workoutSessions.completedAt, since)))
      .groupBy(workoutSessions.workoutId),
    db
      .select({ workoutId: workouts.id, ratingSum: workouts.ratingSum, ratingCount: workouts.ratingCount })
      .from(workouts)
      .where(and(eq(workouts.organizationId, organizationId), isNull(workouts.deletedAt), sql`${workouts.ratingCount} > 0`)),
  ]);
  return {
    completions: new Map(sessions.map((s) => [s.workoutId, s.n])),
    ratings: new Map(ratings.map((r) => [r.workoutId, r.ratingSum / r.ratingCount])),
  };
}

/** Workouts whose playlists use any of the clips. */
export async function workoutsUsingClips(db: Tx, organizationId: string, videoAssetIds: string[]): Promise<{ videoAssetId: string; workoutId: string }[]> {
  if (videoAssetIds.length === 0) return [];
  return db
    .selectDistinct({ videoAssetId: sql<string>`${workoutSegments.videoAssetId}`, workoutId: workoutSegments.workoutId })
    .from(workoutSegments)
    .innerJoin(workouts, eq(workouts.id, workoutSegments.workoutId))
    .where(and(inArray(workoutSegments.videoAssetId, videoAssetIds), eq(workouts.organizationId, organizationId), isNull(workouts.deletedAt)));
}

/** The clips of exercise groups. */
export function groupClips(db: Tx, groupIds: string[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({ groupId: exerciseGroupItems.groupId, videoAssetId: exerciseGroupItems.videoAssetId })
    .from(exerciseGroupItems)
    .where(inArray(exerciseGroupItems.groupId, groupIds));
}

/** The workouts of plans. */
export function planWorkoutIds(db: Tx, planIds: string[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return db.selectDistinct({ planId: planWorkouts.planId, workoutId: planWorkouts.workoutId }).from(planWorkouts).where(inArray(planWorkouts.planId, planIds));
}

/** Averages of the members' recent day summaries (null where nobody reported the value). */
export async function healthAverages(db: Tx, organizationId: string, sinceDate: string) {
  const avg = (key: string) => sql<number | null>`avg((${healthDaySummaries.values} ->> ${key})::float8)`;
  const [row] = await db
    .select({
      days: sql<number>`count(*)::int`,
      members: sql<number>`count(distinct ${healthDaySummaries.endUserId})::int`,
      asleepS: avg("sleep.asleepS"),
      steps: avg("steps.count"),
      readiness: avg("scores.readinessScore"),
      stress: avg("scores.stressScore"),
    })
    .from(healthDaySummaries)
    .where(and(eq(healthDaySummaries.organizationId, organizationId), gte(healthDaySummaries.localDate, sinceDate)));
  return row!;
}

/** Completed sessions per workout category since `since` (what members trained lately). */
export function trainedCategories(db: Tx, organizationId: string, since: Date) {
  return db
    .select({ key: categories.key, n: sql<number>`count(*)::int` })
    .from(workoutSessions)
    .innerJoin(workoutCategories, eq(workoutCategories.workoutId, workoutSessions.workoutId))
    .innerJoin(categories, eq(categories.id, workoutCategories.categoryId))
    .where(and(eq(workoutSessions.organizationId, organizationId), eq(workoutSessions.status, "completed"), gte(workoutSessions.completedAt, since)))
    .groupBy(categories.key);
}
