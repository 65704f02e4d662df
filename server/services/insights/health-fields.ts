import type { HealthDataType } from "@/db/schema";

/**
 * The value fields of each health `dataType`: the single source for the request schemas (their
 * JSON types and descriptions), the per-entry rules (ranges, required fields) and how a field
 * rolls up into the member's day. Units are SI-style and carried in the field name
 * (`S` seconds, `M` metres, `Kg`, `Kcal`, `Ml`, `Bpm`, `Ms` milliseconds, `Pct` percent).
 */
export type FieldKind = "number" | "integer" | "datetime" | "activityType" | "text" | "zones" | "hexId";
/** How a field rolls up into the day: summed over entries, the latest entry's value, or weighted by asleepS. */
export type Aggregate = "sum" | "latest" | "weightedByAsleep";

export interface FieldSpec {
  kind: FieldKind;
  description: string;
  min?: number;
  max?: number;
  maxLength?: number;
  aggregate?: Aggregate;
}

export interface TypeSpec {
  description: string;
  /** What `recordedAt` means for this type (it decides the member-local day). */
  recordedAt: string;
  fields: Record<string, FieldSpec>;
  /** Fields every entry must carry. */
  required?: string[];
  /** At least one of these must be present. */
  oneOf?: string[];
}

export const ACTIVITY_TYPES = [
  "running",
  "walking",
  "hiking",
  "cycling",
  "swimming",
  "rowing",
  "elliptical",
  "strength",
  "hiit",
  "yoga",
  "pilates",
  "mobility",
  "dance",
  "sports",
  "other",
] as const;

const DAY = 86_400;

