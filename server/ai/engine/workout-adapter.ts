/**
 * The deterministic workout adapter: keeps a team workout's structure and re-doses it for a
 * member. Exercises that break a hard limit (skill, impact, equipment) are swapped for the most
 * similar clip in the pool, or dropped when none fits; exercises the member's text rules out are
 * swapped when possible; work, rest, reps, load and RPE are scaled by the level gap and intensity
 * guidance; everything is clamped to the platform bounds and verified.
 */
import { BASE_RPE, REP_PATTERNS } from "../knowledge";
import { type WorkoutBounds, exerciseAllowedByHardRules, verifyWorkout } from "../rules";
import { clamp } from "../rng";
import { type GuidanceSignals, InfeasibleError, type Level, type PoolExercise, type ReferenceIndex, type Violation, levelRank, primaryMuscle } from "../types";
import type { Pace, Phase, PlannedInstance } from "./workout-planner";

export type BaseSegment =
  | {
      kind: "exercise";
      exerciseId: string;
      durationSeconds: number;
      workSeconds: number | null;
      reps: number | null;
      pace: string | null;
      weightLevel: string | null;
      rpe: number | null;
    }
  | { kind: "rest"; durationSeconds: number };

export interface AdaptInput {
  segments: BaseSegment[];
  baseLevel: Level;
  level: Level;
  /** The workout's own exercises plus the swap pool. */
  poolById: Map<string, PoolExercise>;
  /** Clips replacements may come from (the selected exerciseSources). */
  swapPool: PoolExercise[];
  allowedEquipmentIds: Set<string> | null;
  ref: ReferenceIndex;
  bounds: WorkoutBounds;
  signals: GuidanceSignals;
  signalSource: Violation["source"];
}

export interface AdaptResult {
  instances: PlannedInstance[];
  totalDurationSeconds: number;
  swaps: { from: string; to: string; reason: string }[];
  dropped: { id: string; reason: string }[];
  scaling: { workFactor: number; restFactor: number; rpeShift: number; levelGap: number };
  violations: Violation[];
}

const PACES = new Set(["slow", "moderate", "fast", "explosive"]);
const WEIGHTS = ["light", "medium", "heavy"] as const;

