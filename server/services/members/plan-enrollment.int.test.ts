import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { endUsers, libraryPlans, planEnrollments, planWorkouts, plans, workoutSessions } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectError, useTestApp } from "@/test/harness";
import { addDays, localDate } from "./plan-progress";
import { addMembers } from "@/test/support/members";

useTestApp();

let org: TestLibraryOrg;
let other: TestLibraryOrg;
const base = () => `/v1/orgs/${org.organizationId}/endusers`;
const db = () => getDb();

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
});

async function freshMember() {
  const [m] = await addMembers(db(), org.organizationId, 1);
  await db().update(endUsers).set({ timeZone: "Europe/Berlin" }).where(eq(endUsers.id, m!.id));
  return m!;
}

const activeRows = (endUserId: string) =>
  db()
    .select()
    .from(planEnrollments)
    .where(and(eq(planEnrollments.endUserId, endUserId), eq(planEnrollments.isActive, true)));

async function completeWorkout(endUserId: string, workoutId: string, how: "complete" | "end" = "complete") {
  const start = await call(`/v1/workouts/${workoutId}/sessions/start`, { key: org.key, body: { endUserId } });
  expect(start.status, start.text).toBe(201);
  const done = await call(`/v1/workouts/${workoutId}/sessions/${how}`, { key: org.key, body: { sessionId: start.body.data.id, endUserId } });
  expect(done.status, done.text).toBe(200);
  return start.body.data.id as string;
}

describe("plans/start, end and active", () => {
  it("enrolls without prior assignment, adds the plan to the library and makes it active", async () => {
    const m = await freshMember();
    const planId = org.library.planIds[1]!;
    const res = await call(`${base()}/${m.email}/plans/start`, { key: org.key, body: { planId, startDate: "2026-03-02" } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      planId,
      endUserId: m.id,
      startDate: "2026-03-02",
      isActive: true,
      createdAt: expect.any(String),
      endedAt: null,
      plan: expect.objectContaining({ id: planId, name: expect.any(String), durationWeeks: expect.any(Number) }),
    });
    const active = await call(`${base()}/${m.id}/plans/active`, { key: org.key });
    expect(active.body.data).toEqual(res.body.data);
    expect(
      await db()
        .select()
        .from(libraryPlans)
        .where(and(eq(libraryPlans.endUserId, m.id), eq(libraryPlans.planId, planId))),
    ).toHaveLength(1);
    // The library list leaves the active plan out.
    expect((await call(`${base()}/${m.id}/plans`, { key: org.key })).body.links.total).toBe(0);
  });

  it("defaults the start date to today in the member's time zone", async () => {
    const m = await freshMember();
    const res = await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId: org.library.planIds[0] } });
    expect(res.body.data.startDate).toBe(localDate(new Date(), "Europe/Berlin"));
  });

  it("keeps one active plan: a new start ends the previous one", async () => {
    const m = await freshMember();
    const [p1, p2] = org.library.planIds;
    const first = await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId: p1 } });
    const second = await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId: p2 } });
    expect(second.status).toBe(201);
    const rows = await db().select().from(planEnrollments).where(eq(planEnrollments.endUserId, m.id));
    expect(rows.find((r) => r.id === first.body.data.id)).toMatchObject({ isActive: false, endedAt: expect.any(Date) });
    expect(await activeRows(m.id)).toEqual([expect.objectContaining({ planId: p2 })]);
    const list = await call(`${base()}/${m.id}/plans`, { key: org.key });
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([p1]);
  });

  it("keeps one active plan under concurrent starts", async () => {
    const m = await freshMember();
    const ids = [...org.library.planIds, ...org.library.privatePlanIds];
    const responses = await Promise.all(ids.map((planId) => call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId } })));
    expect(responses.map((r) => r.status)).toEqual(ids.map(() => 201));
    expect(await activeRows(m.id)).toHaveLength(1);
  });

  it("ends the active plan, keeps the library row, and 404s for a plan that is not active", async () => {
    const m = await freshMember();
    const [p1, p2] = org.library.planIds;
    await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId: p1 } });
    expectError(await call(`${base()}/${m.id}/plans/${p2}/end`, { key: org.key, method: "POST" }), 404, "NotFound");
    const ended = await call(`${base()}/${m.id}/plans/${p1}/end`, { key: org.key, method: "POST" });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ planId: p1, isActive: false, endedAt: expect.any(String) });
    expect((await call(`${base()}/${m.id}/plans/active`, { key: org.key })).body).toEqual({ data: null });
    expect((await call(`${base()}/${m.id}/plans`, { key: org.key })).body.data.map((p: { id: string }) => p.id)).toEqual([p1]);
    expectError(await call(`${base()}/${m.id}/plans/${p1}/end`, { key: org.key, method: "POST" }), 404, "NotFound");
    expectError(await call(`${base()}/${m.id}/plans/${p1}/end`, { key: org.key, body: { now: true } }), 400, "ValidationError");
  });

  it("starts a plan generated for this member, but not another organization's or an unknown plan", async () => {
    const m = await freshMember();
    const own = newId();
    await db()
      .insert(plans)
      .values({
        id: own,
        organizationId: org.organizationId,
        endUserId: m.id,
        name: { "en-US": "Mine" },
        difficulty: "beginner",
        visibility: "end-user-ai-generated",
        source: "ai-generated",
        durationWeeks: 1,
        daysPerWeek: 1,
      });
    expect((await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId: own } })).status).toBe(201);
    const stranger = (await addMembers(db(), org.organizationId, 1))[0]!;
    expectError(await call(`${base()}/${stranger.id}/plans/start`, { key: org.key, body: { planId: own } }), 404, "NotFound");
    expectError(await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId: other.library.planIds[0] } }), 404, "NotFound");
    expectError(await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId: "b".repeat(24) } }), 404, "NotFound");
    expectError(
      await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId: org.library.planIds[0], startDate: "02/03/2026" } }),
      400,
      "ValidationError",
    );
    expectError(await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: {} }), 400, "ValidationError");
    expectError(
      await call(`${base()}/${org.library.suspendedEndUser.id}/plans/start`, { key: org.key, body: { planId: org.library.planIds[0] } }),
      404,
      "NotFound",
    );
  });
});

