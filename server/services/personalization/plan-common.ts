/**
 * Shared by plan generate and plan adapt: the workout pool with its content facts, the hard
 * limits for plans, and the plan document the API returns.
 */
import type { Tx } from "@/db/client";
import { listWorkoutsByIds } from "@/db/queries/catalog";
import type { MethodologyRules } from "@/db/schema/ai";
import { type PlanCandidate, type PlanWeekShape, type ScheduledSession, hardExclusion, structuralBreaches } from "@/server/ai/engine/plan-planner";
import { difficultyLabel, isEnglish } from "@/server/ai/i18n";
import { RPE_CAP, ageSafety } from "@/server/ai/knowledge";
import { type AppliedRule, type EndUserProfile, type Level, type ReferenceIndex, type Violation, levelRank } from "@/server/ai/types";
import { type Locale, pickText } from "@/server/core/locale";
import { publicMediaUrl } from "@/server/media/signing";
import { cachedWorkoutFacts, rankedPublicWorkouts } from "./catalog-cache";

export interface PlanLimits {
  bannedIds: Set<string>;
  bannedPatterns: Set<string>;
  maxImpact: "low" | "high";
  maxSkillRank: number;
  rpeCap: number;
  applied: AppliedRule[];
}

export function planLimits(level: Level, profile: EndUserProfile, rules: MethodologyRules | null): PlanLimits {
  const applied: AppliedRule[] = [
    { rule: "minimumPlanWorkouts", source: "platform", value: 3, detail: "At least 3 eligible workouts, no template fallback." },
    { rule: "schedule", source: "platform", value: "rest days between sessions", detail: "Sessions are spread over the week with rest days between them." },
  ];
  const age = ageSafety(profile.age);
  let rpeCap = RPE_CAP[level];
  if (age) rpeCap = Math.min(rpeCap, age.rpeCap);
  if (rules?.maxRpe !== undefined) rpeCap = Math.min(rpeCap, rules.maxRpe);
  applied.push({ rule: "maxRpe", source: rules?.maxRpe !== undefined ? "methodology" : "safety", value: rpeCap, detail: `Target RPE never above ${rpeCap}.` });
  let maxImpact: "low" | "high" = "high";
  if (rules?.maxImpact === "low") {
    maxImpact = "low";
    applied.push({ rule: "maxImpact", source: "methodology", value: "low", detail: "Workouts with high-impact exercises are excluded." });
  }
  if (age?.lowImpactOnly) {
    maxImpact = "low";
    applied.push({ rule: "maxImpact", source: "safety", value: "low", detail: `Workouts with high-impact exercises are excluded at age ${profile.age}.` });
  }
  let maxSkillRank = 2;
  if (age) maxSkillRank = levelRank(age.maxSkill);
  if (levelRank(level) === 0) maxSkillRank = Math.min(maxSkillRank, 1);
  applied.push({
    rule: "maxSkillLevel",
    source: "safety",
    value: ["beginner", "intermediate", "advanced"][maxSkillRank],
    detail: "Workouts with clips above the safe skill level are excluded.",
  });
  const bannedIds = new Set(rules?.bannedExerciseIds ?? []);
  if (bannedIds.size)
    applied.push({ rule: "bannedExerciseIds", source: "methodology", value: [...bannedIds], detail: "Workouts containing a banned exercise are excluded." });
  const bannedPatterns = new Set(rules?.bannedMovementPatterns ?? []);
  if (bannedPatterns.size)
    applied.push({
      rule: "bannedMovementPatterns",
      source: "methodology",
      value: [...bannedPatterns],
      detail: "Workouts containing a banned movement pattern are excluded.",
    });
  for (const k of [
    "requireWarmup",
    "requireCooldown",
    "restSecondsMin",
    "restSecondsMax",
    "workSecondsMin",
    "workSecondsMax",
    "maxConsecutiveSetsPerMuscleGroup",
  ] as const) {
    if (rules?.[k] !== undefined && rules[k] !== false) {
      applied.push({
        rule: k,
        source: "methodology",
        value: rules[k],
        detail: "Checked on each scheduled workout's playlist; only compliant workouts are scheduled when at least 3 exist.",
      });
    }
  }
  if (rules?.workRestRatio)
    applied.push({
      rule: "workRestRatio",
      source: "methodology",
      value: rules.workRestRatio,
      detail: "Applies to generated workouts; library workouts keep their own timing.",
    });
  return { bannedIds, bannedPatterns, maxImpact, maxSkillRank, rpeCap, applied };
}

const PAGE = 300;

/**
 * Candidates of the plan pool (published public workouts of the sources and categories), with
 * their content facts, hard exclusions applied. Walks the ranked catalog a page at a time until
 * enough survive the exclusions or the pool is exhausted. `total` is the pool size (rule 5).
 */
