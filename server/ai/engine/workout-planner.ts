/**
 * The deterministic workout planner. Given the eligible pool (hard filters already applied) and
 * the resolved bounds, it scores every clip against the request, picks a balanced set of main
 * exercises (greedy over muscle coverage), orders them so no muscle group runs too long, frames
 * them with warm-up and cool-down stretches, scales work, rest, reps, pace, load and RPE to the
 * profile, and fits the whole to the duration window. The result is verified by rules.ts.
 */
import {
  BASE_RPE,
  BASE_WORK_REST,
  CATEGORY_WORK_REST,
  LOADED_EQUIPMENT_KEYS,
  PLATFORM,
  REP_PATTERNS,
  STRETCH_CATEGORIES,
  TIMED_CATEGORIES,
} from "../knowledge";
import { type WorkoutBounds, mainWorkRange, verifyWorkout } from "../rules";
import { clamp, seededRandom } from "../rng";
import {
  type Clamp,
  type GuidanceSignals,
  type Infeasibility,
  InfeasibleError,
  type Level,
  type PoolExercise,
  type ReferenceIndex,
  type Violation,
  levelRank,
  primaryMuscle,
} from "../types";

export type Phase = "warmup" | "main" | "cooldown";
export type Pace = "slow" | "moderate" | "fast" | "explosive";

export interface PlannedInstance {
  kind: "single-exercise" | "rest";
  exerciseId: string | null;
  durationSeconds: number;
  reps: number | null;
  pace: Pace | null;
  weightLevel: "light" | "medium" | "heavy" | null;
  rpe: number | null;
  skipIntro: boolean;
  phase: Phase;
}

export interface PlannedWorkout {
  instances: PlannedInstance[];
  totalDurationSeconds: number;
  mainExerciseIds: string[];
  rounds: number;
  hasWarmup: boolean;
  hasCooldown: boolean;
  violations: Violation[];
  clamps: Clamp[];
  /** Signals actually honoured (after feasibility), for reasoning texts. */
  honoured: GuidanceSignals;
}

export interface WorkoutPlanInput {
  pool: PoolExercise[];
  bounds: WorkoutBounds;
  ref: ReferenceIndex;
  /** The category the workout serves (its key), if any. */
  categoryKey: string | null;
  /** Categories the member's goals point to, strongest first. */
  goalCategoryKeys: string[];
  /** Hard focus from the request (`muscleGroupIds`): every main set trains one of them. */
  muscleGroupIds: string[] | null;
  signals: GuidanceSignals;
  /** Where each signal came from (user text or methodology guidance), for violation records. */
  signalSource: (dimension: keyof GuidanceSignals) => Violation["source"];
  /** Equipment ids the member said they have (bonus for using them). */
  preferredEquipmentIds: Set<string> | null;
  seed: string;
  /** Main exercises chosen by a model, in order; validated and completed by the planner. */
  chosenMainIds?: string[];
}

const WEIGHT_BY_LEVEL: Record<Level, "light" | "medium" | "heavy"> = { beginner: "light", intermediate: "medium", advanced: "heavy" };

/** What the steps of one plan share: the request, its bounds and the choices made before picking. */
interface PlanContext {
  input: WorkoutPlanInput;
  b: WorkoutBounds;
  level: Level;
  focus: Set<string> | null;
  loadedEquipment: Set<string>;
  stretchCategory: boolean;
  timing: SetTiming;
  frames: FramePlan;
  /** Scores of the shortlist and of the stretches (frames prefer well-scored ones slightly). */
  score: Map<string, number>;
}

