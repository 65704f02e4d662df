import { z } from "zod";
import { HEALTH_DATA_TYPES, type HealthDataType } from "@/db/schema";
import { type FieldSpec, HEALTH_FIELDS } from "@/server/services/insights/health-fields";
import { PILLAR_TYPES } from "@/server/services/insights/scoring";
import { defineOperation } from "../operation";
import { HexId, requireSome } from "@/server/contracts/schemas";

/**
 * Insights and nutrition: health-data push, nutrition logging, the daily digest and pillar
 * drill-downs for one member. Key auth only: these are organization-scoped routes that name the
 * member in the path, so a member Bearer token would add nothing and is not accepted.
 */
const BASE = "/v1/orgs/{organizationId}/endusers/{endUserId}";
const TAG = "Insights";
const AUTH: ["X-Api-Key"] = ["X-Api-Key"];

const MemberParams = z.object({
  organizationId: HexId,
  endUserId: z
    .string()
    .min(1)
    .max(320)
    .meta({ description: "The member: a 24-hex user id, an external id, or an email (case-insensitive). Unknown or suspended members give 404." }),
});

// Health data ---------------------------------------------------------------------------------

/**
 * Longest text any entry field accepts. Field rules (externalId 1 to 200 characters, known
 * activity types...) are checked per entry and reject only that entry; longer text is refused
 * with the whole request, so no request makes the server hold unbounded strings.
 */
const MAX_ENTRY_TEXT = 1000;

/** JSON types only: ranges, whole numbers, required fields and time rules are checked per entry. */
function valueSchema(f: FieldSpec): z.ZodType {
  const withDescription = (s: z.ZodType) => s.optional().meta({ description: f.description });
  switch (f.kind) {
    case "number":
    case "integer":
      return withDescription(z.number());
    case "zones":
      return withDescription(z.array(z.number()).max(10));
    default:
      return withDescription(z.string().max(MAX_ENTRY_TEXT));
  }
}

const pascal = (t: string) =>
  t
    .split("_")
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join("");

function entrySchema<T extends HealthDataType>(dataType: T) {
  const spec = HEALTH_FIELDS[dataType];
  const values = Object.fromEntries(Object.entries(spec.fields).map(([name, f]) => [name, valueSchema(f)]));
  return z
    .object({
      dataType: z.literal(dataType),
      externalId: z
        .string()
        .max(MAX_ENTRY_TEXT)
        .optional()
        .meta({
          description:
            dataType === "activity"
              ? "Your id for the activity, 1 to 200 characters. Required for activity entries."
              : "Your id for the entry, 1 to 200 characters. Defaults to day-YYYY-MM-DD, the member-local day of recordedAt, so one entry per day is updated in place.",
        }),
      recordedAt: z
        .string()
        .max(MAX_ENTRY_TEXT)
        .meta({ description: `ISO 8601 date-time with offset: ${spec.recordedAt}. Not in the future; its member-local day at most 90 days back.` }),
      ...values,
    })
    .strict()
    .meta({ id: `HealthData${pascal(dataType)}Entry`, description: spec.description });
}

export const HealthDataEntry = z
  .discriminatedUnion("dataType", [
    entrySchema("activity"),
    entrySchema("sleep"),
    entrySchema("steps"),
    entrySchema("body_metrics"),
    entrySchema("heart_rate"),
    entrySchema("hydration"),
    entrySchema("oxygenation"),
    entrySchema("scores"),
  ])
  .meta({ id: "HealthDataEntry", description: `One health record; \`dataType\` is one of ${HEALTH_DATA_TYPES.join(", ")}.` });

export const PushHealthDataBody = z
  .object({
    entries: z.array(HealthDataEntry).min(1).max(50).meta({ description: "1 to 50 entries; more is a 400 for the whole request." }),
  })
  .strict()
  .meta({ id: "PushHealthDataBody" });

export const HealthDataResult = z
  .object({
    index: z.number().int().meta({ description: "Position of the entry in the request." }),
    dataType: z.enum(HEALTH_DATA_TYPES),
    externalId: z.string().nullable().meta({ description: "The entry's key: the one sent, or the default day-YYYY-MM-DD; null when it could not be derived." }),
    status: z.enum(["created", "updated", "rejected"]),
    reason: z.string().optional().meta({ description: "Why the entry was rejected." }),
    localDate: z.string().optional().meta({ description: "The member-local day the entry counts for." }),
  })
  .meta({ id: "HealthDataResult" });

