import { addDays, dayRange } from "./local-date";
import { type DataWindow, type DayData, dayOf } from "./window";

/**
 * The digest's numbers. Every score is a documented formula over the stored day values
 * (docs/insights.md, "Scores"); nothing here is estimated by a model. Scores are 0-100 integers;
 * parts are kept unrounded and only the final score is rounded.
 */
export const PILLAR_TYPES = ["movement", "sleep", "recovery", "nutrition", "consistency", "hydration"] as const;
export type PillarType = (typeof PILLAR_TYPES)[number];

export const TARGETS = {
  stepsPerDay: 10_000,
  activeMinutesPerDay: 30,
  /** WHO: at least 150 minutes of moderate activity a week. */
  activeMinutesPerWeek: 150,
  activeDaysPerWeek: 5,
  sleepMinHours: 7,
  sleepMaxHours: 9,
  efficiencyFloorPct: 65,
  efficiencyGoodPct: 85,
  proteinGPerKg: 1.6,
  energyKcalPerKg: 30,
  hydrationMlPerKg: 35,
  referenceWeightKg: 70,
  /** Used for recovery until the member has 3 days of their own. */
  referenceRestingBpm: 60,
  referenceHrvMs: 50,
  /** Acceptable macronutrient ranges, share of macro energy (US National Academies AMDR). */
  proteinSharePct: [10, 35] as const,
  carbsSharePct: [45, 65] as const,
  fatSharePct: [20, 35] as const,
};

export const BASELINE_DAYS = 28;
export const MIN_BASELINE_POINTS = 3;
export const TREND_THRESHOLD = 5;
/** A pillar is shown when it has data in the last 14 days of the digest's day. */
export const RECENT_DAYS = 14;
/** Body weight used for targets: the latest of the 30 days up to the scored day. */
export const WEIGHT_LOOKBACK_DAYS = 30;

const clamp = (v: number, lo = 0, hi = 100) => Math.min(hi, Math.max(lo, v));
export const round1 = (v: number) => Math.round(v * 10) / 10;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

// Day accessors -----------------------------------------------------------------------------

export const steps = (d: DayData): number | null => d.values["steps.count"] ?? null;
export const hasActivity = (d: DayData) => d.activities.length + d.sessions.length > 0;
export const activeMinutes = (d: DayData) => (d.activities.reduce((s, a) => s + a.durationS, 0) + d.sessions.reduce((s, x) => s + x.durationS, 0)) / 60;
export const activityEnergyKcal = (d: DayData) => d.activities.reduce((s, a) => s + (a.activeEnergyKcal ?? 0), 0);
export const asleepHours = (d: DayData): number | null => (d.values["sleep.asleepS"] !== undefined ? d.values["sleep.asleepS"] / 3600 : null);
export const efficiencyPct = (d: DayData): number | null => d.values["sleep.efficiencyPct"] ?? null;
export const restingBpm = (d: DayData): number | null => d.values["heart_rate.restingBpm"] ?? null;
export const hrvMs = (d: DayData): number | null => d.values["heart_rate.hrvRmssdMs"] ?? null;
export const spo2Pct = (d: DayData): number | null => d.values["oxygenation.spo2Pct"] ?? null;
export const hydrationMl = (d: DayData): number | null => d.values["hydration.volumeMl"] ?? null;
export const nutrient = (d: DayData, n: "caloriesKcal" | "proteinG" | "carbsG" | "fatG"): number | null => d.values[`nutrition.${n}`] ?? null;
const vendorRecovery = (d: DayData): number | null => d.values["scores.recoveryScore"] ?? d.values["scores.readinessScore"] ?? null;

/** Latest body weight of the 30 days up to `day`, or null. */
export function weightOn(w: DataWindow, day: string): number | null {
  for (let i = 0; i < WEIGHT_LOOKBACK_DAYS; i++) {
    const v = dayOf(w, addDays(day, -i)).values["body_metrics.weightKg"];
    if (v !== undefined) return v;
  }
  return null;
}

/** Values of `get` over the baseline days before `day` (the 28 days before it) where it is not null. */
export function baselineValues(w: DataWindow, day: string, get: (d: DayData) => number | null): number[] {
  const out: number[] = [];
  for (const date of dayRange(addDays(day, -BASELINE_DAYS), addDays(day, -1))) {
    const v = get(dayOf(w, date));
    if (v !== null) out.push(v);
  }
  return out;
}

