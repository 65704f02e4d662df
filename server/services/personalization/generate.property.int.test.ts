import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { MethodologyRules } from "@/db/schema/ai";
import { COLLECTIONS, EXERCISES } from "@/db/seed/data/exercises";
import { CATEGORIES, EQUIPMENT, EQUIPMENT_CATEGORIES, MUSCLE_GROUPS } from "@/db/seed/data/reference";
import { STOCK_EXERCISES } from "@/db/seed/data/stock";
import { categoryId, equipmentCategoryId, muscleGroupId } from "@/db/seed/reference";
import { stockExerciseId } from "@/db/seed/stock";
import { type TestLibraryOrg, createLibraryOrg } from "@/test/fixtures";
import { call, useTestApp } from "@/test/harness";
import { METHODOLOGY_REJECTED } from "./context";
import { insertMethodology, methodologyIdByName } from "@/test/support/personalization";

/**
 * Property over HTTP against the seeded catalog: for random profiles and bodies, generate answers
 * 200 with a workout that obeys every hard rule and bound (checked from the response alone), or
 * 400 naming the rule that made the request infeasible.
 */
useTestApp();

const clipImpact = new Map<string, "low" | "high">();
const clipStretch = new Map<string, boolean>();
for (const e of EXERCISES) {
  clipImpact.set(e.name["en-US"], e.impact);
  clipStretch.set(e.name["en-US"], e.isStretch);
}
for (const s of STOCK_EXERCISES) {
  const clip = EXERCISES.find((e) => e.key === s.mediaClipKey)!;
  clipImpact.set(s.name["en-US"], clip.impact);
  clipStretch.set(s.name["en-US"], clip.isStretch);
}
const equipmentByCategory = new Map<string, string[]>();
for (const e of EQUIPMENT) {
  if (!e.equipmentCategoryKey) continue;
  const id = equipmentCategoryId(e.equipmentCategoryKey);
  equipmentByCategory.set(id, [...(equipmentByCategory.get(id) ?? []), e.name["en-US"]]);
}
const muscleName = new Map(MUSCLE_GROUPS.map((m) => [muscleGroupId(m.key), m.name["en-US"]]));
const subset = <T>(xs: readonly T[], max = xs.length) => fc.subarray([...xs], { minLength: 0, maxLength: max });

let org: TestLibraryOrg;
let profiles: Record<string, string>;
beforeAll(async () => {
  org = await createLibraryOrg();
  profiles = {
    balanced: await methodologyIdByName(org.organizationId, "Forma Balanced Standard"),
    hiit: await methodologyIdByName(org.organizationId, "HIIT 2:1 Intervals"),
    inactive: await methodologyIdByName(org.organizationId, "Joint-Friendly (Legacy)"),
    personal: await methodologyIdByName(org.organizationId, "Maya's Mobility First"),
  };
});

const rulesArb: fc.Arbitrary<MethodologyRules> = fc.record(
  {
    restSecondsMin: fc.integer({ min: 5, max: 40 }),
    restSecondsMax: fc.integer({ min: 20, max: 120 }),
    workSecondsMin: fc.integer({ min: 10, max: 40 }),
    workSecondsMax: fc.integer({ min: 25, max: 120 }),
    workRestRatio: fc.record({ work: fc.integer({ min: 1, max: 3 }), rest: fc.integer({ min: 1, max: 2 }) }),
    requireWarmup: fc.boolean(),
    requireCooldown: fc.boolean(),
    maxImpact: fc.constantFrom("low" as const, "high" as const),
    maxConsecutiveSetsPerMuscleGroup: fc.integer({ min: 1, max: 4 }),
    maxRpe: fc.integer({ min: 4, max: 10 }),
  },
  { requiredKeys: [] },
);

