import { and, desc, eq, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { generations, methodologyProfiles, plans, workoutSegments } from "@/db/schema";
import { categoryId, goalId } from "@/db/seed/reference";
import { createMethodologyProfile } from "@/server/services/personalization/methodologies";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, useTestApp } from "@/test/harness";
import { setEntitlements } from "@/test/support/autopilot";

/**
 * A run honours the workspace's Programming DNA (its active team default profile, when its
 * applicability covers the content type) and the task's promptGuidanceMode, as the stored content
 * and its Generation Inspector snapshot (GET /v1/orgs/{org}/generations/{id}) show.
 */
useTestApp();

let org: TestLibraryOrg;
const base = () => `/v1/orgs/${org.organizationId}/content-autopilot`;
const CATEGORIES = ["strength", "core", "cardio", "mobility"].map(categoryId);
const DIFFICULTIES = ["beginner", "advanced"] as const;

async function create(body: Record<string, unknown>) {
  const res = await call(base(), { key: org.key, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data as Record<string, any>;
}

async function runNow(taskId: string) {
  const res = await call(`${base()}/${taskId}/run-now`, { key: org.key, method: "POST" });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data, res.text).toMatchObject({ eventType: "success" });
  return res.body.data as Record<string, any>;
}

/** The Inspector snapshot of the newest generation of `kind` made after `since`, read through the API. */
async function inspectorSince(since: Date, kind: "workout" | "plan") {
  const [row] = await getDb()
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.organizationId, org.organizationId), eq(generations.kind, kind), gt(generations.createdAt, since)))
    .orderBy(desc(generations.createdAt))
    .limit(1);
  expect(row, `a ${kind} generation after ${since.toISOString()}`).toBeDefined();
  const res = await call(`/v1/orgs/${org.organizationId}/generations/${row!.id}`, { key: org.key });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Record<string, any>;
}

let dnaId: string;
let bannedId: string;

beforeAll(async () => {
  org = await createLibraryOrg();
  await setEntitlements(org.organizationId, { autopilotMinutesLimit: 100_000 });
  // The workspace's own Programming DNA, for workouts only, made the team default (it takes the flag from the seeded one).
  [{ id: bannedId }] = await getDb().execute<{ id: string }>(sql`
    select s.video_asset_id as id from workout_segments s join workouts w on w.id = s.workout_id
    where w.organization_id = ${org.organizationId} and s.kind = 'exercise' group by 1 order by count(*) desc limit 1`) as unknown as [{ id: string }];
  const trainerId = org.library.trainerIds[0]!;
  const profile = await createMethodologyProfile(getDb(), {
    organizationId: org.organizationId,
    trainerId,
    input: {
      name: "Calm Intervals",
      version: "3.1",
      applicability: "workout",
      scope: "team",
      isTeamDefault: true,
      isActive: true,
      ruleSummary: "Work 25 to 30 s, rest 40 to 45 s, never above RPE 6, never the most programmed clip.",
      guidance: "Keep it calm.",
      rules: { workSecondsMin: 25, workSecondsMax: 30, restSecondsMin: 40, restSecondsMax: 45, maxRpe: 6, bannedExerciseIds: [bannedId] },
    },
  });
  dnaId = profile.id;
  const defaults = await getDb()
    .select({ id: methodologyProfiles.id })
    .from(methodologyProfiles)
    .where(and(eq(methodologyProfiles.organizationId, org.organizationId), eq(methodologyProfiles.isTeamDefault, true)));
  expect(defaults).toEqual([{ id: dnaId }]);
});

