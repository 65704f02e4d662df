import { inngestFunction } from "@/server/jobs/inngest-functions";
import { InngestTestEngine } from "@inngest/test";
import { announced, subscribeToAllEvents } from "@/test/support/webhook-receiver";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { planWorkouts, plans, workoutCategories, workoutFeedback, workoutSearchWords, workoutSegments, workoutSessions, workouts } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { categoryId, goalId } from "@/db/seed/reference";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { autopilotBase, createTask, eventsOf, fakeExecutions, insertDraftPlan, makeDue, setEntitlements, taskRow } from "@/test/support/autopilot";
import { runDueTasks, runNextDueTask } from "./run-task";
import { recordJobEvents } from "@/test/support/job-events";

const runAutopilot = inngestFunction("run-autopilot");

/** Job events the runs announce, recorded instead of sent (no queue is needed to check them). */
const sent = recordJobEvents();

useTestApp();

const UNKNOWN = "0123456789abcdef01234567";
const DAY = 86_400_000;
let org: TestLibraryOrg;
let other: TestLibraryOrg;
const base = (o: { organizationId: string } = org) => autopilotBase(o);
const wid = (key: string, o: TestLibraryOrg = org) => o.library.workoutIdByKey.get(key)!;

const AI_WORKOUT = {
  name: "Daily strength",
  scope: "ai_generate",
  contentType: "workout",
  categoryIds: [categoryId("strength")],
  difficultyOptions: ["beginner", "advanced"],
  durationMin: 15,
  durationMax: 25,
  repeatMode: "daily",
};

const create = (body: Record<string, unknown>, o: { organizationId: string; key: string } = org) => createTask(o, body);

async function runNow(taskId: string, o: { organizationId: string; key: string } = org) {
  const res = await call(`${base(o)}/${taskId}/run-now`, { key: o.key, method: "POST" });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Record<string, any>;
}

/** An instant long before any real schedule, so a scheduler run with this `now` serves only the tasks a test made due then. */
const ancient = (day: number) => new Date(Date.UTC(2001, 0, day, 9, 30));

beforeAll(async () => {
  [org, other] = await Promise.all([createLibraryOrg(), createLibraryOrg({ name: "Other Studio" })]);
});
beforeEach(() => {
  sent.length = 0;
});