export const HEALTH_FIELDS: Record<HealthDataType, TypeSpec> = {
  activity: {
    description: "One workout or activity (an event, not a day value). `externalId` is required.",
    recordedAt: "when the activity started",
    required: ["activityType", "durationS"],
    fields: {
      activityType: { kind: "activityType", description: `Kind of activity: ${ACTIVITY_TYPES.join(", ")}. Required.` },
      durationS: { kind: "integer", min: 1, max: DAY, description: "Active duration in seconds, 1 to 86400. Required." },
      activeEnergyKcal: { kind: "number", min: 0, max: 10_000, description: "Active energy burned in kilocalories, 0 to 10000." },
      distanceM: { kind: "number", min: 0, max: 1_000_000, description: "Distance in metres, 0 to 1000000." },
      avgHeartRateBpm: { kind: "number", min: 25, max: 250, description: "Average heart rate in beats per minute, 25 to 250." },
      maxHeartRateBpm: { kind: "number", min: 25, max: 250, description: "Maximum heart rate in beats per minute, 25 to 250." },
      elevationGainM: { kind: "number", min: 0, max: 20_000, description: "Elevation gain in metres, 0 to 20000." },
      heartRateZonesS: {
        kind: "zones",
        min: 0,
        max: DAY,
        description: "Seconds spent in heart-rate zones 1 to 5: exactly five non-negative numbers whose sum does not exceed durationS by more than 60.",
      },
      name: { kind: "text", maxLength: 120, description: "Display name, up to 120 characters." },
      workoutSessionId: {
        kind: "hexId",
        description: "The Forma workout session this activity records (24-hex). The session is then not counted a second time in the digest.",
      },
    },
  },
  sleep: {
    description: "One sleep period. It counts for the member-local day of `recordedAt`: send the wake-up time.",
    recordedAt: "when the member woke up (the end of the sleep period)",
    oneOf: ["asleepS", "startedAt"],
    fields: {
      startedAt: { kind: "datetime", description: "In-bed start (ISO 8601 date-time with offset). Send with endedAt." },
      endedAt: { kind: "datetime", description: "In-bed end (ISO 8601 date-time with offset), after startedAt and at most 24 h later." },
      asleepS: {
        kind: "integer",
        min: 0,
        max: DAY,
        aggregate: "sum",
        description: "Total time asleep in seconds. Defaults to deepS + lightS + remS, else in-bed time minus awakeS and latencyS.",
      },
      inBedS: { kind: "integer", min: 0, max: DAY, aggregate: "sum", description: "Time in bed in seconds. Defaults to endedAt - startedAt." },
      deepS: { kind: "integer", min: 0, max: DAY, aggregate: "sum", description: "Deep sleep in seconds." },
      lightS: { kind: "integer", min: 0, max: DAY, aggregate: "sum", description: "Light (core) sleep in seconds." },
      remS: { kind: "integer", min: 0, max: DAY, aggregate: "sum", description: "REM sleep in seconds." },
      awakeS: { kind: "integer", min: 0, max: DAY, aggregate: "sum", description: "Time awake after falling asleep, in seconds." },
      latencyS: { kind: "integer", min: 0, max: 21_600, aggregate: "latest", description: "Time to fall asleep in seconds, 0 to 21600." },
      efficiencyPct: {
        kind: "number",
        min: 0,
        max: 100,
        aggregate: "weightedByAsleep",
        description: "Sleep efficiency in percent (asleep / in bed). Defaults to asleepS / inBedS * 100.",
      },
    },
  },
  steps: {
    description: "A step count. Several entries on one day add up (send one per day with the default externalId, or one per interval with your own ids).",
    recordedAt: "the end of the counted interval (any instant of the day for a day total)",
    required: ["count"],
    fields: {
      count: { kind: "integer", min: 0, max: 200_000, aggregate: "sum", description: "Steps, 0 to 200000. Required." },
      distanceM: { kind: "number", min: 0, max: 500_000, aggregate: "sum", description: "Distance covered by the steps in metres." },
    },
  },
  body_metrics: {
    description: "A body measurement; the latest one of a day is the day value.",
    recordedAt: "when the measurement was taken",
    oneOf: ["weightKg", "bodyFatPct", "muscleMassKg", "bmi"],
    fields: {
      weightKg: { kind: "number", min: 20, max: 400, aggregate: "latest", description: "Body weight in kilograms, 20 to 400." },
      bodyFatPct: { kind: "number", min: 2, max: 75, aggregate: "latest", description: "Body fat in percent, 2 to 75." },
      muscleMassKg: { kind: "number", min: 5, max: 200, aggregate: "latest", description: "Skeletal muscle mass in kilograms, 5 to 200." },
      bmi: { kind: "number", min: 8, max: 80, aggregate: "latest", description: "Body-mass index in kg/m², 8 to 80." },
    },
  },
  heart_rate: {
    description: "Daily heart figures; the latest entry of a day is the day value.",
    recordedAt: "when the figures were measured (a resting heart rate is usually taken overnight)",
    oneOf: ["restingBpm", "hrvRmssdMs", "avgBpm", "minBpm", "maxBpm"],
    fields: {
      restingBpm: { kind: "number", min: 25, max: 200, aggregate: "latest", description: "Resting heart rate in beats per minute, 25 to 200." },
      hrvRmssdMs: { kind: "number", min: 1, max: 500, aggregate: "latest", description: "Heart-rate variability (RMSSD) in milliseconds, 1 to 500." },
      avgBpm: { kind: "number", min: 25, max: 250, aggregate: "latest", description: "Average heart rate in beats per minute." },
      minBpm: { kind: "number", min: 20, max: 250, aggregate: "latest", description: "Lowest heart rate in beats per minute." },
      maxBpm: { kind: "number", min: 25, max: 250, aggregate: "latest", description: "Highest heart rate in beats per minute." },
    },
  },
  hydration: {
    description: "Fluid intake; entries of a day add up.",
    recordedAt: "when the fluid was drunk (any instant of the day for a day total)",
    required: ["volumeMl"],
    fields: { volumeMl: { kind: "number", min: 0, max: 20_000, aggregate: "sum", description: "Volume in millilitres, 0 to 20000. Required." } },
  },
  oxygenation: {
    description: "Blood oxygen and breathing figures; the latest entry of a day is the day value.",
    recordedAt: "when the figures were measured (usually overnight)",
    oneOf: ["spo2Pct", "minSpo2Pct", "respiratoryRateBrpm"],
    fields: {
      spo2Pct: { kind: "number", min: 50, max: 100, aggregate: "latest", description: "Average oxygen saturation (SpO2) in percent, 50 to 100." },
      minSpo2Pct: { kind: "number", min: 50, max: 100, aggregate: "latest", description: "Lowest oxygen saturation in percent, 50 to 100." },
      respiratoryRateBrpm: { kind: "number", min: 4, max: 60, aggregate: "latest", description: "Breaths per minute, 4 to 60." },
    },
  },
  scores: {
    description: "A wearable vendor's own scores, normalized by the sender to 0-100; the latest entry of a day is the day value.",
    recordedAt: "when the vendor computed the scores",
    oneOf: ["readinessScore", "sleepScore", "recoveryScore", "strainScore", "stressScore"],
    fields: {
      readinessScore: { kind: "number", min: 0, max: 100, aggregate: "latest", description: "Readiness, 0 to 100." },
      sleepScore: { kind: "number", min: 0, max: 100, aggregate: "latest", description: "Sleep score, 0 to 100." },
      recoveryScore: { kind: "number", min: 0, max: 100, aggregate: "latest", description: "Recovery, 0 to 100." },
      strainScore: { kind: "number", min: 0, max: 100, aggregate: "latest", description: "Strain or exertion, 0 to 100 (a 0-21 strain scale times 100/21)." },
      stressScore: { kind: "number", min: 0, max: 100, aggregate: "latest", description: "Stress, 0 to 100." },
      vendor: { kind: "text", maxLength: 60, description: "Who computed the scores (e.g. oura, whoop, garmin), up to 60 characters." },
    },
  },
};

