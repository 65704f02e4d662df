/**
 * Hard rules: the platform bounds, the safety bounds of the profile and the structured rules of a
 * methodology, resolved into one set of numbers (WorkoutBounds), and the verifier that checks a
 * finished workout against them. The verifier runs on every result, deterministic or model-made.
 */
import type { MethodologyRules } from "@/db/schema/ai";
import { ALWAYS_AVAILABLE_EQUIPMENT_KEYS, PLATFORM, RPE_CAP, ageSafety, defaultSessionMinutes } from "./knowledge";
import { clamp } from "./rng";
import {
  type AppliedRule,
  type Clamp,
  type EndUserProfile,
  type Infeasibility,
  InfeasibleError,
  type Level,
  type PoolExercise,
  type ReferenceIndex,
  levelRank,
  primaryMuscle,
} from "./types";

export interface WorkoutBounds {
  level: Level;
  durationMinSec: number;
  durationMaxSec: number;
  targetSec: number;
  workMin: number;
  workMax: number;
  restMin: number;
  restMax: number;
  /** Work:rest ratio of main sets (rest = work * rest / work, to the second). */
  ratio: { work: number; rest: number } | null;
  requireWarmup: boolean;
  requireCooldown: boolean;
  /** Hard limit from the methodology, null when none. */
  maxConsecutive: number | null;
  maxRpe: number;
  maxImpact: "low" | "high";
  maxSkillRank: number;
  bannedIds: Set<string>;
  bannedPatterns: Set<string>;
  applied: AppliedRule[];
  clamps: Clamp[];
}

export interface DurationOptions {
  minMinutes?: number;
  maxMinutes?: number;
}