export function planWorkout(input: WorkoutPlanInput): PlannedWorkout {
  const { bounds: b, ref } = input;
  const rng = seededRandom(input.seed);
  const focus = input.muscleGroupIds?.length ? new Set(input.muscleGroupIds) : null;
  const soft = applySoftExclusions(input, focus);
  const timing = mainSetTiming(input);
  const frames = framePlan(b, soft.pool);
  const mainPool = mainPoolOf(soft.pool, focus);
  const loadedEquipment = new Set([...ref.equipmentById.values()].filter((e) => LOADED_EQUIPMENT_KEYS.has(e.key)).map((e) => e.id));
  const stretchCategory = input.categoryKey !== null && STRETCH_CATEGORIES.has(input.categoryKey);
  // Scores live in a flat array; only the shortlist (and the stretches) get a lookup table.
  const scoredAll = mainPool.map((e, i) => ({ e, s: scoreExercise(e, input, loadedEquipment, stretchCategory) + rng() * 0.3, i }));
  scoredAll.sort((a, b2) => b2.s - a.s || a.i - b2.i);
  // Greedy coverage runs over the best-scored candidates only: past a few hundred, a clip's
  // balance bonus (at most +1.5) cannot lift it over the leaders, and large pools stay fast.
  const chosenSet = new Set(input.chosenMainIds ?? []);
  const shortlistScored = scoredAll.filter((x, j) => j < 400 || chosenSet.has(x.e.id));
  const score = new Map(shortlistScored.map((x) => [x.e.id, x.s]));
  for (const x of scoredAll) if (x.e.isStretch && !score.has(x.e.id)) score.set(x.e.id, x.s);
  const ctx: PlanContext = { input, b, level: b.level, focus, loadedEquipment, stretchCategory, timing, frames, score };
  const pickMain = mainPicker(input, mainPool, shortlistScored.map((x) => x.e), score);
  const distinct = distinctCounter(input, mainPool);
  const attempt = (n: number, limit: number) => buildAttempt(ctx, pickMain(distinct(n)), n, limit, rng);
  const found = searchSlotCount(ctx, attempt);
  return { ...found, violations: soft.violations, clamps: timing.clamps, honoured: soft.honoured };
}

/** Soft exclusions from guidance (exercises to avoid, high impact, equipment), each applied only while the request stays feasible. */
function applySoftExclusions(input: WorkoutPlanInput, focus: Set<string> | null): { pool: PoolExercise[]; violations: Violation[]; honoured: GuidanceSignals } {
  const { pool, ref, signals } = input;
  const violations: Violation[] = [];
  const honoured: GuidanceSignals = { ...signals };
  let softPool = pool;
  const softly = (name: string, dim: keyof GuidanceSignals, keep: (e: PoolExercise) => boolean, detail: string) => {
    const next = softPool.filter(keep);
    const mainLeft = next.filter((e) => isMainCandidate(e, focus)).length;
    if (next.length >= PLATFORM.minimumPool && mainLeft >= 3) {
      softPool = next;
    } else {
      delete honoured[dim];
      violations.push({ rule: name, source: input.signalSource(dim), severity: "soft", detail });
    }
  };
  if (signals.avoidExerciseIds?.length) {
    const avoid = new Set(signals.avoidExerciseIds);
    softly(
      "avoidExerciseIds",
      "avoidExerciseIds",
      (e) => !avoid.has(e.id),
      "Could not leave out every exercise asked to avoid without making the pool too small.",
    );
  }
  if (signals.impact === "avoid-high") {
    softly("impact", "impact", (e) => e.impact !== "high", "Could not avoid every high-impact exercise without making the pool too small.");
  }
  if (signals.equipment === "none") {
    softly(
      "equipment",
      "equipment",
      (e) => e.equipmentIds.every((id) => ref.equipmentById.get(id)?.key === "mat"),
      "Could not avoid equipment without making the pool too small.",
    );
  }
  return { pool: softPool, violations, honoured };
}

interface SetTiming {
  /** Seconds of work and of rest per main set. */
  work: number;
  rest: number;
  /** The guidance's intensity, -2 to 2. */
  intensity: number;
  /** The allowed work seconds of a main set. */
  range: { min: number; max: number };
  clamps: Clamp[];
}

/** Work and rest of the main sets: by level and category, steered by guidance, clamped to the bounds (each clamp recorded). */
function mainSetTiming(input: WorkoutPlanInput): SetTiming {
  const { bounds: b, signals } = input;
  const clamps: Clamp[] = [];
  const base = BASE_WORK_REST[b.level];
  const cat = input.categoryKey ? CATEGORY_WORK_REST[input.categoryKey] : undefined;
  const intensity = clamp(signals.intensity ?? 0, -2, 2);
  let work = (base.work + (cat?.work ?? 0)) * (1 + 0.1 * intensity);
  let rest = (base.rest + (cat?.rest ?? 0)) * (1 - 0.15 * intensity);
  if (signals.rest === "shorter") rest *= 0.7;
  if (signals.rest === "longer") rest *= 1.4;
  const range = mainWorkRange(b);
  if (range.min > range.max) {
    throw new InfeasibleError([
      {
        rule: "workRestRatio",
        target: "methodologyProfileId",
        message: "No set length satisfies the work range, the rest range and the work:rest ratio together.",
      },
    ]);
  }
  const proposedWork = Math.round(work);
  work = clamp(Math.round(work), range.min, range.max);
  const narrowed = b.ratio !== null || b.workMin > PLATFORM.workSeconds.min || b.workMax < PLATFORM.workSeconds.max;
  if (work !== proposedWork) {
    clamps.push({
      field: "workSeconds",
      proposed: proposedWork,
      applied: work,
      rule: b.ratio ? "workRestRatio" : proposedWork < range.min ? "workSecondsMin" : "workSecondsMax",
      source: narrowed ? "methodology" : "platform",
    });
  }
  const proposedRest = Math.round(rest);
  rest = b.ratio ? Math.round(work * (b.ratio.rest / b.ratio.work)) : clamp(Math.round(rest), b.restMin, b.restMax);
  if (rest !== proposedRest) {
    const restNarrowed = b.ratio !== null || b.restMin > PLATFORM.restSeconds.min || b.restMax < PLATFORM.restSeconds.max;
    clamps.push({
      field: "restSeconds",
      proposed: proposedRest,
      applied: rest,
      rule: b.ratio ? "workRestRatio" : proposedRest < b.restMin ? "restSecondsMin" : "restSecondsMax",
      source: restNarrowed ? "methodology" : "platform",
    });
  }
  return { work, rest, intensity, range, clamps };
}