export async function loadPlanCandidates(
  db: Tx,
  args: {
    organizationId: string;
    sources: ("team" | "template")[];
    categoryIds?: string[];
    level: Level;
    goalCategoryIds: string[];
    targetSeconds: number;
    limits: PlanLimits;
  },
): Promise<{ total: number; eligible: PlanCandidate[]; excludedBy: Record<string, number> }> {
  const { total, ranked } = await rankedPublicWorkouts(db, {
    organizationId: args.organizationId,
    sources: args.sources,
    categoryIds: args.categoryIds,
    levelRank: levelRank(args.level),
    goalCategoryIds: args.goalCategoryIds,
    targetSeconds: args.targetSeconds,
    limit: PAGE * 5,
  });
  const eligible: PlanCandidate[] = [];
  const excludedBy: Record<string, number> = {};
  for (let start = 0; start < ranked.length && eligible.length < 60; start += PAGE) {
    const page = ranked.slice(start, start + PAGE);
    const facts = await cachedWorkoutFacts(db, page);
    for (const r of page) {
      const f = facts.get(r.id);
      const why = hardExclusion(f, args.limits);
      if (why) {
        excludedBy[why] = (excludedBy[why] ?? 0) + 1;
        continue;
      }
      eligible.push({ id: r.id, difficulty: r.difficulty, duration: r.duration, categoryIds: r.categoryIds, preScore: r.preScore, facts: f });
    }
  }
  return { total, eligible, excludedBy };
}

/** Prefers methodology-compliant workouts when at least 3 exist; otherwise reports the breaches. */
export function applyStructuralRules(candidates: PlanCandidate[], rules: MethodologyRules | null): { pool: PlanCandidate[]; strict: boolean } {
  if (!rules) return { pool: candidates, strict: false };
  const compliant = candidates.filter((c) => structuralBreaches(c.facts, rules).length === 0);
  return compliant.length >= 3 ? { pool: compliant, strict: true } : { pool: candidates, strict: false };
}

export function structuralViolations(sessions: ScheduledSession[], byId: Map<string, PlanCandidate>, rules: MethodologyRules | null): Violation[] {
  if (!rules) return [];
  const counts = new Map<string, Set<string>>();
  for (const s of sessions) {
    for (const b of structuralBreaches(byId.get(s.workoutId)?.facts, rules)) {
      if (!counts.has(b)) counts.set(b, new Set());
      counts.get(b)!.add(s.workoutId);
    }
  }
  return [...counts.entries()].map(([rule, ids]) => ({
    rule,
    source: "methodology" as const,
    severity: "soft" as const,
    detail: `${ids.size} scheduled workout(s) do not meet ${rule}: fewer than 3 eligible workouts do, so the plan could not be built from compliant ones only.`,
  }));
}

export type WorkoutRefRow = Awaited<ReturnType<typeof listWorkoutsByIds>>[number];

export async function loadWorkoutRefs(db: Tx, organizationId: string, ids: string[]): Promise<Map<string, WorkoutRefRow>> {
  const rows = await listWorkoutsByIds(db, organizationId, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

export function presentWeeks(weeks: PlanWeekShape[], sessions: ScheduledSession[], refs: Map<string, WorkoutRefRow>, ref: ReferenceIndex, locale: Locale) {
  return weeks.map((w) => ({
    week: w.week,
    phase: w.phase,
    volumeFactor: w.volumeFactor,
    intensityDelta: w.intensityDelta,
    targetRpe: w.targetRpe,
    trainingDays: sessions.filter((s) => s.week === w.week).map((s) => s.day),
    restDays: [1, 2, 3, 4, 5, 6, 7].filter((d) => !sessions.some((s) => s.week === w.week && s.day === d)),
    sessions: sessions
      .filter((s) => s.week === w.week)
      .map((s) => {
        const row = refs.get(s.workoutId)!;
        return {
          day: s.day,
          workout: {
            id: row.id,
            name: pickText(row.name, locale),
            duration: row.duration,
            difficulty: row.difficulty,
            categories: row.categoryIds.filter((c) => ref.categoryById.has(c)).map((c) => ({ id: c, name: pickText(ref.categoryById.get(c)!.name, locale) })),
            thumbnailUrl: row.thumbnailKey ? publicMediaUrl(row.thumbnailKey) : null,
          },
          prescription: s.prescription,
        };
      }),
  }));
}

export function localizedPlanFields(level: Level, locale: Locale | null, localized: { name: string; description: string } | null) {
  if (!locale || isEnglish(locale) || !localized) return {};
  return { localizedName: localized.name, localizedDescription: localized.description, difficultyLabel: difficultyLabel(level, locale) };
}

export function planReasoning(args: {
  weeks: PlanWeekShape[];
  daysPerWeek: number;
  level: Level;
  rotationNames: string[];
  poolSize: number;
  notes: string[];
}): string {
  const builds = args.weeks.filter((w) => w.phase !== "deload");
  const first = builds[0];
  const last = builds[builds.length - 1];
  const deloads = args.weeks.filter((w) => w.phase === "deload").map((w) => w.week);
  const parts = [
    `A ${args.weeks.length}-week ${args.level} plan with ${args.daysPerWeek} session${args.daysPerWeek === 1 ? "" : "s"} a week and rest days between them, rotating ${args.rotationNames.join(", ").toLowerCase() || "the library's categories"}.`,
    first && last && builds.length > 1
      ? `Volume rises from ${first.volumeFactor}x to ${last.volumeFactor}x and target effort from RPE ${first.targetRpe} to ${last.targetRpe} across the build weeks${deloads.length ? `, with a lighter week ${deloads.join(" and ")} to recover` : ""}.`
      : "",
    `Chosen from ${args.poolSize} eligible workout${args.poolSize === 1 ? "" : "s"}.`,
    args.notes.length ? `Also: ${args.notes.join("; ")}.` : "",
  ];
  return parts.filter(Boolean).join(" ");
}
