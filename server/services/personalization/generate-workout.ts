/**
 * POST /v1/orgs/{organizationId}/workouts/generate and .../generate/preflight. Resolves the hard
 * rules (platform, safety, methodology), builds the pool from `exerciseSources` and the filters,
 * runs the engine, verifies, and stores the Inspector snapshot. Preflight runs the same pipeline
 * with the deterministic planner only and writes nothing.
 */
import type { Db } from "@/db/client";
import { type PreparedGeneration, prepareGeneration } from "@/server/ai/generate";
import { workoutDescription, workoutName, type WorkoutTextFacts } from "@/server/ai/engine/texts";
import { planWorkout } from "@/server/ai/engine/workout-planner";
import { difficultyLabel, isEnglish } from "@/server/ai/i18n";
import { getLanguageModel } from "@/server/ai/providers/model";
import { stableStringify } from "@/server/ai/rng";
import { type ExerciseSource, type GuidanceSignals, InfeasibleError, type MethodologyInput } from "@/server/ai/types";
import { deterministicSignals, runWorkoutEngine } from "@/server/ai/workout-engine";
import type { GenerateWorkoutInput } from "@/server/contracts/ai";
import type { Locale } from "@/server/core/locale";
import { pickText } from "@/server/core/locale";
import {
  DEFAULT_GENERATE_SOURCES,
  assertReferenceIds,
  buildInspection,
  infeasibleError,
  loadExercisePool,
  newGenerationId,
  premiumStockAllowed,
  resolveMethodology,
  saveGeneration,
} from "./context";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { allTranslationMaps, loadDetails, presentInstances, summarizeWorkout, translationMaps } from "./serialize";

async function prepare(db: Db, organizationId: string, body: GenerateWorkoutInput): Promise<PreparedGeneration> {
  const ref = await getReferenceIndex(db);
  const profile = body.endUserProfileDetails ?? {};
  assertReferenceIds(ref, [
    { field: "categoryId", ids: body.categoryId ? [body.categoryId] : undefined, kind: "category" },
    { field: "muscleGroupIds", ids: body.muscleGroupIds, kind: "muscleGroup" },
    { field: "preferredEquipmentCategoryIds", ids: body.preferredEquipmentCategoryIds, kind: "equipmentCategory" },
    { field: "endUserProfileDetails.preferredEquipmentCategoryIds", ids: profile.preferredEquipmentCategoryIds, kind: "equipmentCategory" },
    { field: "endUserProfileDetails.goalIds", ids: profile.goalIds, kind: "goal" },
  ]);
  const sources: ExerciseSource[] = body.exerciseSources?.length ? [...new Set(body.exerciseSources)] : DEFAULT_GENERATE_SOURCES;
  const [methodology, { pool, premiumAllowed }] = await Promise.all([
    resolveMethodology(db, organizationId, body.methodologyProfileId),
    premiumStockAllowed(organizationId).then(async (premiumAllowed) => ({
      premiumAllowed,
      pool: await loadExercisePool(db, organizationId, sources, premiumAllowed),
    })),
  ]);
  return prepareGeneration({ ref, pool, body, methodology, premiumExcluded: sources.includes("premium_stock") && !premiumAllowed });
}

/** The request as stored in the snapshot and used as the engine's seed. */
function requestRecord(body: GenerateWorkoutInput): Record<string, unknown> {
  return JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
}

/**
 * Options of callers inside the service (the content autopilot): `seed` varies the result of
 * repeated identical requests (default: the request itself, so the API is repeatable), and
 * `allLocales` returns translation maps for every supported locale (as a stored workout keeps).
 */
export interface GenerateOptions {
  seed?: string;
  allLocales?: boolean;
}

