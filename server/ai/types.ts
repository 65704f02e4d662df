/**
 * Types shared by the AI engines (deterministic and model-assisted). Nothing here touches the
 * database or HTTP: services load the catalog and hand the engines plain data.
 */
import type { MethodologyRules } from "@/db/schema/ai";

export type Level = "beginner" | "intermediate" | "advanced";
export const LEVELS: readonly Level[] = ["beginner", "intermediate", "advanced"];
export const levelRank = (l: Level | null | undefined): number => (l ? LEVELS.indexOf(l) : 1);

export type ExerciseSource = "premium_stock" | "free_stock" | "team_exercises";

/** The end-user profile every AI operation accepts (`endUserProfileDetails`). */
export interface EndUserProfile {
  age?: number;
  gender?: string;
  fitnessLevels?: Level[];
  goalIds?: string[];
  trainingDaysPerWeek?: number;
  preferredEquipmentCategoryIds?: string[];
  endUserId?: string;
}

/** One clip of the candidate pool, lean: only what scoring and rules need. */
export interface PoolExercise {
  id: string;
  source: ExerciseSource;
  nameEn: string;
  skillLevel: Level | null;
  collectionName: string | null;
  coach: string | null;
  estimatedRepDuration: number;
  impact: "low" | "high";
  movementPattern: string | null;
  isStretch: boolean;
  categoryKeys: string[];
  /** [muscleGroupId, share] sorted by share, largest first. */
  muscles: [string, number][];
  equipmentIds: string[];
}

export const primaryMuscle = (e: Pick<PoolExercise, "muscles">): string | null => e.muscles[0]?.[0] ?? null;

/** One platform reference row (category, muscle group, equipment, goal) with its translations. */
export interface ReferenceEntry {
  id: string;
  key: string;
  name: Record<string, string>;
  sortOrder: number;
}

/**
 * The platform reference data keyed for lookups: the one index the engines, the content shapes
 * and the AI services share (built once per load of the cached reference data, in
 * server/services/metadata/reference-cache.ts).
 */
export interface ReferenceIndex {
  categoryById: Map<string, ReferenceEntry>;
  categoryByKey: Map<string, ReferenceEntry>;
  muscleById: Map<string, ReferenceEntry>;
  muscleByKey: Map<string, ReferenceEntry>;
  equipmentById: Map<string, ReferenceEntry & { equipmentCategoryId: string | null }>;
  equipmentCategoryById: Map<string, ReferenceEntry>;
  goalById: Map<string, ReferenceEntry>;
}

/** A methodology (Programming DNA) profile as the engines see it: guidance stays server-side. */
export interface MethodologyInput {
  id: string;
  name: string;
  version: string;
  applicability: "workout" | "plan" | "both";
  guidance: string;
  rules: MethodologyRules;
}

/**
 * What free text (userRequirements, userGuidance, methodology guidance) asks for, as soft
 * signals. Read by the deterministic reader or by a model; never a hard rule.
 */
export interface GuidanceSignals {
  impact?: "avoid-high" | "prefer-high";
  /** -2 (much easier) .. +2 (much harder). */
  intensity?: number;
  focusMuscleGroupIds?: string[];
  avoidExerciseIds?: string[];
  preferExerciseIds?: string[];
  equipment?: "none" | "use";
  rest?: "shorter" | "longer";
  workStyle?: "reps" | "time";
}

export const SIGNAL_DIMENSIONS = [
  "impact",
  "intensity",
  "focusMuscleGroupIds",
  "avoidExerciseIds",
  "preferExerciseIds",
  "equipment",
  "rest",
  "workStyle",
] as const;
export type SignalDimension = (typeof SIGNAL_DIMENSIONS)[number];

/** A rule the generation honoured, as the Inspector lists it. */
export interface AppliedRule {
  rule: string;
  source: "platform" | "methodology" | "request" | "safety";
  value: unknown;
  detail: string;
}

/** Something the generation could not fully honour (never a hard rule: those give 400). */
export interface Violation {
  rule: string;
  source: "methodology" | "request" | "userRequirements" | "userGuidance" | "profile";
  severity: "soft";
  detail: string;
}

/** A value the request or profile would have produced that a hard rule changed (preflight's `clamps`). */
export interface Clamp {
  field: string;
  proposed: unknown;
  applied: unknown;
  rule: string;
  source: AppliedRule["source"];
}

/** A reason the request cannot be served; the services turn the first into a 400. */
export interface Infeasibility {
  rule: string;
  target: string;
  message: string;
}

export class InfeasibleError extends Error {
  constructor(readonly reasons: Infeasibility[]) {
    super(reasons[0]?.message ?? "The request cannot be served.");
    this.name = "InfeasibleError";
  }
}

export type EngineName = "deterministic" | "model";
