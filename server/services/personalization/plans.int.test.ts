import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { categoryId, goalId } from "@/db/seed/reference";
import { createLibraryOrg } from "@/test/fixtures";
import { app, call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { METHODOLOGY_REJECTED } from "./context";
import { countAiPlans, countGenerations, countPlanWorkouts, copyWorkoutAs, findPlanRow, methodologyIdByName, waitFor } from "@/test/support/personalization";

useTestApp();

const genP = (orgId: string) => `/v1/orgs/${orgId}/plans/generate`;
const adaptP = (orgId: string, planId: string) => `/v1/orgs/${orgId}/plans/${planId}/adapt`;

function checkSchedule(plan: any, publicIds: string[], daysPerWeek: number) {
  expect(plan.weeks).toHaveLength(plan.durationWeeks);
  expect(plan.daysPerWeek).toBe(daysPerWeek);
  for (const w of plan.weeks) {
    expect(w.sessions).toHaveLength(daysPerWeek);
    expect(w.trainingDays).toEqual(w.sessions.map((s: any) => s.day));
    expect(w.restDays.length).toBe(7 - daysPerWeek);
    expect(new Set(w.sessions.map((s: any) => s.workout.id)).size).toBe(w.sessions.length);
    for (const s of w.sessions) {
      expect(publicIds).toContain(s.workout.id);
      expect(s.prescription.volumeFactor).toBe(w.volumeFactor);
    }
  }
  const builds = plan.weeks.filter((w: any) => w.phase !== "deload");
  for (let i = 1; i < builds.length; i++) {
    expect(builds[i].volumeFactor).toBeGreaterThanOrEqual(builds[i - 1].volumeFactor);
    expect(builds[i].targetRpe).toBeGreaterThanOrEqual(builds[i - 1].targetRpe);
  }
  if (plan.durationWeeks >= 4) expect(plan.weeks[3].phase).toBe("deload");
}

describe("POST /v1/orgs/{organizationId}/plans/generate", () => {
  it("rejects bad credentials and foreign organizations", async () => {
    const org = await createTestOrg();
    await expectAuthMatrix(org, genP(org.organizationId), { body: {} });
  });

  it("without an end user: a full plan with progression, not persisted", async () => {
    const org = await createLibraryOrg();
    const res = await call(genP(org.organizationId), {
      key: org.key,
      body: { endUserProfileDetails: { fitnessLevels: ["intermediate"], goalIds: [goalId("build-muscle")], trainingDaysPerWeek: 4 } },
    });
    expect(res.status, res.text).toBe(200);
    expect(Number(res.headers.get("x-ratelimit-limit")) - Number(res.headers.get("x-ratelimit-remaining"))).toBe(10);
    const plan = res.body;
    expect(plan).not.toHaveProperty("id");
    expect(plan).not.toHaveProperty("visibility");
    expect(plan.durationWeeks).toBe(6);
    checkSchedule(plan, org.library.workoutIds, 4);
    expect(plan.weeks.map((w: any) => w.phase)).toEqual(["base", "build", "build", "deload", "build", "peak"]);
    expect(Object.keys(plan.nameTranslations)).toEqual(["en-US"]);
    // Category balance: strength leads for a muscle goal, but the week is not all one category.
    const week = plan.weeks[1].sessions.flatMap((s: any) => s.workout.categories.map((c: any) => c.id));
    expect(week).toContain(categoryId("strength"));
    expect(new Set(week).size).toBeGreaterThan(2);
    expect(plan.reasoning).toMatch(/6-week intermediate plan with 4 sessions/);
    expect(await countAiPlans(org.organizationId)).toBe(0);
    expect(await countGenerations(org.organizationId)).toBe(1);
  });

  it("with endUserProfileDetails.endUserId: persisted with an id, visibility end-user-ai-generated, readable by id, never listed", async () => {
    const org = await createLibraryOrg();
    const member = org.library.endUsers[1]!;
    const res = await call(genP(org.organizationId), {
      key: org.key,
      body: { locale: "fr-FR", durationWeeks: 3, endUserProfileDetails: { endUserId: member.externalId, fitnessLevels: ["beginner"], trainingDaysPerWeek: 2 } },
    });
    expect(res.status, res.text).toBe(200);
    const plan = res.body;
    expect(plan.id).toMatch(/^[0-9a-f]{24}$/);
    expect(plan.visibility).toBe("end-user-ai-generated");
    expect(plan.endUserId).toBe(member.id);
    checkSchedule(plan, org.library.workoutIds, 2);
    expect(Object.keys(plan.nameTranslations).sort()).toEqual(["en-US", "fr-FR"]);
    expect(plan.localizedName).toBe(plan.nameTranslations["fr-FR"]);
    expect(plan.difficultyLabel).toBe("Débutant");
    const row = await findPlanRow(plan.id);
    expect(row).toMatchObject({
      visibility: "end-user-ai-generated",
      endUserId: member.id,
      source: "ai-generated",
      generationId: plan.inspection.generationId,
      durationWeeks: 3,
      daysPerWeek: 2,
    });
    expect(Object.keys(row!.name).length).toBe(18); // translation maps persisted
    expect(await countPlanWorkouts(plan.id)).toBe(6);
    const byId = await call(`/v1/plans/${plan.id}`, { key: org.key });
    expect(byId.status, byId.text).toBe(200);
    expect(byId.body.data.id).toBe(plan.id);
    for (const v of ["all", "public", "private"]) {
      const list = await call(`/v1/orgs/${org.organizationId}/plans?visibility=${v}&limit=50`, { key: org.key });
      if (list.status === 200) expect(list.body.data.map((p: any) => p.id)).not.toContain(plan.id);
    }
    const plain = await call(`/v1/orgs/${org.organizationId}/plans?limit=50`, { key: org.key });
    expect(plain.status).toBe(200);
    expect(plain.body.data.map((p: any) => p.id)).not.toContain(plan.id);
  });

  it("404s an end user who does not resolve", async () => {
    const org = await createLibraryOrg();
    expectError(await call(genP(org.organizationId), { key: org.key, body: { endUserProfileDetails: { endUserId: "ghost@example.com" } } }), 404, "NotFound");
    expectError(
      await call(genP(org.organizationId), { key: org.key, body: { endUserProfileDetails: { endUserId: org.library.suspendedEndUser.id } } }),
      404,
      "NotFound",
    );
  });

  it("is 400 with fewer than 3 eligible workouts, without a template fallback (rule 5)", async () => {
    const empty = await createTestOrg();
    const e1 = expectError(await call(genP(empty.organizationId), { key: empty.key, body: {} }), 400, "BadRequest");
    expect(e1.message).toMatch(/at least 3/);
    const org = await createLibraryOrg();
    expectError(await call(genP(org.organizationId), { key: org.key, body: { workoutCollectionSources: ["template"] } }), 400, "BadRequest");
    expectError(await call(genP(org.organizationId), { key: org.key, body: { categoryIds: [categoryId("boxing")] } }), 400, "BadRequest");
    // Two template workouts are still not enough; a third makes the template pool eligible.
    await copyWorkoutAs(org.library.workoutIds[0]!, "template");
    await copyWorkoutAs(org.library.workoutIds[1]!, "template");
    expectError(await call(genP(org.organizationId), { key: org.key, body: { workoutCollectionSources: ["template"] } }), 400, "BadRequest");
    const third = await copyWorkoutAs(org.library.workoutIds[2]!, "template");
    const ok = await call(genP(org.organizationId), { key: org.key, body: { workoutCollectionSources: ["template"] } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.weeks.flatMap((w: any) => w.sessions.map((s: any) => s.workout.id))).toContain(third);
    expect(await countAiPlans(org.organizationId)).toBe(0);
  });

  it("categoryIds is a hard filter on the pool", async () => {
    const org = await createLibraryOrg();
    const cats = [categoryId("yoga"), categoryId("mobility")];
    const res = await call(genP(org.organizationId), { key: org.key, body: { categoryIds: cats, endUserProfileDetails: { trainingDaysPerWeek: 3 } } });
    expect(res.status, res.text).toBe(200);
    for (const w of res.body.weeks)
      for (const s of w.sessions) expect(s.workout.categories.map((c: any) => c.id).some((c: string) => cats.includes(c))).toBe(true);
    expectError(await call(genP(org.organizationId), { key: org.key, body: { categoryIds: ["0".repeat(24)] } }), 400, "BadRequest");
    expectError(await call(genP(org.organizationId), { key: org.key, body: { categoryIds: ["yoga"] } }), 400, "ValidationError");
  });

  it("validates locale, free-text key and methodology like workout generate", async () => {
    const org = await createLibraryOrg();
    expectError(await call(genP(org.organizationId), { key: org.key, body: { locale: "no" } }), 400, "ValidationError");
    expectError(await call(genP(org.organizationId), { key: org.key, body: { userGuidance: "easy" } }), 400, "ValidationError");
    const inactive = await methodologyIdByName(org.organizationId, "Joint-Friendly (Legacy)");
    const err = expectError(await call(genP(org.organizationId), { key: org.key, body: { methodologyProfileId: inactive } }), 400, "BadRequest");
    expect(err.message).toBe(METHODOLOGY_REJECTED);
    const active = await methodologyIdByName(org.organizationId, "Forma Balanced Standard");
    const ok = await call(genP(org.organizationId), { key: org.key, body: { methodologyProfileId: active } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.methodology).toMatchObject({ id: active, name: "Forma Balanced Standard" });
    expect(["compliant", "partial"]).toContain(ok.body.inspection.complianceStatus);
    if (ok.body.inspection.complianceStatus === "partial") expect(ok.body.inspection.violations.length).toBeGreaterThan(0);
    expect(ok.body.inspection.hardRulesApplied.map((r: any) => r.rule)).toEqual(expect.arrayContaining(["minimumPlanWorkouts", "requireWarmup"]));
  });

  it("writes the plan, its schedule and the snapshot together even when the client disconnects", async () => {
    const org = await createLibraryOrg();
    // The client goes away once its whole request is on the wire: aborting a fetch after a fixed
    // 5 ms could come before the request was sent on a loaded machine (then nothing reaches the
    // server and nothing should be written: the test failed, rightly, for the wrong reason).
    const body = JSON.stringify({ endUserProfileDetails: { endUserId: org.library.endUsers[0]!.id, trainingDaysPerWeek: 3 }, durationWeeks: 4 });
    let answered = false;
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${app.baseUrl}${genP(org.organizationId)}`, {
        method: "POST",
        headers: { "x-api-key": org.key, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      req.on("response", () => (answered = true));
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      req.on("finish", () => setTimeout(() => req.destroy(), 5));
      req.end(body);
    });
    expect(answered, "the client left before the answer").toBe(false);
    expect(
      await waitFor(
        () => countAiPlans(org.organizationId),
        (n) => n === 1,
      ),
    ).toBe(1);
    expect(await countGenerations(org.organizationId)).toBe(1);
  });
});

describe("POST /v1/orgs/{organizationId}/plans/{planId}/adapt", () => {
  it("rejects bad credentials and foreign organizations", async () => {
    const org = await createLibraryOrg();
    await expectAuthMatrix(org, adaptP(org.organizationId, org.library.planIds[0]!), { body: { endUserProfileId: org.library.endUsers[0]!.id } });
  });

  it("requires endUserProfileId (400), a plan of the organization (404) and a resolvable member (404)", async () => {
    const org = await createLibraryOrg();
    const other = await createLibraryOrg();
    const planId = org.library.planIds[0]!;
    const err = expectError(await call(adaptP(org.organizationId, planId), { key: org.key, body: {} }), 400, "ValidationError");
    expect(err.details?.[0]?.target).toBe("endUserProfileId");
    expectError(await call(adaptP(org.organizationId, planId), { key: org.key, method: "POST" }), 400, "ValidationError");
    expectError(
      await call(adaptP(org.organizationId, other.library.planIds[0]!), { key: org.key, body: { endUserProfileId: org.library.endUsers[0]!.id } }),
      404,
      "NotFound",
    );
    expectError(
      await call(adaptP(org.organizationId, "f".repeat(24)), { key: org.key, body: { endUserProfileId: org.library.endUsers[0]!.id } }),
      404,
      "NotFound",
    );
    expectError(await call(adaptP(org.organizationId, planId), { key: org.key, body: { endUserProfileId: "nobody" } }), 404, "NotFound");
    expectError(
      await call(adaptP(org.organizationId, planId), { key: org.key, body: { endUserProfileId: org.library.endUsers[0]!.id, userRequirements: "x" } }),
      400,
      "ValidationError",
    );
    expectError(
      await call(adaptP(org.organizationId, "nothex"), { key: org.key, body: { endUserProfileId: org.library.endUsers[0]!.id } }),
      400,
      "ValidationError",
    );
  });

  it("always persists the adapted plan with an id, re-fitted to the member", async () => {
    const org = await createLibraryOrg();
    const member = org.library.endUsers[2]!;
    const base = org.library.planIds[0]!;
    const res = await call(adaptP(org.organizationId, base), {
      key: org.key,
      body: {
        endUserProfileId: member.email,
        endUserProfileDetails: { fitnessLevels: ["beginner"], trainingDaysPerWeek: 2, age: 70 },
        userGuidance: "no jumping, my knees are sore",
      },
    });
    expect(res.status, res.text).toBe(200);
    const plan = res.body;
    expect(plan.id).toMatch(/^[0-9a-f]{24}$/);
    expect(plan.visibility).toBe("end-user-ai-generated");
    expect(plan.basePlanId).toBe(base);
    expect(plan.endUserId).toBe(member.id);
    expect(typeof plan.adaptationReasoning).toBe("string");
    expect(plan.daysPerWeek).toBe(2);
    for (const w of plan.weeks) expect(w.sessions.length).toBeLessThanOrEqual(2);
    const row = await findPlanRow(plan.id);
    expect(row).toMatchObject({ source: "ai-adapted", basePlanId: base, endUserId: member.id, visibility: "end-user-ai-generated" });
    expect(await countPlanWorkouts(plan.id)).toBe(plan.weeks.reduce((n: number, w: any) => n + w.sessions.length, 0));
    const snap = await call(`/v1/orgs/${org.organizationId}/generations/${plan.inspection.generationId}`, { key: org.key });
    expect(snap.status).toBe(200);
    expect(snap.body.data).toMatchObject({ kind: "plan-adapt", result: { planId: plan.id, basePlanId: base } });
    expect((await call(`/v1/plans/${plan.id}`, { key: org.key })).status).toBe(200);
  });

  it("swaps workouts that are unsafe for the member and says so", async () => {
    const org = await createLibraryOrg();
    const hiit = org.library.planIds[2]!; // HIIT Shred: advanced, jump-heavy
    const res = await call(adaptP(org.organizationId, hiit), {
      key: org.key,
      body: { endUserProfileId: org.library.endUsers[0]!.id, endUserProfileDetails: { fitnessLevels: ["beginner"], age: 70 } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.adaptationReasoning).toMatch(/swapped|dropped/);
    for (const w of res.body.weeks) for (const s of w.sessions) expect(s.workout.difficulty).not.toBe("advanced");
  });
});

describe("GET /v1/orgs/{organizationId}/generations/{generationId}", () => {
  it("returns snapshots of the organization only", async () => {
    const org = await createLibraryOrg();
    const other = await createLibraryOrg();
    const res = await call(`/v1/orgs/${org.organizationId}/workouts/generate`, { key: org.key, body: {} });
    const id = res.body.inspection.generationId;
    await expectAuthMatrix(org, `/v1/orgs/${org.organizationId}/generations/${id}`);
    const ok = await call(`/v1/orgs/${org.organizationId}/generations/${id}`, { key: org.key });
    expect(ok.status).toBe(200);
    expect(ok.body.data.inspection).toEqual(res.body.inspection);
    expectError(await call(`/v1/orgs/${other.organizationId}/generations/${id}`, { key: other.key }), 404, "NotFound");
    expectError(await call(`/v1/orgs/${org.organizationId}/generations/${"e".repeat(24)}`, { key: org.key }), 404, "NotFound");
    expectError(await call(`/v1/orgs/${org.organizationId}/generations/xyz`, { key: org.key }), 400, "ValidationError");
  });
});