interface FramePlan {
  /** The stretch and mobility clips frames are chosen from. */
  stretches: PoolExercise[];
  /** Seconds of each frame. */
  seconds: number;
  warmCount: number;
  coolCount: number;
}

/** Warm-up and cool-down from stretch clips: whether, how many and how long (InfeasibleError when the methodology requires one and no stretch is left). */
function framePlan(b: WorkoutBounds, softPool: PoolExercise[]): FramePlan {
  const stretches = softPool.filter((e) => e.isStretch);
  const target = b.targetSec;
  const wantFrames = target >= 15 * 60 && stretches.length > 0;
  const withWarmup = b.requireWarmup || wantFrames;
  const withCooldown = b.requireCooldown || wantFrames;
  if ((b.requireWarmup || b.requireCooldown) && stretches.length === 0) {
    throw new InfeasibleError([
      {
        rule: b.requireWarmup ? "requireWarmup" : "requireCooldown",
        target: "methodologyProfileId",
        message: `The methodology requires a ${b.requireWarmup ? "warm-up" : "cool-down"}, but no stretch or mobility clip is in the filtered pool.`,
      },
    ]);
  }
  const seconds = clamp(b.level === "beginner" ? 45 : b.level === "advanced" ? 30 : 40, b.workMin, b.workMax);
  // As many distinct stretches as the length deserves and the pool holds (at least one when framed).
  const warmCount = withWarmup ? Math.max(1, Math.min(stretches.length, target < 12 * 60 ? 1 : target < 30 * 60 ? 2 : 3)) : 0;
  const coolCount = withCooldown ? Math.max(1, Math.min(stretches.length, target < 12 * 60 ? 1 : 2)) : 0;
  return { stretches, seconds, warmCount, coolCount };
}

/** The candidates of the main block (InfeasibleError when there are none). */
function mainPoolOf(softPool: PoolExercise[], focus: Set<string> | null): PoolExercise[] {
  const mainPool = softPool.filter((e) => isMainCandidate(e, focus));
  if (mainPool.length === 0) {
    throw new InfeasibleError([
      {
        rule: focus ? "muscleGroupIds" : "minimumPool",
        target: focus ? "muscleGroupIds" : "exerciseSources",
        message: focus
          ? "No exercise in the filtered pool trains the requested muscle groups."
          : "No exercise in the filtered pool is suitable for the main block.",
      },
    ]);
  }
  return mainPool;
}

/** Distinct main exercises for `n` slots: a model's choice (validated against the main pool) sets the circuit; otherwise ~3 rounds of up to 8. */
function distinctCounter(input: WorkoutPlanInput, mainPool: PoolExercise[]): (n: number) => number {
  const mainIds = new Set(mainPool.map((e) => e.id));
  const chosen = [...new Set(input.chosenMainIds ?? [])].filter((id) => mainIds.has(id));
  return (n) => (chosen.length >= 2 ? Math.min(n, chosen.length) : Math.min(n, mainPool.length, clamp(Math.round(n / 3), Math.min(n, 3), 8)));
}

