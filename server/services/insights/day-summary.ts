import type { DayActivity, HealthDataType, HealthSource } from "@/db/schema";
import { HEALTH_FIELDS } from "./health-fields";

export interface SummaryEntry {
  dataType: HealthDataType;
  externalId: string;
  recordedAt: Date;
  values: Record<string, unknown>;
  valueSources: Record<string, HealthSource>;
}

/** Logged nutrition: one entry, or the sums of several (`entries` of them; 1 when absent). */
export interface SummaryNutrition {
  entries?: number;
  caloriesKcal: number | null;
  proteinG: number | null;
  carbsG: number | null;
  fatG: number | null;
}

export interface DaySummary {
  values: Record<string, number>;
  sources: Record<string, HealthSource>;
  activities: DayActivity[];
  entryCounts: Record<string, number>;
}

const NUTRIENTS = ["caloriesKcal", "proteinG", "carbsG", "fatG"] as const;

/**
 * Rolls one member-local day's entries up into day values. For every `<dataType>.<field>`:
 * when any entry carries a pushed (api) value for the field, only pushed values count, else the
 * wearable ones (pushed values overwrite wearable-synced day values); the contributions are then
 * summed, weighted, or the latest by recordedAt, as the field's spec says. Activities are events
 * and are listed one by one, whatever their source. Nutrition entries add up per nutrient.
 */
export function summarizeDay(entries: SummaryEntry[], nutrition: SummaryNutrition[]): DaySummary | null {
  if (entries.length === 0 && nutrition.length === 0) return null;
  const values: Record<string, number> = {};
  const sources: Record<string, HealthSource> = {};
  const entryCounts: Record<string, number> = {};
  const activities: DayActivity[] = [];

  const byType = new Map<HealthDataType, SummaryEntry[]>();
  for (const e of entries) {
    entryCounts[e.dataType] = (entryCounts[e.dataType] ?? 0) + 1;
    if (e.dataType === "activity") {
      activities.push(activityOf(e));
      continue;
    }
    const list = byType.get(e.dataType) ?? [];
    list.push(e);
    byType.set(e.dataType, list);
  }

  for (const [dataType, list] of byType) {
    for (const [field, spec] of Object.entries(HEALTH_FIELDS[dataType].fields)) {
      if (!spec.aggregate) continue;
      let contributions = list.filter((e) => typeof e.values[field] === "number");
      if (contributions.length === 0) continue;
      const pushed = contributions.filter((e) => e.valueSources[field] === "api");
      const source: HealthSource = pushed.length > 0 ? "api" : "wearable";
      if (pushed.length > 0) contributions = pushed;
      const key = `${dataType}.${field}`;
      const num = (e: SummaryEntry, f: string) => e.values[f] as number;
      if (spec.aggregate === "sum") values[key] = contributions.reduce((s, e) => s + num(e, field), 0);
      else if (spec.aggregate === "latest") values[key] = num(latest(contributions), field);
      else {
        const weight = (e: SummaryEntry) => (typeof e.values.asleepS === "number" ? (e.values.asleepS as number) : 0);
        const total = contributions.reduce((s, e) => s + weight(e), 0);
        values[key] = total > 0 ? contributions.reduce((s, e) => s + num(e, field) * weight(e), 0) / total : num(latest(contributions), field);
      }
      sources[key] = source;
    }
  }

  if (nutrition.length > 0) {
    entryCounts.nutrition = nutrition.reduce((n, e) => n + (e.entries ?? 1), 0);
    for (const n of NUTRIENTS) {
      const logged = nutrition.filter((e) => e[n] !== null);
      if (logged.length === 0) continue;
      values[`nutrition.${n}`] = logged.reduce((s, e) => s + (e[n] as number), 0);
      sources[`nutrition.${n}`] = "api";
    }
  }

  activities.sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
  return { values, sources, activities, entryCounts };
}

function latest(list: SummaryEntry[]): SummaryEntry {
  return list.reduce((a, b) => (b.recordedAt.getTime() >= a.recordedAt.getTime() ? b : a));
}

function activityOf(e: SummaryEntry): DayActivity {
  const v = e.values;
  const out: DayActivity = {
    externalId: e.externalId,
    activityType: String(v.activityType),
    startedAt: e.recordedAt.toISOString(),
    durationS: v.durationS as number,
    source: e.valueSources.durationS ?? "api",
  };
  if (typeof v.name === "string") out.name = v.name;
  if (typeof v.distanceM === "number") out.distanceM = v.distanceM;
  if (typeof v.activeEnergyKcal === "number") out.activeEnergyKcal = v.activeEnergyKcal;
  if (typeof v.workoutSessionId === "string") out.workoutSessionId = v.workoutSessionId;
  return out;
}
