import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { planWorkouts, plans, workoutSegments, workoutSessions, workouts } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { analyticsMemberStatusJob, rebuildAnalyticsJob } from "@/server/jobs/definitions/analytics";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { addMembers } from "@/test/support/members";
import { refreshMemberStatus } from "./member-status";
import { addDays, isoDay, weekStart } from "./range";

useTestApp();

/**
 * Hand-computed fixtures: every session is made through the real session API, then some are moved
 * to earlier days or deleted with plain SQL (what a correction is), and every number below was
 * worked out by hand from the fixture, not recomputed from the rollups.
 */
const db = () => getDb();
const T = isoDay(Date.now());
const io = { run: <X>(_: string, fn: () => Promise<X>) => fn(), sleep: async () => {}, sendEvent: async () => {} };

let org: TestLibraryOrg;
let org2: TestLibraryOrg;
let W: string;
let expected: number;
let segs: { id: string; position: number; durationSeconds: number }[];
let options: { rating: { id: string; value: number }[]; difficulty: { id: string; value: number }[] };
const ids: Record<string, string> = {};
let halfDuration = 0;

const base = (o = org) => `/v1/orgs/${o.organizationId}/analytics`;
async function start(workoutId: string, endUserId?: string, key = org.key) {
  const res = await call(`/v1/workouts/${workoutId}/sessions/start`, { key, body: endUserId ? { endUserId } : {} });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}
