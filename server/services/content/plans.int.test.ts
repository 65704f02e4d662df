import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { planWorkouts, plans, workouts } from "@/db/schema";
import { PLANS } from "@/db/seed/data/plans";
import { goalId } from "@/db/seed/reference";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";

useTestApp();

const UNKNOWN = "0123456789abcdef01234567";
let org: TestLibraryOrg;
let generatedPlanId: string;
let draftPlanId: string;

beforeAll(async () => {
  org = await createLibraryOrg();
  const db = getDb();
  const [source] = await db.select().from(plans).where(eq(plans.id, org.library.planIds[0]!));
  // A plan generated for one member: readable by id, never listed.
  const [generated] = await db
    .insert(plans)
    .values({
      organizationId: org.organizationId,
      name: { "en-US": "Your Personal Plan", "de-DE": "Dein persönlicher Plan" },
      description: { "en-US": "Made for you." },
      searchText: "your personal plan dein persönlicher plan made for you.",
      difficulty: "beginner",
      visibility: "end-user-ai-generated",
      source: "ai-generated",
      durationWeeks: 1,
      daysPerWeek: 2,
      endUserId: org.library.endUsers[0]!.id,
      generationId: "gen-1",
      details: { reasoning: "Two easy sessions to start." },
    })
    .returning();
  generatedPlanId = generated!.id;
  const [w1, w2] = org.library.workoutIds;
  await db.insert(planWorkouts).values([
    { planId: generatedPlanId, week: 1, day: 4, position: 0, workoutId: w2!, prescription: { volumeFactor: 0.8 } },
    { planId: generatedPlanId, week: 1, day: 1, position: 0, workoutId: w1! },
  ]);
  const [draft] = await db
    .insert(plans)
    .values({ ...source!, id: undefined, visibility: "public", status: "draft", name: { "en-US": "Draft plan" } } as typeof plans.$inferInsert)
    .returning();
  draftPlanId = draft!.id;
});

