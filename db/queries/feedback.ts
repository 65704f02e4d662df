import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { feedbackOptions, workoutFeedback, workouts } from "../schema";

export type FeedbackRow = typeof workoutFeedback.$inferSelect;
export type FeedbackOptionRow = typeof feedbackOptions.$inferSelect;

/** The organization's rating and difficulty options, in value order. */
export async function listFeedbackOptions(db: Tx, organizationId: string): Promise<FeedbackOptionRow[]> {
  return db
    .select()
    .from(feedbackOptions)
    .where(eq(feedbackOptions.organizationId, organizationId))
    .orderBy(asc(feedbackOptions.kind), asc(feedbackOptions.value), asc(feedbackOptions.key));
}

export async function findFeedbackOptions(db: Tx, organizationId: string, ids: string[]): Promise<FeedbackOptionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(feedbackOptions)
    .where(and(eq(feedbackOptions.organizationId, organizationId), inArray(feedbackOptions.id, ids)));
}

export async function findFeedbackForSession(db: Tx, sessionId: string): Promise<FeedbackRow | null> {
  const [row] = await db.select().from(workoutFeedback).where(eq(workoutFeedback.sessionId, sessionId)).limit(1);
  return row ?? null;
}

/** Inserts the session's feedback; null when the session already has one (unique index). */
export async function insertFeedback(db: Tx, values: typeof workoutFeedback.$inferInsert): Promise<FeedbackRow | null> {
  const [row] = await db.insert(workoutFeedback).values(values).onConflictDoNothing({ target: workoutFeedback.sessionId }).returning();
  return row ?? null;
}

export async function updateFeedback(
  db: Tx,
  id: string,
  values: Pick<typeof workoutFeedback.$inferInsert, "ratingOptionId" | "difficultyOptionId" | "comment" | "endUserId">,
): Promise<FeedbackRow> {
  const [row] = await db
    .update(workoutFeedback)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(workoutFeedback.id, id))
    .returning();
  return row!;
}

/** Applies a rating change to the workout's denormalized sum and count (atomic increments). */
export async function adjustWorkoutRating(db: Tx, workoutId: string, delta: { sum: number; count: number }): Promise<void> {
  if (delta.sum === 0 && delta.count === 0) return;
  await db
    .update(workouts)
    .set({
      ratingSum: sql`${workouts.ratingSum} + ${delta.sum}::int`,
      ratingCount: sql`${workouts.ratingCount} + ${delta.count}::int`,
      // A rating is not an edit of the workout: keep updatedAt; ratedAt moves the cache version.
      updatedAt: sql`${workouts.updatedAt}`,
      ratedAt: sql`clock_timestamp()`,
    })
    .where(eq(workouts.id, workoutId));
}
