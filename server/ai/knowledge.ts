/**
 * Programming knowledge the deterministic engine encodes: how goals map to training categories,
 * default work and rest per level and category, and the platform's safety and structure bounds.
 * These are the "platform bounds" of rule 3: nothing (methodology, text, model) goes past them.
 */
import type { Level } from "./types";

/** Platform bounds (rule 3: they win over everything). */
export const PLATFORM = {
  durationMinutes: { min: 5, max: 120 },
  workSeconds: { min: 10, max: 180 },
  restSeconds: { min: 5, max: 180 },
  rpe: { min: 1, max: 10 },
  /** Generation pools: at least 10 exercises after the filters (spec Limits). */
  minimumPool: 10,
  /** Plan generate: at least 3 eligible workouts (spec rule 5). */
  minimumPlanWorkouts: 3,
  /** The engine's own balance target when no methodology sets a hard limit. */
  preferredMaxConsecutivePerMuscle: 3,
  recommendLimit: 12,
  planWeeks: { min: 1, max: 12 },
} as const;

/** Highest RPE per fitness level (safety bound). */
export const RPE_CAP: Record<Level, number> = { beginner: 7, intermediate: 8, advanced: 9 };
/** Working RPE per level before intensity guidance. */
export const BASE_RPE: Record<Level, number> = { beginner: 5, intermediate: 7, advanced: 8 };

/** Safety bounds that depend on age. */
export function ageSafety(age: number | undefined): { rpeCap: number; lowImpactOnly: boolean; maxSkill: Level } | null {
  if (age === undefined) return null;
  if (age >= 65) return { rpeCap: 6, lowImpactOnly: true, maxSkill: "intermediate" };
  if (age < 16) return { rpeCap: 7, lowImpactOnly: false, maxSkill: "intermediate" };
  return null;
}

/** Default work and rest seconds per level. */
export const BASE_WORK_REST: Record<Level, { work: number; rest: number }> = {
  beginner: { work: 30, rest: 30 },
  intermediate: { work: 40, rest: 20 },
  advanced: { work: 45, rest: 15 },
};

/** Category adjustments to work and rest (seconds added). */
export const CATEGORY_WORK_REST: Record<string, { work: number; rest: number }> = {
  strength: { work: 5, rest: 10 },
  "free-weights": { work: 5, rest: 10 },
  hiit: { work: 0, rest: 0 },
  cardio: { work: 5, rest: -5 },
  boxing: { work: 5, rest: -5 },
  core: { work: -5, rest: -5 },
  pilates: { work: 5, rest: -10 },
  "low-impact": { work: 0, rest: 5 },
  mobility: { work: 15, rest: -15 },
  yoga: { work: 20, rest: -15 },
  recovery: { work: 20, rest: -15 },
};

/** Categories whose main block is made of stretches and mobility work. */
export const STRETCH_CATEGORIES = new Set(["mobility", "yoga", "recovery"]);
/** Categories whose sets are timed rather than counted. */
export const TIMED_CATEGORIES = new Set(["hiit", "cardio", "boxing", "mobility", "yoga", "recovery"]);
/** Movement patterns that are counted in reps (when the level and category allow). */
export const REP_PATTERNS = new Set(["squat", "hinge", "lunge", "push", "pull"]);
/** Equipment whose load is prescribed with a weight level. */
export const LOADED_EQUIPMENT_KEYS = new Set(["dumbbell", "kettlebell", "medicine-ball", "barbell"]);
/** Equipment assumed available to everyone (floor work); see docs/ai.md. */
export const ALWAYS_AVAILABLE_EQUIPMENT_KEYS = new Set(["mat"]);

/** Goals -> the training categories that serve them, strongest first. */
export const GOAL_CATEGORY_KEYS: Record<string, string[]> = {
  "lose-weight": ["hiit", "cardio", "strength", "boxing"],
  "build-muscle": ["strength", "free-weights", "kettlebells", "core"],
  "improve-endurance": ["cardio", "hiit", "boxing"],
  "increase-flexibility": ["mobility", "yoga", "pilates"],
  "reduce-stress": ["yoga", "recovery", "mobility"],
  "improve-posture": ["pilates", "core", "mobility"],
  "general-fitness": ["strength", "cardio", "core", "mobility"],
  "athletic-performance": ["hiit", "strength", "cardio"],
};

/** Default session length (minutes) per level, nudged by training frequency. */
export function defaultSessionMinutes(level: Level, trainingDaysPerWeek: number | undefined): number {
  const base = level === "beginner" ? 20 : level === "intermediate" ? 30 : 40;
  if (trainingDaysPerWeek === undefined) return base;
  if (trainingDaysPerWeek >= 5) return base - 5;
  if (trainingDaysPerWeek <= 2) return base + 10;
  return base;
}

/** The training days of a week for a number of sessions, spread with rest days between. */
export const WEEK_DAYS: Record<number, number[]> = {
  1: [3],
  2: [2, 5],
  3: [1, 3, 5],
  4: [1, 2, 4, 5],
  5: [1, 2, 3, 5, 6],
  6: [1, 2, 3, 4, 5, 6],
  7: [1, 2, 3, 4, 5, 6, 7],
};

/** The lowest level named wins: it is the safe one. */
export function levelOf(levels: Level[] | undefined): Level {
  if (!levels?.length) return "intermediate";
  if (levels.includes("beginner")) return "beginner";
  if (levels.includes("intermediate")) return "intermediate";
  return "advanced";
}
