/**
 * Workout generate without I/O: from the loaded source clips and the request, the hard bounds,
 * the filtered pool (with its stage counts and rule-4 infeasibilities), the workout's category and
 * the member's level. The service adds validation and loading; tests call this directly.
 */
import { levelOf } from "./knowledge";
import { type WorkoutBounds, allowedEquipmentFor, filterPool, resolveWorkoutBounds } from "./rules";
import { type EndUserProfile, InfeasibleError, type Level, type MethodologyInput, type PoolExercise, type ReferenceIndex } from "./types";
import { GOAL_CATEGORY_KEYS } from "./knowledge";

export interface GenerationRequest {
  endUserProfileDetails?: EndUserProfile;
  durationOptions?: { minMinutes?: number; maxMinutes?: number };
  categoryId?: string;
  includeExerciseCollections?: string[];
  excludeExerciseCollections?: string[];
  muscleGroupIds?: string[];
  preferredEquipmentCategoryIds?: string[];
}

export interface PreparedGeneration {
  ref: ReferenceIndex;
  methodology: MethodologyInput | null;
  bounds: WorkoutBounds | null;
  boundsError: InfeasibleError | null;
  pool: PoolExercise[];
  eligible: PoolExercise[];
  stages: ReturnType<typeof filterPool>["stages"];
  poolInfeasible: ReturnType<typeof filterPool>["infeasible"];
  categoryKey: string | null;
  categoryId: string;
  goalKeys: string[];
  level: Level;
  preferredEquipmentIds: Set<string> | null;
}

export function prepareGeneration(args: {
  ref: ReferenceIndex;
  pool: PoolExercise[];
  body: GenerationRequest;
  methodology: MethodologyInput | null;
  premiumExcluded?: boolean;
}): PreparedGeneration {
  const { ref, pool, body, methodology } = args;
  const profile = body.endUserProfileDetails ?? {};
  const equipmentCategoryIds = body.preferredEquipmentCategoryIds?.length ? body.preferredEquipmentCategoryIds : profile.preferredEquipmentCategoryIds;
  const level = levelOf(profile.fitnessLevels);
  let bounds: WorkoutBounds | null = null;
  let boundsError: InfeasibleError | null = null;
  try {
    bounds = resolveWorkoutBounds({ level, profile, durationOptions: body.durationOptions, rules: methodology?.rules ?? null });
  } catch (err) {
    if (!(err instanceof InfeasibleError)) throw err;
    boundsError = err;
  }
  if (bounds && args.premiumExcluded) {
    bounds.applied.push({
      rule: "premiumStock",
      source: "platform",
      value: false,
      detail: "Premium stock clips are not included in this organization's plan, so the premium_stock source adds none.",
    });
  }
  const allowedEquipmentIds = allowedEquipmentFor(equipmentCategoryIds, ref);
  const { eligible, stages, infeasible } = filterPool(pool, {
    premiumExcluded: args.premiumExcluded,
    includeCollections: body.includeExerciseCollections,
    excludeCollections: body.excludeExerciseCollections,
    allowedEquipmentIds,
    bounds: bounds ?? {
      bannedIds: new Set(methodology?.rules.bannedExerciseIds ?? []),
      bannedPatterns: new Set(methodology?.rules.bannedMovementPatterns ?? []),
      maxImpact: methodology?.rules.maxImpact === "low" ? "low" : "high",
      maxSkillRank: 2,
    },
  });
  const goalKeys = goalCategoryKeysOf(ref, profile.goalIds);
  // The workout's category: the requested one, else the strongest goal category the pool serves.
  let categoryKey = body.categoryId ? (ref.categoryById.get(body.categoryId)?.key ?? null) : null;
  if (!categoryKey) categoryKey = goalKeys.find((k) => eligible.some((e) => e.categoryKeys.includes(k))) ?? null;
  const categoryId = categoryKey ? ref.categoryByKey.get(categoryKey)!.id : mostCommonCategory(eligible, ref);
  return {
    ref,
    methodology,
    bounds,
    boundsError,
    pool,
    eligible,
    stages,
    poolInfeasible: infeasible,
    categoryKey,
    categoryId,
    goalKeys,
    level,
    preferredEquipmentIds: allowedEquipmentIds,
  };
}

/** Category keys the goals point to, strongest first, deduplicated. */
export function goalCategoryKeysOf(ref: ReferenceIndex, goalIds: string[] | undefined): string[] {
  const out: string[] = [];
  for (const id of goalIds ?? []) {
    const goal = ref.goalById.get(id);
    for (const k of GOAL_CATEGORY_KEYS[goal?.key ?? ""] ?? []) if (!out.includes(k) && ref.categoryByKey.has(k)) out.push(k);
  }
  return out;
}

function mostCommonCategory(pool: PoolExercise[], ref: ReferenceIndex): string {
  const counts = new Map<string, number>();
  for (const e of pool) for (const k of e.categoryKeys) counts.set(k, (counts.get(k) ?? 0) + 1);
  const key = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  return (key && ref.categoryByKey.get(key)?.id) || ref.categoryByKey.get("strength")?.id || [...ref.categoryById.keys()][0]!;
}
