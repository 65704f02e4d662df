/**
 * Helpers for the content autopilot's integration tests: direct database set-up (entitlements,
 * due times, draft plans, earlier executions) that no public operation offers.
 */
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { type Entitlements, autopilotEvents, autopilotTasks, organizations, planWorkouts, plans } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { clearAuthCaches } from "@/server/api/auth";
import { expect } from "vitest";
import { call } from "@/test/harness";

/** The autopilot's base path in a workspace. */
export const autopilotBase = (o: { organizationId: string }) => `/v1/orgs/${o.organizationId}/content-autopilot`;

/** Creates a task through the API (201 expected) and answers it. */
export async function createTask(o: { organizationId: string; key: string }, body: Record<string, unknown>) {
  const res = await call(autopilotBase(o), { key: o.key, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data as Record<string, any>;
}

export async function setEntitlements(organizationId: string, patch: Partial<Entitlements>): Promise<void> {
  await getDb()
    .update(organizations)
    .set({ entitlements: sql`${organizations.entitlements} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(organizations.id, organizationId));
  clearAuthCaches();
}

/** Makes an active task due at `at` (default: a minute ago). */
export async function makeDue(taskId: string, at = new Date(Date.now() - 60_000)): Promise<void> {
  await getDb().update(autopilotTasks).set({ status: "active", nextRunAt: at }).where(eq(autopilotTasks.id, taskId));
}

export async function taskRow(taskId: string) {
  const [row] = await getDb().select().from(autopilotTasks).where(eq(autopilotTasks.id, taskId));
  return row!;
}

export async function eventsOf(taskId: string) {
  return getDb().select().from(autopilotEvents).where(eq(autopilotEvents.taskId, taskId)).orderBy(autopilotEvents.createdAt);
}

/** Records `n` executions today against a cap key, as if earlier runs had happened. */
export async function fakeExecutions(task: { id: string; organizationId: string; ownerId: string | null }, n: number, createdAt = new Date()): Promise<void> {
  if (n <= 0) return;
  await getDb()
    .insert(autopilotEvents)
    .values(
      Array.from({ length: n }, () => ({
        taskId: task.id,
        organizationId: task.organizationId,
        ownerId: task.ownerId,
        capKey: task.ownerId ?? `organization:${task.organizationId}`,
        eventType: "failed" as const,
        trigger: "run_now" as const,
        errorMessage: "earlier run (test)",
        createdAt,
      })),
    );
}

/** Removes a task's events (tests that reuse a task across cap scenarios). */
export async function clearEvents(taskId: string): Promise<void> {
  await getDb().delete(autopilotEvents).where(and(eq(autopilotEvents.taskId, taskId)));
}

/** A draft plan of the organization scheduling the given workouts (one a day from Monday). */
export async function insertDraftPlan(organizationId: string, workoutIds: string[]): Promise<string> {
  const id = newId();
  await getDb().transaction(async (tx) => {
    await tx.insert(plans).values({
      id,
      organizationId,
      name: { "en-US": "Draft Spring Plan" },
      description: { "en-US": "Not yet published." },
      searchText: "draft spring plan",
      difficulty: "beginner",
      visibility: "public",
      status: "draft",
      durationWeeks: 1,
      daysPerWeek: workoutIds.length,
    });
    await tx.insert(planWorkouts).values(workoutIds.map((workoutId, i) => ({ planId: id, week: 1, day: i + 1, workoutId })));
  });
  return id;
}