const bodyArb = fc.record({
  endUserProfileDetails: fc.record(
    {
      age: fc.integer({ min: 14, max: 85 }),
      fitnessLevels: subset(["beginner", "intermediate", "advanced"] as const, 2),
      trainingDaysPerWeek: fc.integer({ min: 1, max: 7 }),
    },
    { requiredKeys: [] },
  ),
  exerciseSources: subset(["team_exercises", "free_stock", "premium_stock"] as const),
  durationOptions: fc
    .tuple(fc.integer({ min: 5, max: 60 }), fc.integer({ min: 0, max: 30 }))
    .map(([min, extra]) => ({ minMinutes: min, maxMinutes: min + extra })),
  categoryId: fc.option(fc.constantFrom(...CATEGORIES.map((c) => categoryId(c.key))), { nil: undefined }),
  collections: fc.option(fc.tuple(fc.boolean(), subset([...COLLECTIONS, "Free Stock", "Premium Stock"], 3)), { nil: undefined }),
  muscleGroupIds: subset(
    MUSCLE_GROUPS.map((m) => muscleGroupId(m.key)),
    2,
  ),
  preferredEquipmentCategoryIds: subset(
    EQUIPMENT_CATEGORIES.map((c) => equipmentCategoryId(c.key)),
    3,
  ),
  methodology: fc.option(fc.oneof(fc.constantFrom("balanced", "hiit", "inactive", "personal"), rulesArb), { nil: undefined }),
  userRequirements: subset(["no jumping", "make it hard", "easy please", "short rests", "focus on core", "bodyweight only", "no burpees"], 2).map((x) =>
    x.join(", "),
  ),
  locale: fc.constantFrom("en-US", "de-DE", "fr-FR", "ar-XA"),
});

