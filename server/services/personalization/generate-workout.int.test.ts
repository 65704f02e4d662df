import { describe, expect, it } from "vitest";
import { EXERCISES } from "@/db/seed/data/exercises";
import { categoryId, equipmentCategoryId, muscleGroupId } from "@/db/seed/reference";
import { createLibraryOrg } from "@/test/fixtures";
import { call, createTestOrg, expectAuthMatrix, expectError, useTestApp } from "@/test/harness";
import { METHODOLOGY_REJECTED } from "./context";
import { countGenerations, insertMethodology, methodologyIdByName, waitFor } from "@/test/support/personalization";

useTestApp();

const gen = (orgId: string) => `/v1/orgs/${orgId}/workouts/generate`;
const pre = (orgId: string) => `/v1/orgs/${orgId}/workouts/generate/preflight`;
const HIGH_IMPACT = new Set(EXERCISES.filter((e) => e.impact === "high").map((e) => e.name["en-US"]));
const STRETCHES = new Set(EXERCISES.filter((e) => e.isStretch).map((e) => e.name["en-US"]));

function structural(w: any) {
  const ins = w.instances;
  expect(ins.length).toBeGreaterThan(2);
  expect(ins[0].kind).toBe("single-exercise");
  expect(ins[ins.length - 1].kind).toBe("single-exercise");
  for (let i = 1; i < ins.length; i++) expect(ins[i].kind === "rest" && ins[i - 1].kind === "rest").toBe(false);
  for (const it of ins) {
    expect(["single-exercise", "rest"]).toContain(it.kind);
    expect(it.id).toMatch(/^[0-9a-f]{24}$/);
    if (it.kind === "rest") expect(it.exercise).toBeNull();
    else expect(it.exercise.id).toMatch(/^[0-9a-f]{24}$/);
  }
  expect(w.totalDurationSeconds).toBe(ins.reduce((s: number, i: any) => s + i.durationSeconds, 0));
}