describe("run-now: ai_generate workout", () => {
  let event: Record<string, any>;
  let task: Record<string, any>;

  beforeAll(async () => {
    task = await create(AI_WORKOUT);
    const before = await call(`${base()}/${task.id}`, { key: org.key });
    const res = await call(`${base()}/${task.id}/run-now`, { key: org.key, method: "POST" });
    expect(res.status, res.text).toBe(200);
    event = res.body.data;
    // Weight 10: the rate limiter charged ten units for run-now, one for the read before it.
    expect(Number(before.headers.get("x-ratelimit-remaining")) - Number(res.headers.get("x-ratelimit-remaining"))).toBe(10);
  });

  it("answers 200 with the success event, state and schedule unchanged", async () => {
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      _id: event.id,
      taskId: task.id,
      organizationId: org.organizationId,
      _teamId: org.organizationId,
      ownerId: task.ownerId,
      _ownerId: task.ownerId,
      eventType: "success",
      resultContentId: expect.stringMatching(/^[0-9a-f]{24}$/),
      resultContentType: "workout",
      trigger: "run_now",
      scheduledFor: null,
      createdAt: expect.any(String),
    });
    const after = await call(`${base()}/${task.id}`, { key: org.key });
    expect(after.body.data).toMatchObject({ status: "draft", nextRunAt: null });
  });

  it("persists a published public workout that lists, reads and plays like a seeded one", async () => {
    const id = event.resultContentId;
    const list = await call(`/v1/orgs/${org.organizationId}/workouts?sort=-createdAt&limit=50`, { key: org.key });
    const item = list.body.data.find((w: any) => w.id === id);
    expect(item, "listed").toBeDefined();
    expect(item).toMatchObject({
      visibility: "public",
      difficulty: "beginner",
      ownerId: task.ownerId,
      trainer: { id: task.ownerId, name: expect.any(String) },
      categories: [{ id: categoryId("strength"), name: "Strength" }],
      organization: { id: org.organizationId, name: "Test Studio" },
      preview: { url: expect.stringContaining("sig="), poster: expect.stringContaining(".jpg"), thumbnail: expect.stringContaining(".jpg") },
    });
    expect(item.muscleGroupPercentages.length).toBeGreaterThan(0);
    expect(item.muscleGroupPercentages.reduce((s: number, m: any) => s + m.percentage, 0)).toBeGreaterThan(99);
    expect(item.equipment).toEqual(expect.any(Array));

    const detail = await call(`/v1/workouts/${id}`, { key: org.key });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data).toMatchObject({ id, name: item.name, duration: item.duration, audioIntro: expect.objectContaining({ url: expect.any(String) }) });
    const german = await call(`/v1/workouts/${id}?locale=de-DE`, { key: org.key });
    expect(german.body.data.name).not.toBe(item.name);
    expect(german.body.data.categories[0].name).toBe("Kraft");

    const playlist = await call(`/v1/workouts/${id}/playlist`, { key: org.key });
    expect(playlist.status, playlist.text).toBe(200);
    const kinds = playlist.body.data.map((s: any) => Object.keys(s)[0]);
    expect(kinds[0]).toBe("intro");
    expect(kinds[kinds.length - 1]).toBe("outro");
    expect(kinds).toContain("exercise");
    expect(kinds).toContain("break");
    const exercise = playlist.body.data.find((s: any) => s.exercise).exercise;
    expect(exercise).toMatchObject({ kind: "exercise", exerciseId: expect.any(String), main: { video: { url: expect.stringContaining("sig="), loop: -1 } } });
    const breakSeg = playlist.body.data.find((s: any) => s.break).break;
    expect(breakSeg.imageUrl).toContain("/media/public/");
    // The generated sets and rests stay within the task's 15 to 25 minutes; intro and outro frame them.
    const sets = playlist.body.data.filter((s: any) => s.exercise || s.break).reduce((sum: number, s: any) => sum + (s.exercise ?? s.break).duration, 0);
    expect(sets).toBeGreaterThanOrEqual(15 * 60 - 1);
    expect(sets).toBeLessThanOrEqual(25 * 60 + 1);
    expect(item.duration).toBeGreaterThan(sets);

    const [row] = await getDb().select().from(workouts).where(eq(workouts.id, id));
    expect(row).toMatchObject({ status: "published", source: "ai-generated", organizationId: org.organizationId });
    expect(row!.publishedAt).toBeInstanceOf(Date);
    expect(Object.keys(row!.name).length).toBe(18);
    expect(row!.searchText).toContain(item.name.toLowerCase());
  });

  it("is found by search: its words joined the workspace vocabulary", async () => {
    const id = event.resultContentId;
    const [row] = await getDb().select().from(workouts).where(eq(workouts.id, id));
    const word = row!.name["de-DE"]!.split(/[^\p{L}]+/u)
      .find((w) => w.length >= 4)!
      .toLowerCase();
    const vocab = await getDb()
      .select()
      .from(workoutSearchWords)
      .where(and(eq(workoutSearchWords.organizationId, org.organizationId), eq(workoutSearchWords.word, word)));
    expect(vocab[0]?.workouts).toBeGreaterThanOrEqual(1);
    const found = await call(`/v1/orgs/${org.organizationId}/workouts?q=${encodeURIComponent(row!.name["en-US"]!)}`, { key: org.key });
    expect(found.body.data.map((w: any) => w.id)).toContain(id);
  });

  it("announces the publication after commit (workouts/content.changed) on the next run, and records its minutes", async () => {
    const next = await runNow(task.id);
    expect(next.eventType).toBe("success");
    expect(next.resultContentId).not.toBe(event.resultContentId);
    expect(sent).toEqual([{ name: "workouts/content.changed", data: { workoutId: next.resultContentId, reason: "published" } }]);
    // The second run rotates to the next difficulty option.
    const [row] = await getDb().select().from(workouts).where(eq(workouts.id, next.resultContentId));
    expect(row!.difficulty).toBe("advanced");
    const rows = await eventsOf(task.id);
    expect(rows.map((e) => e.contentMinutes)).toEqual([expect.any(Number), expect.any(Number)]);
    expect(rows[0]!.contentMinutes).toBeGreaterThan(15);
    expect((await taskRow(task.id)).executions).toBe(2);
  });
});