/** Picks `k` main exercises (a model's choice first, then greedy muscle coverage over the shortlist), memoized by `k`. */
function mainPicker(input: WorkoutPlanInput, mainPool: PoolExercise[], shortlist: PoolExercise[], score: Map<string, number>): (k: number) => PoolExercise[] {
  const picks = new Map<number, PoolExercise[]>();
  return (k) => {
    const memo = picks.get(k);
    if (memo) return memo;
    const byId = new Map(input.chosenMainIds?.length ? mainPool.map((e) => [e.id, e]) : []);
    const picked: PoolExercise[] = [];
    const taken = new Set<string>();
    for (const id of input.chosenMainIds ?? []) {
      const e = byId.get(id);
      if (e && !taken.has(e.id) && picked.length < k) {
        picked.push(e);
        taken.add(e.id);
      }
    }
    const load = new Map<string, number>();
    const patterns = new Map<string, number>();
    const primaries = new Map<string, number>();
    const account = (e: PoolExercise) => {
      for (const [m, share] of e.muscles) load.set(m, (load.get(m) ?? 0) + share);
      if (e.movementPattern) patterns.set(e.movementPattern, (patterns.get(e.movementPattern) ?? 0) + 1);
      const p = primaryMuscle(e);
      if (p) primaries.set(p, (primaries.get(p) ?? 0) + 1);
    };
    for (const e of picked) account(e);
    while (picked.length < k) {
      let best: PoolExercise | null = null;
      let bestValue = -Infinity;
      for (const e of shortlist) {
        if (taken.has(e.id)) continue;
        let v = score.get(e.id)!;
        let coverage = 0;
        for (const [m, share] of e.muscles) coverage += share / (1 + (load.get(m) ?? 0));
        v += 1.5 * coverage;
        v -= 0.8 * (e.movementPattern ? (patterns.get(e.movementPattern) ?? 0) : 0);
        const p = primaryMuscle(e);
        v -= 1.2 * (p ? (primaries.get(p) ?? 0) : 0);
        if (v > bestValue) {
          bestValue = v;
          best = e;
        }
      }
      if (!best) break;
      picked.push(best);
      taken.add(best.id);
      account(best);
    }
    picks.set(k, picked);
    return picked;
  };
}

/** Frames (stretches), chosen to differ from the main block where possible. */
function pickFrames(ctx: PlanContext, count: number, avoid: Set<string>, favour: "warm" | "cool"): PoolExercise[] {
  if (count === 0) return [];
  const { focus, level, score } = ctx;
  const frameScore = (e: PoolExercise) => {
    let s = avoid.has(e.id) ? -5 : 0;
    if (focus) for (const [m, share] of e.muscles) if (focus.has(m)) s += share;
    if (favour === "warm" && e.movementPattern === "mobility") s += 0.5;
    s += levelRank(e.skillLevel ?? "beginner") <= levelRank(level) ? 0.5 : 0;
    return s + (score.get(e.id) ?? 0) * 0.01;
  };
  const ranked = ctx.frames.stretches
    .map((e) => ({ e, s: frameScore(e) }))
    .sort((a, b2) => b2.s - a.s || (a.e.id < b2.e.id ? -1 : 1))
    .slice(0, Math.max(count * 4, 12))
    .map((x) => x.e);
  const out: PoolExercise[] = [];
  for (const e of ranked) {
    if (out.length >= count) break;
    if (!out.includes(e) && !(out.length && primaryMuscle(out[out.length - 1]!) === primaryMuscle(e) && ranked.length > count)) out.push(e);
  }
  for (const e of ranked) if (out.length < count && !out.includes(e)) out.push(e);
  while (out.length < count && ranked.length) out.push(ranked[out.length % ranked.length]!);
  return out;
}

/** One candidate workout: `main` (the picked exercises) over `n` main slots with at most `limit` consecutive sets per muscle, or null when no order fits. */
function buildAttempt(ctx: PlanContext, main: PoolExercise[], n: number, limit: number, rng: () => number): PlannedInstance[] | null {
  if (main.length === 0) return null;
  const warm = pickFrames(ctx, ctx.frames.warmCount, new Set(main.map((e) => e.id)), "warm");
  const cool = pickFrames(ctx, ctx.frames.coolCount, new Set([...main, ...warm].map((e) => e.id)), "cool");
  const order = sequence(main, n, limit, warm, cool, rng);
  if (!order) return null;
  const { seqWarm, seqMain, seqCool } = order;
  const out: PlannedInstance[] = [];
  const seen = new Set<string>();
  const push = (e: PoolExercise, phase: Phase, round: number, rounds: number) => {
    const inst = dose(ctx, e, phase, round, rounds);
    inst.skipIntro = seen.has(e.id);
    seen.add(e.id);
    out.push(inst);
  };
  for (const e of seqWarm) push(e, "warmup", 0, 1);
  seqMain.forEach((e, i) => {
    if (i > 0) out.push(restInstance(ctx.timing.rest));
    push(e, "main", i, seqMain.length);
  });
  for (const e of seqCool) push(e, "cooldown", 0, 1);
  return out;
}

function restInstance(rest: number): PlannedInstance {
  return { kind: "rest", exerciseId: null, durationSeconds: rest, reps: null, pace: null, weightLevel: null, rpe: null, skipIntro: false, phase: "main" };
}

