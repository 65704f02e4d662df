import { shortDay } from "./local-date";
import { BASELINE_DAYS, MIN_BASELINE_POINTS, type PillarType, TARGETS, type Trend } from "./scoring";

/**
 * The digest's words, written from its numbers by fixed templates (English). Text never feeds
 * back into a number; a model, when one is wired in, may only rephrase these strings.
 */
export interface EvidenceLike {
  metric: string;
  value: number;
  baseline: number | null;
  target: number | null;
  date: string;
}

export interface PillarLike {
  pillarType: PillarType;
  title: string;
  score: number | null;
  scoredDate: string | null;
  partialDay: boolean;
  trend: Trend | null;
  evidence: EvidenceLike[];
}

const nf = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
export const fmt = (n: number) => nf.format(n);
const ev = (p: PillarLike, metric: string) => p.evidence.find((e) => e.metric === metric && e.date === p.scoredDate);
const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

const NO_DATA: Record<PillarType, string> = {
  movement: "No movement data yet. Sync steps or activities from a wearable, or complete a workout in the app.",
  sleep: "No sleep data yet. Connect a sleep tracker or wearable to see how you rest.",
  recovery: "No heart data yet. A wearable that records resting heart rate or HRV unlocks recovery and readiness.",
  nutrition: "Nothing logged yet. Log meals with calories and macros to get a nutrition score.",
  consistency: "No activities in the last 4 weeks. Complete a workout to start building consistency.",
  hydration: "No fluids logged yet. Log what you drink to track hydration.",
};

export const noDataSummary = (type: PillarType) => NO_DATA[type];

export function trendSentence(score: number, trend: Trend): string {
  if (trend.direction === "building_baseline") {
    const missing = MIN_BASELINE_POINTS - trend.baselinePoints;
    return `Score ${score}; your personal baseline needs ${plural(missing, "more day")} of data.`;
  }
  const base = fmt(trend.baseline ?? 0);
  if (trend.direction === "steady") return `Score ${score}, in line with your ${BASELINE_DAYS}-day baseline of ${base}.`;
  return `Score ${score}, ${trend.direction} ${fmt(Math.abs(trend.delta ?? 0))} on your ${BASELINE_DAYS}-day baseline of ${base}.`;
}

function dayPhrase(p: PillarLike): string {
  return p.partialDay ? "so far today" : `on ${shortDay(p.scoredDate!)}`;
}

/** One or two sentences on what a scored pillar is built from. */
export function pillarSummary(p: PillarLike): string {
  if (p.score === null || !p.scoredDate || !p.trend) return noDataSummary(p.pillarType);
  const trend = trendSentence(p.score, p.trend);
  switch (p.pillarType) {
    case "movement": {
      const steps = ev(p, "steps");
      const minutes = ev(p, "activeMinutes");
      const what = [steps && plural(Math.round(steps.value), "step"), minutes && `${fmt(Math.round(minutes.value))} active minutes`]
        .filter(Boolean)
        .join(" and ");
      return `${what.charAt(0).toUpperCase()}${what.slice(1)} ${dayPhrase(p)}. ${trend}`;
    }
    case "sleep": {
      const hours = ev(p, "asleepHours")!;
      const eff = ev(p, "efficiencyPct");
      return `${fmt(hours.value)} h asleep${eff ? ` at ${fmt(eff.value)}% efficiency` : ""} on the night to ${shortDay(p.scoredDate)}. ${trend}`;
    }
    case "recovery": {
      const rhr = ev(p, "restingHeartRateBpm");
      const hrv = ev(p, "hrvMs");
      const vendor = ev(p, "vendorRecoveryScore");
      const bits = [
        rhr && `resting heart rate ${fmt(rhr.value)} bpm${rhr.baseline !== null ? ` (baseline ${fmt(rhr.baseline)})` : ""}`,
        hrv && `HRV ${fmt(hrv.value)} ms${hrv.baseline !== null ? ` (baseline ${fmt(hrv.baseline)})` : ""}`,
      ].filter(Boolean);
      const what = bits.length ? bits.join(" and ") : `your wearable's recovery score of ${fmt(vendor?.value ?? p.score)}`;
      return `${what.charAt(0).toUpperCase()}${what.slice(1)} on ${shortDay(p.scoredDate)}. ${trend}`;
    }
    case "nutrition": {
      const cal = ev(p, "caloriesKcal");
      const protein = ev(p, "proteinG");
      const bits = [
        cal && `${fmt(Math.round(cal.value))} kcal (estimated need ${fmt(cal.target ?? 0)})`,
        protein && `${fmt(protein.value)} g protein (target ${fmt(protein.target ?? 0)} g)`,
      ].filter(Boolean);
      const what = bits.length ? bits.join(" and ") : "Carbs and fat logged";
      return `${what.charAt(0).toUpperCase()}${what.slice(1)} ${dayPhrase(p)}. ${trend}`;
    }
    case "hydration": {
      const v = ev(p, "volumeMl")!;
      return `${fmt(Math.round(v.value))} ml of fluids against a ${fmt(v.target ?? 0)} ml target ${dayPhrase(p)}. ${trend}`;
    }
    case "consistency": {
      const days = ev(p, "activeDays")!;
      return `${plural(days.value, "active day")} in the last 7 (target ${TARGETS.activeDaysPerWeek}). ${trend}`;
    }
  }
}

const GUIDANCE: Record<PillarType, string> = {
  movement: `Aim for ${fmt(TARGETS.stepsPerDay)} steps or ${TARGETS.activeMinutesPerDay} active minutes a day; a brisk 30-minute walk covers both.`,
  sleep: `Aim for ${TARGETS.sleepMinHours} to ${TARGETS.sleepMaxHours} hours asleep: keep a regular bedtime and a cool, dark room.`,
  recovery: "When resting heart rate is up or HRV is down, choose mobility or an easy session and prioritize sleep.",
  nutrition: `Aim for about ${TARGETS.proteinGPerKg} g of protein per kg of body weight, spread over your meals, and keep calories near your need.`,
  consistency: `Aim for ${TARGETS.activeDaysPerWeek} active days a week; short sessions count.`,
  hydration: `Aim for about ${TARGETS.hydrationMlPerKg} ml of fluids per kg of body weight a day, more on training days.`,
};

export const guidanceFor = (type: PillarType) => GUIDANCE[type];

const FOCUS_HEADLINE: Record<PillarType, string> = {
  movement: "Move a little more today",
  sleep: "Protect your sleep tonight",
  recovery: "Take it easy today",
  nutrition: "Fuel well today",
  consistency: "Keep the rhythm going",
  hydration: "Drink a little more today",
};

export function focusFor(p: PillarLike, readinessLow: boolean): { pillarType: PillarType; headline: string; message: string } {
  const lead = readinessLow && p.pillarType === "recovery" ? "Readiness is low. " : "";
  const summary = pillarSummary(p);
  return { pillarType: p.pillarType, headline: FOCUS_HEADLINE[p.pillarType], message: `${lead}${summary} ${GUIDANCE[p.pillarType]}` };
}

export const GET_STARTED = {
  pillarType: null,
  headline: "Get started",
  message:
    "We don't have any data for you yet. Connect a wearable to sync steps, sleep and heart rate, log a meal, or complete a workout: your first insights appear the same day.",
};