describe("plans/active/progress", () => {
  it("is 200 with data null without an active plan", async () => {
    const m = await freshMember();
    const res = await call(`${base()}/${m.id}/plans/active/progress`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null });
  });

  it("counts real completed sessions against the schedule", async () => {
    const m = await freshMember();
    const planId = org.library.planIds[0]!;
    const today = localDate(new Date(), "Europe/Berlin");
    const start = addDays(today, -8); // week 2, day 2
    await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId, startDate: start } });
    const schedule = await db()
      .select()
      .from(planWorkouts)
      .where(eq(planWorkouts.planId, planId))
      .orderBy(planWorkouts.week, planWorkouts.day, planWorkouts.position);

    const empty = await call(`${base()}/${m.id}/plans/active/progress?locale=de-DE`, { key: org.key });
    expect(empty.body.data).toMatchObject({
      planId,
      startDate: start,
      status: "inProgress",
      currentWeek: 2,
      currentDay: 2,
      scheduledWorkouts: schedule.length,
      completedWorkouts: 0,
      percentage: 0,
    });
    expect(empty.body.data.workouts).toHaveLength(schedule.length);
    expect(empty.body.data.workouts[0]).toEqual({
      week: 1,
      day: schedule[0]!.day,
      position: 0,
      workoutId: schedule[0]!.workoutId,
      name: expect.any(String),
      scheduledDate: addDays(start, schedule[0]!.day - 1),
      completed: false,
      completedAt: null,
      sessionId: null,
    });

    // A completed session and an ended one count; a started one does not.
    const s1 = await completeWorkout(m.id, schedule[0]!.workoutId);
    const s2 = await completeWorkout(m.email!, schedule[1]!.workoutId, "end");
    await call(`/v1/workouts/${schedule[2]!.workoutId}/sessions/start`, { key: org.key, body: { endUserId: m.id } });
    const progress = await call(`${base()}/${m.id}/plans/active/progress`, { key: org.key });
    expect(progress.body.data.completedWorkouts).toBe(2);
    expect(progress.body.data.percentage).toBe(Math.round((2 / schedule.length) * 100));
    expect(progress.body.data.workouts[0]).toMatchObject({ completed: true, sessionId: s1 });
    expect(progress.body.data.workouts[1]).toMatchObject({ completed: true, sessionId: s2 });
    expect(progress.body.data.workouts[2]).toMatchObject({ completed: false });
  });

  it("ignores sessions completed before the start date and reports upcoming plans", async () => {
    const m = await freshMember();
    const planId = org.library.planIds[0]!;
    const [slot] = await db().select().from(planWorkouts).where(eq(planWorkouts.planId, planId)).orderBy(planWorkouts.week, planWorkouts.day);
    const sessionId = await completeWorkout(m.id, slot!.workoutId);
    const tomorrow = addDays(localDate(new Date(), "Europe/Berlin"), 1);
    await call(`${base()}/${m.id}/plans/start`, { key: org.key, body: { planId, startDate: tomorrow } });
    const upcoming = await call(`${base()}/${m.id}/plans/active/progress`, { key: org.key });
    expect(upcoming.body.data).toMatchObject({ status: "upcoming", currentWeek: null, currentDay: null, completedWorkouts: 0 });
    // Moved into the plan's window, the same session counts.
    await db()
      .update(workoutSessions)
      .set({ completedAt: new Date(Date.now() + 86_400_000 * 2) })
      .where(eq(workoutSessions.id, sessionId));
    const counted = await call(`${base()}/${m.id}/plans/active/progress`, { key: org.key });
    expect(counted.body.data.completedWorkouts).toBe(1);
  });
});
