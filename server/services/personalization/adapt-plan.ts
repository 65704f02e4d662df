/**
 * POST /v1/orgs/{organizationId}/plans/{planId}/adapt. `endUserProfileId` is required (400
 * without, by validation) and must name a member (404 otherwise); the plan must belong to the
 * organization (404). Keeps the base plan's choices where they suit the member, swaps workouts
 * that break a hard limit or the member's guidance for similar ones, re-fits the schedule to
 * their training days, recomputes the progression, and persists the adapted plan (always).
 */
import type { Db } from "@/db/client";
import { insertPlanWithSchedule, listEndUserHistory } from "@/db/queries/ai";
import { findPlanWithWorkouts, listWorkoutFacts, listWorkoutsByIds } from "@/db/queries/catalog";
import { newId } from "@/db/schema/columns";
import { type PlanCandidate, categoryRotation, hardExclusion, progression, schedule } from "@/server/ai/engine/plan-planner";
import { describeSignals, mergeSignals, readGuidance, signalsFromModel } from "@/server/ai/guidance";
import { isEnglish, phrases } from "@/server/ai/i18n";
import { defaultSessionMinutes, levelOf } from "@/server/ai/knowledge";
import { callModel } from "@/server/ai/model-call";
import { PLAN_SYSTEM, PlanModelOutput, planPrompt } from "@/server/ai/prompts/plan";
import { getLanguageModel } from "@/server/ai/providers/model";
import { allowedEquipmentFor } from "@/server/ai/rules";
import { stableStringify } from "@/server/ai/rng";
import type { GuidanceSignals, Level } from "@/server/ai/types";
import { clean } from "@/server/ai/workout-engine";
import { notFound } from "@/server/core/errors";
import type { AdaptPlanInput } from "@/server/contracts/ai";
import { type Locale, SUPPORTED_LOCALES, pickText } from "@/server/core/locale";
import { assertReferenceIds, buildInspection, newGenerationId, resolveMember, saveGeneration } from "./context";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { loadPlanCandidates, loadWorkoutRefs, localizedPlanFields, planLimits, planReasoning, presentWeeks } from "./plan-common";

