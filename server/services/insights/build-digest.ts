import type { HealthDataType } from "@/db/schema";
import { addDays, dayRange, shortDay } from "./local-date";
import { GET_STARTED, fmt, focusFor, guidanceFor, noDataSummary, pillarSummary } from "./prose";
import {
  BASELINE_DAYS,
  MIN_BASELINE_POINTS,
  PILLARS,
  PILLAR_TYPES,
  type PillarType,
  RECENT_DAYS,
  TARGETS,
  type Trend,
  activeDaysInWeek,
  activeMinutes,
  activityEnergyKcal,
  asleepHours,
  baselineValues,
  efficiencyPct,
  energyNeedKcal,
  hasActivity,
  heartBaselines,
  hrvMs,
  hydrationMl,
  hydrationTargetMl,
  nutrient,
  proteinTargetG,
  readinessOf,
  restingBpm,
  round1,
  scoredDayOf,
  spo2Pct,
  steps,
  trendOf,
} from "./scoring";
import { type DataWindow, type DayData, dayOf } from "./window";

/** Bump when a formula or the digest's shape changes: cached digests of older versions are ignored. */
export const DIGEST_VERSION = 1;
/** At most this many pillars, in this order of preference, chosen among those with recent data. */
export const MAX_PILLARS = 5;
export const MIN_PILLARS = 3;

export type ValueSource = "api" | "wearable" | "session" | "mixed";

export interface Evidence {
  metric: string;
  label: string;
  value: number;
  unit: string;
  date: string;
  baseline: number | null;
  target: number | null;
  source: ValueSource | null;
}

export interface Pillar {
  pillarType: PillarType;
  title: string;
  status: "scored" | "no_data";
  score: number | null;
  scoredDate: string | null;
  partialDay: boolean;
  trend: Trend | null;
  evidence: Evidence[];
  summary: string;
}

export interface Highlight {
  kind: "streak" | "personal_record" | "goal_progress" | "anomaly";
  code: string;
  pillarType: PillarType | null;
  title: string;
  detail: string;
  date: string;
  value: number | null;
  unit: string | null;
  target: number | null;
}

export interface WeekDay {
  date: string;
  steps: number | null;
  activeMinutes: number;
  activities: number;
  workoutSessions: number;
  asleepHours: number | null;
  restingHeartRateBpm: number | null;
  caloriesKcal: number | null;
  hydrationMl: number | null;
}

export interface Digest {
  date: string;
  timeZone: string;
  generatedAt: string;
  variant: "no_data" | "lapsed" | "building_baseline" | "standard";
  /** Who wrote the sentences: the fixed templates, or a configured model rephrasing them (numbers checked). */
  proseSource: "template" | "model";
  summary: string;
  pillars: Pillar[];
  todaysFocus: { pillarType: PillarType | null; headline: string; message: string };
  highlights: Highlight[];
  readiness?: {
    score: number;
    level: "high" | "moderate" | "low";
    date: string;
    sleepScore: number;
    recoveryScore: number;
    vendorReadinessScore: number | null;
    message: string;
  };
  week: {
    startDate: string;
    endDate: string;
    days: WeekDay[];
    totals: {
      steps: number;
      activeMinutes: number;
      activities: number;
      workoutSessions: number;
      activeDays: number;
      averageAsleepHours: number | null;
      averageRestingHeartRateBpm: number | null;
    };
    activeMinutesGoal: number;
    activeMinutesGoalPct: number;
  };
  shareText: string;
  dataProfile: DataProfile;
}