async function ok(path: string, key = org.key) {
  const res = await call(path, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}
const moveSession = (id: string, day: string) =>
  db()
    .update(workoutSessions)
    .set({ createdAt: new Date(`${day}T12:00:00Z`) })
    .where(eq(workoutSessions.id, id));

async function rollupSnapshot(organizationId: string) {
  const q = (t: string, order: string) => db().execute(sql.raw(`select * from ${t} where ${order} order by 1, 2, 3`));
  const w = `workout_id in (select id from workouts where organization_id = '${organizationId}')`;
  return {
    org: await q("analytics_org_days", `organization_id = '${organizationId}' and (starts, finishes, completions, seconds) <> (0, 0, 0, 0)`),
    workout: await q("analytics_workout_days", `organization_id = '${organizationId}' and (starts, finishes, completions, seconds) <> (0, 0, 0, 0)`),
    watch: await q("analytics_workout_watch", `${w} and sessions <> 0`),
    stops: await q("analytics_workout_stops", `${w} and sessions <> 0`),
    feedback: await q("analytics_feedback_days", `${w} and votes <> 0`),
    member: await q("analytics_member_days", `organization_id = '${organizationId}' and (starts, completions, seconds) <> (0, 0, 0)`),
    active: await q("analytics_org_active", `organization_id = '${organizationId}' and members <> 0`),
    plan: await q("analytics_plan_days", `organization_id = '${organizationId}' and (starts, finishes, completions, seconds) <> (0, 0, 0, 0)`),
  };
}

beforeAll(async () => {
  [org, org2] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Plan Studio" })]);
  W = org.library.workoutIds[0]!;
  expected = (await db().select({ d: workouts.duration }).from(workouts).where(eq(workouts.id, W)))[0]!.d;
  segs = await db()
    .select({ id: workoutSegments.id, position: workoutSegments.position, durationSeconds: workoutSegments.durationSeconds })
    .from(workoutSegments)
    .where(eq(workoutSegments.workoutId, W))
    .orderBy(asc(workoutSegments.position));
  options = (await call("/v1/workouts/feedback/options", { key: org.key })).body.data;
  const [a, b, c] = await addMembers(db(), org.organizationId, 3);

  // A: plays to the end (complete) and rates 5, "just right".
  ids.s1 = await start(W, a!.id);
  await call(`/v1/workouts/${W}/sessions/${ids.s1}`, {
    method: "PATCH",
    key: org.key,
    body: { endUserId: a!.id, workoutSegmentId: segs[1]!.id, progressSeconds: 30 },
  });
  expect((await call(`/v1/workouts/${W}/sessions/complete`, { key: org.key, body: { endUserId: a!.id, sessionId: ids.s1 } })).status).toBe(200);
  const justRight = options.difficulty.find((o) => o.value === 2)!;
  const fb1 = await call(`/v1/workouts/${W}/feedback`, {
    key: org.key,
    body: { endUserId: a!.id, workoutSessionId: ids.s1, ratingId: options.rating.find((o) => o.value === 5)!.id, difficultyId: justRight.id },
  });
  expect(fb1.status, fb1.text).toBeLessThan(300);
  // B: half the workout, last segment reported segs[2], ends, rates 3.
  ids.s2 = await start(W, b!.id);
  const patched = await call(`/v1/workouts/${W}/sessions/${ids.s2}`, {
    method: "PATCH",
    key: org.key,
    body: { endUserId: b!.id, workoutSegmentId: segs[2]!.id, progressSeconds: Math.round(expected / 2) },
  });
  halfDuration = patched.body.data.duration;
  expect(patched.body.data.progress).toBeGreaterThanOrEqual(0.5);
  expect(patched.body.data.progress).toBeLessThan(0.55);
  expect((await call(`/v1/workouts/${W}/sessions/end`, { key: org.key, body: { endUserId: b!.id, sessionId: ids.s2 } })).status).toBe(200);
  const fb2 = await call(`/v1/workouts/${W}/feedback`, {
    key: org.key,
    body: { endUserId: b!.id, workoutSessionId: ids.s2, ratingId: options.rating.find((o) => o.value === 3)!.id },
  });
  expect(fb2.status, fb2.text).toBeLessThan(300);
  // Anonymous: ends at once without reporting a segment.
  ids.s3 = await start(W);
  expect((await call(`/v1/workouts/${W}/sessions/end`, { key: org.key, body: { sessionId: ids.s3 } })).status).toBe(200);
  // C: starts and is still playing.
  ids.s4 = await start(W, c!.id);
  ids.a = a!.id;
  ids.b = b!.id;
  ids.c = c!.id;
});

describe("GET .../analytics/workouts/{workoutId}", () => {
  it("counts starts, finishes, completions, share watched, drop-off and feedback from the session API's writes", async () => {
    const d = await ok(`${base()}/workouts/${W}?from=${T}&to=${T}`);
    // 4 starts; A, B and the anonymous play finished; only A reached 90%.
    expect(d.totals).toEqual({
      starts: 4,
      finishes: 3,
      completions: 1,
      completionRate: 0.25,
      minutes: Math.round((expected + halfDuration) / 6) / 10,
      // Shares 0 (anonymous), 0.5 (B), 1 (A): the middle one.
      medianShareWatched: 0.5,
      ratingAverage: 4,
      ratingCount: 2,
    });
    expect(d.shareWatched).toEqual([
      { share: 0, sessions: 1 },
      { share: 0.5, sessions: 1 },
      { share: 1, sessions: 1 },
    ]);
    expect(d.stoppedBeforeFirstSegment).toBe(1);
    // 2 finished sessions reported a segment; B stopped at segs[2], A went on to the end.
    expect(d.dropOff.map((s: { reached: number; stopped: number }) => [s.reached, s.stopped])).toEqual(
      segs.map((_, i) => (i < 2 ? [2, 0] : i === 2 ? [2, 1] : [1, 0])),
    );
    expect(d.dropOff[2]).toMatchObject({
      segmentId: segs[2]!.id,
      position: segs[2]!.position,
      stopRate: 0.5,
      startSecond: Math.round(segs[0]!.durationSeconds + segs[1]!.durationSeconds),
    });
    expect(d.ratings.map((r: { value: number; votes: number }) => [r.value, r.votes])).toEqual([
      [3, 1],
      [5, 1],
    ]);
    expect(d.difficulty).toEqual([expect.objectContaining({ key: "just-right", votes: 1 })]);
    expect(d.series).toEqual([expect.objectContaining({ start: T, starts: 4, completions: 1, ratingAverage: 4, ratingCount: 2 })]);
  });

  it("fills every bucket of the range and groups weeks from Monday", async () => {
    const from = addDays(T, -13);
    const days = await ok(`${base()}/workouts/${W}?from=${from}&to=${T}`);
    expect(days.series).toHaveLength(14);
    expect(days.series.filter((p: { starts: number }) => p.starts > 0)).toHaveLength(1);
    const weeks = await ok(`${base()}/workouts/${W}?from=${from}&to=${T}&interval=week`);
    expect(weeks.series[0].start).toBe(weekStart(from));
    expect(weeks.series.at(-1)).toMatchObject({ start: weekStart(T), starts: 4 });
    expect(weeks.range).toEqual({ from, to: T, interval: "week", days: 14 });
  });

  it("answers 404 for another workspace's workout and runs the auth matrix", async () => {
    expectError(await call(`${base()}/workouts/${org2.library.workoutIds[0]}`, { key: org.key }), 404, "NotFound");
    expectError(await call(`${base()}/workouts/${"f".repeat(24)}`, { key: org.key }), 404, "NotFound");
    await expectAuthMatrix(org, `${base()}/workouts/${W}`);
  });
});

describe("range validation (every analytics read)", () => {
  it("defaults to the 30 days ending today", async () => {
    const d = await ok(`${base()}/overview`);
    expect(d.range).toEqual({ from: addDays(T, -29), to: T, interval: "day", days: 30 });
    expect(d.series).toHaveLength(30);
  });

  it.each([
    ["from after to", `from=${T}&to=${addDays(T, -1)}`, "from"],
    ["over 400 days", `from=${addDays(T, -400)}&to=${T}`, "to"],
  ])("400 ValidationError: %s", async (_, qs, field) => {
    for (const path of ["overview", `workouts/${W}`, `plans/${org.library.planIds[0]}`, `members/${ids.a}`]) {
      const err = expectError(await call(`${base()}/${path}?${qs}`, { key: org.key }), 400, "ValidationError");
      expect(err.details?.[0]?.target).toBe(field);
    }
  });

  it("accepts exactly 400 days", async () => {
    expect((await ok(`${base()}/overview?from=${addDays(T, -399)}&to=${T}&interval=week`)).range.days).toBe(400);
  });

  it.each([["from=2026-02-30"], ["to=yesterday"], ["interval=month"], ["since=2026-01-01"]])("400 ValidationError for %s", async (qs) => {
    expectError(await call(`${base()}/overview?${qs}`, { key: org.key }), 400, "ValidationError");
  });

  it("404 unknown organization, 403 another workspace's key", async () => {
    expectError(await call(`/v1/orgs/${"e".repeat(24)}/analytics/overview`, { key: org.key }), 404, "NotFound");
    expectError(await call(`${base(org2)}/overview`, { key: org.key }), 403, "Forbidden");
    await expectAuthMatrix(org, `${base()}/overview`);
    await expectAuthMatrix(org, `${base()}/members`);
  });
});

describe("GET .../analytics/overview", () => {
  it("counts plays, minutes, active members and ranks content", async () => {
    const d = await ok(`${base()}/overview?from=${T}&to=${T}`);
    expect(d.totals).toMatchObject({ starts: 4, finishes: 3, completions: 1, completionRate: 0.25 });
    expect(d.activeMembers).toEqual({ day: 3, week: 3, month: 3 });
    expect(d.series).toEqual([expect.objectContaining({ start: T, starts: 4, activeMembers: 3 })]);
    expect(d.topContent).toEqual([expect.objectContaining({ workoutId: W, starts: 4, completions: 1, completionRate: 0.25 })]);
    expect(d.bottomContent).toEqual(d.topContent);
    expect(d.autopilot).toEqual({ succeeded: 0, failed: 0, skippedLimit: 0, skippedPremiumLost: 0 });
    expect(d.social).toEqual({ published: 0, failed: 0 });
    expect(d.apiUsage.dailyCap).toBeGreaterThan(0);
    expect(d.apiUsage.units).toBeGreaterThan(0);
  });

  it("counts API usage up to the read itself without waiting for the usage flush", async () => {
    const first = await ok(`${base()}/overview`);
    const second = await ok(`${base()}/overview`);
    // The second read is one more admitted request of weight 1, counted before its handler ran.
    expect(second.apiUsage.units - first.apiUsage.units).toBe(1);
    expect(second.apiUsage.requests - first.apiUsage.requests).toBe(1);
    expect(second.apiUsage.series.reduce((a: number, u: { requests: number }) => a + u.requests, 0)).toBe(second.apiUsage.requests);
  });
});

describe("corrections follow the raw rows", () => {
  it("a session moved to another day, a deleted session and a removed member, and the backfill rebuilds the same rollups", async () => {
    const earlier = addDays(T, -3);
    await moveSession(ids.s1!, earlier);
    let d = await ok(`${base()}/overview?from=${earlier}&to=${T}`);
    expect(d.series.map((p: { starts: number; activeMembers: number }) => [p.starts, p.activeMembers])).toEqual([
      [1, 1],
      [0, 0],
      [0, 0],
      [3, 2],
    ]);
    expect(d.activeMembers).toEqual({ day: 2, week: weekStart(earlier) === weekStart(T) ? 3 : 2, month: earlier.slice(0, 7) === T.slice(0, 7) ? 3 : 2 });

    // B's session (and its feedback, by cascade) deleted.
    await db().delete(workoutSessions).where(eq(workoutSessions.id, ids.s2!));
    const w = await ok(`${base()}/workouts/${W}?from=${earlier}&to=${T}`);
    expect(w.totals).toMatchObject({ starts: 3, finishes: 2, completions: 1, completionRate: 0.333, ratingAverage: 5, ratingCount: 1, medianShareWatched: 0 });
    expect(w.dropOff.every((s: { stopped: number }) => s.stopped === 0)).toBe(true);
    d = await ok(`${base()}/overview?from=${T}&to=${T}`);
    expect(d.activeMembers.day).toBe(1);

    // C removed: the session stays (anonymous now), C no longer counts as active.
    await db().execute(sql`delete from end_users where id = ${ids.c}`);
    d = await ok(`${base()}/overview?from=${T}&to=${T}`);
    expect(d.activeMembers.day).toBe(0);
    expect(d.totals.starts).toBe(2);

    const before = await rollupSnapshot(org.organizationId);
    await rebuildAnalyticsJob.handler({ payload: { organizationId: org.organizationId }, io });
    expect(await rollupSnapshot(org.organizationId)).toEqual(before);
  });
});

describe("plans and members (adherence against the active plan's schedule)", () => {
  let P: string;
  let D: string;
  let E: string;
  let F: string;
  const S = addDays(T, -59);

  beforeAll(async () => {
    // A 12-week plan of two workouts a week (days 1 and 4), all of workout W2.
    const W2 = org2.library.workoutIds[0]!;
    P = newId();
    await db()
      .insert(plans)
      .values({
        id: P,
        organizationId: org2.organizationId,
        trainerId: org2.library.trainerIds[0],
        name: { "en-US": "Twice a week" },
        difficulty: "beginner",
        visibility: "private",
        durationWeeks: 12,
        daysPerWeek: 2,
      });
    await db()
      .insert(planWorkouts)
      .values(Array.from({ length: 24 }, (_, i) => ({ planId: P, week: Math.floor(i / 2) + 1, day: i % 2 === 0 ? 1 : 4, position: 0, workoutId: W2 })));
    [D, E, F] = (await addMembers(db(), org2.organizationId, 3)).map((m) => m.id) as [string, string, string];
    const enroll = async (m: string, startDate: string) => {
      const res = await call(`/v1/orgs/${org2.organizationId}/endusers/${m}/plans/start`, { key: org2.key, body: { planId: P, startDate } });
      expect(res.status, res.text).toBe(201);
    };
    await enroll(D, S);
    await enroll(E, addDays(T, -10));
    await enroll(F, addDays(T, -3));
    // D trains on every scheduled day of the first 30 days (9), then on 3 of the next 9, then stops.
    const dDays = [-59, -56, -52, -49, -45, -42, -38, -35, -31, -28, -24, -21].map((n) => addDays(T, n));
    for (const day of dDays) {
      const id = await start(W2, D, org2.key);
      expect((await call(`/v1/workouts/${W2}/sessions/complete`, { key: org2.key, body: { endUserId: D, sessionId: id } })).status).toBe(200);
      await moveSession(id, day);
    }
    const f = await start(W2, F, org2.key);
    expect((await call(`/v1/workouts/${W2}/sessions/complete`, { key: org2.key, body: { endUserId: F, sessionId: f } })).status).toBe(200);
    await analyticsMemberStatusJob.handler({ payload: {}, io });
  });

  it("a member's adherence, streaks and verdict", async () => {
    const d = await ok(`${base(org2)}/members/${D}?from=${addDays(T, -89)}&to=${T}`, org2.key);
    // Scheduled: 9 in the previous 30 days (all done), 9 in the last 30 (3 done), 2 in the last 7 (none), 18 in 90 (12).
    expect(d.adherence).toEqual({ last7Days: 0, last30Days: 33, last90Days: 67, previous30Days: 100 });
    expect(d).toMatchObject({ needsAttention: true, attentionReasons: ["adherence_drop", "inactive"], lastActiveDay: addDays(T, -21), daysInactive: 21 });
    expect(d.activePlan).toEqual({ id: P, name: "Twice a week", startDate: S, week: 9 });
    expect(d.totals).toMatchObject({ starts: 12, completions: 12 });
    expect(d.streak.longestWeeks).toBeGreaterThanOrEqual(5);
    expect(d.streak.currentWeeks).toBe(0);

    const e = await ok(`${base(org2)}/members/${E}?to=${T}`, org2.key);
    // Started 10 days ago, scheduled T-10, T-7, T-3 and T: nothing done; no previous period.
    expect(e.adherence).toEqual({ last7Days: 0, last30Days: 0, last90Days: 0, previous30Days: null });
    expect(e).toMatchObject({ needsAttention: true, attentionReasons: ["inactive"], lastActiveDay: null });

    const f = await ok(`${base(org2)}/members/${F}?to=${T}`, org2.key);
    expect(f.adherence).toEqual({ last7Days: 50, last30Days: 50, last90Days: 50, previous30Days: null });
    expect(f).toMatchObject({ needsAttention: false, attentionReasons: [], lastActiveDay: T, daysInactive: 0, streak: { currentWeeks: 1, longestWeeks: 1 } });
  });

  it("lists members needing attention, largest drop first", async () => {
    const res = await call(`${base(org2)}/members?needsAttention=true`, { key: org2.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((m: { endUserId: string; attentionReasons: string[] }) => [m.endUserId, m.attentionReasons])).toEqual([
      [D, ["adherence_drop", "inactive"]],
      [E, ["inactive"]],
    ]);
    expect(res.body.data[0]).toMatchObject({ activePlan: { id: P, name: "Twice a week" }, asOf: T, daysInactive: 21 });
    const onTrack = await call(`${base(org2)}/members?needsAttention=false`, { key: org2.key });
    expect(onTrack.body.data.map((m: { endUserId: string }) => m.endUserId)).toEqual([F]);
    const all = await call(`${base(org2)}/members?limit=1`, { key: org2.key });
    expect(all.body.data).toHaveLength(1);
    expect(all.body.links.next).toContain("offset=1");
    expectError(await call(`${base(org2)}/members?limit=101`, { key: org2.key }), 400, "ValidationError");
    expectError(await call(`${base(org2)}/members?needsAttention=maybe`, { key: org2.key }), 400, "ValidationError");
    const overview = await ok(`${base(org2)}/overview`, org2.key);
    expect(overview.needsAttention.total).toBe(2);
  });

  it("a plan's plays and progress through its weeks", async () => {
    const d = await ok(`${base(org2)}/plans/${P}?from=${addDays(T, -89)}&to=${T}&interval=week`, org2.key);
    // 12 sessions of D and 1 of F, all completed.
    expect(d.totals).toMatchObject({ starts: 13, finishes: 13, completions: 13, completionRate: 1 });
    expect(d.enrollments).toEqual({ active: 3, startedInRange: 3, endedInRange: 0 });
    // D: 2 completions in each of weeks 1 to 6; F: 1 in week 1. Reached: D up to week 9, E up to week 2, F week 1.
    expect(
      d.weeks.map((w: { week: number; membersReached: number; membersActive: number; completions: number }) => [
        w.week,
        w.membersReached,
        w.membersActive,
        w.completions,
      ]),
    ).toEqual([
      [1, 3, 2, 3],
      [2, 2, 1, 2],
      [3, 1, 1, 2],
      [4, 1, 1, 2],
      [5, 1, 1, 2],
      [6, 1, 1, 2],
      [7, 1, 0, 0],
      [8, 1, 0, 0],
      [9, 1, 0, 0],
      [10, 0, 0, 0],
      [11, 0, 0, 0],
      [12, 0, 0, 0],
    ]);
    expect(d.weeks[0].adherence).toBe(0.5);
    expect(d.weeks[9].adherence).toBeNull();
    expectError(await call(`${base(org2)}/plans/${org.library.planIds[0]}`, { key: org2.key }), 404, "NotFound");
    await expectAuthMatrix(org2, `${base(org2)}/plans/${P}`);
  });

  it("404 for an unknown or suspended member", async () => {
    expectError(await call(`${base(org2)}/members/nobody@example.com`, { key: org2.key }), 404, "NotFound");
    await db().execute(sql`update end_users set status = 'suspended' where id = ${E}`);
    expectError(await call(`${base(org2)}/members/${E}`, { key: org2.key }), 404, "NotFound");
    await refreshMemberStatus(db(), { organizationId: org2.organizationId, asOf: T });
    const res = await call(`${base(org2)}/members?needsAttention=true`, { key: org2.key });
    expect(res.body.data.map((m: { endUserId: string }) => m.endUserId)).toEqual([D]);
  });
});
