/**
 * POST /v1/orgs/{organizationId}/plans/generate. Pool: published public workouts of the chosen
 * sources (default team plus template) and categories; fewer than 3 is a 400 with no template
 * fallback (rule 5). Persisted with visibility end-user-ai-generated only when
 * `endUserProfileDetails.endUserId` names a member; plan, schedule and snapshot in one transaction.
 */
import type { Db } from "@/db/client";
import { insertPlanWithSchedule } from "@/db/queries/ai";
import { newId } from "@/db/schema/columns";
import { categoryRotation, progression, schedule } from "@/server/ai/engine/plan-planner";
import { planDescription, planName, type PlanTextFacts } from "@/server/ai/engine/texts";
import { describeSignals, mergeSignals, readGuidance, signalsFromModel } from "@/server/ai/guidance";
import { isEnglish, translateAll } from "@/server/ai/i18n";
import { PLATFORM, STRETCH_CATEGORIES, defaultSessionMinutes, levelOf } from "@/server/ai/knowledge";
import { callModel } from "@/server/ai/model-call";
import { PLAN_SYSTEM, PlanModelOutput, planPrompt } from "@/server/ai/prompts/plan";
import { getLanguageModel } from "@/server/ai/providers/model";
import { allowedEquipmentFor } from "@/server/ai/rules";
import { stableStringify } from "@/server/ai/rng";
import type { GuidanceSignals, Violation } from "@/server/ai/types";
import { clean } from "@/server/ai/workout-engine";
import { badRequest } from "@/server/core/errors";
import type { GeneratePlanInput } from "@/server/contracts/ai";
import { type Locale, pickText } from "@/server/core/locale";
import {
  assertReferenceIds,
  buildInspection,
  goalCategoryKeys,
  infeasibleError,
  newGenerationId,
  resolveMember,
  resolveMethodology,
  saveGeneration,
} from "./context";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { type GenerateOptions, methodologyReason } from "./generate-workout";
import {
  applyStructuralRules,
  loadPlanCandidates,
  loadWorkoutRefs,
  localizedPlanFields,
  planLimits,
  planReasoning,
  presentWeeks,
  structuralViolations,
} from "./plan-common";