export interface DataProfile {
  hasData: boolean;
  windowStart: string;
  windowEnd: string;
  baselineDays: number;
  daysWithData: number;
  firstDataDate: string | null;
  lastDataDate: string | null;
  sources: ValueSource[];
  kinds: { kind: HealthDataType | "nutrition" | "workout_session"; days: number; lastDate: string; sources: ValueSource[] }[];
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const meanOrNull = (xs: number[], digits = 1) => (xs.length ? (digits === 2 ? round2(mean(xs)) : round1(mean(xs))) : null);

function combineSources(list: (ValueSource | undefined)[]): ValueSource | null {
  const set = new Set(list.filter(Boolean) as ValueSource[]);
  if (set.size === 0) return null;
  return set.size === 1 ? [...set][0]! : "mixed";
}

const activitySource = (d: DayData) => combineSources([...d.activities.map((a) => a.source), ...(d.sessions.length ? (["session"] as const) : [])]);
const hasAnyData = (d: DayData) => Object.keys(d.values).length > 0 || d.activities.length > 0 || d.sessions.length > 0;

// Evidence ----------------------------------------------------------------------------------

interface EvidenceContext {
  w: DataWindow;
  /** The day the pillar's score is for. */
  d: DayData;
  day: string;
  /** Today (the digest's date). */
  date: string;
  push: (e: Omit<Evidence, "date"> & { date?: string }) => void;
  /** The mean of the day's baseline values of `get`, or null without any. */
  base: (get: (x: DayData) => number | null, digits?: number) => number | null;
}

function evidenceOf(w: DataWindow, type: PillarType, day: string, date: string): Evidence[] {
  const d = dayOf(w, day);
  const out: Evidence[] = [];
  const push = (e: Omit<Evidence, "date"> & { date?: string }) => out.push({ ...e, date: e.date ?? day });
  const base = (get: (x: DayData) => number | null, digits = 1) => meanOrNull(baselineValues(w, day, get), digits);
  EVIDENCE[type]({ w, d, day, date, push, base });
  return out;
}

/** The measurements each pillar shows as its evidence. */
const EVIDENCE: Record<PillarType, (c: EvidenceContext) => void> = {
  movement: movementEvidence,
  sleep: sleepEvidence,
  recovery: recoveryEvidence,
  nutrition: nutritionEvidence,
  hydration: hydrationEvidence,
  consistency: consistencyEvidence,
};

/** Steps, active minutes, activities and active energy of the day (and so far today, when the day is not today). */
function movementEvidence({ w, d, day, date, push, base }: EvidenceContext): void {
  const s = steps(d);
  if (s !== null)
    push({
      metric: "steps",
      label: "Steps",
      value: s,
      unit: "steps",
      baseline: base(steps),
      target: TARGETS.stepsPerDay,
      source: d.sources["steps.count"] ?? null,
    });
  const movedDay = (x: DayData) => (steps(x) !== null || hasActivity(x) ? activeMinutes(x) : null);
  const activityTracked = dayRange(addDays(day, -BASELINE_DAYS), day).some((x) => hasActivity(dayOf(w, x)));
  if (activityTracked)
    push({
      metric: "activeMinutes",
      label: "Active minutes",
      value: round1(activeMinutes(d)),
      unit: "min",
      baseline: base(movedDay),
      target: TARGETS.activeMinutesPerDay,
      source: activitySource(d),
    });
  const count = d.activities.length + d.sessions.length;
  if (count > 0)
    push({
      metric: "activities",
      label: "Activities and completed workouts",
      value: count,
      unit: "activities",
      baseline: null,
      target: null,
      source: activitySource(d),
    });
  const energy = activityEnergyKcal(d);
  if (energy > 0)
    push({
      metric: "activeEnergyKcal",
      label: "Active energy",
      value: Math.round(energy),
      unit: "kcal",
      baseline: null,
      target: null,
      source: combineSources(d.activities.map((a) => a.source)),
    });
  if (day !== date && PILLARS.movement.hasData(w, date)) {
    const t = dayOf(w, date);
    if (steps(t) !== null)
      push({
        metric: "stepsToday",
        label: "Steps so far today",
        value: steps(t)!,
        unit: "steps",
        date,
        baseline: null,
        target: TARGETS.stepsPerDay,
        source: t.sources["steps.count"] ?? null,
      });
    const trackedToday = dayRange(addDays(date, -BASELINE_DAYS), date).some((x) => hasActivity(dayOf(w, x)));
    if (trackedToday)
      push({
        metric: "activeMinutesToday",
        label: "Active minutes so far today",
        value: round1(activeMinutes(t)),
        unit: "min",
        date,
        baseline: null,
        target: TARGETS.activeMinutesPerDay,
        source: activitySource(t),
      });
  }
}

/** Time asleep, efficiency and the sleep stages of the night. */
function sleepEvidence({ d, push, base }: EvidenceContext): void {
  const h = asleepHours(d)!;
  push({
    metric: "asleepHours",
    label: "Time asleep",
    value: round2(h),
    unit: "h",
    baseline: base(asleepHours, 2),
    target: TARGETS.sleepMinHours,
    source: d.sources["sleep.asleepS"] ?? null,
  });
  const eff = efficiencyPct(d);
  if (eff !== null)
    push({
      metric: "efficiencyPct",
      label: "Sleep efficiency",
      value: round1(eff),
      unit: "%",
      baseline: base(efficiencyPct),
      target: TARGETS.efficiencyGoodPct,
      source: d.sources["sleep.efficiencyPct"] ?? null,
    });
  for (const [key, metric, label] of [
    ["sleep.inBedS", "inBedHours", "Time in bed"],
    ["sleep.deepS", "deepHours", "Deep sleep"],
    ["sleep.remS", "remHours", "REM sleep"],
  ] as const) {
    if (d.values[key] !== undefined)
      push({ metric, label, value: round2(d.values[key] / 3600), unit: "h", baseline: null, target: null, source: d.sources[key] ?? null });
  }
}

/** Resting heart rate and HRV against their personal baselines, blood oxygen and the wearable's own scores. */
function recoveryEvidence({ w, d, day, push, base }: EvidenceContext): void {
  const hb = heartBaselines(w, day);
  const rhr = restingBpm(d);
  if (rhr !== null)
    push({
      metric: "restingHeartRateBpm",
      label: "Resting heart rate",
      value: rhr,
      unit: "bpm",
      baseline: hb.restingPersonal ? round1(hb.restingBpm) : null,
      target: null,
      source: d.sources["heart_rate.restingBpm"] ?? null,
    });
  const hrv = hrvMs(d);
  if (hrv !== null)
    push({
      metric: "hrvMs",
      label: "Heart-rate variability (RMSSD)",
      value: hrv,
      unit: "ms",
      baseline: hb.hrvPersonal ? round1(hb.hrvMs) : null,
      target: null,
      source: d.sources["heart_rate.hrvRmssdMs"] ?? null,
    });
  const spo2 = spo2Pct(d);
  if (spo2 !== null)
    push({
      metric: "spo2Pct",
      label: "Blood oxygen (SpO2)",
      value: spo2,
      unit: "%",
      baseline: base(spo2Pct),
      target: null,
      source: d.sources["oxygenation.spo2Pct"] ?? null,
    });
  for (const [key, metric, label] of [
    ["scores.recoveryScore", "vendorRecoveryScore", "Wearable recovery score"],
    ["scores.readinessScore", "vendorReadinessScore", "Wearable readiness score"],
  ] as const) {
    if (d.values[key] !== undefined)
      push({ metric, label, value: d.values[key], unit: "points", baseline: null, target: null, source: d.sources[key] ?? null });
  }
}

/** Calories and protein against their targets, carbohydrates and fat. */
function nutritionEvidence({ w, d, day, push, base }: EvidenceContext): void {
  const cal = nutrient(d, "caloriesKcal");
  if (cal !== null)
    push({
      metric: "caloriesKcal",
      label: "Calories",
      value: Math.round(cal),
      unit: "kcal",
      baseline: base((x) => nutrient(x, "caloriesKcal"), 0),
      target: Math.round(energyNeedKcal(w, day)),
      source: "api",
    });
  const p = nutrient(d, "proteinG");
  if (p !== null)
    push({
      metric: "proteinG",
      label: "Protein",
      value: round1(p),
      unit: "g",
      baseline: base((x) => nutrient(x, "proteinG")),
      target: round1(proteinTargetG(w, day)),
      source: "api",
    });
  for (const n of ["carbsG", "fatG"] as const) {
    const v = nutrient(d, n);
    if (v !== null)
      push({
        metric: n,
        label: n === "carbsG" ? "Carbohydrates" : "Fat",
        value: round1(v),
        unit: "g",
        baseline: base((x) => nutrient(x, n)),
        target: null,
        source: "api",
      });
  }
}

/** Fluids against the day's target. */
function hydrationEvidence({ w, d, day, push, base }: EvidenceContext): void {
  push({
    metric: "volumeMl",
    label: "Fluids",
    value: Math.round(hydrationMl(d)!),
    unit: "ml",
    baseline: base(hydrationMl, 0),
    target: Math.round(hydrationTargetMl(w, day)),
    source: d.sources["hydration.volumeMl"] ?? null,
  });
}

/** Active days, active minutes and completed workouts of the last 7 days. */
function consistencyEvidence({ w, day, push }: EvidenceContext): void {
  const week = dayRange(addDays(day, -6), day).map((x) => dayOf(w, x));
  push({
    metric: "activeDays",
    label: "Active days in the last 7",
    value: activeDaysInWeek(w, day),
    unit: "days",
    baseline: null,
    target: TARGETS.activeDaysPerWeek,
    source: combineSources(week.map(activitySource).map((s) => s ?? undefined)),
  });
  push({
    metric: "activeMinutesWeek",
    label: "Active minutes in the last 7 days",
    value: Math.round(week.reduce((s, x) => s + activeMinutes(x), 0)),
    unit: "min",
    baseline: null,
    target: TARGETS.activeMinutesPerWeek,
    source: null,
  });
  const sessions = week.reduce((s, x) => s + x.sessions.length, 0);
  push({
    metric: "workoutSessions",
    label: "Completed workouts in the last 7 days",
    value: sessions,
    unit: "sessions",
    baseline: null,
    target: null,
    source: sessions ? "session" : null,
  });
}

// Pillars -----------------------------------------------------------------------------------

export function pillarFor(w: DataWindow, type: PillarType, date: string): Pillar {
  const def = PILLARS[type];
  const scored = scoredDayOf(w, type, date);
  const result = scored ? def.score(w, scored.day) : null;
  if (!scored || !result) {
    return {
      pillarType: type,
      title: def.title,
      status: "no_data",
      score: null,
      scoredDate: null,
      partialDay: false,
      trend: null,
      evidence: [],
      summary: noDataSummary(type),
    };
  }
  const pillar: Pillar = {
    pillarType: type,
    title: def.title,
    status: "scored",
    score: result.score,
    scoredDate: scored.day,
    partialDay: scored.partial,
    trend: trendOf(w, type, scored.day, result.score),
    evidence: evidenceOf(w, type, scored.day, date),
    summary: "",
  };
  pillar.summary = pillarSummary(pillar);
  return pillar;
}

/** Pillars with recent data in preference order (at most 5), padded with no-data pillars to 3. */
export function choosePillars(w: DataWindow, date: string): Pillar[] {
  const all = PILLAR_TYPES.map((t) => pillarFor(w, t, date));
  const chosen = all.filter((p) => p.status === "scored").slice(0, MAX_PILLARS);
  for (const p of all) {
    if (chosen.length >= MIN_PILLARS) break;
    if (!chosen.includes(p)) chosen.push(p);
  }
  return chosen.sort((a, b) => PILLAR_TYPES.indexOf(a.pillarType) - PILLAR_TYPES.indexOf(b.pillarType));
}

// Highlights --------------------------------------------------------------------------------

function streakEndingAt(w: DataWindow, date: string, test: (d: DayData) => boolean): { length: number; end: string } {
  const end = test(dayOf(w, date)) ? date : addDays(date, -1);
  let length = 0;
  for (let day = end; day >= w.start && test(dayOf(w, day)); day = addDays(day, -1)) length++;
  return { length, end };
}

interface ActivityPoint {
  date: string;
  durationS: number;
  distanceM: number | null;
  label: string;
}

function activityPoints(w: DataWindow): ActivityPoint[] {
  const out: ActivityPoint[] = [];
  for (const d of w.days.values()) {
    for (const a of d.activities) out.push({ date: d.date, durationS: a.durationS, distanceM: a.distanceM ?? null, label: a.name ?? a.activityType });
    for (const s of d.sessions) out.push({ date: d.date, durationS: s.durationS, distanceM: null, label: "workout" });
  }
  return out;
}

export function highlightsOf(w: DataWindow, date: string): Highlight[] {
  return [...anomaliesOf(w, date), ...recordsOf(w, date), ...streaksOf(w, date), ...goalProgressOf(w, date)];
}

/** What stands out today: a short night, an elevated resting heart rate, low HRV, low blood oxygen. */
function anomaliesOf(w: DataWindow, date: string): Highlight[] {
  const anomalies: Highlight[] = [];
  const today = dayOf(w, date);
  const hours = asleepHours(today);
  if (hours !== null) {
    const base = baselineValues(w, date, asleepHours);
    const avg = base.length >= MIN_BASELINE_POINTS ? mean(base) : null;
    if (hours < 6 || (avg !== null && hours < avg - 1.5)) {
      anomalies.push({
        kind: "anomaly",
        code: "short_night",
        pillarType: "sleep",
        title: "Short night",
        detail: `You slept ${fmt(round1(hours))} h${avg !== null ? `, against your ${BASELINE_DAYS}-day average of ${fmt(round1(avg))} h` : ""}. Keep today's training light if you feel tired.`,
        date,
        value: round2(hours),
        unit: "h",
        target: TARGETS.sleepMinHours,
      });
    }
  }
  const rhr = restingBpm(today);
  const rhrBase = baselineValues(w, date, restingBpm);
  if (rhr !== null && rhrBase.length >= MIN_BASELINE_POINTS && rhr >= mean(rhrBase) + 5) {
    anomalies.push({
      kind: "anomaly",
      code: "elevated_resting_hr",
      pillarType: "recovery",
      title: "Elevated resting heart rate",
      detail: `Resting heart rate is ${fmt(rhr)} bpm, ${fmt(round1(rhr - mean(rhrBase)))} above your ${BASELINE_DAYS}-day baseline of ${fmt(round1(mean(rhrBase)))}. It can signal stress, illness or incomplete recovery.`,
      date,
      value: rhr,
      unit: "bpm",
      target: null,
    });
  }
  const hrv = hrvMs(today);
  const hrvBase = baselineValues(w, date, hrvMs);
  if (hrv !== null && hrvBase.length >= MIN_BASELINE_POINTS && hrv <= 0.8 * mean(hrvBase)) {
    anomalies.push({
      kind: "anomaly",
      code: "low_hrv",
      pillarType: "recovery",
      title: "Low heart-rate variability",
      detail: `HRV is ${fmt(hrv)} ms, ${fmt(Math.round(100 - (100 * hrv) / mean(hrvBase)))}% below your ${BASELINE_DAYS}-day baseline of ${fmt(round1(mean(hrvBase)))} ms.`,
      date,
      value: hrv,
      unit: "ms",
      target: null,
    });
  }
  const spo2 = spo2Pct(today);
  if (spo2 !== null && spo2 < 92) {
    anomalies.push({
      kind: "anomaly",
      code: "low_spo2",
      pillarType: "recovery",
      title: "Low blood oxygen",
      detail: `Average SpO2 was ${fmt(spo2)}%, below 92%. If this repeats, talk to a clinician.`,
      date,
      value: spo2,
      unit: "%",
      target: null,
    });
  }
  return anomalies;
}

/** Personal records of today or yesterday: most steps, longest workout, longest distance. */
function recordsOf(w: DataWindow, date: string): Highlight[] {
  const records: Highlight[] = [];
  // Personal records set today or yesterday, against every earlier day of the 90-day window.
  for (const day of [date, addDays(date, -1)]) {
    const s = steps(dayOf(w, day));
    if (s === null) continue;
    const earlier = dayRange(w.start, addDays(day, -1))
      .map((x) => steps(dayOf(w, x)))
      .filter((v): v is number => v !== null);
    if (earlier.length >= 7 && s > Math.max(...earlier)) {
      records.push({
        kind: "personal_record",
        code: "most_steps",
        pillarType: "movement",
        title: "Most steps in a day",
        detail: `${fmt(s)} steps on ${shortDay(day)}, your best in 90 days.`,
        date: day,
        value: s,
        unit: "steps",
        target: null,
      });
      break;
    }
  }
  const points = activityPoints(w);
  for (const [code, title, get, unit, scale] of [
    ["longest_activity", "Longest workout", (p: ActivityPoint) => p.durationS, "min", 1 / 60],
    ["longest_distance", "Longest distance", (p: ActivityPoint) => p.distanceM, "km", 1 / 1000],
  ] as const) {
    for (const day of [date, addDays(date, -1)]) {
      const mine = points.filter((p) => p.date === day && get(p) !== null);
      const earlier = points.filter((p) => p.date < day && get(p) !== null).map((p) => get(p)!);
      if (mine.length === 0 || earlier.length < 3) continue;
      const best = mine.reduce((a, b) => (get(b)! > get(a)! ? b : a));
      if (get(best)! > Math.max(...earlier)) {
        const value = round1(get(best)! * scale);
        records.push({
          kind: "personal_record",
          code,
          pillarType: "movement",
          title,
          detail: `${fmt(value)} ${unit} (${best.label}) on ${shortDay(day)}, your best in 90 days.`,
          date: day,
          value,
          unit,
          target: null,
        });
        break;
      }
    }
  }
  return records;
}

/** Streaks ending today (or yesterday): active days, days over the steps goal. */
function streaksOf(w: DataWindow, date: string): Highlight[] {
  const streaks: Highlight[] = [];
  const activityStreak = streakEndingAt(w, date, hasActivity);
  if (activityStreak.length >= 3) {
    streaks.push({
      kind: "streak",
      code: "activity_streak",
      pillarType: "consistency",
      title: `${activityStreak.length}-day activity streak`,
      detail: `You have been active ${activityStreak.length} days in a row.`,
      date: activityStreak.end,
      value: activityStreak.length,
      unit: "days",
      target: null,
    });
  }
  const stepsStreak = streakEndingAt(w, date, (d) => (steps(d) ?? 0) >= TARGETS.stepsPerDay);
  if (stepsStreak.length >= 3) {
    streaks.push({
      kind: "streak",
      code: "steps_goal_streak",
      pillarType: "movement",
      title: `${stepsStreak.length} days over ${fmt(TARGETS.stepsPerDay)} steps`,
      detail: `${stepsStreak.length} days in a row at or above ${fmt(TARGETS.stepsPerDay)} steps.`,
      date: stepsStreak.end,
      value: stepsStreak.length,
      unit: "days",
      target: null,
    });
  }
  return streaks;
}

/** Progress toward the weekly active minutes and yesterday's steps goal. */
function goalProgressOf(w: DataWindow, date: string): Highlight[] {
  const goals: Highlight[] = [];
  const weekMinutes = Math.round(dayRange(addDays(date, -6), date).reduce((s, x) => s + activeMinutes(dayOf(w, x)), 0));
  if (PILLARS.consistency.hasData(w, date)) {
    const pct = Math.round((100 * weekMinutes) / TARGETS.activeMinutesPerWeek);
    goals.push({
      kind: "goal_progress",
      code: "weekly_active_minutes",
      pillarType: "consistency",
      title: `${fmt(weekMinutes)} of ${TARGETS.activeMinutesPerWeek} active minutes this week`,
      detail:
        weekMinutes >= TARGETS.activeMinutesPerWeek
          ? `Weekly goal reached (${pct}%).`
          : `${fmt(TARGETS.activeMinutesPerWeek - weekMinutes)} minutes to go in the 7 days ending today (${pct}%).`,
      date,
      value: weekMinutes,
      unit: "min",
      target: TARGETS.activeMinutesPerWeek,
    });
  }
  const yesterday = addDays(date, -1);
  const ySteps = steps(dayOf(w, yesterday));
  if (ySteps !== null && ySteps >= TARGETS.stepsPerDay) {
    goals.push({
      kind: "goal_progress",
      code: "daily_steps_goal",
      pillarType: "movement",
      title: `${fmt(TARGETS.stepsPerDay)} steps reached`,
      detail: `${fmt(ySteps)} steps on ${shortDay(yesterday)}.`,
      date: yesterday,
      value: ySteps,
      unit: "steps",
      target: TARGETS.stepsPerDay,
    });
  }
  return goals;
}

// Week, profile, digest ---------------------------------------------------------------------

export function weekOf(w: DataWindow, date: string): Digest["week"] {
  const days: WeekDay[] = dayRange(addDays(date, -6), date).map((day) => {
    const d = dayOf(w, day);
    const h = asleepHours(d);
    return {
      date: day,
      steps: steps(d),
      activeMinutes: round1(activeMinutes(d)),
      activities: d.activities.length + d.sessions.length,
      workoutSessions: d.sessions.length,
      asleepHours: h === null ? null : round2(h),
      restingHeartRateBpm: restingBpm(d),
      caloriesKcal: nutrient(d, "caloriesKcal") === null ? null : Math.round(nutrient(d, "caloriesKcal")!),
      hydrationMl: hydrationMl(d) === null ? null : Math.round(hydrationMl(d)!),
    };
  });
  const minutes = round1(days.reduce((s, d) => s + d.activeMinutes, 0));
  const sleeps = days.map((d) => d.asleepHours).filter((v): v is number => v !== null);
  const rhrs = days.map((d) => d.restingHeartRateBpm).filter((v): v is number => v !== null);
  return {
    startDate: days[0]!.date,
    endDate: date,
    days,
    totals: {
      steps: days.reduce((s, d) => s + (d.steps ?? 0), 0),
      activeMinutes: minutes,
      activities: days.reduce((s, d) => s + d.activities, 0),
      workoutSessions: days.reduce((s, d) => s + d.workoutSessions, 0),
      activeDays: days.filter((d) => d.activities > 0).length,
      averageAsleepHours: meanOrNull(sleeps, 2),
      averageRestingHeartRateBpm: meanOrNull(rhrs),
    },
    activeMinutesGoal: TARGETS.activeMinutesPerWeek,
    activeMinutesGoalPct: Math.round((100 * minutes) / TARGETS.activeMinutesPerWeek),
  };
}

export function dataProfileOf(w: DataWindow): DataProfile {
  const withData = [...w.days.values()].filter(hasAnyData).sort((a, b) => (a.date < b.date ? -1 : 1));
  const kinds = new Map<DataProfile["kinds"][number]["kind"], { days: number; lastDate: string; sources: Set<ValueSource> }>();
  const note = (kind: DataProfile["kinds"][number]["kind"], date: string, sources: ValueSource[]) => {
    const k = kinds.get(kind) ?? { days: 0, lastDate: date, sources: new Set<ValueSource>() };
    k.days++;
    if (date > k.lastDate) k.lastDate = date;
    for (const s of sources) k.sources.add(s);
    kinds.set(kind, k);
  };
  for (const d of withData) {
    const perType = new Map<string, Set<ValueSource>>();
    for (const [key, source] of Object.entries(d.sources)) {
      const type = key.split(".")[0]!;
      const set = perType.get(type) ?? new Set<ValueSource>();
      set.add(source);
      perType.set(type, set);
    }
    for (const [type, sources] of perType) note(type as HealthDataType | "nutrition", d.date, [...sources]);
    if (d.activities.length) note("activity", d.date, [...new Set(d.activities.map((a) => a.source))]);
    if (d.sessions.length) note("workout_session", d.date, ["session"]);
  }
  const all = new Set<ValueSource>();
  for (const k of kinds.values()) for (const s of k.sources) all.add(s);
  const order: ValueSource[] = ["api", "wearable", "session"];
  return {
    hasData: withData.length > 0,
    windowStart: w.start,
    windowEnd: w.end,
    baselineDays: BASELINE_DAYS,
    daysWithData: withData.length,
    firstDataDate: withData[0]?.date ?? null,
    lastDataDate: withData[withData.length - 1]?.date ?? null,
    sources: order.filter((s) => all.has(s)),
    kinds: [...kinds.entries()]
      .map(([kind, k]) => ({ kind, days: k.days, lastDate: k.lastDate, sources: order.filter((s) => k.sources.has(s)) }))
      .sort((a, b) => (a.kind < b.kind ? -1 : 1)),
  };
}

function variantOf(w: DataWindow, date: string, profile: DataProfile): Digest["variant"] {
  if (!profile.hasData) return "no_data";
  const recent = dayRange(addDays(date, -(RECENT_DAYS - 1)), date).some((d) => hasAnyData(dayOf(w, d)));
  if (!recent) return "lapsed";
  const baselineDays = dayRange(addDays(date, -BASELINE_DAYS), addDays(date, -1)).filter((d) => hasAnyData(dayOf(w, d))).length;
  return baselineDays < 7 ? "building_baseline" : "standard";
}

/** Builds the digest of member-local day `date` from the 90-day window ending on it. */
export function buildDigest(w: DataWindow, date: string, generatedAt: Date): Digest {
  const profile = dataProfileOf(w);
  const variant = variantOf(w, date, profile);
  const pillars = choosePillars(w, date);
  const highlights = highlightsOf(w, date);
  const readiness = readinessOf(w, date);
  const scored = pillars.filter((p) => p.score !== null);

  let todaysFocus: Digest["todaysFocus"] = GET_STARTED;
  if (scored.length > 0) {
    const recovery = scored.find((p) => p.pillarType === "recovery");
    const target = readiness?.level === "low" && recovery ? recovery : scored.reduce((a, b) => (b.score! < a.score! ? b : a));
    todaysFocus = focusFor(target, readiness?.level === "low");
  }

  let summary: string;
  if (variant === "no_data") summary = GET_STARTED.message;
  else if (variant === "lapsed")
    summary = `No new data in the last ${RECENT_DAYS} days (latest on ${shortDay(profile.lastDataDate!)}). Sync your wearable, log a meal or complete a workout to refresh your insights.`;
  else {
    const parts = scored.map(
      (p) =>
        `${p.title} ${p.score}${p.trend && p.trend.direction !== "building_baseline" ? ` (${p.trend.direction === "steady" ? "steady" : `${p.trend.direction} ${fmt(Math.abs(p.trend.delta!))}`})` : ""}`,
    );
    summary = `${parts.join(", ")}.${readiness ? ` Readiness ${readiness.score} (${readiness.level}).` : ""}`;
    if (variant === "building_baseline") summary += " Your personal baselines are still forming: trends firm up after a week of data.";
  }

  const headline = highlights.find((h) => h.kind === "streak" || h.kind === "personal_record");
  const shareText =
    scored.length > 0
      ? `My Forma day, ${shortDay(date)}: ${scored.map((p) => `${p.title} ${p.score}`).join(" · ")}${headline ? `. ${headline.title}!` : "."}`
      : "Just started tracking my training and recovery with Forma.";

  const digest: Digest = {
    date,
    timeZone: w.timeZone,
    generatedAt: generatedAt.toISOString(),
    variant,
    proseSource: "template",
    summary,
    pillars,
    todaysFocus,
    highlights,
    week: weekOf(w, date),
    shareText,
    dataProfile: profile,
  };
  if (readiness) {
    const vendor = dayOf(w, date).values["scores.readinessScore"];
    digest.readiness = {
      ...readiness,
      date,
      vendorReadinessScore: vendor ?? null,
      message:
        readiness.level === "high"
          ? `Readiness ${readiness.score}: sleep ${readiness.sleepScore} and recovery ${readiness.recoveryScore}. A good day for a hard session.`
          : readiness.level === "moderate"
            ? `Readiness ${readiness.score}: sleep ${readiness.sleepScore} and recovery ${readiness.recoveryScore}. Train as planned and keep intensity in check.`
            : `Readiness ${readiness.score}: sleep ${readiness.sleepScore} and recovery ${readiness.recoveryScore}. Choose mobility or an easy session today.`,
    };
  }
  return digest;
}

// Pillar drill-down -------------------------------------------------------------------------

export const FORMULAS: Record<PillarType, string> = {
  movement: `Mean of min(steps / ${TARGETS.stepsPerDay}, 1) x 100 and min(active minutes / ${TARGETS.activeMinutesPerDay}, 1) x 100; a part counts when you tracked that input in the ${BASELINE_DAYS} days up to the day (missing then counts as 0). Active minutes include activities and completed workouts.`,
  sleep: `0.7 x duration + 0.3 x efficiency (duration alone without efficiency). Duration: 100 between ${TARGETS.sleepMinHours} and ${TARGETS.sleepMaxHours} h asleep, 100 x h / ${TARGETS.sleepMinHours} below, minus 20 per hour above. Efficiency: 0 at ${TARGETS.efficiencyFloorPct}% or less, 100 at ${TARGETS.efficiencyGoodPct}% or more, linear between.`,
  recovery: `Mean of resting heart rate (100 - 10 x bpm above baseline, capped 0-100) and HRV (100 x HRV / baseline, capped at 100). Baselines: your ${BASELINE_DAYS}-day means once 3 days exist, else ${TARGETS.referenceRestingBpm} bpm and ${TARGETS.referenceHrvMs} ms. Without heart data, your wearable's recovery (or readiness) score.`,
  nutrition: `Mean of protein (min(g / (${TARGETS.proteinGPerKg} g x kg body weight), 1) x 100), macro balance (a third for each of protein ${TARGETS.proteinSharePct.join("-")}%, carbs ${TARGETS.carbsSharePct.join("-")}%, fat ${TARGETS.fatSharePct.join("-")}% of macro energy) and energy (100 - 200 x |kcal - need| / need, need = ${TARGETS.energyKcalPerKg} kcal x kg + activity energy), each when logged. Body weight: latest in 30 days, else ${TARGETS.referenceWeightKg} kg.`,
  consistency: `min(active days in the last 7 / ${TARGETS.activeDaysPerWeek}, 1) x 100; an active day has at least one activity or completed workout.`,
  hydration: `min(ml / (${TARGETS.hydrationMlPerKg} ml x kg body weight), 1) x 100. Body weight: latest in 30 days, else ${TARGETS.referenceWeightKg} kg.`,
};

export interface PillarDetail extends Pillar {
  date: string;
  formula: string;
  guidance: string;
  parts: { key: string; label: string; value: number; weight: number }[];
  baselineWindow: { startDate: string; endDate: string } | null;
  days: { date: string; hasData: boolean; score: number | null }[];
}

/** One pillar in depth: its parts, formula, baseline window and the daily scores of the 28 days ending on `date`. */
export function buildPillarDetail(w: DataWindow, type: PillarType, date: string): PillarDetail {
  const def = PILLARS[type];
  const pillar = pillarFor(w, type, date);
  const scoredDay = pillar.scoredDate;
  const result = scoredDay ? def.score(w, scoredDay) : null;
  return {
    ...pillar,
    date,
    formula: FORMULAS[type],
    guidance: guidanceFor(type),
    parts: (result?.parts ?? []).map((p) => ({ key: p.key, label: p.label, value: round1(p.value), weight: p.weight })),
    baselineWindow: scoredDay
      ? type === "consistency"
        ? { startDate: addDays(scoredDay, -34), endDate: addDays(scoredDay, -7) }
        : { startDate: addDays(scoredDay, -BASELINE_DAYS), endDate: addDays(scoredDay, -1) }
      : null,
    days: dayRange(addDays(date, -(BASELINE_DAYS - 1)), date).map((day) => {
      const has = def.hasData(w, day);
      return { date: day, hasData: has, score: has ? (def.score(w, day)?.score ?? null) : null };
    }),
  };
}