describe("GET /v1/orgs/{organizationId}/plans", () => {
  const list = (q = "") => call(`/v1/orgs/${org.organizationId}/plans${q}`, { key: org.key });

  it("lists published public and private plans, never end-user-ai-generated or drafts", async () => {
    const res = await list();
    expect(res.status, res.text).toBe(200);
    const listed = [...org.library.planIds, ...org.library.privatePlanIds];
    expect(res.body.links.total).toBe(listed.length);
    expect(res.body.data.map((p: { id: string }) => p.id).sort()).toEqual([...listed].sort());
    for (const visibility of ["all", "public", "private"]) {
      const r = await list(`?visibility=${visibility}`);
      expect(r.body.data.map((p: { id: string }) => p.id)).not.toContain(generatedPlanId);
      expect(r.body.data.map((p: { id: string }) => p.id)).not.toContain(draftPlanId);
    }
    expect((await list("?visibility=private")).body.links.total).toBe(org.library.privatePlanIds.length);
    expect((await list("?visibility=public")).body.links.total).toBe(org.library.planIds.length);
    expectError(await list("?visibility=end-user-ai-generated"), 400, "ValidationError");
  });

  it("shapes list items with goals, categories, counts and legacy ids", async () => {
    const res = await list("?sort=name");
    const seed = PLANS.find((p) => p.key === "strength-builder")!;
    const item = res.body.data.find((p: { name: string }) => p.name === seed.name["en-US"]);
    expect(item).toMatchObject({
      _id: item.id,
      organizationId: org.organizationId,
      _teamId: org.organizationId,
      difficulty: seed.difficulty,
      visibility: "public",
      durationWeeks: seed.durationWeeks,
      daysPerWeek: seed.daysPerWeek,
      workoutCount: seed.schedule.length,
    });
    expect(item._ownerId).toBe(item.ownerId);
    expect(item.trainer.id).toBe(item.ownerId);
    expect(item.goals.map((g: { id: string }) => g.id).sort()).toEqual(seed.goalKeys.map(goalId).sort());
    expect(item.categories.length).toBe(seed.categoryKeys.length);
    const names = res.body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it("localizes, searches, filters by difficulty, sorts and paginates", async () => {
    const seed = PLANS[0]!;
    const de = await list("?locale=de-DE&sort=-name");
    expect(de.body.data.map((p: { name: string }) => p.name)).toContain(seed.name["de-DE"]);
    const q = await list(`?q=${encodeURIComponent(seed.name["de-DE"]!.split(" ")[0]!)}`);
    expect(q.body.data.map((p: { name: string }) => p.name)).toContain(seed.name["en-US"]);
    expect((await list("?q=zzqqxx")).body).toEqual({ data: [], links: { total: 0 } });
    const beginner = await list("?difficulty=beginner");
    expect(beginner.body.links.total).toBe(PLANS.filter((p) => p.difficulty === "beginner").length);
    expect(beginner.body.data.every((p: { difficulty: string }) => p.difficulty === "beginner")).toBe(true);
    const weeks = (await list("?sort=-durationWeeks")).body.data.map((p: { durationWeeks: number }) => p.durationWeeks);
    expect(weeks).toEqual([...weeks].sort((a, b) => b - a));
    const page = await list("?limit=2");
    expect(page.body.data).toHaveLength(2);
    expect(new URL(page.body.links.next).searchParams.get("offset")).toBe("2");
    const ids = page.body.data.map((p: { id: string }) => p.id);
    let next: string | undefined = page.body.links.next;
    while (next) {
      const r = await call(next, { key: org.key });
      expect(r.body.data.length).toBeLessThanOrEqual(2);
      ids.push(...r.body.data.map((p: { id: string }) => p.id));
      next = r.body.links.next;
    }
    expect(new Set(ids).size).toBe(page.body.links.total);
  });

  it("validates query keys and limits; 404 unknown organization; 403 foreign; empty workspace", async () => {
    expectError(await list("?limit=51"), 400, "ValidationError");
    expectError(await list("?sort=popularity"), 400, "ValidationError");
    const err = expectError(await list("?page=1"), 400, "ValidationError");
    expect(err.details?.[0]).toMatchObject({ code: "ConstraintError", target: "page" });
    expectError(await call(`/v1/orgs/${UNKNOWN}/plans`, { key: org.key }), 404, "NotFound");
    await expectAuthMatrix(org, `/v1/orgs/${org.organizationId}/plans`);
    const empty = await createTestOrg();
    expect((await call(`/v1/orgs/${empty.organizationId}/plans`, { key: empty.key })).body).toEqual({ data: [], links: { total: 0 } });
  });
});

describe("GET /v1/plans/{planId}", () => {
  it("returns the full plan document with the schedule in sequence", async () => {
    const seed = PLANS.find((p) => p.key === "strength-builder")!;
    const listRes = await call(`/v1/orgs/${org.organizationId}/plans?limit=50`, { key: org.key });
    const id = listRes.body.data.find((p: { name: string }) => p.name === seed.name["en-US"]).id;
    const res = await call(`/v1/plans/${id}?locale=fr-FR`, { key: org.key });
    expect(res.status, res.text).toBe(200);
    const plan = res.body.data;
    expect(plan).toMatchObject({
      id,
      _id: id,
      name: seed.name["fr-FR"],
      source: "team",
      endUserId: null,
      basePlanId: null,
      details: null,
      workoutCount: seed.schedule.length,
    });
    expect(plan.nameTranslations).toEqual(seed.name);
    expect(plan.descriptionTranslations).toEqual(seed.description);
    expect(plan.schedule).toHaveLength(seed.schedule.length);
    const order = plan.schedule.map((s: { week: number; day: number }) => s.week * 10 + s.day);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(plan.schedule.map((s: { sequence: number }) => s.sequence)).toEqual(plan.schedule.map((_: unknown, i: number) => i + 1));
    const expected = [...seed.schedule].sort((a, b) => a.week - b.week || a.day - b.day).map((s) => org.library.workoutIdByKey.get(s.workoutKey));
    expect(plan.schedule.map((s: { workoutId: string }) => s.workoutId)).toEqual(expected);
    expect(plan.schedule[0]).toMatchObject({ workoutName: expect.any(String), duration: expect.any(Number), prescription: null });
  });

  it("reads end-user-ai-generated plans by id, with their generated fields", async () => {
    const res = await call(`/v1/plans/${generatedPlanId}`, { key: org.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      visibility: "end-user-ai-generated",
      source: "ai-generated",
      endUserId: org.library.endUsers[0]!.id,
      details: { reasoning: "Two easy sessions to start." },
      ownerId: null,
      trainer: null,
      workoutCount: 2,
    });
    expect(res.body.data.schedule.map((s: { day: number }) => s.day)).toEqual([1, 4]);
    expect(res.body.data.schedule[1].prescription).toEqual({ volumeFactor: 0.8 });
  });

  it("is 404 for unknown and draft plans, 403 for other organizations, 400 for bad ids", async () => {
    expectError(await call(`/v1/plans/${UNKNOWN}`, { key: org.key }), 404, "NotFound");
    expectError(await call(`/v1/plans/${draftPlanId}`, { key: org.key }), 404, "NotFound");
    expectError(await call(`/v1/plans/plan-1`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`/v1/plans/${generatedPlanId}?expand=1`, { key: org.key }), 400, "ValidationError");
    await expectAuthMatrix(org, `/v1/plans/${org.library.planIds[0]}`);
    expectError(await call(`/v1/plans/${org.library.planIds[0]}`, { token: org.accessToken }), 401, "Unauthorized");
  });
});

describe("GET /v1/plans/{planId}/workouts", () => {
  it("lists the plan's workouts in sequence as workout list items", async () => {
    const seed = PLANS.find((p) => p.key === "hiit-shred")!;
    const listRes = await call(`/v1/orgs/${org.organizationId}/plans?limit=50`, { key: org.key });
    const id = listRes.body.data.find((p: { name: string }) => p.name === seed.name["en-US"]).id;
    const res = await call(`/v1/plans/${id}/workouts?locale=de-DE`, { key: org.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.links.total).toBe(seed.schedule.length);
    const expected = [...seed.schedule].sort((a, b) => a.week - b.week || a.day - b.day);
    const firstPage = res.body.data;
    expect(firstPage.length).toBe(Math.min(50, expected.length));
    firstPage.forEach((item: any, i: number) => {
      expect(item).toMatchObject({ sequence: i + 1, week: expected[i]!.week, day: expected[i]!.day, position: 0, prescription: null });
      expect(item.workout.id).toBe(org.library.workoutIdByKey.get(expected[i]!.workoutKey));
      expect(item.workout).toHaveProperty("muscleGroupPercentages");
      expect(item.workout).not.toHaveProperty("shareLink");
    });
    const w = firstPage[0].workout;
    expect(w.name).not.toBe(w.description);
  });

  it("paginates, and skips workouts that were unpublished since", async () => {
    const lib = await createLibraryOrg();
    const seed = PLANS.find((p) => p.key === "two-week-kickstart")!;
    const listRes = await call(`/v1/orgs/${lib.organizationId}/plans?limit=50`, { key: lib.key });
    const id = listRes.body.data.find((p: { name: string }) => p.name === seed.name["en-US"]).id;
    const page = await call(`/v1/plans/${id}/workouts?limit=2`, { key: lib.key });
    expect(page.body.data.map((d: { sequence: number }) => d.sequence)).toEqual([1, 2]);
    const next = await call(page.body.links.next, { key: lib.key });
    expect(next.body.data[0].sequence).toBe(3);
    const firstKey = [...seed.schedule].sort((a, b) => a.week - b.week || a.day - b.day)[0]!.workoutKey;
    await getDb()
      .update(workouts)
      .set({ status: "draft" })
      .where(eq(workouts.id, lib.library.workoutIdByKey.get(firstKey)!));
    const after = await call(`/v1/plans/${id}/workouts?limit=50`, { key: lib.key });
    const removed = seed.schedule.filter((s) => s.workoutKey === firstKey).length;
    expect(after.body.links.total).toBe(seed.schedule.length - removed);
    expect((await call(`/v1/plans/${id}`, { key: lib.key })).body.data.workoutCount).toBe(seed.schedule.length - removed);
    const listed = (await call(`/v1/orgs/${lib.organizationId}/plans?limit=50`, { key: lib.key })).body.data.find((p: { id: string }) => p.id === id);
    expect(listed.workoutCount).toBe(seed.schedule.length - removed);
  });

  it("works for generated plans; errors like the plan document", async () => {
    const res = await call(`/v1/plans/${generatedPlanId}/workouts`, { key: org.key });
    expect(res.body.data.map((d: { workout: { id: string } }) => d.workout.id)).toEqual([org.library.workoutIds[0], org.library.workoutIds[1]]);
    expect(res.body.data[1].prescription).toEqual({ volumeFactor: 0.8 });
    expectError(await call(`/v1/plans/${UNKNOWN}/workouts`, { key: org.key }), 404, "NotFound");
    expectError(await call(`/v1/plans/${generatedPlanId}/workouts?limit=51`, { key: org.key }), 400, "ValidationError");
    expectError(await call(`/v1/plans/${generatedPlanId}/workouts?week=1`, { key: org.key }), 400, "ValidationError");
    await expectAuthMatrix(org, `/v1/plans/${generatedPlanId}/workouts`);
  });
});