/** Resolves the bounds a generated workout must satisfy; conflicting hard rules are a 400. */
export function resolveWorkoutBounds(args: {
  level: Level;
  profile: EndUserProfile;
  durationOptions?: DurationOptions;
  rules: MethodologyRules | null;
}): WorkoutBounds {
  const { level, profile, rules } = args;
  const applied: AppliedRule[] = [];
  const clamps: Clamp[] = [];
  const infeasible: Infeasibility[] = [];

  // Duration window (platform bounds on minutes are enforced by validation).
  const fallback = defaultSessionMinutes(level, profile.trainingDaysPerWeek);
  let minM = args.durationOptions?.minMinutes;
  let maxM = args.durationOptions?.maxMinutes;
  if (minM === undefined && maxM === undefined) {
    minM = Math.max(PLATFORM.durationMinutes.min, fallback - 5);
    maxM = fallback + 5;
  } else if (minM === undefined) minM = Math.max(PLATFORM.durationMinutes.min, maxM! - 15);
  else if (maxM === undefined) maxM = Math.min(PLATFORM.durationMinutes.max, minM + 15);
  const durationMinSec = Math.round(minM! * 60);
  const durationMaxSec = Math.round(maxM! * 60);
  const targetSec = clamp(fallback * 60, durationMinSec, durationMaxSec);
  applied.push({
    rule: "duration",
    source: args.durationOptions ? "request" : "platform",
    value: { minSeconds: durationMinSec, maxSeconds: durationMaxSec },
    detail: `Total duration between ${minM} and ${maxM} minutes.`,
  });
  if (targetSec !== fallback * 60) {
    clamps.push({ field: "durationSeconds", proposed: fallback * 60, applied: targetSec, rule: "durationOptions", source: "request" });
  }

  // Work and rest ranges: platform, then methodology (which may only narrow them).
  let workMin: number = PLATFORM.workSeconds.min;
  let workMax: number = PLATFORM.workSeconds.max;
  let restMin: number = PLATFORM.restSeconds.min;
  let restMax: number = PLATFORM.restSeconds.max;
  applied.push({ rule: "workSeconds", source: "platform", value: { min: workMin, max: workMax }, detail: "Every set lasts 10 to 180 seconds." });
  applied.push({ rule: "restSeconds", source: "platform", value: { min: restMin, max: restMax }, detail: "Every rest lasts 5 to 180 seconds." });
  applied.push({
    rule: "structure",
    source: "platform",
    value: { firstAndLast: "single-exercise" },
    detail: "A workout never starts or ends with rest and never has two rests in a row.",
  });

  const narrow = (name: keyof MethodologyRules, value: number | undefined, lo: number, hi: number, kind: "min" | "max") => {
    if (value === undefined) return kind === "min" ? lo : hi;
    const bounded = clamp(value, lo, hi);
    if (bounded !== value) {
      clamps.push({ field: String(name), proposed: value, applied: bounded, rule: "platform bounds", source: "platform" });
    }
    applied.push({ rule: String(name), source: "methodology", value: bounded, detail: `Methodology ${name} = ${bounded}.` });
    return kind === "min" ? Math.max(lo, bounded) : Math.min(hi, bounded);
  };
  if (rules) {
    workMin = narrow("workSecondsMin", rules.workSecondsMin, PLATFORM.workSeconds.min, PLATFORM.workSeconds.max, "min");
    workMax = narrow("workSecondsMax", rules.workSecondsMax, PLATFORM.workSeconds.min, PLATFORM.workSeconds.max, "max");
    restMin = narrow("restSecondsMin", rules.restSecondsMin, PLATFORM.restSeconds.min, PLATFORM.restSeconds.max, "min");
    restMax = narrow("restSecondsMax", rules.restSecondsMax, PLATFORM.restSeconds.min, PLATFORM.restSeconds.max, "max");
    if (workMin > workMax)
      infeasible.push({
        rule: "workSecondsMin",
        target: "methodologyProfileId",
        message: `The methodology's work range (${workMin} to ${workMax} seconds) is empty.`,
      });
    if (restMin > restMax)
      infeasible.push({
        rule: "restSecondsMin",
        target: "methodologyProfileId",
        message: `The methodology's rest range (${restMin} to ${restMax} seconds) is empty.`,
      });
  }

  let ratio: WorkoutBounds["ratio"] = null;
  if (rules?.workRestRatio && rules.workRestRatio.work > 0 && rules.workRestRatio.rest > 0) {
    ratio = rules.workRestRatio;
    const q = ratio.rest / ratio.work;
    const lo = Math.max(workMin, Math.ceil((restMin - 0.5) / q));
    const hi = Math.min(workMax, Math.floor((restMax + 0.5) / q));
    if (lo > hi) {
      infeasible.push({
        rule: "workRestRatio",
        target: "methodologyProfileId",
        message: `The methodology's ${ratio.work}:${ratio.rest} work:rest ratio cannot be met with work of ${workMin}-${workMax} s and rest of ${restMin}-${restMax} s.`,
      });
    }
    applied.push({
      rule: "workRestRatio",
      source: "methodology",
      value: ratio,
      detail: `Every rest after a main set is ${ratio.rest}/${ratio.work} of that set.`,
    });
  }

  const requireWarmup = rules?.requireWarmup === true;
  const requireCooldown = rules?.requireCooldown === true;
  if (requireWarmup) applied.push({ rule: "requireWarmup", source: "methodology", value: true, detail: "The workout opens with stretch or mobility clips." });
  if (requireCooldown)
    applied.push({ rule: "requireCooldown", source: "methodology", value: true, detail: "The workout closes with stretch or mobility clips." });

  let maxConsecutive: number | null = null;
  if (rules?.maxConsecutiveSetsPerMuscleGroup !== undefined) {
    maxConsecutive = Math.max(1, Math.floor(rules.maxConsecutiveSetsPerMuscleGroup));
    applied.push({
      rule: "maxConsecutiveSetsPerMuscleGroup",
      source: "methodology",
      value: maxConsecutive,
      detail: `At most ${maxConsecutive} sets in a row share a primary muscle group.`,
    });
  }

  // Safety: RPE, impact and skill by level and age.
  const age = ageSafety(profile.age);
  let maxRpe = RPE_CAP[level];
  applied.push({ rule: "maxRpe", source: "safety", value: maxRpe, detail: `RPE at most ${maxRpe} for a ${level}.` });
  if (age && age.rpeCap < maxRpe) {
    clamps.push({ field: "rpe", proposed: maxRpe, applied: age.rpeCap, rule: "age", source: "safety" });
    maxRpe = age.rpeCap;
    applied.push({ rule: "maxRpe", source: "safety", value: maxRpe, detail: `RPE at most ${maxRpe} at age ${profile.age}.` });
  }
  if (rules?.maxRpe !== undefined) {
    const m = clamp(Math.floor(rules.maxRpe), PLATFORM.rpe.min, PLATFORM.rpe.max);
    if (m < maxRpe) {
      clamps.push({ field: "rpe", proposed: maxRpe, applied: m, rule: "maxRpe", source: "methodology" });
      maxRpe = m;
    }
    applied.push({ rule: "maxRpe", source: "methodology", value: m, detail: `Methodology caps RPE at ${m}.` });
  }
  let maxImpact: "low" | "high" = "high";
  if (rules?.maxImpact === "low") {
    maxImpact = "low";
    applied.push({ rule: "maxImpact", source: "methodology", value: "low", detail: "Only low-impact exercises." });
  }
  if (age?.lowImpactOnly) {
    maxImpact = "low";
    applied.push({ rule: "maxImpact", source: "safety", value: "low", detail: `Only low-impact exercises at age ${profile.age}.` });
  }
  // A beginner never gets advanced clips; age bounds can lower that further.
  let maxSkillRank = Math.min(levelRank(level) + 1, 2);
  if (age) maxSkillRank = Math.min(maxSkillRank, levelRank(age.maxSkill));
  applied.push({
    rule: "maxSkillLevel",
    source: "safety",
    value: ["beginner", "intermediate", "advanced"][maxSkillRank],
    detail: "No clip above the safe skill level.",
  });

  const bannedIds = new Set(rules?.bannedExerciseIds ?? []);
  if (bannedIds.size)
    applied.push({ rule: "bannedExerciseIds", source: "methodology", value: [...bannedIds], detail: `${bannedIds.size} exercise(s) are never programmed.` });
  const bannedPatterns = new Set(rules?.bannedMovementPatterns ?? []);
  if (bannedPatterns.size)
    applied.push({
      rule: "bannedMovementPatterns",
      source: "methodology",
      value: [...bannedPatterns],
      detail: `Movement patterns never programmed: ${[...bannedPatterns].join(", ")}.`,
    });

  if (infeasible.length) throw new InfeasibleError(infeasible);
  return {
    level,
    durationMinSec,
    durationMaxSec,
    targetSec,
    workMin,
    workMax,
    restMin,
    restMax,
    ratio,
    requireWarmup,
    requireCooldown,
    maxConsecutive,
    maxRpe,
    maxImpact,
    maxSkillRank,
    bannedIds,
    bannedPatterns,
    applied,
    clamps,
  };
}