export const HealthDataPushResult = z
  .object({
    results: z.array(HealthDataResult),
    summary: z
      .object({
        received: z.number().int(),
        created: z.number().int(),
        updated: z.number().int(),
        failed: z.number().int().meta({ description: "Rejected entries: check it, the request itself still answers 200." }),
      })
      .meta({ id: "HealthDataPushSummary" }),
  })
  .meta({ id: "HealthDataPushResult" });

export const pushHealthData = defineOperation({
  operationId: "InsightsApi_pushHealthData",
  method: "post",
  path: `${BASE}/insights/health-data`,
  tag: TAG,
  summary: "Push a batch of health data",
  description:
    "Up to 50 entries of activity, sleep, steps, body_metrics, heart_rate, hydration, oxygenation or scores. Always 200 once the body is well-formed: each entry is created, updated (same dataType and externalId) or rejected with a reason (out-of-range values, missing required fields, future dates, days more than 90 days back); check `summary.failed`. Pushed values take precedence over wearable-synced values of the same day. Unknown dataType, unknown keys, wrong JSON types or more than 50 entries reject the whole request (400).",
  auth: AUTH,
  weight: 1,
  params: MemberParams,
  body: PushHealthDataBody,
  bodyRequired: true,
  success: { status: 200, description: "Per-entry results and counts.", schema: z.object({ data: HealthDataPushResult }) },
  errors: [403, 404],
});

export const deleteHealthData = defineOperation({
  operationId: "InsightsApi_deleteHealthData",
  method: "delete",
  path: `${BASE}/insights/health-data/{dataType}/{externalId}`,
  tag: TAG,
  summary: "Delete a pushed health entry",
  description:
    "Deletes what was pushed under (dataType, externalId) and recomputes the day. When a wearable synced the same entry, its values take over again. Entries only a wearable synced cannot be deleted (400); unknown keys are 404.",
  auth: AUTH,
  weight: 1,
  idempotency: "transaction",
  params: MemberParams.extend({
    dataType: z.enum(HEALTH_DATA_TYPES),
    externalId: z.string().min(1).max(200).meta({ description: "The entry's externalId (URL-encoded), e.g. day-2025-03-01." }),
  }),
  success: { status: 204, description: "Deleted; the day is recomputed." },
  errors: [403, 404],
});

// Nutrition -----------------------------------------------------------------------------------

const MEAL_TYPES = ["breakfast", "lunch", "dinner", "snack"] as const;

export const LogNutritionBody = requireSome(
  z
    .object({
      caloriesKcal: z.number().min(0).max(10_000).optional().meta({ description: "Energy in kilocalories, 0 to 10000." }),
      proteinG: z.number().min(0).max(1_000).optional().meta({ description: "Protein in grams, 0 to 1000." }),
      carbsG: z.number().min(0).max(1_500).optional().meta({ description: "Carbohydrates in grams, 0 to 1500." }),
      fatG: z.number().min(0).max(1_000).optional().meta({ description: "Fat in grams, 0 to 1000." }),
      externalId: z
        .string()
        .min(1)
        .max(200)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
        .regex(/^[^\u0000-\u001f\u007f]+$/, "must not contain control characters")
        .optional()
        .meta({ description: "Your id for the entry. Without it each call adds to the day; with it a repeat replaces the earlier contribution." }),
      loggedAt: z.iso
        .datetime({ offset: true })
        .max(40)
        .optional()
        .meta({ description: "When it was eaten (default now); its member-local day gets the entry. Not in the future, at most 90 days back." }),
      mealType: z.enum(MEAL_TYPES).optional(),
    })
    .strict(),
  ["caloriesKcal", "proteinG", "carbsG", "fatG"],
  "Send at least one of caloriesKcal, proteinG, carbsG, fatG.",
).meta({ id: "LogNutritionBody" });

export const NutritionDay = z
  .object({
    date: z.string(),
    caloriesKcal: z.number().nullable(),
    proteinG: z.number().nullable(),
    carbsG: z.number().nullable(),
    fatG: z.number().nullable(),
    entries: z.number().int(),
    nutritionScore: z.number().int().nullable().meta({ description: "The day's nutrition score (0-100), null when nothing is logged." }),
  })
  .meta({ id: "NutritionDay", description: "The member-local day's totals after the change." });

export const NutritionLogEntry = z
  .object({
    id: z.string(),
    externalId: z.string().nullable(),
    status: z.enum(["created", "replaced"]),
    localDate: z.string(),
    loggedAt: z.string(),
    mealType: z.enum(MEAL_TYPES).nullable(),
    caloriesKcal: z.number().nullable(),
    proteinG: z.number().nullable(),
    carbsG: z.number().nullable(),
    fatG: z.number().nullable(),
    day: NutritionDay,
  })
  .meta({ id: "NutritionLogEntry" });