/** One set of `e`: frames are slow and light; main sets get load, pace, effort (building through the block) and reps or time. */
function dose(ctx: PlanContext, e: PoolExercise, phase: Phase, round: number, rounds: number): PlannedInstance {
  const { b, level, input, stretchCategory } = ctx;
  const { intensity, work } = ctx.timing;
  if (phase !== "main") {
    return {
      kind: "single-exercise",
      exerciseId: e.id,
      durationSeconds: ctx.frames.seconds,
      reps: null,
      pace: "slow",
      weightLevel: null,
      rpe: clamp(phase === "warmup" ? 3 : 2, 1, b.maxRpe),
      skipIntro: false,
      phase,
    };
  }
  const loaded = e.equipmentIds.some((id) => ctx.loadedEquipment.has(id));
  let weightLevel: PlannedInstance["weightLevel"] = loaded ? WEIGHT_BY_LEVEL[level] : null;
  if (loaded && intensity < 0) weightLevel = weightLevel === "heavy" ? "medium" : "light";
  if (loaded && intensity > 0 && level !== "beginner") weightLevel = weightLevel === "light" ? "medium" : "heavy";
  const pace: Pace = e.isStretch
    ? "slow"
    : e.movementPattern === "plyometric"
      ? level === "advanced" && intensity >= 0
        ? "explosive"
        : "fast"
      : e.movementPattern === "locomotion" || (input.categoryKey !== null && TIMED_CATEGORIES.has(input.categoryKey) && !stretchCategory)
        ? "fast"
        : level === "beginner"
          ? "slow"
          : "moderate";
  // Effort builds through the main block: settle in, work, finish strongest.
  const progress = rounds > 1 ? round / (rounds - 1) : 0.5;
  const ramp = rounds >= 4 ? (progress < 0.25 ? -1 : progress >= 0.67 ? 1 : 0) : 0;
  const rpe = clamp(BASE_RPE[level] + Math.round(intensity) + ramp - (e.isStretch ? 2 : 0), PLATFORM.rpe.min, b.maxRpe);
  const reps = repsFor(ctx, e);
  return {
    kind: "single-exercise",
    exerciseId: e.id,
    durationSeconds: reps ? Math.round(reps * e.estimatedRepDuration) : work,
    reps,
    pace,
    weightLevel,
    rpe,
    skipIntro: false,
    phase,
  };
}

/** Reps for a main set of `e` when it is counted in reps (the pattern suits it, the guidance or the level asks for it) and a whole number of reps fits the work range. */
function repsFor(ctx: PlanContext, e: PoolExercise): number | null {
  const { input, level } = ctx;
  const { signals } = input;
  const { range, work } = ctx.timing;
  if (signals.workStyle === "time") return null;
  const eligible =
    !e.isStretch &&
    e.estimatedRepDuration >= 2 &&
    e.movementPattern !== null &&
    REP_PATTERNS.has(e.movementPattern) &&
    (signals.workStyle === "reps" || (level !== "beginner" && !(input.categoryKey && TIMED_CATEGORIES.has(input.categoryKey))));
  if (!eligible) return null;
  const lo = Math.ceil(range.min / e.estimatedRepDuration);
  const hi = Math.floor(range.max / e.estimatedRepDuration);
  for (let r = clamp(Math.round(work / e.estimatedRepDuration), lo, hi); r >= lo && r <= hi; r++) {
    const d = Math.round(r * e.estimatedRepDuration);
    if (d >= range.min && d <= range.max && r >= 1) return r;
  }
  return null;
}

/**
 * Builds, fits to the duration window and verifies workouts, adjusting the number of main slots
 * (estimated from the time left after the frames) until one passes; InfeasibleError naming the
 * last failure otherwise.
 */
