process.env.LOG_LEVEL = "silent";
import { describe, expect, it } from "vitest";
import { prepareGeneration } from "./generate";
import { candidateIdsIn, mockInvalidModel, mockJsonModel, mockSlowModel } from "@/test/support/ai-mocks/mock-model";
import { seedReferenceIndex, seedStockPool, seedTeamPool } from "@/test/support/ai-mocks/seed-catalog";
import { verifyWorkout } from "./rules";
import { type WorkoutEngineInput, runWorkoutEngine } from "./workout-engine";

const ref = seedReferenceIndex();
const pool = [...seedTeamPool(), ...seedStockPool()];

function engineInput(model: WorkoutEngineInput["model"], extra: Partial<WorkoutEngineInput> = {}): WorkoutEngineInput {
  const p = prepareGeneration({ ref, pool, body: { durationOptions: { minMinutes: 20, maxMinutes: 30 } }, methodology: null });
  return {
    pool: p.eligible,
    bounds: p.bounds!,
    ref,
    categoryKey: p.categoryKey,
    goalCategoryKeys: p.goalKeys,
    muscleGroupIds: null,
    preferredEquipmentIds: null,
    seed: "seed",
    userText: "no jumping",
    userTextSource: "userRequirements",
    methodology: null,
    locale: "de-DE",
    model,
    ...extra,
  };
}

const validAnswer = (prompt: string) => {
  const ids = candidateIdsIn(prompt);
  return {
    constraints: { impact: "avoid-high", intensity: 1, focusMuscleGroupIds: null, avoidExerciseIds: null, rest: null, workStyle: null },
    exerciseIds: ids.slice(0, 5),
    name: "Model Strength Flow",
    description: "A balanced strength session chosen by the model.",
    localizedName: "Kraftfluss",
    localizedDescription: "Eine ausgewogene Krafteinheit.",
    reasoning: "Balanced and low impact.",
  };
};

describe("workout engine, model path (MockLanguageModelV3)", () => {
  it("uses a valid model answer: its choice of candidates and its texts, with every hard rule re-verified", async () => {
    const { model, prompts } = mockJsonModel(validAnswer);
    const input = engineInput({ model, id: "mock-json" });
    const out = await runWorkoutEngine(input);
    expect(out.engine).toBe("model");
    expect(out.model).toBe("mock-json");
    expect(out.texts?.name).toBe("Model Strength Flow");
    expect(out.texts?.localizedName).toBe("Kraftfluss");
    const chosen = candidateIdsIn(prompts[0]!).slice(0, 5);
    expect(out.plan.mainExerciseIds.every((id) => chosen.includes(id))).toBe(true);
    expect(verifyWorkout(out.plan.instances, input.bounds, { poolById: new Map(input.pool.map((e) => [e.id, e])), focusMuscleIds: null })).toEqual([]);
    // The prompt carries the member's text and only pool clips as candidates.
    expect(prompts[0]).toContain("no jumping");
    const poolIds = new Set(input.pool.map((e) => e.id));
    expect(candidateIdsIn(prompts[0]!).every((id) => poolIds.has(id))).toBe(true);
  });

  it("falls back to the deterministic result when the answer is not the requested JSON", async () => {
    const out = await runWorkoutEngine(engineInput({ model: mockInvalidModel(), id: "mock-invalid" }));
    expect(out.engine).toBe("deterministic");
    expect(out.fallbackReason).toBeTruthy();
    expect(out.texts).toBeNull();
    expect(out.plan.instances.length).toBeGreaterThan(3);
  });

  it("falls back when the model picks exercises outside the pool (it can never add one)", async () => {
    const { model } = mockJsonModel((prompt) => ({ ...validAnswer(prompt), exerciseIds: ["f".repeat(24), ...candidateIdsIn(prompt).slice(0, 3)] }));
    const out = await runWorkoutEngine(engineInput({ model, id: "mock-json" }));
    expect(out.engine).toBe("deterministic");
    expect(out.fallbackReason).toMatch(/outside the candidate pool/);
    expect(out.plan.instances.every((i) => i.exerciseId === null || pool.some((e) => e.id === i.exerciseId))).toBe(true);
  });

  it("falls back when the answer breaks its schema (out-of-range values)", async () => {
    const { model } = mockJsonModel((prompt) => ({ ...validAnswer(prompt), constraints: { ...validAnswer(prompt).constraints, intensity: 9 } }));
    const out = await runWorkoutEngine(engineInput({ model, id: "mock-json" }));
    expect(out.engine).toBe("deterministic");
    expect(out.fallbackReason).toBeTruthy();
  });

  it("falls back within the time budget when the model is too slow", async () => {
    const started = Date.now();
    const out = await runWorkoutEngine(engineInput({ model: mockSlowModel(10_000), id: "mock-slow" }, { modelTimeoutMs: 150 }));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(out.engine).toBe("deterministic");
    expect(out.fallbackReason).toMatch(/timed out/);
  });
});

describe("workout engine, model path (property)", () => {
  it("whatever the model answers, the result stays inside the pool and the bounds", async () => {
    const fc = (await import("fast-check")).default;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.nat(60), fc.constant(-1)), { maxLength: 12 }),
        fc.record({
          impact: fc.constantFrom("avoid-high", "prefer-high", null),
          intensity: fc.constantFrom(-2, -1, 0, 1, 2, null),
          rest: fc.constantFrom("shorter", "longer", null),
          workStyle: fc.constantFrom("reps", "time", null),
        }),
        fc.integer({ min: 5, max: 60 }),
        async (picks, c, minutes) => {
          const { model } = mockJsonModel((prompt) => {
            const ids = candidateIdsIn(prompt);
            return {
              ...validAnswer(prompt),
              constraints: { ...c, focusMuscleGroupIds: null, avoidExerciseIds: null },
              exerciseIds: picks.length ? picks.map((i) => (i < 0 ? "e".repeat(24) : (ids[i % ids.length] ?? "e".repeat(24)))) : [ids[0]!],
            };
          });
          const p = prepareGeneration({ ref, pool, body: { durationOptions: { minMinutes: minutes, maxMinutes: minutes + 10 } }, methodology: null });
          const input = { ...engineInput({ model, id: "mock" }), bounds: p.bounds!, pool: p.eligible };
          const out = await runWorkoutEngine(input);
          const errors = verifyWorkout(out.plan.instances, input.bounds, { poolById: new Map(input.pool.map((e) => [e.id, e])), focusMuscleIds: null });
          expect(errors).toEqual([]);
          if (picks.some((i) => i < 0)) expect(out.engine).toBe("deterministic");
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