/** The work range of main sets, narrowed so the ratio's rest stays inside the rest range. */
export function mainWorkRange(b: WorkoutBounds): { min: number; max: number } {
  if (!b.ratio) return { min: b.workMin, max: b.workMax };
  const q = b.ratio.rest / b.ratio.work;
  let min = b.workMin;
  let max = b.workMax;
  while (min <= max && Math.round(min * q) < b.restMin) min++;
  while (max >= min && Math.round(max * q) > b.restMax) max--;
  return { min, max };
}

export interface PoolFilterOptions {
  /** Premium stock was requested but the organization's plan does not include it. */
  premiumExcluded?: boolean;
  includeCollections?: string[];
  excludeCollections?: string[];
  /** Equipment ids the member has (from preferred equipment categories); null = any. */
  allowedEquipmentIds: Set<string> | null;
  bounds: Pick<WorkoutBounds, "bannedIds" | "bannedPatterns" | "maxImpact" | "maxSkillRank">;
}

export interface PoolStages {
  sources: number;
  afterCollections: number;
  afterHardRules: number;
  afterEquipment: number;
  removedBy: Record<string, number>;
}

/** Equipment ids usable for a list of equipment categories (plus the always-available ones). */
export function allowedEquipmentFor(categoryIds: string[] | undefined, ref: ReferenceIndex): Set<string> | null {
  if (!categoryIds?.length) return null;
  const cats = new Set(categoryIds);
  const out = new Set<string>();
  for (const e of ref.equipmentById.values()) {
    if ((e.equipmentCategoryId && cats.has(e.equipmentCategoryId)) || ALWAYS_AVAILABLE_EQUIPMENT_KEYS.has(e.key)) out.add(e.id);
  }
  return out;
}