const anyIn = (w: DataWindow, from: string, to: string, test: (d: DayData) => boolean) => dayRange(from, to).some((date) => test(dayOf(w, date)));

// Pillar formulas ---------------------------------------------------------------------------

export interface Part {
  key: string;
  label: string;
  /** 0-100, unrounded. */
  value: number;
  weight: number;
}

export interface DayScore {
  score: number;
  parts: Part[];
}

export interface PillarDef {
  type: PillarType;
  title: string;
  /** Sums that grow during the day: scored on the latest complete day when there is one. */
  accumulating: boolean;
  hasData: (w: DataWindow, day: string) => boolean;
  score: (w: DataWindow, day: string) => DayScore | null;
}

function combine(parts: Part[]): DayScore | null {
  if (parts.length === 0) return null;
  const total = parts.reduce((s, p) => s + p.weight, 0);
  return { score: Math.round(parts.reduce((s, p) => s + p.value * p.weight, 0) / total), parts };
}

const movement: PillarDef = {
  type: "movement",
  title: "Movement",
  accumulating: true,
  hasData: (w, day) => {
    const d = dayOf(w, day);
    return steps(d) !== null || hasActivity(d);
  },
  score: (w, day) => {
    const d = dayOf(w, day);
    if (steps(d) === null && !hasActivity(d)) return null;
    const from = addDays(day, -BASELINE_DAYS);
    const parts: Part[] = [];
    if (anyIn(w, from, day, (x) => steps(x) !== null)) {
      parts.push({ key: "steps", label: `Steps against ${TARGETS.stepsPerDay}`, value: Math.min((steps(d) ?? 0) / TARGETS.stepsPerDay, 1) * 100, weight: 1 });
    }
    if (anyIn(w, from, day, hasActivity)) {
      parts.push({
        key: "activeMinutes",
        label: `Active minutes against ${TARGETS.activeMinutesPerDay}`,
        value: Math.min(activeMinutes(d) / TARGETS.activeMinutesPerDay, 1) * 100,
        weight: 1,
      });
    }
    return combine(parts);
  },
};

export function sleepDurationPart(hours: number): number {
  if (hours < TARGETS.sleepMinHours) return (100 * hours) / TARGETS.sleepMinHours;
  if (hours <= TARGETS.sleepMaxHours) return 100;
  return clamp(100 - 20 * (hours - TARGETS.sleepMaxHours));
}

const sleep: PillarDef = {
  type: "sleep",
  title: "Sleep",
  accumulating: false,
  hasData: (w, day) => asleepHours(dayOf(w, day)) !== null,
  score: (w, day) => {
    const d = dayOf(w, day);
    const hours = asleepHours(d);
    if (hours === null) return null;
    const eff = efficiencyPct(d);
    const parts: Part[] = [
      {
        key: "duration",
        label: `Time asleep against ${TARGETS.sleepMinHours}-${TARGETS.sleepMaxHours} h`,
        value: sleepDurationPart(hours),
        weight: eff === null ? 1 : 0.7,
      },
    ];
    if (eff !== null) {
      parts.push({
        key: "efficiency",
        label: `Efficiency between ${TARGETS.efficiencyFloorPct}% and ${TARGETS.efficiencyGoodPct}%`,
        value: clamp(((eff - TARGETS.efficiencyFloorPct) / (TARGETS.efficiencyGoodPct - TARGETS.efficiencyFloorPct)) * 100),
        weight: 0.3,
      });
    }
    return combine(parts);
  },
};

/** The member's resting heart rate and HRV baselines (28 days before `day`), or the references. */
export function heartBaselines(w: DataWindow, day: string) {
  const rhr = baselineValues(w, day, restingBpm);
  const hrv = baselineValues(w, day, hrvMs);
  return {
    restingBpm: rhr.length >= MIN_BASELINE_POINTS ? mean(rhr) : TARGETS.referenceRestingBpm,
    restingPersonal: rhr.length >= MIN_BASELINE_POINTS,
    hrvMs: hrv.length >= MIN_BASELINE_POINTS ? mean(hrv) : TARGETS.referenceHrvMs,
    hrvPersonal: hrv.length >= MIN_BASELINE_POINTS,
  };
}