describe("POST .../workouts/generate (property over HTTP)", () => {
  it("answers a valid workout or a 400 that names the infeasible rule", async () => {
    const outcomes = { ok: 0, infeasible: 0 };
    await fc.assert(
      fc.asyncProperty(bodyArb, async (x) => {
        let rules: MethodologyRules | null = null;
        let methodologyProfileId: string | undefined;
        if (typeof x.methodology === "string") methodologyProfileId = profiles[x.methodology];
        else if (x.methodology) {
          rules = JSON.parse(JSON.stringify(x.methodology)) as MethodologyRules;
          methodologyProfileId = await insertMethodology(org.organizationId, { name: "Random rules", rules });
        }
        if (x.methodology === "balanced")
          rules = {
            requireWarmup: true,
            requireCooldown: true,
            restSecondsMin: 10,
            restSecondsMax: 90,
            workSecondsMin: 20,
            workSecondsMax: 60,
            maxConsecutiveSetsPerMuscleGroup: 3,
          };
        if (x.methodology === "hiit")
          rules = { workRestRatio: { work: 2, rest: 1 }, workSecondsMin: 20, workSecondsMax: 45, restSecondsMin: 10, restSecondsMax: 30, requireWarmup: true };
        const body: Record<string, unknown> = {
          endUserProfileDetails: JSON.parse(JSON.stringify(x.endUserProfileDetails)),
          exerciseSources: x.exerciseSources,
          durationOptions: x.durationOptions,
          categoryId: x.categoryId,
          muscleGroupIds: x.muscleGroupIds,
          preferredEquipmentCategoryIds: x.preferredEquipmentCategoryIds,
          methodologyProfileId,
          userRequirements: x.userRequirements || undefined,
          locale: x.locale,
        };
        if (x.collections) body[x.collections[0] ? "includeExerciseCollections" : "excludeExerciseCollections"] = x.collections[1];
        const res = await call(`/v1/orgs/${org.organizationId}/workouts/generate`, { key: org.key, body });
        if (x.methodology === "inactive" || x.methodology === "personal") {
          expect(res.status).toBe(400);
          expect(res.body.error.message).toBe(METHODOLOGY_REJECTED);
          return;
        }
        if (res.status === 400) {
          outcomes.infeasible++;
          expect(res.body.error.code, res.text).toBe("BadRequest");
          expect(res.body.error.message, res.text).toMatch(/\(rule: [A-Za-z.]+\)$/);
          expect(res.body.error.details?.[0]?.target).toBeTruthy();
          return;
        }
        expect(res.status, res.text).toBe(200);
        outcomes.ok++;
        const w = res.body;
        const ins = w.instances;
        expect(ins[0].kind).toBe("single-exercise");
        expect(ins[ins.length - 1].kind).toBe("single-exercise");
        expect(w.totalDurationSeconds).toBeGreaterThanOrEqual(x.durationOptions.minMinutes * 60);
        expect(w.totalDurationSeconds).toBeLessThanOrEqual(x.durationOptions.maxMinutes * 60);
        if (x.categoryId) expect(w.categoryId).toBe(x.categoryId);
        const sources = x.exerciseSources.length ? x.exerciseSources : ["free_stock", "premium_stock"];
        const levels: string[] = x.endUserProfileDetails.fitnessLevels ?? [];
        const level = levels.includes("beginner") ? 0 : levels.includes("intermediate") || levels.length === 0 ? 1 : 2;
        const allowedEquipment = x.preferredEquipmentCategoryIds.length
          ? new Set(["Exercise Mat", ...x.preferredEquipmentCategoryIds.flatMap((c) => equipmentByCategory.get(c) ?? [])])
          : null;
        const senior = (x.endUserProfileDetails?.age ?? 30) >= 65;
        for (let i = 0; i < ins.length; i++) {
          const it = ins[i];
          if (it.kind === "rest") {
            expect(ins[i - 1].kind).toBe("single-exercise");
            expect(it.durationSeconds).toBeGreaterThanOrEqual(Math.max(5, rules?.restSecondsMin ?? 5));
            expect(it.durationSeconds).toBeLessThanOrEqual(Math.min(180, rules?.restSecondsMax ?? 180));
            if (rules?.workRestRatio)
              expect(Math.abs(it.durationSeconds - ins[i - 1].durationSeconds * (rules.workRestRatio.rest / rules.workRestRatio.work))).toBeLessThanOrEqual(1);
            continue;
          }
          const e = it.exercise;
          const isTeam = org.library.videoAssetIds.includes(e.id);
          const isFree = STOCK_EXERCISES.some((s) => s.tier === "free" && stockExerciseId(s.key) === e.id);
          const isPremium = STOCK_EXERCISES.some((s) => s.tier === "premium" && stockExerciseId(s.key) === e.id);
          expect(
            (isTeam && sources.includes("team_exercises")) || (isFree && sources.includes("free_stock")) || (isPremium && sources.includes("premium_stock")),
          ).toBe(true);
          if (x.collections?.[0] && x.collections[1].length) expect(x.collections[1]).toContain(e.collectionName);
          if (x.collections && !x.collections[0]) expect(x.collections[1]).not.toContain(e.collectionName);
          expect(it.durationSeconds).toBeGreaterThanOrEqual(Math.max(10, rules?.workSecondsMin ?? 10));
          expect(it.durationSeconds).toBeLessThanOrEqual(Math.min(180, rules?.workSecondsMax ?? 180));
          if (it.reps !== null) expect(Math.abs(it.reps * e.estimatedRepDuration - it.durationSeconds)).toBeLessThanOrEqual(1);
          expect(it.rpe).toBeLessThanOrEqual(Math.min(rules?.maxRpe ?? 10, [7, 8, 9][level]!, senior ? 6 : 10));
          if (rules?.maxImpact === "low" || senior) expect(clipImpact.get(e.name)).toBe("low");
          expect(["beginner", "intermediate", "advanced"].indexOf(e.skillLevel)).toBeLessThanOrEqual(Math.min(2, level + 1, senior ? 1 : 2));
          if (allowedEquipment) for (const q of e.equipment) expect(allowedEquipment.has(q), `${q} not allowed`).toBe(true);
          if (it.phase === "main" && x.muscleGroupIds.length) expect(x.muscleGroupIds.some((m) => e.muscleGroups.includes(muscleName.get(m)))).toBe(true);
          if (x.locale !== "en-US") expect(typeof e.localizedName).toBe("string");
          expect(e.videoUri).toContain("sig=");
        }
        if (rules?.requireWarmup) expect(ins[0].phase === "warmup" && clipStretch.get(ins[0].exercise.name)).toBe(true);
        if (rules?.requireCooldown) expect(ins[ins.length - 1].phase === "cooldown" && clipStretch.get(ins[ins.length - 1].exercise.name)).toBe(true);
        if (x.locale !== "en-US") {
          expect(Object.keys(w.nameTranslations).sort()).toEqual(["en-US", x.locale].sort());
          expect(typeof w.difficultyLabel).toBe("string");
        }
      }),
      { numRuns: 150, seed: 424242 },
    );
    expect(outcomes.ok).toBeGreaterThan(10);
  }, 240_000);
});