describe("run-now: the other scopes", () => {
  it("ai_generate program: a published plan of the organization's workouts", async () => {
    const task = await create({
      name: "Monthly plan",
      scope: "ai_generate",
      contentType: "program",
      goalIds: [goalId("general-fitness")],
      difficultyOptions: ["beginner"],
    });
    const event = await runNow(task.id);
    expect(event, JSON.stringify(event)).toMatchObject({ eventType: "success", resultContentType: "program" });
    const plan = await call(`/v1/plans/${event.resultContentId}`, { key: org.key });
    expect(plan.status, plan.text).toBe(200);
    const list = await call(`/v1/orgs/${org.organizationId}/plans?limit=50`, { key: org.key });
    expect(list.body.data.map((p: any) => p.id)).toContain(event.resultContentId);
    const [row] = await getDb().select().from(plans).where(eq(plans.id, event.resultContentId));
    expect(row).toMatchObject({ status: "published", visibility: "public", source: "ai-generated", difficulty: "beginner", trainerId: task.ownerId });
    expect(Object.keys(row!.name).length).toBe(18);
    const schedule = await getDb().select().from(planWorkouts).where(eq(planWorkouts.planId, row!.id));
    expect(schedule.length).toBeGreaterThan(3);
    const own = await getDb()
      .select({ id: workouts.id })
      .from(workouts)
      .where(inArray(workouts.id, [...new Set(schedule.map((s) => s.workoutId))]));
    expect(own).toHaveLength(new Set(schedule.map((s) => s.workoutId)).size);
    expect(sent).toEqual([]);
  });

  it("create_similar workout: the source adapted into a new published workout", async () => {
    const source = wid("core-crusher");
    const task = await create({
      name: "Core variations",
      scope: "create_similar",
      sourceContentId: source,
      difficultyOptions: ["beginner"],
      promptGuidanceMode: "custom",
      customPromptGuidance: "more rest",
    });
    const event = await runNow(task.id);
    expect(event, JSON.stringify(event)).toMatchObject({ eventType: "success", resultContentType: "workout" });
    expect(event.resultContentId).not.toBe(source);
    const detail = await call(`/v1/workouts/${event.resultContentId}`, { key: org.key });
    expect(detail.body.data).toMatchObject({ difficulty: "beginner", name: "Core Crusher · Adapted" });
    expect((await call(`/v1/workouts/${event.resultContentId}?locale=de-DE`, { key: org.key })).body.data.name).toContain("Angepasst");
    expect((await call(`/v1/workouts/${event.resultContentId}/playlist`, { key: org.key })).status).toBe(200);
    expect(sent).toEqual([{ name: "workouts/content.changed", data: { workoutId: event.resultContentId, reason: "published" } }]);
  });

  it("create_similar program: a new plan in the source plan's goals, level and length", async () => {
    const [source] = await getDb().select().from(plans).where(eq(plans.id, org.library.planIds[0]!));
    const task = await create({ name: "Plan variations", scope: "create_similar", contentType: "program", sourceContentId: source!.id });
    const event = await runNow(task.id);
    expect(event, JSON.stringify(event)).toMatchObject({ eventType: "success", resultContentType: "program" });
    const [row] = await getDb().select().from(plans).where(eq(plans.id, event.resultContentId));
    expect(row).toMatchObject({ difficulty: source!.difficulty, durationWeeks: source!.durationWeeks, goalIds: source!.goalIds, status: "published" });
  });

  it("publish_existing workout: publishes the draft once, then fails with a reason", async () => {
    const o = await createLibraryOrg();
    const draft = wid("sprint-intervals-draft", o);
    expectError(await call(`/v1/workouts/${draft}`, { key: o.key }), 404, "NotFound");
    await subscribeToAllEvents(o);
    const task = await create({ name: "Launch sprint", scope: "publish_existing", existingContentId: draft }, o);
    const event = await runNow(task.id, o);
    expect(event, JSON.stringify(event)).toMatchObject({ eventType: "success", resultContentId: draft, resultContentType: "workout" });
    expect((await call(`/v1/workouts/${draft}`, { key: o.key })).status).toBe(200);
    expect((await call(`/v1/workouts/${draft}/playlist`, { key: o.key })).status).toBe(200);
    const list = await call(`/v1/orgs/${o.organizationId}/workouts?limit=50`, { key: o.key });
    expect(list.body.data.map((w: any) => w.id)).toContain(draft);
    expect(sent).toEqual([{ name: "workouts/content.changed", data: { workoutId: draft, reason: "published" } }]);
    const again = await runNow(task.id, o);
    expect(again).toMatchObject({ eventType: "failed", errorMessage: expect.stringContaining("already published") });
    expect(again).not.toHaveProperty("resultContentId");
    expect(sent).toHaveLength(1);
    // Webhooks heard the publication and both runs, each once.
    expect(await announced(o.organizationId, "workout.published")).toEqual([
      expect.objectContaining({ workoutId: draft, visibility: expect.any(String), duration: expect.any(Number), publishedAt: expect.any(String) }),
    ]);
    expect(await announced(o.organizationId, "autopilot.run.succeeded")).toEqual([
      { taskId: task.id, eventId: event.id, resultContentId: draft, resultContentType: "workout", createdAt: event.createdAt },
    ]);
    expect(await announced(o.organizationId, "autopilot.run.failed")).toEqual([
      { taskId: task.id, eventId: again.id, outcome: "failed", errorMessage: again.errorMessage, createdAt: again.createdAt },
    ]);
  });

  it("publish_existing program: publishes a draft plan", async () => {
    const planId = await insertDraftPlan(org.organizationId, [wid("core-crusher"), wid("glute-lab")]);
    const task = await create({ name: "Launch plan", scope: "publish_existing", contentType: "program", existingContentId: planId });
    expectError(await call(`/v1/plans/${planId}`, { key: org.key }), 404, "NotFound");
    expect(await runNow(task.id)).toMatchObject({ eventType: "success", resultContentId: planId, resultContentType: "program" });
    expect((await call(`/v1/plans/${planId}`, { key: org.key })).status).toBe(200);
  });

  it("records a failed run with its reason (200) and writes no content when generation is infeasible", async () => {
    const bare = await createTestOrg();
    const task = await create({ ...AI_WORKOUT, includeFreeStock: false, includePremiumStock: false, includeTeamContent: true }, bare);
    const event = await runNow(task.id, bare);
    expect(event).toMatchObject({ eventType: "failed", errorMessage: expect.stringContaining("Generation was rejected") });
    expect(event).not.toHaveProperty("resultContentId");
    expect(await getDb().select().from(workouts).where(eq(workouts.organizationId, bare.organizationId))).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("ai_tuned writes guidance from members' feedback on the task's earlier workouts", async () => {
    const { guidanceFor } = await import("./produce-content");
    const task = await create({ ...AI_WORKOUT, promptGuidanceMode: "ai_tuned", customPromptGuidance: "no jumping" });
    const row = await taskRow(task.id);
    expect(await guidanceFor(getDb(), row)).toBe("no jumping");
    const first = await runNow(task.id);
    expect(first.eventType).toBe("success");
    // A member found the first result too hard: the next run asks for an easier session.
    const [tooHard] = await getDb().execute<{ id: string }>(
      (await import("drizzle-orm"))
        .sql`select id from feedback_options where organization_id = ${org.organizationId} and kind = 'difficulty' and key = 'too-hard'`,
    );
    const sessionId = newId();
    await getDb()
      .insert(workoutSessions)
      .values({ id: sessionId, workoutId: first.resultContentId, organizationId: org.organizationId, status: "completed", expectedDuration: 600 });
    await getDb()
      .insert(workoutFeedback)
      .values({ sessionId, workoutId: first.resultContentId, organizationId: org.organizationId, difficultyOptionId: tooHard!.id });
    const tuned = await guidanceFor(getDb(), await taskRow(task.id));
    expect(tuned).toMatch(/^Make this session easier and gentle\./);
    expect(tuned).toContain("no jumping");
    expect((await runNow(task.id)).eventType).toBe("success");
  });
});

describe("run-now: limits and errors", () => {
  it("403 and nothing recorded when the entitlements refuse the run", async () => {
    const o = await createLibraryOrg({ entitlements: { premiumStock: true, autopilotMinutesLimit: 25 } });
    const premium = await create({ ...AI_WORKOUT, includePremiumStock: true }, o);
    await setEntitlements(o.organizationId, { premiumStock: false });
    const before = await call(`${base(o)}/${premium.id}`, { key: o.key });
    const refused = await call(`${base(o)}/${premium.id}/run-now`, { key: o.key, method: "POST" });
    expect(expectError(refused, 403, "Forbidden").message).toContain("premium");
    // Admitted requests consume their weight, entitlement 403s included (spec Limits: only the stock-catalog 403 is free).
    expect(Number(before.headers.get("x-ratelimit-remaining")) - Number(refused.headers.get("x-ratelimit-remaining"))).toBe(10);
    await setEntitlements(o.organizationId, { premiumStock: true });
    // 25 minutes a month: the first run (up to 25) fits, the month is then used up.
    expect((await runNow(premium.id, o)).eventType).toBe("success");
    expect(expectError(await call(`${base(o)}/${premium.id}/run-now`, { key: o.key, method: "POST" }), 403, "Forbidden").message).toContain("minutes");
    expect(await eventsOf(premium.id)).toHaveLength(1);
  });

  it("allows 20 executions per owner per UTC day: the 21st is 403 for every task of the owner, others are unaffected", async () => {
    const o = await createLibraryOrg();
    const a = await create({ name: "A", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", o) }, o);
    const b = await create({ name: "B", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", o) }, o);
    await fakeExecutions({ id: a.id, organizationId: o.organizationId, ownerId: a.ownerId }, 19);
    expect((await runNow(b.id, o)).eventType).toBe("success");
    const err = expectError(await call(`${base(o)}/${a.id}/run-now`, { key: o.key, method: "POST" }), 403, "Forbidden");
    expect(err.message).toContain("daily limit of 20");
    expectError(await call(`${base(o)}/${b.id}/run-now`, { key: o.key, method: "POST" }), 403, "Forbidden");
    expect(await eventsOf(b.id)).toHaveLength(1);
    // Another owner (another workspace) has its own 20.
    const t = await create({ name: "C", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", other) }, other);
    expect((await runNow(t.id, other)).eventType).toBe("success");
  });

  it("404 for unknown and foreign tasks, 400 for a body, auth matrix", async () => {
    const t = await create({ name: "x", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft") });
    const foreign = await create(AI_WORKOUT, other);
    expectError(await call(`${base()}/${UNKNOWN}/run-now`, { key: org.key, method: "POST" }), 404, "NotFound");
    expectError(await call(`${base()}/${foreign.id}/run-now`, { key: org.key, method: "POST" }), 404, "NotFound");
    expectError(await call(`${base()}/${t.id}/run-now`, { key: org.key, method: "POST", body: { now: true } }), 400, "ValidationError");
    await expectAuthMatrix(org, `${base()}/${t.id}/run-now`, { method: "POST" });
    expect(await eventsOf(foreign.id)).toEqual([]);
  });
});

describe("the scheduler", () => {
  it("two workers at once serve one due time exactly once", async () => {
    const o = await createLibraryOrg();
    const task = await create(AI_WORKOUT, o);
    await makeDue(task.id, ancient(1));
    const now = new Date(ancient(1).getTime() + 30_000);
    const results = await Promise.all([runNextDueTask(getDb(), now), runNextDueTask(getDb(), now), runNextDueTask(getDb(), now), runNextDueTask(getDb(), now)]);
    const served = results.filter((r) => r !== null);
    expect(served).toEqual([{ taskId: task.id, eventId: expect.any(String), eventType: "success" }]);
    const events = await eventsOf(task.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventType: "success", trigger: "schedule", scheduledFor: ancient(1) });
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ status: "active", executions: 1, nextRunAt: new Date(ancient(1).getTime() + DAY) });
    // Nothing else is due at that moment; a success event is readable through both endpoints.
    expect(await runNextDueTask(getDb(), now)).toBeNull();
    const listed = await call(`${base(o)}/${task.id}/events`, { key: o.key });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: events[0]!.id, eventType: "success", trigger: "schedule", scheduledFor: ancient(1).toISOString() }),
    ]);
    expect(sent).toEqual([{ name: "workouts/content.changed", data: { workoutId: events[0]!.resultContentId, reason: "published" } }]);
    await call(`${base(o)}/${task.id}`, { key: o.key, method: "DELETE" });
  });

  it("advances daily and weekly schedules past missed occurrences; once tasks return to draft", async () => {
    const o = await createLibraryOrg();
    const once = await create({ name: "once", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", o) }, o);
    const weekly = await create({ name: "weekly", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", o), repeatMode: "weekly" }, o);
    await makeDue(once.id, ancient(2));
    await makeDue(weekly.id, ancient(3));
    const now = ancient(12);
    const served = await runDueTasks(getDb(), { now: () => now });
    expect(served.map((r) => r.taskId).sort()).toEqual([once.id, weekly.id].sort());
    expect(await taskRow(once.id)).toMatchObject({ status: "draft", nextRunAt: null });
    expect(await taskRow(weekly.id)).toMatchObject({ status: "active", nextRunAt: new Date(ancient(3).getTime() + 14 * DAY) });
    // The first served published the draft; the second found it published and failed with the reason.
    const outcomes = [...(await eventsOf(once.id)), ...(await eventsOf(weekly.id))].map((e) => e.eventType).sort();
    expect(outcomes).toEqual(["failed", "success"]);
    await call(`${base(o)}/${weekly.id}`, { key: o.key, method: "DELETE" });
  });

  it("never runs deleted or deactivated tasks", async () => {
    const o = await createLibraryOrg();
    const a = await create(AI_WORKOUT, o);
    const b = await create(AI_WORKOUT, o);
    await makeDue(a.id, ancient(20));
    await makeDue(b.id, ancient(20));
    expect((await call(`${base(o)}/${a.id}`, { key: o.key, method: "DELETE" })).status).toBe(204);
    expect((await call(`${base(o)}/${b.id}/deactivate`, { key: o.key, method: "POST" })).status).toBe(200);
    expect(await runDueTasks(getDb(), { now: () => ancient(21) })).toEqual([]);
    expect(await eventsOf(a.id)).toEqual([]);
    expect(await eventsOf(b.id)).toEqual([]);
  });

  it("counts the cap per UTC day: yesterday's executions do not count, and a run skipped today succeeds tomorrow", async () => {
    const o = await createLibraryOrg();
    const task = await create(AI_WORKOUT, o);
    const owner = { id: task.id, organizationId: o.organizationId, ownerId: task.ownerId };
    const startOfToday = new Date(new Date().toISOString().slice(0, 10));
    await fakeExecutions(owner, 20, new Date(startOfToday.getTime() - 1)); // 23:59:59.999 yesterday
    expect((await runNow(task.id, o)).eventType).toBe("success");
    await fakeExecutions(owner, 19); // today: 20 with the run above
    expectError(await call(`${base(o)}/${task.id}/run-now`, { key: o.key, method: "POST" }), 403, "Forbidden");
    const due = new Date(Date.now() - 60_000);
    await makeDue(task.id, due);
    expect(await runNextDueTask(getDb(), new Date())).toMatchObject({ taskId: task.id, eventType: "skipped_limit" });
    expect((await taskRow(task.id)).nextRunAt).toEqual(new Date(due.getTime() + DAY));
    // Tomorrow at the retry time (never before tomorrow's UTC midnight), today's 20 no longer count: the run is served.
    const tomorrow = new Date(Math.max(due.getTime() + DAY, startOfToday.getTime() + DAY) + 1000);
    expect(await runNextDueTask(getDb(), tomorrow)).toMatchObject({ taskId: task.id, eventType: "success" });
    await call(`${base(o)}/${task.id}`, { key: o.key, method: "DELETE" });
  });

  it("past the daily cap records skipped_limit and retries the next day at the same time", async () => {
    const o = await createLibraryOrg();
    const task = await create(AI_WORKOUT, o);
    await fakeExecutions({ id: task.id, organizationId: o.organizationId, ownerId: task.ownerId }, 20);
    await makeDue(task.id, ancient(25));
    const now = new Date(ancient(25).getTime() + 5 * 60_000);
    expect(await runNextDueTask(getDb(), now)).toMatchObject({ taskId: task.id, eventType: "skipped_limit" });
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ status: "active", executions: 0, nextRunAt: new Date(ancient(25).getTime() + DAY) });
    const skipped = (await eventsOf(task.id)).filter((e) => e.eventType === "skipped_limit");
    expect(skipped).toHaveLength(1);
    const listed = await call(`${base(o)}/${task.id}/events?eventType=skipped_limit`, { key: o.key });
    expect(listed.body.data).toEqual([expect.not.objectContaining({ resultContentId: expect.anything() })]);
    expect(listed.body.data[0]).not.toHaveProperty("errorMessage");
    expect(
      await getDb()
        .select()
        .from(workouts)
        .where(and(eq(workouts.organizationId, o.organizationId), eq(workouts.source, "ai-generated"))),
    ).toEqual([]);
    await call(`${base(o)}/${task.id}`, { key: o.key, method: "DELETE" });
  });

  it("records skipped_premium_lost and advances when the premium entitlement is gone; failed when the minutes are used up", async () => {
    const o = await createLibraryOrg({ entitlements: { premiumStock: true, autopilotMinutesLimit: 600 } });
    const premium = await create({ ...AI_WORKOUT, includePremiumStock: true }, o);
    const plain = await create(AI_WORKOUT, o);
    await setEntitlements(o.organizationId, { premiumStock: false, autopilotMinutesLimit: 10 });
    await makeDue(premium.id, ancient(26));
    await makeDue(plain.id, ancient(27));
    const served = await runDueTasks(getDb(), { now: () => ancient(28) });
    expect(served.map((r) => [r.taskId, r.eventType])).toEqual([
      [premium.id, "skipped_premium_lost"],
      [plain.id, "failed"],
    ]);
    expect((await taskRow(premium.id)).nextRunAt).toEqual(new Date(ancient(26).getTime() + 2 * DAY + DAY));
    expect((await eventsOf(plain.id))[0]!.errorMessage).toContain("minutes");
    for (const t of [premium, plain]) await call(`${base(o)}/${t.id}`, { key: o.key, method: "DELETE" });
  });

  it("runs as the Inngest function run-autopilot (cron), one step per due task", async () => {
    const o = await createLibraryOrg();
    const task = await create({ name: "Launch via Inngest", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", o) }, o);
    // Due long ago: the oldest due task, served first by the tick.
    await makeDue(task.id, new Date(Date.UTC(2000, 0, 1)));
    const t = new InngestTestEngine({ function: runAutopilot });
    const { result, ctx } = await t.execute();
    expect(ctx.step.run).toHaveBeenCalledWith("run-due-task-0", expect.any(Function));
    const r = result as { served: number; runs: { taskId: string; eventType: string }[] };
    expect(r.served).toBeGreaterThanOrEqual(1);
    expect(r.runs[0]).toMatchObject({ taskId: task.id, eventType: "success" });
    expect(await taskRow(task.id)).toMatchObject({ status: "draft", nextRunAt: null });
    expect((await call(`/v1/workouts/${wid("sprint-intervals-draft", o)}`, { key: o.key })).status).toBe(200);
  });
});

describe("events endpoints", () => {
  let o: TestLibraryOrg;
  let a: Record<string, any>;
  let b: Record<string, any>;

  beforeAll(async () => {
    o = await createLibraryOrg();
    a = await create({ name: "A", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", o) }, o);
    b = await create({ name: "B", scope: "publish_existing", existingContentId: wid("sprint-intervals-draft", o) }, o);
    await runNow(a.id, o); // success
    await runNow(b.id, o); // failed: already published
    await runNow(a.id, o); // failed
  });

  it("GET /events lists the organization's events newest first, filtered by eventType and taskId", async () => {
    const all = await call(`${base(o)}/events`, { key: o.key });
    expect(all.status).toBe(200);
    expect(all.body.data.map((e: any) => [e.taskId, e.eventType])).toEqual([
      [a.id, "failed"],
      [b.id, "failed"],
      [a.id, "success"],
    ]);
    expect(all.body.links).toEqual({ total: 3 });
    expect(all.body.explanation).toBe("3 run events of this organization's autopilot tasks, newest first; showing 1-3.");
    expect(all.body.data[0]).toMatchObject({ errorMessage: expect.any(String), _id: all.body.data[0].id, _teamId: o.organizationId });
    const failed = await call(`${base(o)}/events?eventType=failed`, { key: o.key });
    expect(failed.body.data).toHaveLength(2);
    expect(failed.body.explanation).toBe("2 failed run events of this organization's autopilot tasks, newest first; showing 1-2.");
    const ofA = await call(`${base(o)}/events?taskId=${a.id}&eventType=success`, { key: o.key });
    expect(ofA.body.data.map((e: any) => e.resultContentId)).toEqual([wid("sprint-intervals-draft", o)]);
    const page = await call(`${base(o)}/events?limit=2`, { key: o.key });
    expect(page.body.links.next).toContain("offset=2");
    expect((await call(page.body.links.next, { key: o.key })).body.data).toHaveLength(1);
    const unknown = await call(`${base(o)}/events?taskId=${UNKNOWN}`, { key: o.key });
    expect(unknown.body).toMatchObject({ data: [], links: { total: 0 } });
    for (const q of ["limit=51", "eventType=done", "taskId=abc", "status=active", "offset=-2"])
      expectError(await call(`${base(o)}/events?${q}`, { key: o.key }), 400, "ValidationError");
    await expectAuthMatrix(o, `${base(o)}/events`);
    expectError(await call(`/v1/orgs/${UNKNOWN}/content-autopilot/events`, { key: o.key }), 404, "NotFound");
  });

  it("GET /{taskId}/events lists one task's events; 404 for unknown, foreign and deleted tasks", async () => {
    const res = await call(`${base(o)}/${a.id}/events`, { key: o.key });
    expect(res.body.data.map((e: any) => e.eventType)).toEqual(["failed", "success"]);
    expect(res.body.explanation).toBe("2 run events of this task, newest first; showing 1-2.");
    expect((await call(`${base(o)}/${a.id}/events?eventType=failed`, { key: o.key })).body.data).toHaveLength(1);
    expect((await call(`${base(o)}/${a.id}/events?eventType=skipped_limit`, { key: o.key })).body).toMatchObject({
      data: [],
      explanation: "No skipped (daily limit) run events of this task yet.",
    });
    for (const q of [`taskId=${b.id}`, "limit=0"]) expectError(await call(`${base(o)}/${a.id}/events?${q}`, { key: o.key }), 400, "ValidationError");
    expectError(await call(`${base(o)}/${UNKNOWN}/events`, { key: o.key }), 404, "NotFound");
    const foreign = await create(AI_WORKOUT, other);
    expectError(await call(`${base(o)}/${foreign.id}/events`, { key: o.key }), 404, "NotFound");
    await expectAuthMatrix(o, `${base(o)}/${a.id}/events`);
    // A deleted task's events leave both lists with it.
    expect((await call(`${base(o)}/${b.id}`, { key: o.key, method: "DELETE" })).status).toBe(204);
    expectError(await call(`${base(o)}/${b.id}/events`, { key: o.key }), 404, "NotFound");
    expect((await call(`${base(o)}/events`, { key: o.key })).body.data.map((e: any) => e.taskId)).toEqual([a.id, a.id]);
  });
});

describe("created workouts in the content services", () => {
  it("keep the generated categories (workout_categories) and one segment per instance plus intro and outro", async () => {
    const task = await create({ ...AI_WORKOUT, categoryIds: [categoryId("hiit")], difficultyOptions: ["intermediate"] });
    const event = await runNow(task.id);
    const cats = await getDb().select().from(workoutCategories).where(eq(workoutCategories.workoutId, event.resultContentId));
    expect(cats.map((c) => c.categoryId)).toEqual([categoryId("hiit")]);
    const segs = await getDb().select().from(workoutSegments).where(eq(workoutSegments.workoutId, event.resultContentId)).orderBy(workoutSegments.position);
    expect(segs[0]!.kind).toBe("intro");
    expect(segs.at(-1)!.kind).toBe("outro");
    expect(segs.map((s) => s.position)).toEqual(segs.map((_, i) => i));
  });
});