function searchSlotCount(
  ctx: PlanContext,
  attempt: (n: number, limit: number) => PlannedInstance[] | null,
): Omit<PlannedWorkout, "violations" | "clamps" | "honoured"> {
  const { b, input } = ctx;
  const { work, rest, range } = ctx.timing;
  const framesSec = (ctx.frames.warmCount + ctx.frames.coolCount) * ctx.frames.seconds;
  const budget = Math.max(work, b.targetSec - framesSec);
  let slots = Math.max(1, Math.round((budget + rest) / (work + rest)));
  const poolById = new Map(input.pool.map((e) => [e.id, e]));
  const verifyCtx = { poolById, focusMuscleIds: ctx.focus };
  const preferredMax = Math.min(PLATFORM.preferredMaxConsecutivePerMuscle, b.maxConsecutive ?? Number.POSITIVE_INFINITY);
  const hardLimit = b.maxConsecutive ?? Number.POSITIVE_INFINITY;
  const limits = preferredMax < hardLimit ? [preferredMax, hardLimit] : [hardLimit];
  let lastErrors: string[] = [];
  const tried = new Set<number>();
  for (let step = 0; step < 12; step++) {
    if (slots < 1 || tried.has(slots)) break;
    tried.add(slots);
    let built: PlannedInstance[] | null = null;
    for (const limit of limits) {
      built = attempt(slots, limit);
      if (built) break;
    }
    if (!built) {
      lastErrors = ["maxConsecutiveSetsPerMuscleGroup: no order of the exercises keeps muscle groups within the limit"];
      if (input.chosenMainIds) break;
      // More slots bring more distinct exercises, which may make an order possible.
      slots += 1;
      continue;
    }
    fitDuration(built, b, range);
    const total = built.reduce((s, i) => s + i.durationSeconds, 0);
    if (total < b.durationMinSec) {
      slots += Math.max(1, Math.ceil((b.durationMinSec - total) / (work + rest)));
      lastErrors = [`duration: ${total}s is below ${b.durationMinSec}s`];
      continue;
    }
    if (total > b.durationMaxSec) {
      slots -= Math.max(1, Math.floor((total - b.durationMaxSec) / (work + rest)));
      lastErrors = [`duration: ${total}s is above ${b.durationMaxSec}s`];
      continue;
    }
    const errors = verifyWorkout(built, b, verifyCtx);
    if (errors.length) {
      lastErrors = errors;
      break;
    }
    return summarize(built, total);
  }
  throw new InfeasibleError([infeasibilityFor(lastErrors)]);
}

function summarize(built: PlannedInstance[], total: number): Omit<PlannedWorkout, "violations" | "clamps" | "honoured"> {
  const mainIds = [...new Set(built.filter((i) => i.phase === "main" && i.exerciseId).map((i) => i.exerciseId!))];
  const mainSets = built.filter((i) => i.phase === "main" && i.kind === "single-exercise").length;
  return {
    instances: built,
    totalDurationSeconds: total,
    mainExerciseIds: mainIds,
    rounds: Math.max(1, Math.ceil(mainSets / Math.max(1, mainIds.length))),
    hasWarmup: built[0]?.phase === "warmup",
    hasCooldown: built[built.length - 1]?.phase === "cooldown",
  };
}

function infeasibilityFor(errors: string[]): Infeasibility {
  const first = errors[0] ?? "duration: the duration window cannot be met";
  const rule = first.split(":")[0]!;
  const target = rule === "duration" ? "durationOptions" : rule === "muscleGroupIds" ? "muscleGroupIds" : "methodologyProfileId";
  const message =
    rule === "duration"
      ? "The duration window cannot be met with the work and rest bounds in force."
      : rule === "maxConsecutiveSetsPerMuscleGroup"
        ? "The maximum consecutive sets per muscle group cannot be kept with the exercises that match the request."
        : `The request cannot be met: ${first}.`;
  return { rule, target, message };
}

/** How well a clip serves the request (before balance): category, goals, focus, level, guidance. */
export function scoreExercise(
  e: PoolExercise,
  input: Pick<WorkoutPlanInput, "categoryKey" | "goalCategoryKeys" | "muscleGroupIds" | "signals" | "preferredEquipmentIds" | "bounds">,
  loadedEquipment: Set<string>,
  stretchCategory: boolean,
): number {
  const { signals } = input;
  let s = 1;
  const cats = e.categoryKeys;
  if (input.categoryKey && cats.includes(input.categoryKey)) s += 3;
  const goals = input.goalCategoryKeys;
  for (let i = 0; i < goals.length; i++) if (cats.includes(goals[i]!)) s += i === 0 ? 1.2 : 0.6;
  const focus = input.muscleGroupIds;
  const soft = signals.focusMuscleGroupIds;
  if (focus?.length || soft?.length) {
    for (const [m, x] of e.muscles) {
      if (focus?.includes(m)) s += 2 * x;
      if (soft?.includes(m)) s += 2.5 * x;
    }
  }
  const gap = (e.skillLevel === "advanced" ? 2 : e.skillLevel === "intermediate" ? 1 : 0) - levelRank(input.bounds.level);
  s += gap === 0 ? 1 : gap === -1 ? 0.5 : gap > 0 ? -2.5 * gap : 0;
  if (e.impact === "high") {
    if (signals.impact === "avoid-high") s -= 3;
    else if (signals.impact === "prefer-high") s += 1.5;
  }
  if (e.equipmentIds.length) {
    if (signals.equipment === "use") s += 1;
    else if (signals.equipment === "none") s -= 2;
    const preferred = input.preferredEquipmentIds;
    if (preferred) {
      for (const id of e.equipmentIds) {
        if (preferred.has(id) && loadedEquipment.has(id)) {
          s += 0.75;
          break;
        }
      }
    }
  }
  if (signals.preferExerciseIds?.includes(e.id)) s += 3;
  if (e.isStretch && !stretchCategory) s -= 2;
  return s;
}

