import { describe, expect, it } from "vitest";
import { EXERCISES } from "@/db/seed/data/exercises";
import { equipmentCategoryId } from "@/db/seed/reference";
import { createLibraryOrg } from "@/test/fixtures";
import { call, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { addCompletedSession, copyWorkoutAs, countGenerations } from "@/test/support/personalization";

useTestApp();

const adaptW = (orgId: string, workoutId: string) => `/v1/orgs/${orgId}/workouts/${workoutId}/adapt`;
const HIGH_IMPACT = new Set(EXERCISES.filter((e) => e.impact === "high").map((e) => e.name["en-US"]));
const ADVANCED = new Set(EXERCISES.filter((e) => e.skillLevel === "advanced").map((e) => e.name["en-US"]));

describe("POST /v1/orgs/{organizationId}/workouts/{workoutId}/adapt", () => {
  it("rejects bad credentials and foreign organizations", async () => {
    const org = await createLibraryOrg();
    await expectAuthMatrix(org, adaptW(org.organizationId, org.library.workoutIds[0]!), { body: {} });
  });

  it("adapts a team workout into the generate shape (kind single-exercise) with adaptationReasoning", async () => {
    const org = await createLibraryOrg();
    const workoutId = org.library.workoutIdByKey.get("full-body-foundations")!;
    const res = await call(adaptW(org.organizationId, workoutId), { key: org.key, body: { endUserProfileDetails: { fitnessLevels: ["intermediate"] } } });
    expect(res.status, res.text).toBe(200);
    expect(Number(res.headers.get("x-ratelimit-limit")) - Number(res.headers.get("x-ratelimit-remaining"))).toBe(10);
    const w = res.body;
    expect(w).not.toHaveProperty("id");
    expect(w.baseWorkoutId).toBe(workoutId);
    expect(w.adaptationReasoning).toMatch(/beginner; for an intermediate member/);
    expect(w.instances[0].kind).toBe("single-exercise");
    expect(w.instances[w.instances.length - 1].kind).toBe("single-exercise");
    for (const it of w.instances) {
      expect(["single-exercise", "rest"]).toContain(it.kind);
      if (it.exercise) expect((await call(`/v1/video-asset/${it.exercise.id}`, { key: org.key })).status).toBe(200);
    }
    expect(Object.keys(w.nameTranslations)).toEqual(["en-US"]);
    expect(w.inspection).toMatchObject({ methodology: null, complianceStatus: "not_applicable", engine: "deterministic" });
    expect(await countGenerations(org.organizationId)).toBe(1);
  });

  it("makes an advanced, jump-heavy workout safe for an older beginner and follows userGuidance", async () => {
    const org = await createLibraryOrg();
    const workoutId = org.library.workoutIdByKey.get("tabata-inferno")!;
    const base = await call(`/v1/workouts/${workoutId}/playlist`, { key: org.key });
    const res = await call(adaptW(org.organizationId, workoutId), {
      key: org.key,
      body: { endUserProfileDetails: { fitnessLevels: ["beginner"], age: 68 }, userGuidance: "Please no jumping, and more rest between sets" },
    });
    expect(res.status, res.text).toBe(200);
    const ex = res.body.instances.filter((i: any) => i.exercise);
    expect(ex.length).toBeGreaterThan(0);
    for (const it of ex) {
      expect(HIGH_IMPACT.has(it.exercise.name)).toBe(false);
      expect(ADVANCED.has(it.exercise.name)).toBe(false);
      expect(it.rpe).toBeLessThanOrEqual(6);
    }
    expect(res.body.adaptationReasoning).toMatch(/Swapped|Removed/);
    expect(res.body.difficulty).toBe("beginner");
    if (base.status === 200) {
      const baseRests = base.body.data.filter((s: any) => s.break).map((s: any) => s.break.duration);
      const rests = res.body.instances.filter((i: any) => i.kind === "rest").map((i: any) => i.durationSeconds);
      if (baseRests.length && rests.length) expect(Math.max(...rests)).toBeGreaterThanOrEqual(Math.max(...baseRests));
    }
  });

  it("respects the member's equipment and their feedback history", async () => {
    const org = await createLibraryOrg();
    const workoutId = org.library.workoutIdByKey.get("dumbbell-strength")!;
    const member = org.library.endUsers[0]!;
    const plain = await call(adaptW(org.organizationId, workoutId), { key: org.key, body: {} });
    await addCompletedSession(org.organizationId, member.id, workoutId, { difficulty: "too-hard" });
    await addCompletedSession(org.organizationId, member.id, workoutId, { difficulty: "too-hard" });
    const res = await call(adaptW(org.organizationId, workoutId), {
      key: org.key,
      body: { endUserProfileId: member.externalId, endUserProfileDetails: { preferredEquipmentCategoryIds: [equipmentCategoryId("mats-and-accessories")] } },
    });
    expect(res.status, res.text).toBe(200);
    for (const it of res.body.instances.filter((i: any) => i.exercise)) expect(it.exercise.equipment).not.toContain("Dumbbell");
    const effort = (w: any) => w.instances.filter((i: any) => i.rpe !== null).reduce((s: number, i: any) => s + i.rpe, 0);
    expect(effort(res.body)).toBeLessThan(effort(plain.body));
    expectError(await call(adaptW(org.organizationId, workoutId), { key: org.key, body: { endUserProfileId: "ghost" } }), 404, "NotFound");
  });

  it("is 404 outside the organization and 400 for workouts that are not team workouts", async () => {
    const org = await createLibraryOrg();
    const other = await createLibraryOrg();
    expectError(await call(adaptW(org.organizationId, other.library.workoutIds[0]!), { key: org.key, body: {} }), 404, "NotFound");
    expectError(await call(adaptW(org.organizationId, "c".repeat(24)), { key: org.key, body: {} }), 404, "NotFound");
    const template = await copyWorkoutAs(org.library.workoutIds[0]!, "template");
    const e1 = expectError(await call(adaptW(org.organizationId, template), { key: org.key, body: {} }), 400, "BadRequest");
    expect(e1.message).toMatch(/not eligible/);
    const generated = await copyWorkoutAs(org.library.workoutIds[0]!, "ai-generated");
    expectError(await call(adaptW(org.organizationId, generated), { key: org.key, body: {} }), 400, "BadRequest");
    const classOnly = await copyWorkoutAs(org.library.workoutIdByKey.get("yoga-flow-class")!, "team", { onlyClassSegments: true });
    expectError(await call(adaptW(org.organizationId, classOnly), { key: org.key, body: {} }), 400, "BadRequest");
    // A private team workout is still a team workout.
    expect((await call(adaptW(org.organizationId, org.library.privateWorkoutIds[0]!), { key: org.key, body: {} })).status).toBe(200);
  });

  it("takes userGuidance, not userRequirements; rejects methodologyProfileId and unsupported locales", async () => {
    const org = await createLibraryOrg();
    const id = org.library.workoutIds[0]!;
    const err = expectError(await call(adaptW(org.organizationId, id), { key: org.key, body: { userRequirements: "easy" } }), 400, "ValidationError");
    expect(err.details).toEqual([expect.objectContaining({ code: "ConstraintError", target: "userRequirements" })]);
    expectError(await call(adaptW(org.organizationId, id), { key: org.key, body: { methodologyProfileId: "a".repeat(24) } }), 400, "ValidationError");
    expectError(await call(adaptW(org.organizationId, id), { key: org.key, body: { locale: "no" } }), 400, "ValidationError");
    const de = await call(adaptW(org.organizationId, id), { key: org.key, body: { locale: "de-DE", userGuidance: "gentle please" } });
    expect(de.status, de.text).toBe(200);
    expect(Object.keys(de.body.nameTranslations).sort()).toEqual(["de-DE", "en-US"]);
    expect(de.body.difficultyLabel).toBeTruthy();
  });
});