export function adaptWorkoutPlan(input: AdaptInput): AdaptResult {
  const { bounds: b, signals, ref } = input;
  const violations: Violation[] = [];
  const swaps: AdaptResult["swaps"] = [];
  const dropped: AdaptResult["dropped"] = [];
  const mat = new Set([...ref.equipmentById.values()].filter((e) => e.key === "mat").map((e) => e.id));
  const avoid = new Set(signals.avoidExerciseIds ?? []);

  const hardReason = (e: PoolExercise): string | null => {
    const r = exerciseAllowedByHardRules(e, b);
    if (r) return r;
    if (input.allowedEquipmentIds && e.equipmentIds.some((id) => !input.allowedEquipmentIds!.has(id))) return "preferredEquipmentCategoryIds";
    return null;
  };
  const softReason = (e: PoolExercise): string | null => {
    if (avoid.has(e.id)) return "avoidExerciseIds";
    if (signals.impact === "avoid-high" && e.impact === "high") return "impact";
    if (signals.equipment === "none" && e.equipmentIds.some((id) => !mat.has(id))) return "equipment";
    return null;
  };

  // Clips that pass every hard and soft check, computed once for all swaps.
  let swapCandidates: PoolExercise[] | null = null;
  const used = new Set(input.segments.filter((s) => s.kind === "exercise").map((s) => (s as { exerciseId: string }).exerciseId));
  const replacement = new Map<string, string | null>();
  const decide = (id: string): string | null => {
    if (replacement.has(id)) return replacement.get(id)!;
    const e = input.poolById.get(id);
    if (!e) {
      replacement.set(id, null);
      dropped.push({ id, reason: "the clip is no longer available" });
      return null;
    }
    const hard = hardReason(e);
    const soft = hard ? null : softReason(e);
    if (!hard && !soft) {
      replacement.set(id, id);
      return id;
    }
    swapCandidates ??= input.swapPool.filter((c) => !hardReason(c) && !softReason(c));
    const best = mostSimilar(e, swapCandidates, used, b.level);
    if (best) {
      replacement.set(id, best.id);
      used.add(best.id);
      swaps.push({ from: id, to: best.id, reason: hard ?? soft! });
      return best.id;
    }
    if (hard) {
      replacement.set(id, null);
      dropped.push({ id, reason: hard });
      return null;
    }
    violations.push({ rule: soft!, source: input.signalSource, severity: "soft", detail: `No similar clip could replace ${e.nameEn}, so it stays.` });
    replacement.set(id, id);
    return id;
  };

  // Scaling from the level gap (positive: the member is less trained than the workout) and guidance.
  const gap = levelRank(input.baseLevel) - levelRank(input.level);
  const intensity = clamp(signals.intensity ?? 0, -2, 2);
  const workFactor = clamp((1 - 0.15 * gap) * (1 + 0.08 * intensity), 0.5, 1.5);
  let restFactor = clamp((1 + 0.25 * gap) * (1 - 0.12 * intensity), 0.5, 2);
  if (signals.rest === "shorter") restFactor *= 0.75;
  if (signals.rest === "longer") restFactor *= 1.35;
  const rpeShift = -gap + Math.round(intensity);

  const out: PlannedInstance[] = [];
  for (const s of input.segments) {
    if (s.kind === "rest") {
      out.push({
        kind: "rest",
        exerciseId: null,
        durationSeconds: clamp(Math.round(s.durationSeconds * restFactor), b.restMin, b.restMax),
        reps: null,
        pace: null,
        weightLevel: null,
        rpe: null,
        skipIntro: false,
        phase: "main",
      });
      continue;
    }
    const id = decide(s.exerciseId);
    if (!id) continue;
    const e = input.poolById.get(id)!;
    const original = input.poolById.get(s.exerciseId);
    const baseSeconds = s.durationSeconds > 0 ? s.durationSeconds : (s.workSeconds ?? 30);
    let reps: number | null = null;
    let duration: number;
    if (
      s.reps !== null &&
      !e.isStretch &&
      e.estimatedRepDuration >= 1 &&
      (e.movementPattern === null || REP_PATTERNS.has(e.movementPattern) || id === s.exerciseId)
    ) {
      const targetSeconds = (id === s.exerciseId ? s.reps * e.estimatedRepDuration : baseSeconds) * workFactor;
      reps = Math.max(1, Math.round(targetSeconds / e.estimatedRepDuration));
      while (reps * e.estimatedRepDuration < b.workMin - 0.5 && reps < 500) reps++;
      while (reps > 1 && reps * e.estimatedRepDuration > b.workMax + 0.5) reps--;
      duration = Math.round(reps * e.estimatedRepDuration);
      if (duration < b.workMin || duration > b.workMax) {
        reps = null;
        duration = clamp(Math.round(baseSeconds * workFactor), b.workMin, b.workMax);
      }
    } else {
      duration = clamp(Math.round(baseSeconds * workFactor), b.workMin, b.workMax);
    }
    const baseRpe = s.rpe ?? BASE_RPE[input.baseLevel];
    // Stretches stay easy whatever the workout's effort.
    const rpe = clamp(Math.round(baseRpe + rpeShift), 1, e.isStretch ? Math.min(3, b.maxRpe) : b.maxRpe);
    let pace: Pace | null = s.pace && PACES.has(s.pace) ? (s.pace as Pace) : "moderate";
    if (pace === "explosive" && (input.level === "beginner" || intensity < 0)) pace = "fast";
    if (e.isStretch) pace = "slow";
    let weightLevel: PlannedInstance["weightLevel"] = null;
    if (s.weightLevel && (WEIGHTS as readonly string[]).includes(s.weightLevel)) {
      const w = clamp(WEIGHTS.indexOf(s.weightLevel as (typeof WEIGHTS)[number]) - gap + (intensity > 0 ? 1 : intensity < 0 ? -1 : 0), 0, 2);
      weightLevel = WEIGHTS[w]!;
    }
    if (original && id !== s.exerciseId && s.weightLevel === null) weightLevel = null;
    out.push({ kind: "single-exercise", exerciseId: id, durationSeconds: duration, reps, pace, weightLevel, rpe, skipIntro: false, phase: "main" });
  }

  // Structure: never start or end with rest, never two rests in a row.
  const cleaned: PlannedInstance[] = [];
  for (const it of out) {
    const prev = cleaned[cleaned.length - 1];
    if (it.kind === "rest" && (!prev || prev.kind === "rest")) {
      if (prev) prev.durationSeconds = Math.min(b.restMax, prev.durationSeconds + it.durationSeconds);
      continue;
    }
    cleaned.push(it);
  }
  while (cleaned.length && cleaned[cleaned.length - 1]!.kind === "rest") cleaned.pop();
  if (cleaned.length === 0) {
    throw new InfeasibleError([
      { rule: "notEligible", target: "workoutId", message: "No exercise of this workout can be adapted for this member within the safety bounds." },
    ]);
  }

  // Phases: leading and trailing stretches frame the workout; repeats skip the intro.
  const seen = new Set<string>();
  let i = 0;
  while (i < cleaned.length && (cleaned[i]!.kind === "rest" || input.poolById.get(cleaned[i]!.exerciseId!)?.isStretch)) {
    if (cleaned[i]!.kind !== "rest") cleaned[i]!.phase = "warmup" as Phase;
    i++;
  }
  let j = cleaned.length - 1;
  while (j > i && (cleaned[j]!.kind === "rest" || input.poolById.get(cleaned[j]!.exerciseId!)?.isStretch)) {
    if (cleaned[j]!.kind !== "rest") cleaned[j]!.phase = "cooldown" as Phase;
    j--;
  }
  // A workout made only of stretches (a mobility flow) is all main block.
  if (!cleaned.some((it) => it.kind === "single-exercise" && it.phase === "main")) for (const it of cleaned) it.phase = "main";
  for (const it of cleaned) {
    if (it.exerciseId) {
      it.skipIntro = seen.has(it.exerciseId);
      seen.add(it.exerciseId);
    }
  }
  const total = cleaned.reduce((s, it) => s + it.durationSeconds, 0);
  const errors = verifyWorkout(
    cleaned,
    { ...b, durationMinSec: 1, durationMaxSec: Math.max(b.durationMaxSec, total) },
    { poolById: input.poolById, focusMuscleIds: null },
  );
  if (errors.length)
    throw new InfeasibleError([{ rule: errors[0]!.split(":")[0]!, target: "workoutId", message: `The adapted workout would break a rule: ${errors[0]}.` }]);
  return { instances: cleaned, totalDurationSeconds: total, swaps, dropped, scaling: { workFactor, restFactor, rpeShift, levelGap: gap }, violations };
}

/** The clip most like `e`: same primary muscle and movement pattern, shared muscles, fitting skill. */
function mostSimilar(e: PoolExercise, candidates: PoolExercise[], used: Set<string>, level: Level): PoolExercise | null {
  const pm = primaryMuscle(e);
  let best: PoolExercise | null = null;
  let bestScore = 0.5;
  for (const c of candidates) {
    if (c.id === e.id) continue;
    let s = 0;
    if (pm && primaryMuscle(c) === pm) s += 3;
    const shared = c.muscles.reduce((acc, [m, x]) => acc + Math.min(x, e.muscles.find(([n]) => n === m)?.[1] ?? 0), 0);
    s += 2 * shared;
    if (c.movementPattern && c.movementPattern === e.movementPattern) s += 2;
    if (c.isStretch === e.isStretch) s += 0.5;
    const gap = levelRank(c.skillLevel ?? "beginner") - levelRank(level);
    s += gap <= 0 ? 0.5 : -1;
    if (used.has(c.id)) s -= 1;
    if (s > bestScore || (s === bestScore && best && c.id < best.id)) {
      bestScore = s;
      best = c;
    }
  }
  return best;
}