/** The best main candidates for a request (what a model may choose from), best first. */
export function rankMainCandidates(input: Omit<WorkoutPlanInput, "seed" | "signalSource">, limit: number): PoolExercise[] {
  const loaded = new Set([...input.ref.equipmentById.values()].filter((e) => LOADED_EQUIPMENT_KEYS.has(e.key)).map((e) => e.id));
  const stretchCategory = input.categoryKey !== null && STRETCH_CATEGORIES.has(input.categoryKey);
  const focus = input.muscleGroupIds?.length ? new Set(input.muscleGroupIds) : null;
  return input.pool
    .filter((e) => isMainCandidate(e, focus))
    .map((e) => ({ e, s: scoreExercise(e, input, loaded, stretchCategory) }))
    .sort((a, b) => b.s - a.s || (a.e.id < b.e.id ? -1 : 1))
    .slice(0, limit)
    .map((x) => x.e);
}

/** Main sets come from the whole pool (stretches are scored down outside mobility work), within the requested muscle groups. */
function isMainCandidate(e: PoolExercise, focus: Set<string> | null): boolean {
  return !focus || e.muscles.some(([m]) => focus.has(m));
}

/**
 * Orders the main sets (round-robin over the picked exercises) so that no primary muscle group
 * runs longer than `limit` sets in a row, counting the warm-up before and the cool-down after.
 */
function sequence(
  main: PoolExercise[],
  n: number,
  limit: number,
  warm: PoolExercise[],
  cool: PoolExercise[],
  rng: () => number,
): { seqWarm: PoolExercise[]; seqMain: PoolExercise[]; seqCool: PoolExercise[] } | null {
  const orders: PoolExercise[][] = [alternate(main)];
  for (let i = 0; i < 24; i++) orders.push(shuffle(main, rng));
  const warmOrders = permutations(warm).slice(0, 6);
  const coolOrders = permutations(cool).slice(0, 6);
  for (const w of warmOrders) {
    if (!withinLimit(w, limit)) continue;
    for (const order of orders) {
      const seq = roundRobin(order, n, limit, w);
      if (!seq) continue;
      for (const c of coolOrders) {
        if (withinLimit([...w, ...seq, ...c], limit)) return { seqWarm: w, seqMain: seq, seqCool: c };
      }
    }
  }
  return null;
}

function roundRobin(order: PoolExercise[], n: number, limit: number, before: PoolExercise[]): PoolExercise[] | null {
  const seq: PoolExercise[] = [];
  const uses = new Map<string, number>();
  let cursor = 0;
  // Streak state carried in from the warm-up.
  let last: string | null = null;
  let streak = 0;
  for (const e of before) {
    const p = primaryMuscle(e);
    streak = p && p === last ? streak + 1 : 1;
    last = p;
  }
  let prev: PoolExercise | undefined = before[before.length - 1];
  for (let slot = 0; slot < n; slot++) {
    let chosen: PoolExercise | null = null;
    let minUse = Number.POSITIVE_INFINITY;
    for (const e of order) minUse = Math.min(minUse, uses.get(e.id) ?? 0);
    for (let pass = 0; pass < 2 && !chosen; pass++) {
      for (let j = 0; j < order.length; j++) {
        const e = order[(cursor + j) % order.length]!;
        if (pass === 0 && (uses.get(e.id) ?? 0) > minUse) continue;
        if (order.length > 1 && prev && prev.id === e.id) continue;
        const p = primaryMuscle(e);
        if ((p && p === last ? streak + 1 : 1) > limit) continue;
        chosen = e;
        cursor = (cursor + j + 1) % order.length;
        break;
      }
    }
    if (!chosen) return null;
    const p = primaryMuscle(chosen);
    streak = p && p === last ? streak + 1 : 1;
    last = p;
    prev = chosen;
    seq.push(chosen);
    uses.set(chosen.id, (uses.get(chosen.id) ?? 0) + 1);
  }
  return seq;
}