export function exerciseAllowedByHardRules(e: PoolExercise, b: PoolFilterOptions["bounds"]): string | null {
  if (b.bannedIds.has(e.id)) return "bannedExerciseIds";
  if (e.movementPattern && b.bannedPatterns.has(e.movementPattern)) return "bannedMovementPatterns";
  if (b.maxImpact === "low" && e.impact === "high") return "maxImpact";
  if (levelRank(e.skillLevel ?? "beginner") > b.maxSkillRank) return "maxSkillLevel";
  return null;
}

/**
 * The generation pool, filter by filter (exerciseSources were applied by the query). Rule 4:
 * zero clips in the sources, or fewer than 10 after the filters, is infeasible.
 */
export function filterPool(all: PoolExercise[], opts: PoolFilterOptions): { eligible: PoolExercise[]; stages: PoolStages; infeasible: Infeasibility[] } {
  const infeasible: Infeasibility[] = [];
  const removedBy: Record<string, number> = {};
  const include = opts.includeCollections?.length ? new Set(opts.includeCollections) : null;
  const exclude = opts.excludeCollections?.length ? new Set(opts.excludeCollections) : null;
  const afterCollections = all.filter((e) => {
    if (include && !(e.collectionName && include.has(e.collectionName))) return false;
    if (exclude && e.collectionName && exclude.has(e.collectionName)) return false;
    return true;
  });
  const afterHard = afterCollections.filter((e) => {
    const why = exerciseAllowedByHardRules(e, opts.bounds);
    if (why) removedBy[why] = (removedBy[why] ?? 0) + 1;
    return !why;
  });
  const eq = opts.allowedEquipmentIds;
  const afterEquipment = eq ? afterHard.filter((e) => e.equipmentIds.every((id) => eq.has(id))) : afterHard;
  if (eq) removedBy.preferredEquipmentCategoryIds = afterHard.length - afterEquipment.length;

  const min = PLATFORM.minimumPool;
  if (all.length === 0) {
    infeasible.push({
      rule: "exerciseSources",
      target: "exerciseSources",
      message: `The selected exerciseSources contain no exercise clips${opts.premiumExcluded ? " (premium stock is not included in this organization's plan)" : ""}.`,
    });
  } else if (afterCollections.length < min) {
    infeasible.push({
      rule: "minimumPool",
      target: include ? "includeExerciseCollections" : exclude ? "excludeExerciseCollections" : "exerciseSources",
      message: `Only ${afterCollections.length} exercise(s) match the exercise sources and collection filters; at least ${min} are required.`,
    });
  } else if (afterHard.length < min) {
    const rules = Object.entries(removedBy)
      .filter(([k, n]) => k !== "preferredEquipmentCategoryIds" && n > 0)
      .map(([k, n]) => `${k} removed ${n}`)
      .join(", ");
    const top =
      Object.entries(removedBy)
        .filter(([k]) => k !== "preferredEquipmentCategoryIds")
        .sort((a, b) => b[1] - a[1])[0]?.[0] ?? "hardRules";
    infeasible.push({
      rule: top,
      target: top === "maxSkillLevel" || top === "maxImpact" ? "endUserProfileDetails" : "methodologyProfileId",
      message: `Only ${afterHard.length} exercise(s) remain after the hard rules (${rules}); at least ${min} are required.`,
    });
  } else if (afterEquipment.length < min) {
    infeasible.push({
      rule: "preferredEquipmentCategoryIds",
      target: "preferredEquipmentCategoryIds",
      message: `Only ${afterEquipment.length} exercise(s) can be done with the preferred equipment; at least ${min} are required.`,
    });
  }
  return {
    eligible: afterEquipment,
    stages: {
      sources: all.length,
      afterCollections: afterCollections.length,
      afterHardRules: afterHard.length,
      afterEquipment: afterEquipment.length,
      removedBy,
    },
    infeasible,
  };
}

/** A finished workout as the verifier sees it. */
export interface VerifiableInstance {
  kind: "single-exercise" | "rest";
  exerciseId: string | null;
  durationSeconds: number;
  reps: number | null;
  rpe: number | null;
  phase: "warmup" | "main" | "cooldown" | null;
}

/**
 * Checks every hard rule and bound on a finished workout. Returns the broken rules (empty when
 * the workout is valid). Runs after every engine, so no model output can slip past a rule.
 */