describe("POST /v1/orgs/{organizationId}/workouts/generate", () => {
  it("rejects bad credentials and foreign organizations", async () => {
    const org = await createTestOrg();
    await expectAuthMatrix(org, gen(org.organizationId), { body: {} });
    await expectAuthMatrix(org, pre(org.organizationId), { body: {} });
  });

  it("generates from the default catalog (free plus premium stock): the spec's shape, English only, resolvable media, weight 10", async () => {
    const org = await createLibraryOrg();
    const res = await call(gen(org.organizationId), { key: org.key, body: {} });
    expect(res.status, res.text).toBe(200);
    const limit = Number(res.headers.get("x-ratelimit-limit"));
    expect(limit - Number(res.headers.get("x-ratelimit-remaining"))).toBe(10);
    const w = res.body;
    structural(w);
    expect(w).not.toHaveProperty("id");
    expect(Object.keys(w.nameTranslations)).toEqual(["en-US"]);
    expect(Object.keys(w.descriptionTranslations)).toEqual(["en-US"]);
    expect(w.nameTranslations["en-US"]).toBe(w.name);
    expect(w).not.toHaveProperty("localizedName");
    expect(w).not.toHaveProperty("difficultyLabel");
    expect(w.difficulty).toBe("intermediate");
    const meta = await call("/v1/workouts/metadata", { key: org.key });
    expect(meta.body.data.categories.map((c: any) => c.id)).toContain(w.categoryId);
    expect(w.methodology).toBeNull();
    expect(w.inspection).toMatchObject({ methodology: null, complianceStatus: "not_applicable", engine: "deterministic", model: null, violations: [] });
    expect(w.inspection.hardRulesApplied.length).toBeGreaterThan(3);
    // Default sources are stock: every exercise is a stock clip, and every one resolves for the player.
    const ids = [...new Set(w.instances.filter((i: any) => i.exercise).map((i: any) => i.exercise.id))] as string[];
    for (const id of ids) {
      expect(org.library.videoAssetIds).not.toContain(id);
      const asset = await call(`/v1/video-asset/${id}`, { key: org.key });
      expect(asset.status, asset.text).toBe(200);
      expect(asset.body.data.id).toBe(id);
    }
    const ex = w.instances.find((i: any) => i.exercise).exercise;
    for (const k of [
      "id",
      "name",
      "description",
      "thumbnailUrl",
      "videoUri",
      "estimatedRepDuration",
      "muscleGroups",
      "equipment",
      "collectionName",
      "coach",
      "skillLevel",
      "categories",
    ])
      expect(ex).toHaveProperty(k);
    expect(ex.videoUri).toMatch(/\/media\/.+\?exp=\d+&sig=/);
  });

  it("uses team exercises when asked, and every clip resolves through GET /v1/video-asset/{id}", async () => {
    const org = await createLibraryOrg();
    const res = await call(gen(org.organizationId), {
      key: org.key,
      body: { exerciseSources: ["team_exercises"], durationOptions: { minMinutes: 20, maxMinutes: 25 } },
    });
    expect(res.status, res.text).toBe(200);
    structural(res.body);
    expect(res.body.totalDurationSeconds).toBeGreaterThanOrEqual(20 * 60);
    expect(res.body.totalDurationSeconds).toBeLessThanOrEqual(25 * 60);
    for (const it of res.body.instances.filter((i: any) => i.exercise)) {
      expect(org.library.videoAssetIds).toContain(it.exercise.id);
      expect((await call(`/v1/video-asset/${it.exercise.id}`, { key: org.key })).status).toBe(200);
    }
  });

  it("localizes for a non-English locale and keeps the legacy fields English", async () => {
    const org = await createLibraryOrg();
    const res = await call(gen(org.organizationId), {
      key: org.key,
      body: { locale: "de-DE", exerciseSources: ["team_exercises"], endUserProfileDetails: { fitnessLevels: ["beginner"] } },
    });
    expect(res.status, res.text).toBe(200);
    const w = res.body;
    expect(Object.keys(w.nameTranslations).sort()).toEqual(["de-DE", "en-US"]);
    expect(w.nameTranslations["de-DE"]).toBe(w.localizedName);
    expect(w.localizedName).not.toBe(w.name);
    expect(w.difficultyLabel).toBe("Anfänger");
    expect(w.localizedMuscleGroups.length).toBe(w.muscleGroups.length);
    const squat = w.instances.find((i: any) => i.exercise?.name === "Squat");
    if (squat) expect(squat.exercise.localizedName).toBe("Kniebeuge");
    const ex = w.instances.find((i: any) => i.exercise).exercise;
    expect(ex).toHaveProperty("localizedName");
    expect(EXERCISES.some((e) => e.name["en-US"] === ex.name)).toBe(true);
  });

  it("treats another English locale as English: both keys, no localized fields", async () => {
    const org = await createLibraryOrg();
    const res = await call(gen(org.organizationId), { key: org.key, body: { locale: "en-GB" } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.nameTranslations).sort()).toEqual(["en-GB", "en-US"]);
    expect(res.body).not.toHaveProperty("localizedName");
  });

  it("rejects unsupported locales, `no`, wrong free-text keys and unknown keys with 400", async () => {
    const org = await createLibraryOrg();
    for (const locale of ["xx-YY", "no", "no-NO", "de"]) {
      const err = expectError(await call(gen(org.organizationId), { key: org.key, body: { locale } }), 400, "ValidationError");
      expect(err.details?.[0]?.target).toBe("locale");
    }
    const wrongKey = expectError(await call(gen(org.organizationId), { key: org.key, body: { userGuidance: "easy" } }), 400, "ValidationError");
    expect(wrongKey.details).toEqual([expect.objectContaining({ code: "ConstraintError", target: "userGuidance" })]);
    expectError(await call(gen(org.organizationId), { key: org.key, body: { durationOptions: { minMinutes: 30, maxMinutes: 20 } } }), 400, "ValidationError");
    expectError(await call(gen(org.organizationId), { key: org.key, body: { exerciseSources: ["stock"] } }), 400, "ValidationError");
    expectError(await call(pre(org.organizationId), { key: org.key, body: { locale: "no" } }), 400, "ValidationError");
  });

  it("rejects both collection lists at once; one of them (the other empty) is fine", async () => {
    const org = await createLibraryOrg();
    const err = expectError(
      await call(gen(org.organizationId), {
        key: org.key,
        body: { exerciseSources: ["team_exercises"], includeExerciseCollections: ["Foundations"], excludeExerciseCollections: ["Core Series"] },
      }),
      400,
      "ValidationError",
    );
    expect(err.details?.[0]?.message).toMatch(/mutually exclusive/);
    const ok = await call(gen(org.organizationId), {
      key: org.key,
      body: { exerciseSources: ["team_exercises"], includeExerciseCollections: ["Foundations", "Core Series"], excludeExerciseCollections: [] },
    });
    expect(ok.status, ok.text).toBe(200);
    for (const it of ok.body.instances.filter((i: any) => i.exercise)) expect(["Foundations", "Core Series"]).toContain(it.exercise.collectionName);
    const ex = await call(gen(org.organizationId), {
      key: org.key,
      body: { exerciseSources: ["team_exercises"], excludeExerciseCollections: ["HIIT Essentials"] },
    });
    expect(ex.status).toBe(200);
    for (const it of ex.body.instances.filter((i: any) => i.exercise)) expect(it.exercise.collectionName).not.toBe("HIIT Essentials");
  });

  it("is 400 when the sources have no clips (rule 4), including premium stock the plan does not include", async () => {
    const empty = await createTestOrg();
    const err = expectError(await call(gen(empty.organizationId), { key: empty.key, body: { exerciseSources: ["team_exercises"] } }), 400, "BadRequest");
    expect(err.message).toMatch(/rule: exerciseSources/);
    expect(err.target).toBe("exerciseSources");
    const noPremium = await createTestOrg({ entitlements: { premiumStock: false } });
    const e2 = expectError(await call(gen(noPremium.organizationId), { key: noPremium.key, body: { exerciseSources: ["premium_stock"] } }), 400, "BadRequest");
    expect(e2.message).toMatch(/premium stock is not included/);
    // Team plus premium on an empty workspace without premium: still nothing to build from.
    expectError(
      await call(gen(noPremium.organizationId), { key: noPremium.key, body: { exerciseSources: ["team_exercises", "premium_stock"] } }),
      400,
      "BadRequest",
    );
    // The default catalog then only holds free stock, and every clip resolves.
    const res = await call(gen(noPremium.organizationId), { key: noPremium.key, body: {} });
    expect(res.status, res.text).toBe(200);
    for (const it of res.body.instances.filter((i: any) => i.exercise)) {
      expect(it.exercise.collectionName).toBe("Free Stock");
      expect((await call(`/v1/video-asset/${it.exercise.id}`, { key: noPremium.key })).status).toBe(200);
    }
  });

  it("is 400 when the filtered pool is under 10 exercises; preflight reports it with 200 and writes nothing", async () => {
    const org = await createLibraryOrg();
    const body = { exerciseSources: ["team_exercises"], includeExerciseCollections: ["Core Series"] };
    const first = await call(gen(org.organizationId), { key: org.key, body });
    const err = expectError(first, 400, "BadRequest");
    expect(err.message).toMatch(/at least 10/);
    expect(err.message).toMatch(/rule: minimumPool/);
    const before = await countGenerations(org.organizationId);
    const p = await call(pre(org.organizationId), { key: org.key, body });
    expect(p.status).toBe(200);
    expect(Number(first.headers.get("x-ratelimit-remaining")) - Number(p.headers.get("x-ratelimit-remaining"))).toBe(1);
    expect(p.body.feasible).toBe(false);
    expect(p.body.pool).toMatchObject({ sources: 42, afterCollections: 9, minimum: 10 });
    expect(p.body.infeasible[0]).toMatchObject({ rule: "minimumPool", target: "includeExerciseCollections" });
    expect(p.body.estimate).toBeNull();
    expect(await countGenerations(org.organizationId)).toBe(before);
  });

  it("preflight of a feasible body reports the pool, clamps and an estimate without creating anything", async () => {
    const org = await createLibraryOrg();
    const hiit = await methodologyIdByName(org.organizationId, "HIIT 2:1 Intervals");
    const before = await countGenerations(org.organizationId);
    const p = await call(pre(org.organizationId), {
      key: org.key,
      body: { exerciseSources: ["team_exercises"], methodologyProfileId: hiit, endUserProfileDetails: { fitnessLevels: ["beginner"] } },
    });
    expect(p.status, p.text).toBe(200);
    expect(p.body.feasible).toBe(true);
    expect(p.body.infeasible).toEqual([]);
    expect(p.body.pool.sources).toBe(42);
    expect(p.body.pool.eligible).toBeGreaterThanOrEqual(10);
    expect(p.body.estimate.totalDurationSeconds).toBeGreaterThan(0);
    expect(p.body.methodology).toMatchObject({ id: hiit, name: "HIIT 2:1 Intervals" });
    expect(p.body.hardRulesApplied.map((r: any) => r.rule)).toEqual(expect.arrayContaining(["workRestRatio", "requireWarmup"]));
    // Beginner default rest (30 s) is above the profile's 30 s cap... and the 2:1 ratio sets it: a clamp is reported.
    expect(p.body.clamps.map((c: any) => c.field)).toContain("restSeconds");
    expect(p.body).not.toHaveProperty("inspection");
    expect(await countGenerations(org.organizationId)).toBe(before);
  });

  it("rejects unknown, personal and inactive methodology profiles with one identical message (rule 2)", async () => {
    const org = await createLibraryOrg();
    const other = await createLibraryOrg();
    const personal = await methodologyIdByName(org.organizationId, "Maya's Mobility First");
    const inactive = await methodologyIdByName(org.organizationId, "Joint-Friendly (Legacy)");
    const foreign = await methodologyIdByName(other.organizationId, "Forma Balanced Standard");
    const messages = new Set<string>();
    for (const id of ["a".repeat(24), personal, inactive, foreign]) {
      for (const path of [gen(org.organizationId), pre(org.organizationId)]) {
        const err = expectError(await call(path, { key: org.key, body: { methodologyProfileId: id } }), 400, "BadRequest");
        expect(err.target).toBe("methodologyProfileId");
        messages.add(err.message);
      }
    }
    expect([...messages]).toEqual([METHODOLOGY_REJECTED]);
    // Only generate accepts it: recommend and adapt reject the key itself.
    expectError(
      await call(`/v1/orgs/${org.organizationId}/workouts/recommend`, { key: org.key, body: { methodologyProfileId: personal } }),
      400,
      "ValidationError",
    );
    expectError(
      await call(`/v1/orgs/${org.organizationId}/workouts/${org.library.workoutIds[0]}/adapt`, { key: org.key, body: { methodologyProfileId: personal } }),
      400,
      "ValidationError",
    );
    expectError(
      await call(`/v1/orgs/${org.organizationId}/plans/${org.library.planIds[0]}/adapt`, {
        key: org.key,
        body: { endUserProfileId: org.library.endUsers[0]!.id, methodologyProfileId: personal },
      }),
      400,
      "ValidationError",
    );
    expectError(
      await call(`/v1/orgs/${org.organizationId}/plans/recommend`, { key: org.key, body: { methodologyProfileId: personal } }),
      400,
      "ValidationError",
    );
  });

  it("applies an active team profile's hard rules, reports compliance and keeps the snapshot for GET /generations", async () => {
    const org = await createLibraryOrg();
    const id = await methodologyIdByName(org.organizationId, "Forma Balanced Standard");
    const res = await call(gen(org.organizationId), {
      key: org.key,
      body: { methodologyProfileId: id, exerciseSources: ["team_exercises"], durationOptions: { minMinutes: 25, maxMinutes: 35 } },
    });
    expect(res.status, res.text).toBe(200);
    const w = res.body;
    structural(w);
    expect(w.methodology).toMatchObject({ id, name: "Forma Balanced Standard", version: "1.2" });
    expect(typeof w.methodology.reason).toBe("string");
    expect(w.inspection.complianceStatus).toBe("compliant");
    expect(JSON.stringify(w)).not.toContain("house style"); // guidance text is never returned
    const rules = w.inspection.hardRulesApplied.map((r: any) => r.rule);
    expect(rules).toEqual(
      expect.arrayContaining([
        "requireWarmup",
        "requireCooldown",
        "restSecondsMin",
        "restSecondsMax",
        "workSecondsMin",
        "workSecondsMax",
        "maxConsecutiveSetsPerMuscleGroup",
      ]),
    );
    const ins = w.instances;
    expect(ins[0].phase).toBe("warmup");
    expect(STRETCHES.has(ins[0].exercise.name)).toBe(true);
    expect(ins[ins.length - 1].phase).toBe("cooldown");
    expect(STRETCHES.has(ins[ins.length - 1].exercise.name)).toBe(true);
    for (const it of ins) {
      if (it.kind === "rest") {
        expect(it.durationSeconds).toBeGreaterThanOrEqual(10);
        expect(it.durationSeconds).toBeLessThanOrEqual(90);
      } else {
        expect(it.durationSeconds).toBeGreaterThanOrEqual(20);
        expect(it.durationSeconds).toBeLessThanOrEqual(60);
      }
    }
    const snap = await call(`/v1/orgs/${org.organizationId}/generations/${w.inspection.generationId}`, { key: org.key });
    expect(snap.status, snap.text).toBe(200);
    expect(snap.body.data).toMatchObject({ generationId: w.inspection.generationId, kind: "workout", engine: "deterministic", methodology: w.methodology });
    expect(snap.body.data.inspection).toEqual(w.inspection);
    expect(snap.body.data.request).toMatchObject({ methodologyProfileId: id });
    expect(snap.body.data.result.instances.map((i: any) => i.exerciseId)).toEqual(ins.map((i: any) => i.exercise?.id ?? null));
  });

  it("precedence (rule 3): hard rules beat userRequirements", async () => {
    const org = await createLibraryOrg();
    const burpee = org.library.exerciseIdByKey.get("burpee")!;
    const id = await insertMethodology(org.organizationId, {
      name: "Strict intervals",
      rules: { workSecondsMax: 30, restSecondsMax: 20, workRestRatio: { work: 2, rest: 1 }, bannedExerciseIds: [burpee] },
    });
    const res = await call(gen(org.organizationId), {
      key: org.key,
      body: {
        methodologyProfileId: id,
        exerciseSources: ["team_exercises"],
        userRequirements: "Lots of burpees please, long rest between sets, jumps welcome",
      },
    });
    expect(res.status, res.text).toBe(200);
    for (const [i, it] of res.body.instances.entries()) {
      if (it.kind === "rest") {
        expect(it.durationSeconds).toBeLessThanOrEqual(20);
        expect(Math.abs(it.durationSeconds - res.body.instances[i - 1].durationSeconds / 2)).toBeLessThanOrEqual(1);
      } else {
        expect(it.durationSeconds).toBeLessThanOrEqual(30);
        expect(it.exercise.id).not.toBe(burpee);
      }
    }
  });

  it("precedence (rule 3): platform bounds beat the methodology", async () => {
    const org = await createLibraryOrg();
    const id = await insertMethodology(org.organizationId, { name: "Marathon sets", rules: { workSecondsMin: 200, workSecondsMax: 400, restSecondsMax: 400 } });
    const p = await call(pre(org.organizationId), { key: org.key, body: { methodologyProfileId: id, exerciseSources: ["team_exercises"] } });
    expect(p.body.clamps).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "workSecondsMin", proposed: 200, applied: 180, source: "platform" })]),
    );
    const res = await call(gen(org.organizationId), {
      key: org.key,
      body: { methodologyProfileId: id, exerciseSources: ["team_exercises"], durationOptions: { minMinutes: 20, maxMinutes: 30 } },
    });
    expect(res.status, res.text).toBe(200);
    for (const it of res.body.instances) if (it.kind !== "rest") expect(it.durationSeconds).toBeLessThanOrEqual(180);
    expect(res.body.totalDurationSeconds).toBeLessThanOrEqual(30 * 60);
  });

  it("precedence (rule 3): userRequirements beat the methodology's guidance text, which beats nothing said", async () => {
    const org = await createLibraryOrg();
    const id = await insertMethodology(org.organizationId, {
      name: "Quiet studio",
      guidance: "Our studio is above a shop: no jumping at all, keep everything low impact.",
    });
    const body = {
      methodologyProfileId: id,
      exerciseSources: ["team_exercises"],
      categoryId: categoryId("hiit"),
      durationOptions: { minMinutes: 30, maxMinutes: 40 },
      endUserProfileDetails: { fitnessLevels: ["advanced"] },
    };
    const quiet = await call(gen(org.organizationId), { key: org.key, body });
    expect(quiet.status, quiet.text).toBe(200);
    expect(quiet.body.instances.filter((i: any) => i.exercise && HIGH_IMPACT.has(i.exercise.name))).toEqual([]);
    expect(quiet.body.inspection.complianceStatus).toBe("compliant");
    const loud = await call(gen(org.organizationId), { key: org.key, body: { ...body, userRequirements: "Jumps and plyometrics welcome, make it explosive" } });
    expect(loud.status, loud.text).toBe(200);
    expect(loud.body.instances.filter((i: any) => i.exercise && HIGH_IMPACT.has(i.exercise.name)).length).toBeGreaterThan(0);
    expect(loud.body.inspection.violations).toEqual(
      expect.arrayContaining([expect.objectContaining({ rule: "methodology.guidance.impact", source: "methodology" })]),
    );
    expect(loud.body.inspection.complianceStatus).toBe("partial");
    // Without a methodology the same HIIT request uses jumps freely.
    const free = await call(gen(org.organizationId), { key: org.key, body: { ...body, methodologyProfileId: undefined } });
    expect(free.body.instances.filter((i: any) => i.exercise && HIGH_IMPACT.has(i.exercise.name)).length).toBeGreaterThan(0);
  });

  it("respects muscle groups, equipment, category and the safety bounds of age", async () => {
    const org = await createLibraryOrg();
    const focus = await call(gen(org.organizationId), {
      key: org.key,
      body: { exerciseSources: ["team_exercises"], muscleGroupIds: [muscleGroupId("glutes")] },
    });
    expect(focus.status, focus.text).toBe(200);
    for (const it of focus.body.instances.filter((i: any) => i.phase === "main" && i.exercise)) expect(it.exercise.muscleGroups).toContain("Glutes");
    const weights = await call(gen(org.organizationId), {
      key: org.key,
      body: { exerciseSources: ["team_exercises"], preferredEquipmentCategoryIds: [equipmentCategoryId("free-weights")] },
    });
    expect(weights.status, weights.text).toBe(200);
    for (const it of weights.body.instances.filter((i: any) => i.exercise))
      for (const e of it.exercise.equipment) expect(["Dumbbell", "Exercise Mat"]).toContain(e);
    const senior = await call(gen(org.organizationId), {
      key: org.key,
      body: { exerciseSources: ["team_exercises"], categoryId: categoryId("hiit"), endUserProfileDetails: { age: 72, fitnessLevels: ["advanced"] } },
    });
    expect(senior.status, senior.text).toBe(200);
    expect(senior.body.categoryId).toBe(categoryId("hiit"));
    for (const it of senior.body.instances) {
      if (!it.exercise) continue;
      expect(HIGH_IMPACT.has(it.exercise.name)).toBe(false);
      expect(it.exercise.skillLevel).not.toBe("advanced");
      expect(it.rpe).toBeLessThanOrEqual(6);
    }
    expectError(await call(gen(org.organizationId), { key: org.key, body: { muscleGroupIds: ["0".repeat(24)] } }), 400, "BadRequest");
    expectError(await call(gen(org.organizationId), { key: org.key, body: { categoryId: "0".repeat(24) } }), 400, "BadRequest");
    expectError(await call(gen(org.organizationId), { key: org.key, body: { preferredEquipmentCategoryIds: ["1".repeat(24)] } }), 400, "BadRequest");
  });

  it("scales work, reps and effort with the level", async () => {
    const org = await createLibraryOrg();
    const body = (level: string) => ({
      exerciseSources: ["team_exercises"],
      categoryId: categoryId("strength"),
      durationOptions: { minMinutes: 30, maxMinutes: 30 },
      endUserProfileDetails: { fitnessLevels: [level] },
    });
    const beginner = await call(gen(org.organizationId), { key: org.key, body: body("beginner") });
    const advanced = await call(gen(org.organizationId), { key: org.key, body: body("advanced") });
    const main = (w: any) => w.instances.filter((i: any) => i.phase === "main" && i.kind === "single-exercise");
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(avg(main(advanced.body).map((i: any) => i.rpe))).toBeGreaterThan(avg(main(beginner.body).map((i: any) => i.rpe)));
    expect(main(beginner.body).every((i: any) => i.reps === null)).toBe(true); // beginners work on time
    expect(main(advanced.body).some((i: any) => i.reps !== null)).toBe(true);
    expect(beginner.body.totalDurationSeconds).toBe(1800);
    expect(advanced.body.totalDurationSeconds).toBe(1800);
  });

  it("finishes and writes its snapshot even when the client disconnects", async () => {
    const org = await createLibraryOrg();
    const controller = new AbortController();
    const { app } = await import("@/test/harness");
    const pending = fetch(`${app.baseUrl}${gen(org.organizationId)}`, {
      method: "POST",
      headers: { "x-api-key": org.key, "content-type": "application/json" },
      body: JSON.stringify({ exerciseSources: ["team_exercises"] }),
      signal: controller.signal,
    }).catch((e) => e);
    setTimeout(() => controller.abort(), 5);
    await pending;
    expect(
      await waitFor(
        () => countGenerations(org.organizationId),
        (n) => n === 1,
      ),
    ).toBe(1);
  });
});
