/**
 * Helpers for the AI integration tests: direct database reads and writes a test needs to set up
 * a case (extra methodology profiles, non-team workouts, sessions with feedback) or to check
 * persistence (snapshots and generated plans).
 */
import { and, count, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import {
  feedbackOptions,
  generations,
  methodologyProfiles,
  planWorkouts,
  plans,
  workoutFeedback,
  workoutSegments,
  workoutSessions,
  workouts,
} from "@/db/schema";
import type { MethodologyRules } from "@/db/schema/ai";
import { newId } from "@/db/schema/columns";

export async function methodologyIdByName(organizationId: string, name: string): Promise<string> {
  const [row] = await getDb()
    .select({ id: methodologyProfiles.id })
    .from(methodologyProfiles)
    .where(and(eq(methodologyProfiles.organizationId, organizationId), eq(methodologyProfiles.name, name)));
  if (!row) throw new Error(`no methodology ${name}`);
  return row.id;
}

export async function insertMethodology(
  organizationId: string,
  input: {
    name: string;
    guidance?: string;
    rules?: MethodologyRules;
    scope?: "team" | "personal";
    isActive?: boolean;
    applicability?: "workout" | "plan" | "both";
  },
): Promise<string> {
  const id = newId();
  await getDb()
    .insert(methodologyProfiles)
    .values({
      id,
      organizationId,
      scope: input.scope ?? "team",
      name: input.name,
      version: "1.0",
      applicability: input.applicability ?? "both",
      isActive: input.isActive ?? true,
      ruleSummary: `${input.name} summary`,
      guidance: input.guidance ?? "",
      rules: input.rules ?? {},
    });
  return id;
}

export async function countGenerations(organizationId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(generations).where(eq(generations.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

export async function findPlanRow(planId: string) {
  const [row] = await getDb().select().from(plans).where(eq(plans.id, planId));
  return row ?? null;
}

export async function countPlanWorkouts(planId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(planWorkouts).where(eq(planWorkouts.planId, planId));
  return Number(row?.n ?? 0);
}

export async function countAiPlans(organizationId: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(plans)
    .where(and(eq(plans.organizationId, organizationId), sql`${plans.source} in ('ai-generated', 'ai-adapted')`));
  return Number(row?.n ?? 0);
}

/** Copies a workout of the organization with another source (template, ai-generated). */
export async function copyWorkoutAs(
  workoutId: string,
  source: "template" | "ai-generated" | "team",
  opts: { onlyClassSegments?: boolean } = {},
): Promise<string> {
  const db = getDb();
  const [w] = await db.select().from(workouts).where(eq(workouts.id, workoutId));
  if (!w) throw new Error("no workout");
  const id = newId();
  await db.insert(workouts).values({ ...w, id, source, createdAt: new Date(), updatedAt: new Date() });
  const segs = await db.select().from(workoutSegments).where(eq(workoutSegments.workoutId, workoutId));
  const keep = opts.onlyClassSegments ? segs.filter((s) => s.kind !== "exercise" && s.kind !== "multiExercise") : segs;
  if (keep.length) await db.insert(workoutSegments).values(keep.map((s, i) => ({ ...s, id: newId(), workoutId: id, position: i })));
  return id;
}

export async function setWorkoutVisibility(workoutId: string, visibility: "public" | "private"): Promise<void> {
  await getDb().update(workouts).set({ visibility }).where(eq(workouts.id, workoutId));
}

/** A completed session of a member on a workout, optionally with feedback option keys. */
export async function addCompletedSession(
  organizationId: string,
  endUserId: string,
  workoutId: string,
  feedback?: { rating?: string; difficulty?: string },
): Promise<void> {
  const db = getDb();
  const sessionId = newId();
  await db.insert(workoutSessions).values({
    id: sessionId,
    workoutId,
    organizationId,
    endUserId,
    status: "completed",
    duration: 1200,
    progress: 1,
    expectedDuration: 1200,
    completedAt: new Date(),
  });
  if (feedback) {
    const opts = await db.select().from(feedbackOptions).where(eq(feedbackOptions.organizationId, organizationId));
    const rating = opts.find((o) => o.kind === "rating" && o.key === feedback.rating);
    const difficulty = opts.find((o) => o.kind === "difficulty" && o.key === feedback.difficulty);
    await db
      .insert(workoutFeedback)
      .values({ sessionId, workoutId, organizationId, endUserId, ratingOptionId: rating?.id ?? null, difficultyOptionId: difficulty?.id ?? null });
  }
}

export async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 8000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