export function verifyWorkout(
  instances: VerifiableInstance[],
  b: WorkoutBounds,
  ctx: { poolById: Map<string, PoolExercise>; focusMuscleIds: Set<string> | null },
): string[] {
  const errors: string[] = [];
  if (instances.length === 0) return ["structure: the workout is empty"];
  if (instances[0]!.kind !== "single-exercise") errors.push("structure: starts with rest");
  if (instances[instances.length - 1]!.kind !== "single-exercise") errors.push("structure: ends with rest");
  let total = 0;
  let streakMuscle: string | null = null;
  let streak = 0;
  for (let i = 0; i < instances.length; i++) {
    const it = instances[i]!;
    total += it.durationSeconds;
    if (!Number.isFinite(it.durationSeconds) || it.durationSeconds <= 0) errors.push(`duration: instance ${i} has no positive duration`);
    if (it.kind === "rest") {
      if (i > 0 && instances[i - 1]!.kind === "rest") errors.push(`structure: two rests in a row at ${i}`);
      if (it.durationSeconds < b.restMin || it.durationSeconds > b.restMax)
        errors.push(`restSeconds: rest ${i} is ${it.durationSeconds}s, outside ${b.restMin}-${b.restMax}`);
      if (b.ratio && i > 0) {
        const prev = instances[i - 1]!;
        const expected = Math.round(prev.durationSeconds * (b.ratio.rest / b.ratio.work));
        if (Math.abs(expected - it.durationSeconds) > 1) errors.push(`workRestRatio: rest ${i} is ${it.durationSeconds}s, expected ${expected}s`);
      }
      continue;
    }
    const ex = it.exerciseId ? ctx.poolById.get(it.exerciseId) : undefined;
    if (!ex) {
      errors.push(`pool: instance ${i} uses an exercise outside the pool (${it.exerciseId})`);
      continue;
    }
    const hard = exerciseAllowedByHardRules(ex, b);
    if (hard) errors.push(`${hard}: instance ${i} uses ${ex.nameEn}`);
    if (it.durationSeconds < b.workMin || it.durationSeconds > b.workMax)
      errors.push(`workSeconds: set ${i} is ${it.durationSeconds}s, outside ${b.workMin}-${b.workMax}`);
    if (it.reps !== null) {
      if (!Number.isInteger(it.reps) || it.reps < 1) errors.push(`reps: set ${i} has invalid reps`);
      else if (Math.abs(it.reps * ex.estimatedRepDuration - it.durationSeconds) > 1) errors.push(`reps: set ${i} duration does not match ${it.reps} reps`);
    }
    if (it.rpe !== null && (it.rpe > b.maxRpe || it.rpe < PLATFORM.rpe.min)) errors.push(`maxRpe: set ${i} has RPE ${it.rpe} (max ${b.maxRpe})`);
    if (it.phase === "main" && ctx.focusMuscleIds && !ex.muscles.some(([m]) => ctx.focusMuscleIds!.has(m)))
      errors.push(`muscleGroupIds: set ${i} (${ex.nameEn}) trains none of the requested muscle groups`);
    const pm = primaryMuscle(ex);
    if (pm && pm === streakMuscle) streak++;
    else {
      streakMuscle = pm;
      streak = 1;
    }
    if (b.maxConsecutive !== null && streak > b.maxConsecutive)
      errors.push(`maxConsecutiveSetsPerMuscleGroup: ${streak} sets in a row on one muscle group at ${i}`);
  }
  if (b.requireWarmup) {
    const first = instances[0]!;
    const ex = first.exerciseId ? ctx.poolById.get(first.exerciseId) : undefined;
    if (first.phase !== "warmup" || !ex?.isStretch) errors.push("requireWarmup: the workout does not open with a warm-up");
  }
  if (b.requireCooldown) {
    const last = instances[instances.length - 1]!;
    const ex = last.exerciseId ? ctx.poolById.get(last.exerciseId) : undefined;
    if (last.phase !== "cooldown" || !ex?.isStretch) errors.push("requireCooldown: the workout does not close with a cool-down");
  }
  const rounded = Math.round(total);
  if (rounded < b.durationMinSec || rounded > b.durationMaxSec) errors.push(`duration: total ${rounded}s outside ${b.durationMinSec}-${b.durationMaxSec}`);
  return errors;
}
