/**
 * The deterministic plan planner: schedules library workouts over weeks and training days with
 * category balance, rest days between sessions, and progression (volume and intensity rising
 * through build weeks, a lighter deload week every fourth week when the plan is long enough).
 */
import type { MethodologyRules } from "@/db/schema/ai";
import type { WorkoutFactsRow } from "@/db/queries/catalog";
import { BASE_RPE, WEEK_DAYS } from "../knowledge";
import { clamp, seededRandom } from "../rng";
import { type GuidanceSignals, type Level, type Violation, levelRank } from "../types";

export interface PlanCandidate {
  id: string;
  difficulty: Level;
  duration: number;
  categoryIds: string[];
  preScore: number;
  facts: WorkoutFactsRow | undefined;
}

export type PlanPhase = "base" | "build" | "peak" | "deload";

export interface PlanWeekShape {
  week: number;
  phase: PlanPhase;
  volumeFactor: number;
  intensityDelta: number;
  targetRpe: number;
  trainingDays: number[];
  restDays: number[];
}

export interface Prescription {
  volumeFactor: number;
  intensityDelta: number;
  targetRpe: number;
  note: string;
}

export interface ScheduledSession {
  week: number;
  day: number;
  workoutId: string;
  prescription: Prescription;
}

const round = (x: number, step = 0.05) => Math.round(x / step) * step;
const r2 = (x: number) => Math.round(x * 100) / 100;

/** Week phases and progression factors. Volume and intensity never fall between build weeks. */
export function progression(args: {
  weeks: number;
  daysPerWeek: number;
  level: Level;
  rpeCap: number;
  intensity?: number;
  volumeScale?: number;
}): PlanWeekShape[] {
  const out: PlanWeekShape[] = [];
  const days = WEEK_DAYS[clamp(args.daysPerWeek, 1, 7)]!;
  const restDays = [1, 2, 3, 4, 5, 6, 7].filter((d) => !days.includes(d));
  const shift = clamp(args.intensity ?? 0, -2, 2) * 0.5;
  const scale = args.volumeScale ?? 1;
  let build = 0;
  for (let w = 1; w <= args.weeks; w++) {
    const deload = args.weeks >= 4 && w % 4 === 0;
    const phase: PlanPhase = deload ? "deload" : w === 1 ? "base" : w === args.weeks && args.weeks >= 3 ? "peak" : "build";
    const volumeFactor = deload ? r2(0.7 * scale) : r2(round(Math.min(1 + 0.08 * build, 1.4) * scale));
    const intensityDelta = deload ? -1.5 : Math.min(build * 0.5, 2);
    const targetRpe = clamp(round(BASE_RPE[args.level] - 1 + intensityDelta + shift, 0.5), 1, args.rpeCap);
    out.push({ week: w, phase, volumeFactor, intensityDelta, targetRpe, trainingDays: days, restDays });
    if (!deload) build++;
  }
  return out;
}

export function prescriptionFor(week: PlanWeekShape): Prescription {
  const note =
    week.phase === "deload"
      ? "Lighter week: fewer sets and easier efforts so the body absorbs the training."
      : week.phase === "base"
        ? "Settle in: learn the movements and keep a little in reserve."
        : week.phase === "peak"
          ? "Peak week: the most volume and effort of the plan."
          : "Build: a little more volume and effort than last week.";
  return { volumeFactor: week.volumeFactor, intensityDelta: week.intensityDelta, targetRpe: week.targetRpe, note };
}

/** Structural methodology rules checked on an existing library workout (what its playlist shows). */
export function structuralBreaches(facts: WorkoutFactsRow | undefined, rules: MethodologyRules | null): string[] {
  if (!rules || !facts) return [];
  const out: string[] = [];
  const seq = facts.sequence ?? [];
  if (rules.requireWarmup && !(seq[0]?.[2] === true)) out.push("requireWarmup");
  if (rules.requireCooldown && !(seq[seq.length - 1]?.[2] === true)) out.push("requireCooldown");
  if (rules.restSecondsMin !== undefined && facts.breakSeconds.some((s) => s < rules.restSecondsMin!)) out.push("restSecondsMin");
  if (rules.restSecondsMax !== undefined && facts.breakSeconds.some((s) => s > rules.restSecondsMax!)) out.push("restSecondsMax");
  if (rules.workSecondsMin !== undefined && seq.some((x) => x[1] < rules.workSecondsMin!)) out.push("workSecondsMin");
  if (rules.workSecondsMax !== undefined && seq.some((x) => x[1] > rules.workSecondsMax!)) out.push("workSecondsMax");
  if (rules.maxConsecutiveSetsPerMuscleGroup !== undefined) {
    let streak = 0;
    let last: string | null = null;
    for (const x of seq) {
      streak = x[3] && x[3] === last ? streak + 1 : 1;
      last = x[3];
      if (streak > rules.maxConsecutiveSetsPerMuscleGroup) {
        out.push("maxConsecutiveSetsPerMuscleGroup");
        break;
      }
    }
  }
  return out;
}