/** Recovery from heart data only (no vendor fallback): what readiness uses. */
export function heartRecovery(w: DataWindow, day: string): DayScore | null {
  const d = dayOf(w, day);
  const rhr = restingBpm(d);
  const hrv = hrvMs(d);
  if (rhr === null && hrv === null) return null;
  const base = heartBaselines(w, day);
  const parts: Part[] = [];
  if (rhr !== null)
    parts.push({ key: "restingHeartRate", label: "Resting heart rate against baseline", value: clamp(100 - 10 * (rhr - base.restingBpm)), weight: 1 });
  if (hrv !== null) parts.push({ key: "hrv", label: "HRV against baseline", value: clamp((100 * hrv) / base.hrvMs), weight: 1 });
  return combine(parts);
}

const recovery: PillarDef = {
  type: "recovery",
  title: "Recovery",
  accumulating: false,
  hasData: (w, day) => {
    const d = dayOf(w, day);
    return restingBpm(d) !== null || hrvMs(d) !== null || vendorRecovery(d) !== null;
  },
  score: (w, day) => {
    const heart = heartRecovery(w, day);
    if (heart) return heart;
    const vendor = vendorRecovery(dayOf(w, day));
    return vendor === null ? null : combine([{ key: "vendorScore", label: "Wearable recovery or readiness score", value: vendor, weight: 1 }]);
  },
};

/** Estimated energy need of a day: 30 kcal per kg of body weight plus the day's activity energy. */
export function energyNeedKcal(w: DataWindow, day: string): number {
  return TARGETS.energyKcalPerKg * (weightOn(w, day) ?? TARGETS.referenceWeightKg) + activityEnergyKcal(dayOf(w, day));
}

export const proteinTargetG = (w: DataWindow, day: string) => TARGETS.proteinGPerKg * (weightOn(w, day) ?? TARGETS.referenceWeightKg);
export const hydrationTargetMl = (w: DataWindow, day: string) => TARGETS.hydrationMlPerKg * (weightOn(w, day) ?? TARGETS.referenceWeightKg);

/** Shares of macro energy (protein and carbs 4 kcal/g, fat 9 kcal/g), or null without all three. */
export function macroShares(d: DayData): { protein: number; carbs: number; fat: number } | null {
  const p = nutrient(d, "proteinG");
  const c = nutrient(d, "carbsG");
  const f = nutrient(d, "fatG");
  if (p === null || c === null || f === null) return null;
  const energy = 4 * p + 4 * c + 9 * f;
  if (energy <= 0) return null;
  return { protein: (400 * p) / energy, carbs: (400 * c) / energy, fat: (900 * f) / energy };
}

const within = (v: number, [lo, hi]: readonly [number, number]) => v >= lo && v <= hi;

const nutrition: PillarDef = {
  type: "nutrition",
  title: "Nutrition",
  accumulating: true,
  hasData: (w, day) => {
    const d = dayOf(w, day);
    return (["caloriesKcal", "proteinG", "carbsG", "fatG"] as const).some((n) => nutrient(d, n) !== null);
  },
  score: (w, day) => {
    const d = dayOf(w, day);
    const parts: Part[] = [];
    const protein = nutrient(d, "proteinG");
    if (protein !== null)
      parts.push({
        key: "protein",
        label: `Protein against ${TARGETS.proteinGPerKg} g/kg`,
        value: Math.min(protein / proteinTargetG(w, day), 1) * 100,
        weight: 1,
      });
    const shares = macroShares(d);
    if (shares) {
      const inRange = [
        within(shares.protein, TARGETS.proteinSharePct),
        within(shares.carbs, TARGETS.carbsSharePct),
        within(shares.fat, TARGETS.fatSharePct),
      ].filter(Boolean).length;
      parts.push({ key: "balance", label: "Macros within acceptable ranges", value: (100 * inRange) / 3, weight: 1 });
    }
    const calories = nutrient(d, "caloriesKcal");
    if (calories !== null) {
      const need = energyNeedKcal(w, day);
      parts.push({ key: "energy", label: "Calories against estimated need", value: clamp(100 - (200 * Math.abs(calories - need)) / need), weight: 1 });
    }
    return combine(parts);
  },
};

const hydration: PillarDef = {
  type: "hydration",
  title: "Hydration",
  accumulating: true,
  hasData: (w, day) => hydrationMl(dayOf(w, day)) !== null,
  score: (w, day) => {
    const v = hydrationMl(dayOf(w, day));
    if (v === null) return null;
    return combine([
      { key: "volume", label: `Fluids against ${TARGETS.hydrationMlPerKg} ml/kg`, value: Math.min(v / hydrationTargetMl(w, day), 1) * 100, weight: 1 },
    ]);
  },
};