describe("Programming DNA in autopilot runs", () => {
  it("an ai_generate workout run applies the team default's hard rules: the Inspector names the profile and the stored workout obeys it", async () => {
    const task = await create({
      name: "Calm daily",
      scope: "ai_generate",
      contentType: "workout",
      categoryIds: [categoryId("strength")],
      difficultyOptions: ["advanced"],
      durationMin: 15,
      durationMax: 20,
      repeatMode: "daily",
    });
    const since = new Date(Date.now() - 1000);
    const event = await runNow(task.id);
    const inspector = await inspectorSince(since, "workout");
    expect(inspector.methodology).toMatchObject({ id: dnaId, name: "Calm Intervals", version: "3.1" });
    expect(inspector.request).toMatchObject({ methodologyProfileId: dnaId });
    const methodologyRules = inspector.inspection.hardRulesApplied.filter((r: any) => r.source === "methodology");
    expect(methodologyRules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: "maxRpe", value: 6 }),
        expect.objectContaining({ rule: "workSecondsMax", value: 30 }),
        expect.objectContaining({ rule: "restSecondsMin", value: 40 }),
        expect.objectContaining({ rule: "bannedExerciseIds" }),
      ]),
    );
    expect(inspector.inspection.complianceStatus).toBe("compliant");

    // The stored playlist: an advanced workout would allow RPE 9, the profile caps it at 6; rests 40-45 s; no banned clip.
    const segments = await getDb().select().from(workoutSegments).where(eq(workoutSegments.workoutId, event.resultContentId));
    const sets = segments.filter((s) => s.kind === "exercise");
    const rests = segments.filter((s) => s.kind === "break");
    expect(sets.length).toBeGreaterThan(0);
    expect(rests.length).toBeGreaterThan(0);
    for (const s of sets) {
      expect(s.videoAssetId).not.toBe(bannedId);
      if (s.rpe !== null) expect(s.rpe).toBeLessThanOrEqual(6);
      if (s.workSeconds !== null) {
        expect(s.workSeconds).toBeGreaterThanOrEqual(25);
        expect(s.workSeconds).toBeLessThanOrEqual(30);
      }
    }
    expect(sets.some((s) => s.rpe !== null)).toBe(true);
    for (const r of rests) {
      expect(r.durationSeconds).toBeGreaterThanOrEqual(40);
      expect(r.durationSeconds).toBeLessThanOrEqual(45);
    }
  });

  it("a program run leaves a workout-only profile out (its applicability does not cover plans)", async () => {
    const task = await create({ name: "Plan month", scope: "ai_generate", contentType: "program", goalIds: [goalId("general-fitness")], difficultyOptions: ["beginner"] });
    const event = await runNow(task.id);
    const [plan] = await getDb().select({ generationId: plans.generationId }).from(plans).where(eq(plans.id, event.resultContentId));
    const res = await call(`/v1/orgs/${org.organizationId}/generations/${plan!.generationId}`, { key: org.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.methodology).toBeNull();
    expect(res.body.data.request).not.toHaveProperty("methodologyProfileId");
    expect(res.body.data.inspection.complianceStatus).toBe("not_applicable");

    // Made to cover both, the same profile applies to the next program run.
    await getDb().update(methodologyProfiles).set({ applicability: "both" }).where(eq(methodologyProfiles.id, dnaId));
    const next = await runNow(task.id);
    const [nextPlan] = await getDb().select({ generationId: plans.generationId }).from(plans).where(eq(plans.id, next.resultContentId));
    const again = await call(`/v1/orgs/${org.organizationId}/generations/${nextPlan!.generationId}`, { key: org.key });
    expect(again.body.data.methodology).toMatchObject({ id: dnaId });
    expect(again.body.data.request).toMatchObject({ methodologyProfileId: dnaId });
    await getDb().update(methodologyProfiles).set({ applicability: "workout" }).where(eq(methodologyProfiles.id, dnaId));
  });
});

describe("promptGuidanceMode ai_driven", () => {
  it("sends no free text and picks category and difficulty itself among the task's options, run by run", async () => {
    const task = await create({
      name: "Surprise me",
      scope: "ai_generate",
      contentType: "workout",
      categoryIds: CATEGORIES,
      difficultyOptions: [...DIFFICULTIES],
      durationMin: 10,
      durationMax: 15,
      repeatMode: "daily",
      promptGuidanceMode: "ai_driven",
      customPromptGuidance: "only jumping jacks",
    });
    const picks: string[] = [];
    for (let run = 0; run < 8; run++) {
      const since = new Date(Date.now() - 1000);
      const event = await runNow(task.id);
      const inspector = await inspectorSince(since, "workout");
      // No free text: neither the task's own text nor tuned guidance reaches the engine.
      expect(inspector.request).not.toHaveProperty("userRequirements");
      const detail = await call(`/v1/workouts/${event.resultContentId}`, { key: org.key });
      const chosenCategory = inspector.request.categoryId as string;
      const chosenLevel = inspector.request.endUserProfileDetails.fitnessLevels[0] as string;
      expect(CATEGORIES).toContain(chosenCategory);
      expect(DIFFICULTIES).toContain(chosenLevel);
      expect(detail.body.data.difficulty).toBe(chosenLevel);
      expect(detail.body.data.categories.map((c: any) => c.id)).toEqual([chosenCategory]);
      picks.push(`${chosenCategory}/${chosenLevel}`);
    }
    // Not the fixed rotation the other modes follow (categories fastest, then difficulties):
    // a seeded pick per run matches all 8 rotation steps with probability (1/8)^8.
    const rotation = Array.from({ length: 8 }, (_, i) => `${CATEGORIES[i % 4]}/${DIFFICULTIES[Math.floor(i / 4) % 2]}`);
    expect(picks).not.toEqual(rotation);
  });

  it("a custom task with the same options follows the rotation and sends its text (the contrast)", async () => {
    const task = await create({
      name: "Rotate me",
      scope: "ai_generate",
      contentType: "workout",
      categoryIds: CATEGORIES.slice(0, 2),
      difficultyOptions: [...DIFFICULTIES],
      durationMin: 10,
      durationMax: 15,
      repeatMode: "daily",
      promptGuidanceMode: "custom",
      customPromptGuidance: "keep transitions short",
    });
    const picks: string[] = [];
    for (let run = 0; run < 3; run++) {
      const since = new Date(Date.now() - 1000);
      await runNow(task.id);
      const inspector = await inspectorSince(since, "workout");
      expect(inspector.request.userRequirements).toBe("keep transitions short");
      picks.push(`${inspector.request.categoryId}/${inspector.request.endUserProfileDetails.fitnessLevels[0]}`);
    }
    expect(picks).toEqual([`${CATEGORIES[0]}/beginner`, `${CATEGORIES[1]}/beginner`, `${CATEGORIES[0]}/advanced`]);
  });
});