/** Hard exclusions on a library workout: banned clips or patterns, impact and skill limits. */
export function hardExclusion(
  facts: WorkoutFactsRow | undefined,
  limits: { bannedIds: Set<string>; bannedPatterns: Set<string>; maxImpact: "low" | "high"; maxSkillRank: number },
): string | null {
  if (!facts) return null;
  if (facts.exerciseIds.some((id) => limits.bannedIds.has(id))) return "bannedExerciseIds";
  if (facts.movementPatterns.some((p) => limits.bannedPatterns.has(p))) return "bannedMovementPatterns";
  if (limits.maxImpact === "low" && facts.hasHighImpact) return "maxImpact";
  if (facts.maxSkillRank > limits.maxSkillRank) return "maxSkillLevel";
  return null;
}

export interface ScheduleInput {
  candidates: PlanCandidate[];
  level: Level;
  weeks: PlanWeekShape[];
  /** Category ids to rotate through the week's sessions. */
  rotation: string[];
  /** A category for the week's last session (active recovery), when the week is long enough. */
  recoveryCategoryId: string | null;
  signals: GuidanceSignals;
  allowedEquipmentIds: Set<string> | null;
  seed: string;
  /** Sessions fixed in advance (adapt keeps the base plan's choices): week -> workout ids in order. */
  fixed?: Map<number, string[]>;
}

/** Chooses a workout for every training day of every week. */
export function schedule(input: ScheduleInput): { sessions: ScheduledSession[]; violations: Violation[] } {
  const rng = seededRandom(input.seed);
  const levelR = levelRank(input.level);
  const byId = new Map(input.candidates.map((c) => [c.id, c]));
  const uses = new Map<string, number>();
  const sessions: ScheduledSession[] = [];
  let lastWeek: string[] = [];
  const nWeeks = input.weeks.length;
  for (const wk of input.weeks) {
    const days = wk.trainingDays;
    const thisWeek: string[] = [];
    const fixed = input.fixed?.get(wk.week) ?? [];
    days.forEach((day, slot) => {
      let chosen: string | null = fixed[slot] && byId.has(fixed[slot]!) ? fixed[slot]! : null;
      if (!chosen) {
        const wantCategory =
          input.recoveryCategoryId && days.length >= 4 && slot === days.length - 1
            ? input.recoveryCategoryId
            : input.rotation.length
              ? input.rotation[slot % input.rotation.length]!
              : null;
        const late = wk.week > Math.ceil((nWeeks * 2) / 3) && wk.phase !== "deload";
        let best: PlanCandidate | null = null;
        let bestScore = -Infinity;
        for (const c of input.candidates) {
          let s = c.preScore * 0.2 + rng() * 0.2;
          if (wantCategory && c.categoryIds.includes(wantCategory)) s += 3;
          const gap = levelRank(c.difficulty) - levelR;
          if (gap === 0) s += 2;
          else if (gap === 1) s += late && levelR < 2 ? 1.5 : -1;
          else if (gap === -1) s += wk.phase === "deload" ? 1.5 : 0.3;
          else s -= 3;
          if (input.allowedEquipmentIds && c.facts?.equipmentIds.some((id) => !input.allowedEquipmentIds!.has(id))) s -= 3;
          if (input.signals.impact === "avoid-high" && c.facts?.hasHighImpact) s -= 2;
          if (input.signals.impact === "prefer-high" && c.facts?.hasHighImpact) s += 0.5;
          if (input.signals.equipment === "none" && c.facts?.equipmentIds.length) s -= 1.5;
          if (input.signals.avoidExerciseIds?.length && c.facts?.exerciseIds.some((id) => input.signals.avoidExerciseIds!.includes(id))) s -= 2;
          if (input.signals.focusMuscleGroupIds?.length && c.facts?.sequence.some((x) => x[3] && input.signals.focusMuscleGroupIds!.includes(x[3]))) s += 1;
          if (input.signals.intensity !== undefined) s += 0.4 * input.signals.intensity * (levelRank(c.difficulty) - levelR);
          if (thisWeek.includes(c.id)) s -= 6;
          if (lastWeek[slot] === c.id) s -= 1.5;
          s -= 0.4 * (uses.get(c.id) ?? 0);
          if (s > bestScore) {
            bestScore = s;
            best = c;
          }
        }
        chosen = best?.id ?? null;
      }
      if (!chosen) return;
      thisWeek.push(chosen);
      uses.set(chosen, (uses.get(chosen) ?? 0) + 1);
      sessions.push({ week: wk.week, day, workoutId: chosen, prescription: prescriptionFor(wk) });
    });
    lastWeek = thisWeek;
  }
  return { sessions, violations: [] };
}

/** Rotation of categories for the week's sessions: requested ones, else goal ones, else the pool's. */
export function categoryRotation(candidates: PlanCandidate[], preferred: string[]): string[] {
  const present = new Set(candidates.flatMap((c) => c.categoryIds));
  const fromPreferred = preferred.filter((c) => present.has(c)).slice(0, 4);
  if (fromPreferred.length) return fromPreferred;
  const counts = new Map<string, number>();
  for (const c of candidates) for (const id of c.categoryIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .map(([id]) => id);
}
