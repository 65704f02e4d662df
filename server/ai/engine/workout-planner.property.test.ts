import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MethodologyRules } from "@/db/schema/ai";
import { COLLECTIONS, EXERCISES } from "@/db/seed/data/exercises";
import { CATEGORIES, EQUIPMENT_CATEGORIES, GOALS, MUSCLE_GROUPS } from "@/db/seed/data/reference";
import { categoryId, equipmentCategoryId, goalId, muscleGroupId } from "@/db/seed/reference";
import { type GenerationRequest, prepareGeneration } from "../generate";
import { PLATFORM } from "../knowledge";
import { seedReferenceIndex, seedStockPool, seedTeamPool, teamExerciseId } from "@/test/support/ai-mocks/seed-catalog";
import { levelRank, primaryMuscle, InfeasibleError, type MethodologyInput, type PoolExercise } from "../types";
import { verifyWorkout } from "../rules";
import { runWorkoutEngine } from "../workout-engine";

/**
 * Property: for any profile and body over the seeded catalog, generate either returns a workout
 * that obeys every hard rule and bound, or refuses with an infeasibility that names the rule.
 * The checks below are written independently of rules.ts's verifier (which is also asserted).
 */
const ref = seedReferenceIndex();
const team = seedTeamPool();
const stock = seedStockPool();
const ALL_COLLECTIONS = [...COLLECTIONS, "Free Stock", "Premium Stock", "Nope"];
const PATTERNS = ["squat", "hinge", "lunge", "push", "pull", "core", "locomotion", "mobility", "plyometric"];
const KNOWN_RULES = new Set([
  "exerciseSources",
  "minimumPool",
  "bannedExerciseIds",
  "bannedMovementPatterns",
  "maxImpact",
  "maxSkillLevel",
  "preferredEquipmentCategoryIds",
  "requireWarmup",
  "requireCooldown",
  "workRestRatio",
  "workSecondsMin",
  "restSecondsMin",
  "muscleGroupIds",
  "maxConsecutiveSetsPerMuscleGroup",
  "duration",
]);
const PHRASES = [
  "no jumping",
  "focus on core and glutes",
  "make it really hard",
  "easy session please",
  "short rests",
  "more rest",
  "bodyweight only",
  "no burpees",
  "I love lunges",
  "reps please",
  "timed intervals",
  "upper body",
  "jumps and plyo welcome",
];

const subset = <T>(xs: readonly T[], max = xs.length) => fc.subarray([...xs], { minLength: 0, maxLength: max });

const rulesArb: fc.Arbitrary<MethodologyRules> = fc.record(
  {
    restSecondsMin: fc.integer({ min: 0, max: 60 }),
    restSecondsMax: fc.integer({ min: 10, max: 200 }),
    workSecondsMin: fc.integer({ min: 5, max: 60 }),
    workSecondsMax: fc.integer({ min: 15, max: 200 }),
    workRestRatio: fc.record({ work: fc.integer({ min: 1, max: 3 }), rest: fc.integer({ min: 1, max: 3 }) }),
    requireWarmup: fc.boolean(),
    requireCooldown: fc.boolean(),
    maxImpact: fc.constantFrom("low" as const, "high" as const),
    maxConsecutiveSetsPerMuscleGroup: fc.integer({ min: 1, max: 5 }),
    bannedExerciseIds: subset(
      EXERCISES.map((e) => teamExerciseId(e.key)),
      6,
    ),
    bannedMovementPatterns: subset(PATTERNS, 2),
    maxRpe: fc.integer({ min: 3, max: 10 }),
  },
  { requiredKeys: [] },
);

