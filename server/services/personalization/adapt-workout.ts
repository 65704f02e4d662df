/**
 * POST /v1/orgs/{organizationId}/workouts/{workoutId}/adapt. Team workouts of the organization
 * only (400 not eligible, 404 not found in the organization). Keeps the workout's structure and
 * re-doses it for the member: level gap, safety bounds, equipment, `userGuidance`, and their
 * history. Output is ephemeral (kind `single-exercise`, as generate), with adaptationReasoning;
 * the Inspector snapshot is stored.
 */
import type { Db } from "@/db/client";
import { listEndUserHistory } from "@/db/queries/ai";
import { findWorkoutWithSegments } from "@/db/queries/catalog";
import { type BaseSegment, adaptWorkoutPlan } from "@/server/ai/engine/workout-adapter";
import { describeSignals, mergeSignals, readGuidance, signalsFromModel } from "@/server/ai/guidance";
import { difficultyLabel, isEnglish, phrases, translateAll } from "@/server/ai/i18n";
import { levelOf } from "@/server/ai/knowledge";
import { callModel } from "@/server/ai/model-call";
import { ADAPT_SYSTEM, AdaptModelOutput, adaptPrompt } from "@/server/ai/prompts/adapt";
import { getLanguageModel } from "@/server/ai/providers/model";
import { allowedEquipmentFor, resolveWorkoutBounds } from "@/server/ai/rules";
import { type ExerciseSource, type GuidanceSignals, InfeasibleError, type Level, levelRank } from "@/server/ai/types";
import { clean } from "@/server/ai/workout-engine";
import { badRequest, notFound } from "@/server/core/errors";
import type { AdaptWorkoutInput } from "@/server/contracts/ai";
import { type Locale, pickText } from "@/server/core/locale";
import { assertReferenceIds, buildInspection, infeasibleError, loadExercisePool, loadPoolExercisesByIds, newGenerationId, premiumStockAllowed, resolveMember, saveGeneration } from "./context";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { resultRecord } from "./generate-workout";
import { loadDetails, presentInstances, summarizeWorkout } from "./serialize";

const DEFAULT_ADAPT_SOURCES: ExerciseSource[] = ["team_exercises", "free_stock", "premium_stock"];