export async function generateWorkout(db: Db, organizationId: string, body: GenerateWorkoutInput, opts: GenerateOptions = {}) {
  const p = await prepare(db, organizationId, body);
  if (p.boundsError) throw infeasibleError(p.boundsError.reasons);
  if (p.poolInfeasible.length) throw infeasibleError(p.poolInfeasible);
  const bounds = p.bounds!;
  const locale = (body.locale ?? null) as Locale | null;
  let result: Awaited<ReturnType<typeof runWorkoutEngine>>;
  try {
    result = await runWorkoutEngine({
      pool: p.eligible,
      bounds,
      ref: p.ref,
      categoryKey: p.categoryKey,
      goalCategoryKeys: p.goalKeys,
      muscleGroupIds: body.muscleGroupIds?.length ? body.muscleGroupIds : null,
      preferredEquipmentIds: p.preferredEquipmentIds,
      seed: opts.seed ?? stableStringify({ organizationId, body }),
      userText: body.userRequirements,
      userTextSource: "userRequirements",
      methodology: p.methodology,
      locale,
      model: getLanguageModel(),
    });
  } catch (err) {
    if (err instanceof InfeasibleError) throw infeasibleError(err.reasons);
    throw err;
  }
  const { plan } = result;
  const poolById = new Map(p.eligible.map((e) => [e.id, e]));
  const details = await loadDetails(
    db,
    plan.instances.filter((i) => i.exerciseId).map((i) => i.exerciseId!),
  );
  const instances = presentInstances(plan.instances, poolById, details, p.ref, locale);
  const summary = summarizeWorkout(plan.instances, poolById);
  const facts: WorkoutTextFacts = {
    categoryId: p.categoryId,
    level: p.level,
    totalSeconds: plan.totalDurationSeconds,
    muscleIds: summary.muscleIds,
    equipmentIds: summary.equipmentIds,
    distinctExercises: new Set(plan.instances.filter((i) => i.exerciseId).map((i) => i.exerciseId)).size,
    rounds: plan.rounds,
    warmup: plan.hasWarmup,
    cooldown: plan.hasCooldown,
  };
  const en = result.texts
    ? { name: result.texts.name, description: result.texts.description }
    : { name: workoutName(facts, p.ref, "en-US"), description: workoutDescription(facts, p.ref, "en-US") };
  const localized =
    locale && locale !== "en-US"
      ? result.texts?.localizedName && !isEnglish(locale)
        ? { name: result.texts.localizedName, description: result.texts.localizedDescription ?? workoutDescription(facts, p.ref, locale) }
        : isEnglish(locale)
          ? en
          : { name: workoutName(facts, p.ref, locale), description: workoutDescription(facts, p.ref, locale) }
      : null;

  const generationId = newGenerationId();
  const { methodology, inspection } = buildInspection(generationId, {
    methodology: p.methodology,
    methodologyReason: methodologyReason(p.methodology, "workout"),
    hardRulesApplied: bounds.applied,
    violations: result.violations,
    engine: result.engine,
    model: result.model,
    fallbackReason: result.fallbackReason,
  });
  const response = {
    name: en.name,
    description: en.description,
    instances,
    totalDurationSeconds: plan.totalDurationSeconds,
    difficulty: p.level,
    categoryId: p.categoryId,
    muscleGroups: summary.muscleIds.map((id) => pickText(p.ref.muscleById.get(id)?.name)),
    equipment: summary.equipmentIds.map((id) => pickText(p.ref.equipmentById.get(id)?.name)),
    ...(opts.allLocales ? allTranslationMaps(en, locale, localized, (l) => ({ name: workoutName(facts, p.ref, l), description: workoutDescription(facts, p.ref, l) })) : translationMaps(en, locale, localized)),
    ...(locale && !isEnglish(locale)
      ? {
          localizedName: localized!.name,
          localizedDescription: localized!.description,
          localizedMuscleGroups: summary.muscleIds.map((id) => pickText(p.ref.muscleById.get(id)?.name, locale)),
          localizedEquipment: summary.equipmentIds.map((id) => pickText(p.ref.equipmentById.get(id)?.name, locale)),
          difficultyLabel: difficultyLabel(p.level, locale),
        }
      : {}),
    methodology,
    inspection,
  };
  // The snapshot is written whatever happened to the client connection (the handler is not tied
  // to it); it is a single INSERT, so it lands whole or not at all.
  await saveGeneration(db, {
    id: generationId,
    organizationId,
    kind: "workout",
    engine: result.engine,
    methodology,
    inspection,
    request: requestRecord(body),
    result: resultRecord(plan, instances),
  });
  return response;
}