export const logNutrition = defineOperation({
  operationId: "NutritionApi_logNutrition",
  method: "post",
  path: `${BASE}/nutrition/log`,
  tag: TAG,
  summary: "Log a meal or snack",
  description:
    "Adds to the day's totals; with an externalId already logged, replaces that contribution (status replaced). Answers the day's new totals and nutrition score. A member-local day holds at most 200 entries: a new entry for a day that has them is 422 UnprocessableEntity (replacing one of them is not).",
  auth: AUTH,
  weight: 1,
  idempotency: "transaction",
  params: MemberParams,
  body: LogNutritionBody,
  bodyRequired: true,
  success: { status: 201, description: "Logged.", schema: z.object({ data: NutritionLogEntry }) },
  errors: [403, 404, 422],
});

export const deleteNutritionLog = defineOperation({
  operationId: "NutritionApi_deleteNutritionLog",
  method: "delete",
  path: `${BASE}/nutrition/log/{externalId}`,
  tag: TAG,
  summary: "Delete a logged meal",
  description: "Subtracts the entry from its day's totals and recomputes the nutrition score. Entries logged without an externalId cannot be addressed.",
  auth: AUTH,
  weight: 1,
  idempotency: "transaction",
  params: MemberParams.extend({ externalId: z.string().min(1).max(200) }),
  success: { status: 204, description: "Deleted." },
  errors: [403, 404],
});

// Digest and pillars --------------------------------------------------------------------------

const PillarTypeSchema = z.enum(PILLAR_TYPES).meta({ id: "PillarType", description: `One of ${PILLAR_TYPES.join(", ")}.` });
const ValueSource = z.enum(["api", "wearable", "session", "mixed"]).meta({ id: "InsightsValueSource" });

const DigestQuery = z
  .object({
    date: z
      .union([z.iso.datetime({ offset: true }).max(40), z.iso.date().max(10)])
      .optional()
      .meta({
        description:
          "ISO 8601 date-time (its day in the member's time zone) or YYYY-MM-DD (a member-local day). Default: now. Days after the member's today are a 400.",
      }),
  })
  .strict();

export const InsightsTrend = z
  .object({
    direction: z.enum(["up", "down", "steady", "building_baseline"]),
    delta: z.number().nullable().meta({ description: "Score minus baseline (one decimal)." }),
    baseline: z.number().nullable().meta({ description: "Mean of the pillar's daily scores on the days with data among the 28 before the scored day." }),
    baselinePoints: z.number().int(),
  })
  .meta({ id: "InsightsTrend" });

export const InsightsEvidence = z
  .object({
    metric: z.string(),
    label: z.string(),
    value: z.number(),
    unit: z.string(),
    date: z.string(),
    baseline: z.number().nullable().meta({ description: "The member's mean over the 28 days before `date`." }),
    target: z.number().nullable(),
    source: ValueSource.nullable(),
  })
  .meta({ id: "InsightsEvidence" });

export const InsightsPillar = z
  .object({
    pillarType: PillarTypeSchema,
    title: z.string(),
    status: z.enum(["scored", "no_data"]),
    score: z.number().int().nullable().meta({ description: "0-100 by the pillar's documented formula; null without data." }),
    scoredDate: z.string().nullable().meta({ description: "The member-local day the score is about." }),
    partialDay: z.boolean().meta({ description: "True when the scored day is today and still in progress." }),
    trend: InsightsTrend.nullable(),
    evidence: z.array(InsightsEvidence),
    summary: z.string(),
  })
  .meta({ id: "InsightsPillar" });

export const InsightsHighlight = z
  .object({
    kind: z.string().meta({ description: "streak, personal_record, goal_progress or anomaly; more kinds may be added, render unknown ones generically." }),
    code: z
      .string()
      .meta({ description: "The specific highlight, e.g. activity_streak, most_steps, weekly_active_minutes, short_night, elevated_resting_hr." }),
    pillarType: PillarTypeSchema.nullable(),
    title: z.string(),
    detail: z.string(),
    date: z.string(),
    value: z.number().nullable(),
    unit: z.string().nullable(),
    target: z.number().nullable(),
  })
  .meta({ id: "InsightsHighlight" });

