import { afterEach, describe, expect, it } from "vitest";
import { setModelTimeBudgetForTests } from "@/server/ai/model-call";
import { candidateIdsIn, mockInvalidModel, mockJsonModel, mockSlowModel } from "@/test/support/ai-mocks/mock-model";
import { overrideLanguageModel } from "@/server/ai/providers/model";
import { createLibraryOrg } from "@/test/fixtures";
import { call, useTestApp } from "@/test/harness";

useTestApp();

afterEach(() => {
  overrideLanguageModel(undefined);
  setModelTimeBudgetForTests(undefined);
});

const workoutAnswer = (prompt: string) => ({
  constraints: { impact: null, intensity: null, focusMuscleGroupIds: null, avoidExerciseIds: null, rest: null, workStyle: null },
  exerciseIds: candidateIdsIn(prompt).slice(0, 4),
  name: "Model Made Circuit",
  description: "Four balanced moves, chosen by the model.",
  localizedName: "Modell-Zirkel",
  localizedDescription: "Vier ausgewogene Übungen.",
  reasoning: "Balanced.",
});

describe("the model path over HTTP (MockLanguageModelV3)", () => {
  it("generate: a valid answer is used, re-verified, and the inspection names the model", async () => {
    const org = await createLibraryOrg();
    const { model, prompts } = mockJsonModel(workoutAnswer);
    overrideLanguageModel(model, "mock-json");
    const res = await call(`/v1/orgs/${org.organizationId}/workouts/generate`, {
      key: org.key,
      body: { exerciseSources: ["team_exercises"], locale: "de-DE", userRequirements: "core focus" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.name).toBe("Model Made Circuit");
    expect(res.body.localizedName).toBe("Modell-Zirkel");
    expect(res.body.inspection).toMatchObject({ engine: "model", model: "mock-json" });
    const chosen = candidateIdsIn(prompts[0]!).slice(0, 4);
    for (const it of res.body.instances.filter((i: any) => i.phase === "main" && i.exercise)) expect(chosen).toContain(it.exercise.id);
    expect(prompts[0]).toContain("core focus");
    const snap = await call(`/v1/orgs/${org.organizationId}/generations/${res.body.inspection.generationId}`, { key: org.key });
    expect(snap.body.data.engine).toBe("model");
  });

  it("generate: an invalid answer falls back to the deterministic engine, and the inspection says so", async () => {
    const org = await createLibraryOrg();
    overrideLanguageModel(mockInvalidModel(), "mock-invalid");
    const res = await call(`/v1/orgs/${org.organizationId}/workouts/generate`, { key: org.key, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body.inspection.engine).toBe("deterministic");
    expect(res.body.inspection.model).toBeNull();
    expect(res.body.inspection.fallbackReason).toBeTruthy();
    expect(res.body.instances.length).toBeGreaterThan(3);
  });

  it("generate: a model over its time budget falls back promptly", async () => {
    const org = await createLibraryOrg();
    overrideLanguageModel(mockSlowModel(30_000), "mock-slow");
    setModelTimeBudgetForTests(200);
    const started = Date.now();
    const res = await call(`/v1/orgs/${org.organizationId}/workouts/generate`, { key: org.key, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.body.inspection.engine).toBe("deterministic");
    expect(res.body.inspection.fallbackReason).toMatch(/timed out/);
  });

  it("recommend: the model orders the engine's candidates and writes the reasons; invented ids are dropped", async () => {
    const org = await createLibraryOrg();
    let offered: string[] = [];
    const { model } = mockJsonModel((prompt) => {
      offered = candidateIdsIn(prompt);
      return {
        items: [
          { id: "d".repeat(24), recommendation: "Invented." },
          ...offered
            .slice(0, 3)
            .reverse()
            .map((id) => ({ id, recommendation: `Model says ${id.slice(0, 4)}` })),
        ],
        reasoning: "Model reasoning.",
      };
    });
    overrideLanguageModel(model, "mock-json");
    const res = await call(`/v1/orgs/${org.organizationId}/workouts/recommend`, {
      key: org.key,
      body: { endUserProfileDetails: { fitnessLevels: ["beginner"] } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.reasoning).toBe("Model reasoning.");
    const ids = res.body.workouts.map((w: any) => w.id);
    expect(ids).not.toContain("d".repeat(24));
    expect(ids.slice(0, 3)).toEqual(offered.slice(0, 3).reverse());
    expect(res.body.workouts[0].recommendation).toBe(`Model says ${ids[0].slice(0, 4)}`);
    for (const id of ids) expect(org.library.workoutIds).toContain(id);
  });

  it("plan generate and both adapts use the model's texts and constraints, with hard rules kept by code", async () => {
    const org = await createLibraryOrg();
    const { model } = mockJsonModel((prompt) =>
      prompt.includes("Exercises (id")
        ? {
            constraints: { impact: "avoid-high", intensity: -1, avoidExerciseIds: null, equipment: null, rest: "longer" },
            adaptationReasoning: "Model explains the adaptation.",
            localizedName: null,
          }
        : {
            constraints: { impact: "avoid-high", intensity: null, equipment: null },
            name: "Model Plan",
            description: "A plan described by the model.",
            localizedName: null,
            localizedDescription: null,
            reasoning: "Model plan reasoning.",
          },
    );
    overrideLanguageModel(model, "mock-json");
    const plan = await call(`/v1/orgs/${org.organizationId}/plans/generate`, {
      key: org.key,
      body: { endUserProfileDetails: { endUserId: org.library.endUsers[0]!.id } },
    });
    expect(plan.status, plan.text).toBe(200);
    expect(plan.body).toMatchObject({ name: "Model Plan", reasoning: "Model plan reasoning." });
    expect(plan.body.inspection.engine).toBe("model");
    const adapted = await call(`/v1/orgs/${org.organizationId}/workouts/${org.library.workoutIdByKey.get("hiit-burn")}/adapt`, {
      key: org.key,
      body: { userGuidance: "quiet please" },
    });
    expect(adapted.status, adapted.text).toBe(200);
    expect(adapted.body.adaptationReasoning).toBe("Model explains the adaptation.");
    expect(adapted.body.inspection.engine).toBe("model");
    const planAdapt = await call(`/v1/orgs/${org.organizationId}/plans/${org.library.planIds[0]}/adapt`, {
      key: org.key,
      body: { endUserProfileId: org.library.endUsers[0]!.id },
    });
    expect(planAdapt.status, planAdapt.text).toBe(200);
    expect(planAdapt.body.inspection.engine).toBe("model");
  });
});