export async function adaptPlan(db: Db, organizationId: string, planId: string, body: AdaptPlanInput) {
  const ref = await getReferenceIndex(db);
  const profile = body.endUserProfileDetails ?? {};
  assertReferenceIds(ref, [
    { field: "endUserProfileDetails.goalIds", ids: profile.goalIds, kind: "goal" },
    { field: "endUserProfileDetails.preferredEquipmentCategoryIds", ids: profile.preferredEquipmentCategoryIds, kind: "equipmentCategory" },
  ]);
  const found = await findPlanWithWorkouts(db, organizationId, planId);
  if (!found) throw notFound("Plan not found in this organization.");
  const member = (await resolveMember(db, organizationId, body.endUserProfileId))!;
  const { plan: basePlan, schedule: baseSchedule } = found;
  const baseLevel = basePlan.difficulty as Level;
  const level = profile.fitnessLevels?.length ? levelOf(profile.fitnessLevels) : baseLevel;
  const locale = (body.locale ?? null) as Locale | null;
  const sources = body.workoutSources?.length ? [...new Set(body.workoutSources)] : (["team", "template"] as ("team" | "template")[]);
  const limits = planLimits(level, profile, null);

  // The base plan's own workouts (any visibility: they were chosen by the trainer) with their facts.
  const baseIds = [...new Set(baseSchedule.map((s) => s.workoutId))];
  const [baseRows, baseFacts] = await Promise.all([listWorkoutsByIds(db, organizationId, baseIds), listWorkoutFacts(db, baseIds)]);
  const baseCandidates: PlanCandidate[] = baseRows.map((r) => ({
    id: r.id,
    difficulty: r.difficulty,
    duration: r.duration,
    categoryIds: r.categoryIds,
    preScore: 1,
    facts: baseFacts.get(r.id),
  }));

  // Replacement pool: published public workouts of the sources.
  const goalCategoryIds = [...new Set(baseCandidates.flatMap((c) => c.categoryIds))];
  const { eligible: replacements } = await loadPlanCandidates(db, {
    organizationId,
    sources,
    level,
    goalCategoryIds,
    targetSeconds: defaultSessionMinutes(level, profile.trainingDaysPerWeek) * 60,
    limits,
  });

  // Signals: the member's guidance, then their feedback history underneath.
  const history = await listEndUserHistory(db, organizationId, member.id);
  const tooHard = history.reduce((s, h) => s + h.tooHard, 0);
  const tooEasy = history.reduce((s, h) => s + h.tooEasy, 0);
  const historySignals: GuidanceSignals = tooHard > tooEasy ? { intensity: -1 } : tooEasy > tooHard ? { intensity: 1 } : {};
  let signals = mergeSignals(historySignals, readGuidance(body.userGuidance, ref)).merged;
  const allowedEquipmentIds = allowedEquipmentFor(profile.preferredEquipmentCategoryIds, ref);

  const model = getLanguageModel();
  let engine: "deterministic" | "model" = "deterministic";
  let fallbackReason: string | undefined;
  let modelTexts: { reasoning: string; localizedName: string | null } | null = null;
  if (model) {
    const answer = await callModel(model, {
      name: "adapt_plan",
      schema: PlanModelOutput,
      system: PLAN_SYSTEM,
      prompt: planPrompt({
        task: `Adapt the plan "${pickText(basePlan.name)}" (${basePlan.durationWeeks} weeks, ${basePlan.daysPerWeek} days a week, ${baseLevel}) for a ${level} member.`,
        facts: [
          profile.trainingDaysPerWeek ? `The member trains ${profile.trainingDaysPerWeek} days a week.` : "",
          tooHard || tooEasy ? `Feedback: ${tooHard} too hard, ${tooEasy} too easy.` : "",
        ],
        userText: body.userGuidance,
        userTextLabel: "userGuidance",
        locale,
      }),
    });
    if (answer.ok) {
      engine = "model";
      signals = mergeSignals(historySignals, signalsFromModel(answer.value.constraints)).merged;
      modelTexts = { reasoning: clean(answer.value.reasoning, 900), localizedName: answer.value.localizedName ? clean(answer.value.localizedName, 90) : null };
    } else fallbackReason = answer.reason;
  }

  // Keep, swap or drop each base workout for this member.
  const changes: (
    | { kind: "swap"; from: string; to: string; reason: string }
    | { kind: "drop"; from: string; reason: string }
    | { kind: "days"; text: string }
  )[] = [];
  const decision = new Map<string, string | null>();
  for (const c of baseCandidates) {
    const hard = hardExclusion(c.facts, limits);
    const tooAdvanced = c.difficulty === "advanced" && level === "beginner";
    const soft =
      (signals.impact === "avoid-high" && c.facts?.hasHighImpact) ||
      (allowedEquipmentIds !== null && c.facts?.equipmentIds.some((id) => !allowedEquipmentIds.has(id))) ||
      (signals.equipment === "none" && (c.facts?.equipmentIds.length ?? 0) > 0);
    if (!hard && !tooAdvanced && !soft) {
      decision.set(c.id, c.id);
      continue;
    }
    const alt = replacements
      .filter((r) => !baseIds.includes(r.id) && ![...decision.values()].includes(r.id))
      .filter((r) => !(signals.impact === "avoid-high" && r.facts?.hasHighImpact))
      .filter((r) => !(allowedEquipmentIds !== null && r.facts?.equipmentIds.some((id) => !allowedEquipmentIds.has(id))))
      .filter((r) => !(r.difficulty === "advanced" && level === "beginner"))
      .map((r) => ({
        r,
        s:
          r.categoryIds.filter((x) => c.categoryIds.includes(x)).length * 2 -
          Math.abs(["beginner", "intermediate", "advanced"].indexOf(r.difficulty) - ["beginner", "intermediate", "advanced"].indexOf(level)),
      }))
      .sort((a, b) => b.s - a.s || (a.r.id < b.r.id ? -1 : 1))[0]?.r;
    const reason = hard ? `${hard}` : tooAdvanced ? "too advanced" : signals.impact === "avoid-high" && c.facts?.hasHighImpact ? "high impact" : "equipment";
    if (alt) {
      decision.set(c.id, alt.id);
      changes.push({ kind: "swap", from: c.id, to: alt.id, reason });
    } else if (hard || tooAdvanced) {
      decision.set(c.id, null);
      changes.push({ kind: "drop", from: c.id, reason });
    } else {
      decision.set(c.id, c.id);
    }
  }

  const weeksCount = basePlan.durationWeeks;
  const daysPerWeek = profile.trainingDaysPerWeek ?? basePlan.daysPerWeek;
  if (daysPerWeek !== basePlan.daysPerWeek) changes.push({ kind: "days", text: `re-fitted ${basePlan.daysPerWeek} sessions a week to ${daysPerWeek}` });
  const volumeScale =
    level === baseLevel
      ? 1
      : ["beginner", "intermediate", "advanced"].indexOf(level) < ["beginner", "intermediate", "advanced"].indexOf(baseLevel)
        ? 0.85
        : 1.1;
  const weeks = progression({ weeks: weeksCount, daysPerWeek, level, rpeCap: limits.rpeCap, intensity: signals.intensity, volumeScale });
  const fixed = new Map<number, string[]>();
  for (let w = 1; w <= weeksCount; w++) {
    const ids = baseSchedule
      .filter((s) => s.week === w)
      .map((s) => decision.get(s.workoutId))
      .filter((id): id is string => !!id);
    fixed.set(w, ids.slice(0, daysPerWeek));
  }
  const pool = [...new Map([...baseCandidates.filter((c) => decision.get(c.id) === c.id), ...replacements].map((c) => [c.id, c])).values()].filter(
    (c) => !hardExclusion(c.facts, limits) && !(c.difficulty === "advanced" && level === "beginner"),
  );
  const rotation = categoryRotation(pool, basePlan.categoryIds.length ? basePlan.categoryIds : goalCategoryIds);
  const { sessions } = pool.length
    ? schedule({
        candidates: pool,
        level,
        weeks,
        rotation,
        recoveryCategoryId: null,
        signals,
        allowedEquipmentIds,
        seed: stableStringify({ planId, body }),
        fixed,
      })
    : { sessions: [] };

  const refs = await loadWorkoutRefs(db, organizationId, [
    ...sessions.map((s) => s.workoutId),
    ...baseIds,
    ...changes.flatMap((c) => (c.kind === "swap" ? [c.to] : [])),
  ]);
  const nameOf = (id: string) => pickText(refs.get(id)?.name ?? {}) || id;
  const changeTexts = changes.map((c) =>
    c.kind === "swap"
      ? `swapped ${nameOf(c.from)} for ${nameOf(c.to)} (${c.reason})`
      : c.kind === "drop"
        ? `dropped ${nameOf(c.from)} (${c.reason}; no similar workout available)`
        : c.text,
  );
  const adaptedWord = (l: Locale) => phrases(l).adapted;
  const storedName: Record<string, string> = {};
  const storedDescription: Record<string, string> = { ...basePlan.description };
  for (const l of SUPPORTED_LOCALES) storedName[l] = `${pickText(basePlan.name, l)} · ${adaptedWord(l)}`;
  if (modelTexts?.localizedName && locale && !isEnglish(locale)) storedName[locale] = modelTexts.localizedName;
  const en = { name: storedName["en-US"]!, description: pickText(basePlan.description, "en-US") };
  const localized = locale && locale !== "en-US" ? { name: storedName[locale]!, description: pickText(basePlan.description, locale) } : null;
  const notes = describeSignals(signals, ref);
  const reasoning = planReasoning({
    weeks,
    daysPerWeek,
    level,
    rotationNames: rotation.map((id) => pickText(ref.categoryById.get(id)?.name)),
    poolSize: pool.length,
    notes,
  });
  const adaptationReasoning =
    modelTexts?.reasoning ??
    [
      `Adapted "${pickText(basePlan.name)}" (${baseLevel}) for a ${level} member${tooHard || tooEasy ? `, taking ${tooHard + tooEasy} feedback entr${tooHard + tooEasy === 1 ? "y" : "ies"} into account` : ""}.`,
      changeTexts.length ? `Changes: ${changeTexts.join("; ")}.` : "Every scheduled workout already suits the member, so the choices are kept.",
      volumeScale !== 1 ? `Volume is scaled to ${Math.round(volumeScale * 100)}% for the level difference.` : "",
    ]
      .filter(Boolean)
      .join(" ");

  const generationId = newGenerationId();
  const { methodology, inspection } = buildInspection(generationId, {
    methodology: null,
    methodologyReason: "",
    hardRulesApplied: limits.applied,
    violations: [],
    engine,
    model: engine === "model" ? model!.id : null,
    fallbackReason,
  });
  const newPlanId = newId();
  const document = {
    id: newPlanId,
    visibility: "end-user-ai-generated" as const,
    endUserId: member.id,
    basePlanId: basePlan.id,
    name: en.name,
    description: en.description,
    nameTranslations: { "en-US": en.name, ...(localized && locale ? { [locale]: localized.name } : {}) },
    descriptionTranslations: { "en-US": en.description, ...(localized && locale ? { [locale]: localized.description } : {}) },
    ...localizedPlanFields(level, locale, localized),
    difficulty: level,
    durationWeeks: weeksCount,
    daysPerWeek,
    goalIds: basePlan.goalIds,
    categoryIds: rotation,
    weeks: presentWeeks(weeks, sessions, refs, ref, locale ?? "en-US"),
    reasoning,
    adaptationReasoning,
    methodology,
    inspection,
  };
  await db.transaction(async (tx) => {
    await insertPlanWithSchedule(
      tx,
      {
        id: newPlanId,
        organizationId,
        trainerId: basePlan.trainerId,
        name: storedName,
        description: storedDescription,
        searchText: [...new Set(Object.values(storedName))].join(" \u2022 ").toLowerCase(),
        difficulty: level,
        visibility: "end-user-ai-generated",
        status: "published",
        source: "ai-adapted",
        goalIds: basePlan.goalIds,
        categoryIds: rotation,
        durationWeeks: weeksCount,
        daysPerWeek,
        endUserId: member.id,
        basePlanId: basePlan.id,
        generationId,
        details: {
          weeks: weeks.map(({ week, phase, volumeFactor, intensityDelta, targetRpe }) => ({ week, phase, volumeFactor, intensityDelta, targetRpe })),
          reasoning,
          adaptationReasoning,
          engine,
        },
      },
      sessions.map((s) => ({ week: s.week, day: s.day, position: 0, workoutId: s.workoutId, prescription: { ...s.prescription } })),
    );
    await saveGeneration(tx, {
      id: generationId,
      organizationId,
      kind: "plan-adapt",
      engine,
      methodology,
      inspection,
      request: { planId, ...JSON.parse(JSON.stringify(body)) },
      result: {
        planId: newPlanId,
        basePlanId: basePlan.id,
        durationWeeks: weeksCount,
        daysPerWeek,
        sessions: sessions.map((s) => ({ week: s.week, day: s.day, workoutId: s.workoutId })),
      },
    });
  });
  return document;
}