export const InsightsDigest = z
  .object({
    date: z.string().meta({ description: "The member-local day of the digest." }),
    timeZone: z.string(),
    generatedAt: z.string().meta({ description: "When the digest was computed (cached digests keep their time)." }),
    variant: z.enum(["no_data", "lapsed", "building_baseline", "standard"]).meta({
      description:
        "no_data: nothing in the 90-day window; lapsed: nothing in the last 14 days; building_baseline: fewer than 7 days with data among the 28 before; standard.",
    }),
    proseSource: z.enum(["template", "model"]).meta({
      description: "template: sentences written by fixed templates; model: rephrased by the configured language model (numbers checked against the template).",
    }),
    summary: z.string(),
    pillars: z.array(InsightsPillar).min(3).max(5),
    todaysFocus: z.object({ pillarType: PillarTypeSchema.nullable(), headline: z.string(), message: z.string() }).meta({ id: "InsightsFocus" }),
    highlights: z.array(InsightsHighlight),
    readiness: z
      .object({
        score: z.number().int(),
        level: z.enum(["high", "moderate", "low"]),
        date: z.string(),
        sleepScore: z.number().int(),
        recoveryScore: z.number().int(),
        vendorReadinessScore: z.number().nullable(),
        message: z.string(),
      })
      .optional()
      .meta({ id: "InsightsReadiness", description: "Present when the day has last night's sleep and heart data (resting heart rate or HRV)." }),
    week: z
      .object({
        startDate: z.string(),
        endDate: z.string(),
        days: z.array(
          z.object({
            date: z.string(),
            steps: z.number().nullable(),
            activeMinutes: z.number(),
            activities: z.number().int(),
            workoutSessions: z.number().int(),
            asleepHours: z.number().nullable(),
            restingHeartRateBpm: z.number().nullable(),
            caloriesKcal: z.number().nullable(),
            hydrationMl: z.number().nullable(),
          }),
        ),
        totals: z.object({
          steps: z.number(),
          activeMinutes: z.number(),
          activities: z.number().int(),
          workoutSessions: z.number().int(),
          activeDays: z.number().int(),
          averageAsleepHours: z.number().nullable(),
          averageRestingHeartRateBpm: z.number().nullable(),
        }),
        activeMinutesGoal: z.number(),
        activeMinutesGoalPct: z.number(),
      })
      .meta({ id: "InsightsWeek", description: "The 7 member-local days ending on the digest's day." }),
    shareText: z.string(),
    dataProfile: z
      .object({
        hasData: z.boolean(),
        windowStart: z.string(),
        windowEnd: z.string(),
        baselineDays: z.number().int(),
        daysWithData: z.number().int(),
        firstDataDate: z.string().nullable(),
        lastDataDate: z.string().nullable(),
        sources: z.array(ValueSource),
        kinds: z.array(z.object({ kind: z.string(), days: z.number().int(), lastDate: z.string(), sources: z.array(ValueSource) })),
      })
      .meta({ id: "InsightsDataProfile", description: "Which data, sources and days the digest was built from (its 90-day window)." }),
  })
  .meta({ id: "InsightsDigest" });

export const InsightsPillarDetail = InsightsPillar.extend({
  date: z.string(),
  formula: z.string(),
  guidance: z.string(),
  parts: z.array(z.object({ key: z.string(), label: z.string(), value: z.number(), weight: z.number() })),
  baselineWindow: z.object({ startDate: z.string(), endDate: z.string() }).nullable(),
  days: z.array(z.object({ date: z.string(), hasData: z.boolean(), score: z.number().int().nullable() })),
}).meta({ id: "InsightsPillarDetail" });

export const getDigest = defineOperation({
  operationId: "InsightsApi_getDigest",
  method: "get",
  path: `${BASE}/insights/digest`,
  tag: TAG,
  summary: "The member's daily digest",
  description:
    "3 to 5 pillars chosen from the data the member has (movement, sleep, recovery, nutrition, consistency, hydration), each scored by a documented formula with its trend against the member's own 28-day baseline and the evidence behind it; today's focus; highlights; readiness when sleep and heart data allow; the week; a share text; and the data profile. Cached per member-local day until data in its 90-day window changes.",
  auth: AUTH,
  weight: 10,
  params: MemberParams,
  query: DigestQuery,
  success: { status: 200, description: "The digest.", schema: z.object({ data: InsightsDigest }) },
  errors: [403, 404],
});

export const getPillar = defineOperation({
  operationId: "InsightsApi_getPillar",
  method: "get",
  path: `${BASE}/insights/pillars/{pillarType}`,
  tag: TAG,
  summary: "One pillar in depth",
  description: `The pillar as in the digest plus its formula, parts, baseline window and the daily scores of the 28 days ending on the day. pillarType: ${PILLAR_TYPES.join(", ")}; anything else is a 400.`,
  auth: AUTH,
  weight: 10,
  params: MemberParams.extend({ pillarType: PillarTypeSchema }),
  query: DigestQuery,
  success: { status: 200, description: "The pillar drill-down.", schema: z.object({ data: InsightsPillarDetail }) },
  errors: [403, 404],
});