export async function generatePlan(db: Db, organizationId: string, body: GeneratePlanInput, opts: GenerateOptions = {}) {
  const ref = await getReferenceIndex(db);
  const profile = body.endUserProfileDetails ?? {};
  assertReferenceIds(ref, [
    { field: "categoryIds", ids: body.categoryIds, kind: "category" },
    { field: "endUserProfileDetails.goalIds", ids: profile.goalIds, kind: "goal" },
    { field: "endUserProfileDetails.preferredEquipmentCategoryIds", ids: profile.preferredEquipmentCategoryIds, kind: "equipmentCategory" },
  ]);
  const methodology = await resolveMethodology(db, organizationId, body.methodologyProfileId);
  const member = await resolveMember(db, organizationId, profile.endUserId);
  const locale = (body.locale ?? null) as Locale | null;
  const level = levelOf(profile.fitnessLevels);
  const sources = body.workoutCollectionSources?.length ? [...new Set(body.workoutCollectionSources)] : (["team", "template"] as ("team" | "template")[]);

  const limits = planLimits(level, profile, methodology?.rules ?? null);
  const goalKeys = goalCategoryKeys(ref, profile.goalIds);
  const goalCategoryIds = goalKeys.map((k) => ref.categoryByKey.get(k)!.id);
  const targetSeconds = defaultSessionMinutes(level, profile.trainingDaysPerWeek) * 60;
  const { total, eligible, excludedBy } = await loadPlanCandidates(db, {
    organizationId,
    sources,
    categoryIds: body.categoryIds,
    level,
    goalCategoryIds,
    targetSeconds,
    limits,
  });
  // Rule 5: at least 3 eligible workouts across the sources and categories, else 400.
  if (total < PLATFORM.minimumPlanWorkouts) {
    throw badRequest(
      `Only ${total} eligible workout(s) (published, public, from ${sources.join(" and ")}${body.categoryIds?.length ? " in the requested categories" : ""}); plan generate needs at least ${PLATFORM.minimumPlanWorkouts}. No template fallback is used.`,
      body.categoryIds?.length ? "categoryIds" : "workoutCollectionSources",
    );
  }
  if (eligible.length < PLATFORM.minimumPlanWorkouts) {
    const top = Object.entries(excludedBy).sort((a, b) => b[1] - a[1])[0]?.[0] ?? "hardRules";
    throw infeasibleError([
      {
        rule: top,
        target: top === "maxImpact" || top === "maxSkillLevel" ? "endUserProfileDetails" : "methodologyProfileId",
        message: `Only ${eligible.length} workout(s) remain after the hard rules (${Object.entries(excludedBy)
          .map(([k, n]) => `${k} removed ${n}`)
          .join(", ")}); plan generate needs at least ${PLATFORM.minimumPlanWorkouts}.`,
      },
    ]);
  }
  const { pool, strict } = applyStructuralRules(eligible, methodology?.rules ?? null);

  // Free text: member's requirements over the methodology's guidance (rule 3).
  const fromMethodology = readGuidance(methodology?.guidance, ref);
  const fromUser = readGuidance(body.userRequirements, ref);
  const merged = mergeSignals(fromMethodology, fromUser);
  let signals: GuidanceSignals = merged.merged;
  const violations: Violation[] = merged.overridden
    .filter((d) => fromMethodology[d] !== undefined)
    .map((d) => ({
      rule: `methodology.guidance.${d}`,
      source: "methodology",
      severity: "soft",
      detail: `The methodology's guidance on ${d} was overridden by userRequirements (precedence rule 3).`,
    }));

  const model = getLanguageModel();
  const weeksCount = body.durationWeeks ?? (level === "beginner" ? 4 : 6);
  const daysPerWeek = profile.trainingDaysPerWeek ?? 3;
  const rotation = categoryRotation(pool, body.categoryIds?.length ? body.categoryIds : goalCategoryIds);
  const recovery = body.categoryIds?.length
    ? null
    : ([...STRETCH_CATEGORIES]
        .map((k) => ref.categoryByKey.get(k)?.id)
        .find((id) => id && !rotation.includes(id) && pool.some((c) => c.categoryIds.includes(id))) ?? null);
  const facts: PlanTextFacts = { level, weeks: weeksCount, daysPerWeek, goalIds: profile.goalIds ?? [], categoryIds: rotation };

  let engine: "deterministic" | "model" = "deterministic";
  let fallbackReason: string | undefined;
  let texts: { name: string; description: string; localizedName: string | null; localizedDescription: string | null; reasoning: string } | null = null;
  if (model) {
    const answer = await callModel(model, {
      name: "plan",
      schema: PlanModelOutput,
      system: PLAN_SYSTEM,
      prompt: planPrompt({
        task: "Write about a generated plan.",
        facts: [
          `Level ${level}; ${weeksCount} weeks; ${daysPerWeek} sessions a week.`,
          `Categories: ${rotation.map((id) => pickText(ref.categoryById.get(id)?.name)).join(", ")}.`,
          profile.goalIds?.length ? `Goals: ${profile.goalIds.map((id) => pickText(ref.goalById.get(id)?.name)).join(", ")}.` : "",
        ],
        userText: body.userRequirements,
        userTextLabel: "userRequirements",
        methodologyGuidance: methodology?.guidance,
        locale,
      }),
    });
    if (answer.ok) {
      engine = "model";
      signals = mergeSignals(signals, signalsFromModel(answer.value.constraints)).merged;
      texts = {
        name: clean(answer.value.name, 90),
        description: clean(answer.value.description, 700),
        localizedName: answer.value.localizedName ? clean(answer.value.localizedName, 90) : null,
        localizedDescription: answer.value.localizedDescription ? clean(answer.value.localizedDescription, 700) : null,
        reasoning: clean(answer.value.reasoning, 900),
      };
    } else fallbackReason = answer.reason;
  }

  const weeks = progression({ weeks: weeksCount, daysPerWeek, level, rpeCap: limits.rpeCap, intensity: signals.intensity });
  const { sessions } = schedule({
    candidates: pool,
    level,
    weeks,
    rotation,
    recoveryCategoryId: recovery,
    signals,
    allowedEquipmentIds: allowedEquipmentFor(profile.preferredEquipmentCategoryIds, ref),
    seed: opts.seed ?? stableStringify({ organizationId, body }),
  });
  if (!strict) violations.push(...structuralViolations(sessions, new Map(pool.map((c) => [c.id, c])), methodology?.rules ?? null));

  const refs = await loadWorkoutRefs(
    db,
    organizationId,
    sessions.map((s) => s.workoutId),
  );
  const en = texts
    ? { name: texts.name, description: texts.description }
    : { name: planName(facts, ref, "en-US"), description: planDescription(facts, ref, "en-US") };
  const localized =
    locale && locale !== "en-US"
      ? texts?.localizedName && !isEnglish(locale)
        ? { name: texts.localizedName, description: texts.localizedDescription ?? planDescription(facts, ref, locale) }
        : isEnglish(locale)
          ? en
          : { name: planName(facts, ref, locale), description: planDescription(facts, ref, locale) }
      : null;
  const notes = describeSignals(signals, ref);
  const reasoning =
    texts?.reasoning ??
    planReasoning({ weeks, daysPerWeek, level, rotationNames: rotation.map((id) => pickText(ref.categoryById.get(id)?.name)), poolSize: pool.length, notes });

  const generationId = newGenerationId();
  const { methodology: methodologyRef, inspection } = buildInspection(generationId, {
    methodology,
    methodologyReason: methodologyReason(methodology, "plan"),
    hardRulesApplied: limits.applied,
    violations,
    engine,
    model: engine === "model" ? model!.id : null,
    fallbackReason,
  });
  const persisted = member !== null;
  const planId = persisted ? newId() : undefined;
  const nameTranslations: Record<string, string> = { "en-US": en.name };
  const descriptionTranslations: Record<string, string> = { "en-US": en.description };
  if (localized && locale) {
    nameTranslations[locale] = localized.name;
    descriptionTranslations[locale] = localized.description;
  }
  const weeksOut = presentWeeks(weeks, sessions, refs, ref, locale ?? "en-US");
  // Persisted translation maps: every locale from the engine's templates (model texts for English and the requested locale).
  const storedName = texts ? { ...translateAll((l) => planName(facts, ref, l)), ...nameTranslations } : translateAll((l) => planName(facts, ref, l));
  const storedDescription = texts
    ? { ...translateAll((l) => planDescription(facts, ref, l)), ...descriptionTranslations }
    : translateAll((l) => planDescription(facts, ref, l));
  const document = {
    ...(persisted ? { id: planId, visibility: "end-user-ai-generated" as const, endUserId: member!.id } : {}),
    name: en.name,
    description: en.description,
    nameTranslations: opts.allLocales ? storedName : nameTranslations,
    descriptionTranslations: opts.allLocales ? storedDescription : descriptionTranslations,
    ...localizedPlanFields(level, locale, localized),
    difficulty: level,
    durationWeeks: weeksCount,
    daysPerWeek,
    goalIds: profile.goalIds ?? [],
    categoryIds: rotation,
    weeks: weeksOut,
    reasoning,
    methodology: methodologyRef,
    inspection,
  };

  // One transaction: the plan, its schedule and the snapshot land together or not at all.
  await db.transaction(async (tx) => {
    if (persisted) {
      await insertPlanWithSchedule(
        tx,
        {
          id: planId,
          organizationId,
          trainerId: null,
          name: storedName,
          description: storedDescription,
          searchText: [...new Set(Object.values(storedName))].join(" \u2022 ").toLowerCase(),
          difficulty: level,
          visibility: "end-user-ai-generated",
          status: "published",
          source: "ai-generated",
          goalIds: profile.goalIds ?? [],
          categoryIds: rotation,
          durationWeeks: weeksCount,
          daysPerWeek,
          endUserId: member!.id,
          generationId,
          details: {
            weeks: weeks.map(({ week, phase, volumeFactor, intensityDelta, targetRpe }) => ({ week, phase, volumeFactor, intensityDelta, targetRpe })),
            reasoning,
            engine,
          },
        },
        sessions.map((s) => ({ week: s.week, day: s.day, position: 0, workoutId: s.workoutId, prescription: { ...s.prescription } })),
      );
    }
    await saveGeneration(tx, {
      id: generationId,
      organizationId,
      kind: "plan",
      engine,
      methodology: methodologyRef,
      inspection,
      request: JSON.parse(JSON.stringify(body)),
      result: {
        planId: planId ?? null,
        durationWeeks: weeksCount,
        daysPerWeek,
        sessions: sessions.map((s) => ({ week: s.week, day: s.day, workoutId: s.workoutId })),
      },
    });
  });
  return document;
}