const bodyArb = fc.record(
  {
    profile: fc.record(
      {
        age: fc.integer({ min: 14, max: 90 }),
        fitnessLevels: subset(["beginner", "intermediate", "advanced"] as const),
        goalIds: subset(
          GOALS.map((g) => goalId(g.key)),
          3,
        ),
        trainingDaysPerWeek: fc.integer({ min: 1, max: 7 }),
        preferredEquipmentCategoryIds: subset(
          EQUIPMENT_CATEGORIES.map((c) => equipmentCategoryId(c.key)),
          3,
        ),
      },
      { requiredKeys: [] },
    ),
    duration: fc.option(
      fc.tuple(fc.option(fc.integer({ min: 5, max: 120 }), { nil: undefined }), fc.option(fc.integer({ min: 5, max: 120 }), { nil: undefined })),
      { nil: undefined },
    ),
    categoryId: fc.option(fc.constantFrom(...CATEGORIES.map((c) => categoryId(c.key))), { nil: undefined }),
    sources: subset(["team_exercises", "free_stock", "premium_stock"] as const),
    collections: fc.option(fc.tuple(fc.boolean(), subset(ALL_COLLECTIONS, 3)), { nil: undefined }),
    muscleGroupIds: fc.option(
      subset(
        MUSCLE_GROUPS.map((m) => muscleGroupId(m.key)),
        3,
      ),
      { nil: undefined },
    ),
    preferredEquipmentCategoryIds: fc.option(
      subset(
        EQUIPMENT_CATEGORIES.map((c) => equipmentCategoryId(c.key)),
        3,
      ),
      { nil: undefined },
    ),
    rules: fc.option(rulesArb, { nil: undefined }),
    guidance: fc.option(subset(PHRASES, 3), { nil: undefined }),
    userRequirements: fc.option(subset(PHRASES, 3), { nil: undefined }),
  },
  { requiredKeys: ["sources"] },
);

function poolFor(sources: readonly string[]): PoolExercise[] {
  const s = sources.length ? sources : ["free_stock", "premium_stock"];
  return [
    ...(s.includes("team_exercises") ? team : []),
    ...stock.filter((e) => (e.source === "free_stock" && s.includes("free_stock")) || (e.source === "premium_stock" && s.includes("premium_stock"))),
  ];
}