/** Largest accepted clock skew for "not in the future". */
export const FUTURE_SKEW_MS = 5 * 60_000;
/** Oldest accepted member-local day, in days before the member's today. */
export const BACKFILL_DAYS = 90;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const HEX24 = /^[0-9a-f]{24}$/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Parses an ISO 8601 date-time with an explicit offset, or null. */
export function parseDateTime(value: unknown): Date | null {
  if (typeof value !== "string" || !ISO_DATE_TIME.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export class EntryRejection extends Error {}
const reject = (reason: string): never => {
  throw new EntryRejection(reason);
};

/**
 * Checks one entry's value fields against its type's rules and returns the values to store,
 * with sleep's derived fields filled in. Throws EntryRejection with a reason the caller shows.
 */
export function normalizeValues(dataType: HealthDataType, raw: Record<string, unknown>, now: Date): Record<string, unknown> {
  const spec = HEALTH_FIELDS[dataType];
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue;
    const field = spec.fields[name];
    if (!field) continue; // the request schema already refuses unknown keys
    values[name] = checkField(name, field, value);
  }
  for (const name of spec.required ?? []) if (values[name] === undefined) reject(`${name} is required for ${dataType} entries.`);
  if (spec.oneOf && !spec.oneOf.some((n) => values[n] !== undefined)) reject(`A ${dataType} entry needs at least one of ${spec.oneOf.join(", ")}.`);

  if (dataType === "activity") {
    const zones = values.heartRateZonesS as number[] | undefined;
    if (zones && zones.reduce((a, b) => a + b, 0) > (values.durationS as number) + 60) reject("heartRateZonesS adds up to more than durationS.");
    if (
      values.avgHeartRateBpm !== undefined &&
      values.maxHeartRateBpm !== undefined &&
      (values.avgHeartRateBpm as number) > (values.maxHeartRateBpm as number)
    ) {
      reject("avgHeartRateBpm is above maxHeartRateBpm.");
    }
  }
  if (dataType === "sleep") normalizeSleep(values, now);
  return values;
}

function checkField(name: string, field: FieldSpec, value: unknown): unknown {
  switch (field.kind) {
    case "number":
    case "integer": {
      const n = value as number;
      if (field.kind === "integer" && !Number.isInteger(n)) reject(`${name} must be a whole number.`);
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max))
        reject(`${name} must be between ${field.min} and ${field.max}.`);
      return n;
    }
    case "datetime": {
      if (!parseDateTime(value)) reject(`${name} must be an ISO 8601 date-time with an offset (e.g. 2025-03-01T07:30:00Z).`);
      return value;
    }
    case "activityType":
      if (!(ACTIVITY_TYPES as readonly string[]).includes(value as string)) reject(`${name} must be one of ${ACTIVITY_TYPES.join(", ")}.`);
      return value;
    case "text": {
      const s = value as string;
      const max = field.maxLength ?? 200;
      if (s.length > max || CONTROL.test(s)) reject(`${name} must be at most ${max} characters without control characters.`);
      return s;
    }
    case "hexId":
      if (!HEX24.test(value as string)) reject(`${name} must be a 24-character hexadecimal id.`);
      return (value as string).toLowerCase();
    case "zones": {
      const zones = value as number[];
      if (zones.length !== 5) reject(`${name} must list exactly five zones.`);
      if (zones.some((z) => z < (field.min ?? 0) || z > (field.max ?? DAY))) reject(`${name} values must be between ${field.min} and ${field.max} seconds.`);
      return zones;
    }
  }
}

function normalizeSleep(values: Record<string, unknown>, now: Date): void {
  const start = values.startedAt !== undefined ? parseDateTime(values.startedAt) : null;
  const end = values.endedAt !== undefined ? parseDateTime(values.endedAt) : null;
  if ((start === null) !== (end === null)) reject("startedAt and endedAt are sent together.");
  if (start && end) {
    const span = (end.getTime() - start.getTime()) / 1000;
    if (span <= 0) reject("endedAt must be after startedAt.");
    if (span > DAY) reject("A sleep period lasts at most 24 hours.");
    if (end.getTime() > now.getTime() + FUTURE_SKEW_MS) reject("endedAt is in the future.");
    if (values.inBedS === undefined) values.inBedS = Math.round(span);
  }
  const stageSum = ["deepS", "lightS", "remS"].reduce((sum, k) => sum + ((values[k] as number | undefined) ?? 0), 0);
  const hasStages = ["deepS", "lightS", "remS"].some((k) => values[k] !== undefined);
  if (values.asleepS === undefined) {
    if (hasStages) values.asleepS = stageSum;
    else if (values.inBedS !== undefined)
      values.asleepS = Math.max(0, (values.inBedS as number) - ((values.awakeS as number) ?? 0) - ((values.latencyS as number) ?? 0));
  }
  const inBed = values.inBedS as number | undefined;
  const asleep = values.asleepS as number;
  if (inBed !== undefined && asleep > inBed + 60) reject("asleepS is longer than the time in bed.");
  if (inBed !== undefined && hasStages && stageSum + ((values.awakeS as number) ?? 0) > inBed + 60)
    reject("The sleep stages add up to more than the time in bed.");
  if (values.efficiencyPct === undefined && inBed) values.efficiencyPct = Math.round(Math.min(100, (asleep / inBed) * 100) * 10) / 10;
}

/** Checks an externalId a client sent: 1-200 printable characters. */
export function checkExternalId(externalId: string): void {
  if (externalId.length === 0 || externalId.length > 200 || CONTROL.test(externalId))
    reject("externalId must be 1 to 200 characters without control characters.");
}