/** `allLocales` (callers inside the service, such as the content autopilot): translation maps for every supported locale. */
export async function adaptWorkout(db: Db, organizationId: string, workoutId: string, body: AdaptWorkoutInput, opts: { allLocales?: boolean } = {}) {
  const ref = await getReferenceIndex(db);
  const profile = body.endUserProfileDetails ?? {};
  assertReferenceIds(ref, [
    { field: "endUserProfileDetails.goalIds", ids: profile.goalIds, kind: "goal" },
    { field: "endUserProfileDetails.preferredEquipmentCategoryIds", ids: profile.preferredEquipmentCategoryIds, kind: "equipmentCategory" },
  ]);
  const found = await findWorkoutWithSegments(db, organizationId, workoutId);
  if (!found) throw notFound("Workout not found in this organization.");
  const { workout, segments } = found;
  if (workout.source !== "team") {
    throw badRequest(`This workout is not eligible for adapt: only team workouts can be adapted (this one is ${workout.source}).`, "workoutId");
  }
  const base: BaseSegment[] = [];
  const skipped: string[] = [];
  for (const s of segments) {
    if (s.kind === "exercise" && s.videoAssetId) {
      base.push({
        kind: "exercise",
        exerciseId: s.videoAssetId,
        durationSeconds: s.durationSeconds,
        workSeconds: s.workSeconds,
        reps: s.reps,
        pace: s.pace,
        weightLevel: s.weightLevel,
        rpe: s.rpe,
      });
    } else if (s.kind === "break") base.push({ kind: "rest", durationSeconds: s.durationSeconds });
    else if (s.kind === "multiExercise" && s.exerciseIds?.length) {
      const each = Math.max(10, Math.round(s.durationSeconds / s.exerciseIds.length));
      for (const id of s.exerciseIds)
        base.push({ kind: "exercise", exerciseId: id, durationSeconds: each, workSeconds: each, reps: null, pace: null, weightLevel: null, rpe: null });
    } else skipped.push(s.kind);
  }
  if (!base.some((s) => s.kind === "exercise")) {
    throw badRequest("This workout is not eligible for adapt: it has no exercise segments (class and media-only workouts cannot be adapted).", "workoutId");
  }

  const baseLevel = workout.difficulty as Level;
  // Without fitness levels the member is taken to be at the workout's own level.
  const level = profile.fitnessLevels?.length ? levelOf(profile.fitnessLevels) : baseLevel;
  const sources: ExerciseSource[] = body.exerciseSources?.length ? [...new Set(body.exerciseSources)] : DEFAULT_ADAPT_SOURCES;
  const [history, swapPool, own] = await Promise.all([
    resolveMember(db, organizationId, body.endUserProfileId ?? profile.endUserId).then((member) =>
      member ? listEndUserHistory(db, organizationId, member.id) : [],
    ),
    premiumStockAllowed(organizationId).then((premium) => loadExercisePool(db, organizationId, sources, premium)),
    loadPoolExercisesByIds(
      db,
      base.filter((s) => s.kind === "exercise").map((s) => (s as { exerciseId: string }).exerciseId),
    ),
  ]);
  const historySignals: GuidanceSignals = {};
  let tooHard = 0;
  let tooEasy = 0;
  for (const h of history) {
    const w = h.workoutId === workoutId ? 2 : 1;
    tooHard += h.tooHard * w;
    tooEasy += h.tooEasy * w;
  }
  if (tooHard > tooEasy) historySignals.intensity = -1;
  else if (tooEasy > tooHard) historySignals.intensity = 1;

  if (body.exerciseSources?.length && swapPool.length === 0) {
    throw infeasibleError([{ rule: "exerciseSources", target: "exerciseSources", message: "The selected exerciseSources contain no exercise clips." }]);
  }
  const poolById = new Map([...swapPool, ...own].map((e) => [e.id, e]));
  const bounds = resolveWorkoutBounds({ level, profile, durationOptions: { minMinutes: 5, maxMinutes: 120 }, rules: null });
  const allowedEquipmentIds = allowedEquipmentFor(profile.preferredEquipmentCategoryIds, ref);

  const fromUser = readGuidance(body.userGuidance, ref, [...own, ...swapPool]);
  const detSignals = mergeSignals(historySignals, fromUser).merged;
  const locale = (body.locale ?? null) as Locale | null;
  const nameEn = pickText(workout.name, "en-US");

  const run = (signals: GuidanceSignals) =>
    adaptWorkoutPlan({
      segments: base,
      baseLevel,
      level,
      poolById,
      swapPool,
      allowedEquipmentIds,
      ref,
      bounds,
      signals,
      signalSource: body.userGuidance ? "userGuidance" : "profile",
    });

  let engine: "deterministic" | "model" = "deterministic";
  let fallbackReason: string | undefined;
  let modelReasoning: string | null = null;
  let modelLocalizedName: string | null = null;
  let adapted: ReturnType<typeof adaptWorkoutPlan> | null = null;
  let signals = detSignals;
  const model = getLanguageModel();
  if (model) {
    const ownIds = new Set(own.map((e) => e.id));
    const answer = await callModel(model, {
      name: "adapt_workout",
      schema: AdaptModelOutput,
      system: ADAPT_SYSTEM,
      prompt: adaptPrompt({
        workoutName: nameEn,
        exercises: own.map((e) => ({
          id: e.id,
          line: `${e.nameEn} | ${e.impact} | ${e.skillLevel ?? "beginner"} | ${e.equipmentIds.map((id) => pickText(ref.equipmentById.get(id)?.name)).join("/") || "none"}`,
        })),
        profileLines: [
          `Workout level: ${baseLevel}. Member level: ${level}.`,
          profile.age !== undefined ? `Age: ${profile.age}.` : "",
          historySignals.intensity ? `Recent feedback: workouts felt too ${historySignals.intensity < 0 ? "hard" : "easy"}.` : "",
        ].filter(Boolean),
        userGuidance: body.userGuidance,
        locale,
      }),
    });
    if (answer.ok) {
      const fromModel = signalsFromModel(answer.value.constraints, { exerciseIds: ownIds });
      try {
        signals = mergeSignals(historySignals, fromModel).merged;
        adapted = run(signals);
        engine = "model";
        modelReasoning = clean(answer.value.adaptationReasoning, 900);
        modelLocalizedName = answer.value.localizedName ? clean(answer.value.localizedName, 90) : null;
      } catch (err) {
        if (!(err instanceof InfeasibleError)) throw err;
        fallbackReason = `model constraints break a hard rule: ${err.reasons[0]?.rule}`;
        signals = detSignals;
      }
    } else fallbackReason = answer.reason;
  }
  try {
    adapted ??= run(detSignals);
  } catch (err) {
    if (err instanceof InfeasibleError) throw infeasibleError(err.reasons);
    throw err;
  }

  const details = await loadDetails(
    db,
    adapted.instances.filter((i) => i.exerciseId).map((i) => i.exerciseId!),
  );
  const instances = presentInstances(adapted.instances, poolById, details, ref, locale);
  const summary = summarizeWorkout(adapted.instances, poolById);
  const suffix = (l: Locale) => phrases(l).adapted;
  const en = { name: `${nameEn} · ${suffix("en-US")}`, description: pickText(workout.description, "en-US") };
  const localized =
    locale && locale !== "en-US"
      ? {
          name: modelLocalizedName && !isEnglish(locale) ? modelLocalizedName : `${pickText(workout.name, locale)} · ${suffix(locale)}`,
          description: pickText(workout.description, locale),
        }
      : null;
  const reasoning =
    modelReasoning ??
    adaptationReasoning({ nameEn, baseLevel, level, adapted, skipped, signals, ref, poolById, historyUsed: Object.keys(historySignals).length > 0 });

  const generationId = newGenerationId();
  const { methodology, inspection } = buildInspection(generationId, {
    methodology: null,
    methodologyReason: "",
    hardRulesApplied: bounds.applied.filter((r) => r.rule !== "duration"),
    violations: adapted.violations,
    engine,
    model: engine === "model" ? model!.id : null,
    fallbackReason,
  });
  const response = {
    name: en.name,
    description: en.description,
    instances,
    totalDurationSeconds: adapted.totalDurationSeconds,
    difficulty: level,
    categoryId: found.categoryIds[0] ?? [...ref.categoryById.keys()][0]!,
    muscleGroups: summary.muscleIds.map((id) => pickText(ref.muscleById.get(id)?.name)),
    equipment: summary.equipmentIds.map((id) => pickText(ref.equipmentById.get(id)?.name)),
    nameTranslations: {
      ...(opts.allLocales ? translateAll((l) => `${pickText(workout.name, l)} · ${suffix(l)}`) : {}),
      "en-US": en.name,
      ...(localized && locale ? { [locale]: localized.name } : {}),
    },
    descriptionTranslations: {
      ...(opts.allLocales ? translateAll((l) => pickText(workout.description, l)) : {}),
      "en-US": en.description,
      ...(localized && locale ? { [locale]: localized.description } : {}),
    },
    ...(locale && !isEnglish(locale) && localized
      ? {
          localizedName: localized.name,
          localizedDescription: localized.description,
          localizedMuscleGroups: summary.muscleIds.map((id) => pickText(ref.muscleById.get(id)?.name, locale)),
          localizedEquipment: summary.equipmentIds.map((id) => pickText(ref.equipmentById.get(id)?.name, locale)),
          difficultyLabel: difficultyLabel(level, locale),
        }
      : {}),
    methodology,
    inspection,
    adaptationReasoning: reasoning,
    baseWorkoutId: workout.id,
  };
  // A single INSERT: the snapshot lands whole or not at all, whatever the client does.
  await saveGeneration(db, {
    id: generationId,
    organizationId,
    kind: "workout-adapt",
    engine,
    methodology,
    inspection,
    request: { workoutId, ...JSON.parse(JSON.stringify(body)) },
    result: {
      ...resultRecord({ totalDurationSeconds: adapted.totalDurationSeconds, rounds: 1, instances: adapted.instances }, instances),
      swaps: adapted.swaps,
      dropped: adapted.dropped,
      scaling: adapted.scaling,
    },
  });
  return response;
}

