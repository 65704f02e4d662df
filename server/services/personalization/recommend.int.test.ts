import { describe, expect, it } from "vitest";
import { categoryId, goalId } from "@/db/seed/reference";
import { createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { addCompletedSession, setWorkoutVisibility } from "@/test/support/personalization";

useTestApp();

const recW = (orgId: string) => `/v1/orgs/${orgId}/workouts/recommend`;
const recP = (orgId: string) => `/v1/orgs/${orgId}/plans/recommend`;

describe("POST /v1/orgs/{organizationId}/workouts/recommend", () => {
  it("rejects bad credentials and foreign organizations", async () => {
    const org = await createTestOrg();
    await expectAuthMatrix(org, recW(org.organizationId), { body: {} });
    await expectAuthMatrix(org, recP(org.organizationId), { body: {} });
  });

  it("answers an empty workspace with 200 and empty arrays", async () => {
    const org = await createTestOrg();
    const w = await call(recW(org.organizationId), { key: org.key, body: { endUserProfileDetails: { fitnessLevels: ["beginner"] } } });
    expect(w.status).toBe(200);
    expect(w.body.workouts).toEqual([]);
    expect(typeof w.body.reasoning).toBe("string");
    const p = await call(recP(org.organizationId), { key: org.key, body: {} });
    expect(p.status).toBe(200);
    expect(p.body.plans).toEqual([]);
  });

  it("returns at most 12 published public workouts, each with a reason in words, varied, weight 10", async () => {
    const org = await createLibraryOrg();
    const res = await call(recW(org.organizationId), {
      key: org.key,
      body: { endUserProfileDetails: { fitnessLevels: ["intermediate"], goalIds: [goalId("lose-weight")], trainingDaysPerWeek: 4 } },
    });
    expect(res.status, res.text).toBe(200);
    expect(Number(res.headers.get("x-ratelimit-limit")) - Number(res.headers.get("x-ratelimit-remaining"))).toBe(10);
    expect(Object.keys(res.body).sort()).toEqual(["reasoning", "workouts"]);
    const items = res.body.workouts;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(12);
    expect(new Set(items.map((i: any) => i.id)).size).toBe(items.length);
    for (const it of items) {
      expect(org.library.workoutIds).toContain(it.id);
      expect(org.library.privateWorkoutIds).not.toContain(it.id);
      expect(typeof it.recommendation).toBe("string");
      expect(it.recommendation.length).toBeGreaterThan(5);
      expect(Number.isNaN(Number(it.recommendation))).toBe(true);
      for (const k of ["name", "description", "duration", "difficulty", "thumbnailUrl", "categories", "preview"]) expect(it).toHaveProperty(k);
      expect(Object.keys(it.preview).sort()).toEqual(["poster", "thumbnail", "url"]);
    }
    // Diversity: not a list of near-copies.
    expect(
      new Set(
        items.map((i: any) =>
          i.categories
            .map((c: any) => c.id)
            .sort()
            .join(),
        ),
      ).size,
    ).toBeGreaterThan(3);
    // The goal shows at the top: lose weight -> HIIT or cardio first.
    expect(items[0].categories.map((c: any) => c.id)).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`${categoryId("hiit")}|${categoryId("cardio")}`))]),
    );
    expect(res.body.reasoning).toMatch(/Ranked \d+ published public workouts/);
  });

  it("ranks by level", async () => {
    const org = await createLibraryOrg();
    const beginner = await call(recW(org.organizationId), { key: org.key, body: { endUserProfileDetails: { fitnessLevels: ["beginner"] } } });
    const advanced = await call(recW(org.organizationId), { key: org.key, body: { endUserProfileDetails: { fitnessLevels: ["advanced"] } } });
    expect(beginner.body.workouts[0].difficulty).toBe("beginner");
    expect(advanced.body.workouts[0].difficulty).toBe("advanced");
    expect(beginner.body.workouts[0].recommendation).toMatch(/beginner/);
  });

  it("categoryIds is an optional hard filter (the spec leaves it open; see docs/ai.md)", async () => {
    const org = await createLibraryOrg();
    const yoga = categoryId("yoga");
    const res = await call(recW(org.organizationId), { key: org.key, body: { categoryIds: [yoga] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.workouts.length).toBeGreaterThan(0);
    for (const it of res.body.workouts) expect(it.categories.map((c: any) => c.id)).toContain(yoga);
    const none = await call(recW(org.organizationId), { key: org.key, body: { categoryIds: [categoryId("boxing")] } });
    expect(none.status).toBe(200);
    expect(none.body.workouts).toEqual([]);
    expectError(await call(recW(org.organizationId), { key: org.key, body: { categoryIds: ["0".repeat(24)] } }), 400, "BadRequest");
    expectError(await call(recW(org.organizationId), { key: org.key, body: { categoryIds: ["yoga"] } }), 400, "ValidationError");
    expectError(await call(recP(org.organizationId), { key: org.key, body: { categoryIds: [yoga] } }), 400, "ValidationError");
  });

  it("drops a workout from the pool when it is set to private", async () => {
    const org = await createLibraryOrg();
    const before = await call(recW(org.organizationId), { key: org.key, body: { endUserProfileDetails: { fitnessLevels: ["beginner"] } } });
    const top = before.body.workouts[0].id;
    await setWorkoutVisibility(top, "private");
    const after = await call(recW(org.organizationId), { key: org.key, body: { endUserProfileDetails: { fitnessLevels: ["beginner"] } } });
    expect(after.body.workouts.map((w: any) => w.id)).not.toContain(top);
    expect((await call(`/v1/workouts/${top}`, { key: org.key })).status).toBe(200);
  });

  it("personalizes with the member's sessions and feedback when the end user is known", async () => {
    const org = await createLibraryOrg();
    const member = org.library.endUsers[0]!;
    const profile = { fitnessLevels: ["intermediate"], goalIds: [goalId("build-muscle")] };
    const anon = await call(recW(org.organizationId), { key: org.key, body: { endUserProfileDetails: profile } });
    const top = anon.body.workouts[0].id;
    // The member just did the top pick and found intermediate work too hard.
    await addCompletedSession(org.organizationId, member.id, top, { rating: "fair", difficulty: "too-hard" });
    for (const id of anon.body.workouts.slice(1, 3).map((w: any) => w.id))
      await addCompletedSession(org.organizationId, member.id, id, { difficulty: "too-hard" });
    const known = await call(recW(org.organizationId), { key: org.key, body: { endUserProfileDetails: { ...profile, endUserId: member.email } } });
    expect(known.status, known.text).toBe(200);
    const ids = known.body.workouts.map((w: any) => w.id);
    expect(ids.indexOf(top) === -1 || ids.indexOf(top) > 0).toBe(true);
    expect(known.body.workouts[0].difficulty).toBe("beginner");
    expect(known.body.reasoning).toMatch(/3 past sessions/);
    expect(known.body.reasoning).toMatch(/beginner/);
    expectError(await call(recW(org.organizationId), { key: org.key, body: { endUserProfileDetails: { endUserId: "nobody@example.com" } } }), 404, "NotFound");
  });

  it("localizes names with a locale and falls back to English for unsupported ones", async () => {
    const org = await createLibraryOrg();
    const de = await call(recW(org.organizationId), { key: org.key, body: { locale: "de-DE", categoryIds: [categoryId("hiit")] } });
    const xx = await call(recW(org.organizationId), { key: org.key, body: { locale: "xx-YY", categoryIds: [categoryId("hiit")] } });
    const en = await call(recW(org.organizationId), { key: org.key, body: { categoryIds: [categoryId("hiit")] } });
    expect(de.status).toBe(200);
    expect(xx.body.workouts.map((w: any) => w.name)).toEqual(en.body.workouts.map((w: any) => w.name));
    expect(de.body.workouts.map((w: any) => w.name)).not.toEqual(en.body.workouts.map((w: any) => w.name));
  });
});

describe("POST /v1/orgs/{organizationId}/plans/recommend", () => {
  it("ranks public plans only, by goals and level, never generated ones", async () => {
    const org = await createLibraryOrg();
    const member = org.library.endUsers[0]!;
    const generated = await call(`/v1/orgs/${org.organizationId}/plans/generate`, { key: org.key, body: { endUserProfileDetails: { endUserId: member.id } } });
    expect(generated.status, generated.text).toBe(200);
    const res = await call(recP(org.organizationId), {
      key: org.key,
      body: { endUserProfileDetails: { fitnessLevels: ["beginner"], goalIds: [goalId("increase-flexibility")], trainingDaysPerWeek: 3 } },
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["plans", "reasoning"]);
    const ids = res.body.plans.map((p: any) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(12);
    for (const id of ids) expect(org.library.planIds).toContain(id);
    expect(ids).not.toContain(generated.body.id);
    expect(res.body.plans[0].name).toBe("Flexibility Reset");
    expect(res.body.plans[0].recommendation).toMatch(/flexibility/i);
    for (const p of res.body.plans)
      for (const k of ["name", "description", "difficulty", "durationWeeks", "daysPerWeek", "thumbnailUrl", "goals", "categories"]) expect(p).toHaveProperty(k);
  });
});