function withinLimit(seq: PoolExercise[], limit: number): boolean {
  if (!Number.isFinite(limit)) return true;
  let streak = 0;
  let last: string | null = null;
  for (const e of seq) {
    const p = primaryMuscle(e);
    if (p && p === last) streak++;
    else {
      last = p;
      streak = 1;
    }
    if (streak > limit) return false;
  }
  return true;
}

/** Alternates primary muscle groups: each next exercise differs from the previous when possible. */
function alternate(list: PoolExercise[]): PoolExercise[] {
  const rest = [...list];
  const out: PoolExercise[] = [];
  while (rest.length) {
    const prev = out[out.length - 1];
    let idx = rest.findIndex((e) => !prev || primaryMuscle(e) !== primaryMuscle(prev));
    if (idx < 0) idx = 0;
    out.push(rest.splice(idx, 1)[0]!);
  }
  return out;
}

function shuffle<T>(list: T[], rng: () => number): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

function permutations<T>(list: T[]): T[][] {
  if (list.length <= 1) return [list];
  const out: T[][] = [];
  list.forEach((x, i) => {
    for (const p of permutations([...list.slice(0, i), ...list.slice(i + 1)])) out.push([x, ...p]);
  });
  return out;
}

/**
 * Moves the total into the duration window, as close to the target as the bounds allow: timed
 * sets and free rests stretch or shrink a second at a time (a main set drags its ratio-bound rest
 * along); rep-based sets keep their reps.
 */
function fitDuration(instances: PlannedInstance[], b: WorkoutBounds, range: { min: number; max: number }): void {
  const desired = clamp(b.targetSec, b.durationMinSec, b.durationMaxSec);
  const q = b.ratio ? b.ratio.rest / b.ratio.work : null;
  type Knob = { index: number; min: number; max: number; tiedRest: number | null };
  const knobs: Knob[] = [];
  instances.forEach((it, i) => {
    if (it.kind === "single-exercise" && it.reps === null) {
      const main = it.phase === "main";
      const next = instances[i + 1];
      knobs.push({
        index: i,
        min: main ? range.min : b.workMin,
        max: main ? range.max : b.workMax,
        tiedRest: main && q !== null && next?.kind === "rest" ? i + 1 : null,
      });
    } else if (it.kind === "rest" && q === null) {
      knobs.push({ index: i, min: b.restMin, max: b.restMax, tiedRest: null });
    }
  });
  // Ratio rests follow their set, including after rep-based sets.
  if (q !== null) {
    instances.forEach((it, i) => {
      if (it.kind === "rest" && i > 0) it.durationSeconds = Math.round(instances[i - 1]!.durationSeconds * q);
    });
  }
  let total = instances.reduce((s, i) => s + i.durationSeconds, 0);
  if (knobs.length === 0) return;
  // Main sets with a tied rest first (coarse steps), then free main sets and rests, then the
  // warm-up and cool-down (unit steps, so the last steps land exactly and frames stay round).
  const rank = (k: Knob) => (k.tiedRest !== null ? 0 : instances[k.index]!.phase === "main" ? 1 : 2);
  knobs.sort((a, c) => rank(a) - rank(c));
  const contribution = (k: Knob, value: number) => value + (k.tiedRest !== null && q !== null ? Math.round(value * q) : 0);
  const canMove = (k: Knob, dir: number) => {
    const it = instances[k.index]!;
    const next = it.durationSeconds + dir;
    if (next < k.min || next > k.max) return false;
    const delta = contribution(k, next) - contribution(k, it.durationSeconds);
    return Math.abs(desired - (total + delta)) < Math.abs(desired - total);
  };
  let guard = 0;
  let cursor = 0;
  while (total !== desired && guard++ < 20_000) {
    const dir = Math.sign(desired - total);
    const mainMovable = knobs.some((o) => rank(o) < 2 && canMove(o, dir));
    let moved = false;
    for (let j = 0; j < knobs.length; j++) {
      const k = knobs[(cursor + j) % knobs.length]!;
      // Prefer the earliest rank: skip frame knobs while a main knob can still move this way.
      if (rank(k) === 2 && mainMovable) continue;
      const it = instances[k.index]!;
      const next = it.durationSeconds + dir;
      if (next < k.min || next > k.max) continue;
      const delta = contribution(k, next) - contribution(k, it.durationSeconds);
      // Never step further from the target than we are.
      if (Math.abs(desired - (total + delta)) >= Math.abs(desired - total)) continue;
      it.durationSeconds = next;
      if (k.tiedRest !== null && q !== null) instances[k.tiedRest]!.durationSeconds = Math.round(next * q);
      total += delta;
      cursor = (cursor + j + 1) % knobs.length;
      moved = true;
      break;
    }
    if (!moved) break;
  }
}