function adaptationReasoning(a: {
  nameEn: string;
  baseLevel: Level;
  level: Level;
  adapted: ReturnType<typeof adaptWorkoutPlan>;
  skipped: string[];
  signals: GuidanceSignals;
  ref: Awaited<ReturnType<typeof getReferenceIndex>>;
  poolById: Map<string, { nameEn: string }>;
  historyUsed: boolean;
}): string {
  const parts: string[] = [];
  const gap = levelRank(a.baseLevel) - levelRank(a.level);
  const pct = (f: number) => `${Math.round(Math.abs(f - 1) * 100)}%`;
  if (gap > 0)
    parts.push(
      `"${a.nameEn}" is ${a.baseLevel}; for a ${a.level} member work is ${pct(a.adapted.scaling.workFactor)} shorter, rests ${pct(a.adapted.scaling.restFactor)} longer and target effort ${Math.abs(a.adapted.scaling.rpeShift)} RPE lower.`,
    );
  else if (gap < 0)
    parts.push(
      `"${a.nameEn}" is ${a.baseLevel}; for an ${a.level} member work is ${pct(a.adapted.scaling.workFactor)} longer, rests ${pct(a.adapted.scaling.restFactor)} shorter and target effort ${Math.abs(a.adapted.scaling.rpeShift)} RPE higher.`,
    );
  else parts.push(`"${a.nameEn}" already matches a ${a.level} member's level, so its structure and dosing are kept.`);
  const name = (id: string) => a.poolById.get(id)?.nameEn ?? id;
  const why: Record<string, string> = {
    maxSkillLevel: "above the safe skill level",
    maxImpact: "high impact",
    impact: "high impact, as you asked",
    preferredEquipmentCategoryIds: "needs equipment you do not have",
    equipment: "needs equipment, as you asked to avoid",
    avoidExerciseIds: "you asked to avoid it",
    bannedExerciseIds: "not allowed",
  };
  if (a.adapted.swaps.length)
    parts.push(`Swapped ${a.adapted.swaps.map((s) => `${name(s.from)} for ${name(s.to)} (${why[s.reason] ?? s.reason})`).join(", ")}.`);
  if (a.adapted.dropped.length)
    parts.push(`Removed ${a.adapted.dropped.map((d) => `${name(d.id)} (${why[d.reason] ?? d.reason})`).join(", ")}: no similar clip fits.`);
  const guidance = describeSignals(a.signals, a.ref);
  if (guidance.length) parts.push(`Following your guidance and history it ${guidance.join(", ")}.`);
  else if (a.historyUsed) parts.push("Your recent feedback was taken into account.");
  if (a.skipped.length) parts.push(`Media segments (${[...new Set(a.skipped)].join(", ")}) are not part of the adapted JSON workout.`);
  return parts.join(" ");
}