/** Days with at least one activity or completed workout session in the 7 days ending on `day`. */
export const activeDaysInWeek = (w: DataWindow, day: string) => dayRange(addDays(day, -6), day).filter((date) => hasActivity(dayOf(w, date))).length;

const consistency: PillarDef = {
  type: "consistency",
  title: "Training consistency",
  accumulating: false,
  hasData: (w, day) => anyIn(w, addDays(day, -(BASELINE_DAYS - 1)), day, hasActivity),
  score: (w, day) => {
    if (!consistency.hasData(w, day)) return null;
    const days = activeDaysInWeek(w, day);
    return combine([
      {
        key: "activeDays",
        label: `Active days in the last 7 against ${TARGETS.activeDaysPerWeek}`,
        value: Math.min(days / TARGETS.activeDaysPerWeek, 1) * 100,
        weight: 1,
      },
    ]);
  },
};

export const PILLARS: Record<PillarType, PillarDef> = { movement, sleep, recovery, nutrition, consistency, hydration };

// Scored day and trend ----------------------------------------------------------------------

/**
 * The day a pillar is scored on for a digest of `date`: consistency scores the 7 days ending on
 * `date`; sleep and recovery the latest day with data in the last 14 (normally last night);
 * movement, nutrition and hydration the latest *complete* day with data in the last 14, falling
 * back to `date` itself (a partial day) when only today has data.
 */
export function scoredDayOf(w: DataWindow, type: PillarType, date: string): { day: string; partial: boolean } | null {
  const def = PILLARS[type];
  if (type === "consistency") return def.hasData(w, date) ? { day: date, partial: false } : null;
  const lastComplete = def.accumulating ? addDays(date, -1) : date;
  for (let day = lastComplete; day >= addDays(date, -(RECENT_DAYS - 1)); day = addDays(day, -1)) {
    if (def.hasData(w, day)) return { day, partial: false };
  }
  if (def.accumulating && def.hasData(w, date)) return { day: date, partial: true };
  return null;
}

export interface Trend {
  direction: "up" | "down" | "steady" | "building_baseline";
  delta: number | null;
  baseline: number | null;
  baselinePoints: number;
}

/**
 * Score against the member's own baseline: the mean of the pillar's daily scores on the days
 * with data among the 28 before the scored day (consistency: the 7-day windows ending 7, 14,
 * 21 and 28 days earlier that start after the member's first activity). At least 3 points are
 * needed; a delta of 5 or more is up, -5 or less down.
 */
export function trendOf(w: DataWindow, type: PillarType, day: string, score: number): Trend {
  const def = PILLARS[type];
  const points: number[] = [];
  if (type === "consistency") {
    const first = [...w.days.values()]
      .filter(hasActivity)
      .map((d) => d.date)
      .sort()[0];
    for (let k = 1; k <= 4; k++) {
      const end = addDays(day, -7 * k);
      if (first && addDays(end, -6) >= first) points.push(def.score(w, end)?.score ?? 0);
    }
  } else {
    for (const date of dayRange(addDays(day, -BASELINE_DAYS), addDays(day, -1))) {
      if (!def.hasData(w, date)) continue;
      const s = def.score(w, date);
      if (s) points.push(s.score);
    }
  }
  if (points.length < MIN_BASELINE_POINTS) return { direction: "building_baseline", delta: null, baseline: null, baselinePoints: points.length };
  const baseline = round1(mean(points));
  const delta = round1(score - baseline);
  return { direction: delta >= TREND_THRESHOLD ? "up" : delta <= -TREND_THRESHOLD ? "down" : "steady", delta, baseline, baselinePoints: points.length };
}

// Readiness ---------------------------------------------------------------------------------

export interface Readiness {
  score: number;
  level: "high" | "moderate" | "low";
  sleepScore: number;
  recoveryScore: number;
}

/** Needs last night's sleep and the day's heart data: the mean of the sleep and heart recovery scores. */
export function readinessOf(w: DataWindow, date: string): Readiness | null {
  const s = sleep.score(w, date);
  const r = heartRecovery(w, date);
  if (!s || !r) return null;
  const score = Math.round((s.score + r.score) / 2);
  return { score, level: score >= 75 ? "high" : score >= 50 ? "moderate" : "low", sleepScore: s.score, recoveryScore: r.score };
}