export function methodologyReason(m: MethodologyInput | null, kind: "workout" | "plan"): string {
  if (!m) return "";
  const scope =
    m.applicability === "both" || m.applicability === kind ? "" : ` (profile applicability is ${m.applicability}; its rules were applied to this ${kind})`;
  return `Requested with methodologyProfileId: its structured rules were applied as hard rules and its guidance as soft guidance below the member's own text${scope}.`;
}

export function resultRecord(
  plan: {
    totalDurationSeconds: number;
    rounds: number;
    instances: { kind: string; exerciseId: string | null; durationSeconds: number; reps: number | null; phase: string }[];
  },
  presented?: { id: string }[],
) {
  return {
    totalDurationSeconds: plan.totalDurationSeconds,
    rounds: plan.rounds,
    instances: plan.instances.map((i, n) => ({
      ...(presented ? { id: presented[n]!.id } : {}),
      kind: i.kind,
      phase: i.phase,
      exerciseId: i.exerciseId,
      durationSeconds: i.durationSeconds,
      reps: i.reps,
    })),
  };
}

/** Preflight: the same pipeline, deterministic only, nothing written; infeasibility is reported, not thrown. */
export async function preflightGenerateWorkout(db: Db, organizationId: string, body: GenerateWorkoutInput) {
  const p = await prepare(db, organizationId, body);
  const infeasible = [...(p.boundsError?.reasons ?? []), ...p.poolInfeasible];
  let estimate = null;
  const clamps = [...(p.bounds?.clamps ?? [])];
  if (infeasible.length === 0 && p.bounds) {
    try {
      const det = deterministicSignals({
        pool: p.eligible,
        bounds: p.bounds,
        ref: p.ref,
        categoryKey: p.categoryKey,
        goalCategoryKeys: p.goalKeys,
        muscleGroupIds: body.muscleGroupIds?.length ? body.muscleGroupIds : null,
        preferredEquipmentIds: p.preferredEquipmentIds,
        seed: "",
        userText: body.userRequirements,
        userTextSource: "userRequirements",
        methodology: p.methodology,
        locale: null,
        model: null,
      });
      const plan = planWorkout({
        pool: p.eligible,
        bounds: p.bounds,
        ref: p.ref,
        categoryKey: p.categoryKey,
        goalCategoryKeys: p.goalKeys,
        muscleGroupIds: body.muscleGroupIds?.length ? body.muscleGroupIds : null,
        preferredEquipmentIds: p.preferredEquipmentIds,
        signals: det.signals as GuidanceSignals,
        signalSource: (d) => det.origin.get(d) ?? "userRequirements",
        seed: stableStringify({ organizationId, body }),
      });
      clamps.push(...plan.clamps);
      const sets = plan.instances.filter((i) => i.kind === "single-exercise").length;
      estimate = {
        totalDurationSeconds: plan.totalDurationSeconds,
        sets,
        distinctExercises: new Set(plan.instances.filter((i) => i.exerciseId).map((i) => i.exerciseId)).size,
        rounds: plan.rounds,
        warmup: plan.hasWarmup,
        cooldown: plan.hasCooldown,
      };
    } catch (err) {
      if (!(err instanceof InfeasibleError)) throw err;
      infeasible.push(...err.reasons);
    }
  }
  const methodology = p.methodology
    ? { id: p.methodology.id, name: p.methodology.name, version: p.methodology.version, reason: methodologyReason(p.methodology, "workout") }
    : null;
  return {
    feasible: infeasible.length === 0,
    pool: { ...p.stages, eligible: p.eligible.length, minimum: 10 },
    clamps,
    infeasible,
    hardRulesApplied: p.bounds?.applied ?? [],
    estimate,
    methodology,
  };
}