describe("workout generate (property)", () => {
  it("obeys every hard rule and bound, or names the rule that makes the request infeasible", async () => {
    let served = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(bodyArb, async (x) => {
        const [a, z] = x.duration ?? [undefined, undefined];
        const durationOptions = x.duration
          ? { minMinutes: a !== undefined && z !== undefined ? Math.min(a, z) : a, maxMinutes: a !== undefined && z !== undefined ? Math.max(a, z) : z }
          : undefined;
        const body: GenerationRequest = {
          endUserProfileDetails: x.profile as GenerationRequest["endUserProfileDetails"],
          durationOptions,
          categoryId: x.categoryId,
          ...(x.collections ? (x.collections[0] ? { includeExerciseCollections: x.collections[1] } : { excludeExerciseCollections: x.collections[1] }) : {}),
          muscleGroupIds: x.muscleGroupIds?.length ? x.muscleGroupIds : undefined,
          preferredEquipmentCategoryIds: x.preferredEquipmentCategoryIds,
        };
        const methodology: MethodologyInput | null = x.rules
          ? { id: "0".repeat(24), name: "Random", version: "1", applicability: "both", guidance: (x.guidance ?? []).join(". "), rules: x.rules }
          : null;
        const pool = poolFor(x.sources);
        const p = prepareGeneration({ ref, pool, body, methodology });
        const reasons = [...(p.boundsError?.reasons ?? []), ...p.poolInfeasible];
        if (reasons.length) {
          refused++;
          for (const r of reasons) {
            expect(KNOWN_RULES.has(r.rule), r.rule).toBe(true);
            expect(r.message.length).toBeGreaterThan(10);
          }
          return;
        }
        let result: Awaited<ReturnType<typeof runWorkoutEngine>>;
        try {
          result = await runWorkoutEngine({
            pool: p.eligible,
            bounds: p.bounds!,
            ref,
            categoryKey: p.categoryKey,
            goalCategoryKeys: p.goalKeys,
            muscleGroupIds: body.muscleGroupIds ?? null,
            preferredEquipmentIds: p.preferredEquipmentIds,
            seed: JSON.stringify(x),
            userText: x.userRequirements?.join(", "),
            userTextSource: "userRequirements",
            methodology,
            locale: null,
            model: null,
          });
        } catch (err) {
          if (!(err instanceof InfeasibleError)) throw err;
          refused++;
          for (const r of err.reasons) expect(KNOWN_RULES.has(r.rule), `${r.rule}: ${r.message}`).toBe(true);
          return;
        }
        served++;
        const b = p.bounds!;
        const w = result.plan;
        const ins = w.instances;
        const byId = new Map(p.eligible.map((e) => [e.id, e]));
        // The verifier agrees...
        expect(verifyWorkout(ins, b, { poolById: byId, focusMuscleIds: body.muscleGroupIds ? new Set(body.muscleGroupIds) : null })).toEqual([]);
        // ...and so do independent checks.
        expect(ins[0]!.kind).toBe("single-exercise");
        expect(ins[ins.length - 1]!.kind).toBe("single-exercise");
        const total = ins.reduce((s, i) => s + i.durationSeconds, 0);
        expect(total).toBe(w.totalDurationSeconds);
        expect(total).toBeGreaterThanOrEqual(b.durationMinSec);
        expect(total).toBeLessThanOrEqual(b.durationMaxSec);
        if (durationOptions?.minMinutes !== undefined) expect(total).toBeGreaterThanOrEqual(durationOptions.minMinutes * 60);
        if (durationOptions?.maxMinutes !== undefined) expect(total).toBeLessThanOrEqual(durationOptions.maxMinutes * 60);
        let streak = 0;
        let last: string | null = null;
        for (let i = 0; i < ins.length; i++) {
          const it = ins[i]!;
          if (it.kind === "rest") {
            expect(ins[i - 1]!.kind).toBe("single-exercise");
            expect(it.durationSeconds).toBeGreaterThanOrEqual(Math.max(PLATFORM.restSeconds.min, x.rules?.restSecondsMin ?? 0));
            expect(it.durationSeconds).toBeLessThanOrEqual(Math.min(PLATFORM.restSeconds.max, x.rules?.restSecondsMax ?? 999));
            if (x.rules?.workRestRatio)
              expect(
                Math.abs(it.durationSeconds - ins[i - 1]!.durationSeconds * (x.rules.workRestRatio.rest / x.rules.workRestRatio.work)),
              ).toBeLessThanOrEqual(1);
            continue;
          }
          const e = byId.get(it.exerciseId!)!;
          expect(e).toBeDefined();
          expect(pool.some((q) => q.id === e.id)).toBe(true);
          expect(it.durationSeconds).toBeGreaterThanOrEqual(Math.max(PLATFORM.workSeconds.min, x.rules?.workSecondsMin ?? 0));
          expect(it.durationSeconds).toBeLessThanOrEqual(Math.min(PLATFORM.workSeconds.max, x.rules?.workSecondsMax ?? 999));
          if (it.reps !== null) expect(Math.abs(it.reps * e.estimatedRepDuration - it.durationSeconds)).toBeLessThanOrEqual(1);
          expect(it.rpe!).toBeLessThanOrEqual(Math.min(10, x.rules?.maxRpe ?? 10, b.maxRpe));
          if (x.rules?.bannedExerciseIds) expect(x.rules.bannedExerciseIds).not.toContain(e.id);
          if (x.rules?.bannedMovementPatterns && e.movementPattern) expect(x.rules.bannedMovementPatterns).not.toContain(e.movementPattern);
          if (x.rules?.maxImpact === "low" || (x.profile?.age ?? 30) >= 65) expect(e.impact).toBe("low");
          const lvl = x.profile?.fitnessLevels?.length ? Math.min(...(x.profile?.fitnessLevels ?? []).map((l) => levelRank(l))) : 1;
          expect(levelRank(e.skillLevel ?? "beginner")).toBeLessThanOrEqual(Math.min(2, lvl + 1));
          if (body.includeExerciseCollections?.length) expect(body.includeExerciseCollections).toContain(e.collectionName);
          if (body.excludeExerciseCollections?.length) expect(body.excludeExerciseCollections).not.toContain(e.collectionName);
          if (p.preferredEquipmentIds) for (const q of e.equipmentIds) expect(p.preferredEquipmentIds.has(q)).toBe(true);
          if (it.phase === "main" && body.muscleGroupIds?.length) expect(e.muscles.some(([m]) => body.muscleGroupIds!.includes(m))).toBe(true);
          const pm = primaryMuscle(e);
          streak = pm && pm === last ? streak + 1 : 1;
          last = pm;
          if (x.rules?.maxConsecutiveSetsPerMuscleGroup !== undefined) expect(streak).toBeLessThanOrEqual(x.rules.maxConsecutiveSetsPerMuscleGroup);
        }
        if (x.rules?.requireWarmup) expect(byId.get(ins[0]!.exerciseId!)!.isStretch && ins[0]!.phase === "warmup").toBe(true);
        if (x.rules?.requireCooldown) expect(byId.get(ins[ins.length - 1]!.exerciseId!)!.isStretch && ins[ins.length - 1]!.phase === "cooldown").toBe(true);
      }),
      { numRuns: 600, seed: 20261122 },
    );
    // The generator must exercise both outcomes, or the property says little.
    expect(served).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(20);
  }, 120_000);
});
