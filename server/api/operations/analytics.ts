import { z } from "zod";
import { defineOperation } from "../operation";
import { HexId, QueryBoolean, ReadLocaleParam, limitParam, listOf, offsetParam } from "@/server/contracts/schemas";

/**
 * Analytics reads (docs/analytics.md): every number comes from rollups kept by the writes
 * themselves (db/schema/analytics.ts), never from a scan of raw sessions. Ranges are inclusive
 * UTC days.
 */
const Day = z.iso.date().max(10).meta({ description: "A UTC calendar day, YYYY-MM-DD.", example: "2026-11-01" });
const RangeQuery = {
  from: Day.optional().meta({ description: "First day of the range (inclusive). Default: 29 days before `to` (30 days)." }),
  to: Day.optional().meta({ description: "Last day of the range (inclusive). Default: today (UTC). The range covers at most 400 days." }),
  interval: z.enum(["day", "week"]).optional().meta({ description: "Series buckets: UTC days, or ISO weeks starting Monday. Default: day." }),
  locale: ReadLocaleParam,
};
const AnalyticsQuery = z.object(RangeQuery).strict();

const Rate = z.number().nullable().meta({ description: "0 to 1, three decimals; null when there is nothing to divide by." });
const Percent = z.number().nullable().meta({ description: "0 to 100 (whole points); null when the active plan scheduled nothing in the window." });

export const AnalyticsRange = z
  .object({ from: Day, to: Day, interval: z.enum(["day", "week"]), days: z.number().int().meta({ description: "Days in the range (inclusive)." }) })
  .meta({ id: "AnalyticsRange" });

const playFields = {
  starts: z.number().int().meta({ description: "Sessions started." }),
  finishes: z.number().int().meta({ description: "Sessions ended or completed." }),
  completions: z.number().int().meta({ description: "Finished sessions that watched at least 90% of the workout." }),
  completionRate: Rate.meta({ description: "completions / starts." }),
  minutes: z.number().meta({ description: "Minutes trained in finished sessions (one decimal)." }),
};
export const AnalyticsPlays = z.object(playFields).meta({ id: "AnalyticsPlays" });
export const AnalyticsPlayPoint = z.object({ start: Day.meta({ description: "The bucket's first day." }), ...playFields }).meta({ id: "AnalyticsPlayPoint" });

export const AnalyticsOptionVotes = z
  .object({
    optionId: z.string(),
    key: z.string().meta({ description: "Stable option key, e.g. too-easy." }),
    label: z.string(),
    value: z.number().nullable().meta({ description: "Rating value (1 to 5) for rating options." }),
    votes: z.number().int(),
  })
  .meta({ id: "AnalyticsOptionVotes" });

const ratingFields = {
  ratingAverage: z.number().nullable().meta({ description: "Average rating value (two decimals); null without ratings." }),
  ratingCount: z.number().int(),
};

export const WorkoutAnalytics = z
  .object({
    workout: z.object({ id: z.string(), name: z.string(), durationSeconds: z.number().int() }),
    range: AnalyticsRange,
    totals: z.object({
      ...playFields,
      medianShareWatched: Rate.meta({ description: "Median share of the workout watched by finished sessions, in 5% steps (0 to 1)." }),
      ...ratingFields,
    }),
    series: z.array(z.object({ start: Day, ...playFields, ...ratingFields, difficulty: z.array(AnalyticsOptionVotes) })),
    shareWatched: z
      .array(z.object({ share: z.number().meta({ description: "Lower bound of a 5% bucket (0.85 holds 85% to under 90%)." }), sessions: z.number().int() }))
      .meta({ description: "Finished sessions by share watched; empty buckets left out." }),
    dropOff: z
      .array(
        z.object({
          position: z.number().int(),
          segmentId: z.string(),
          kind: z.string(),
          name: z.string().nullable(),
          startSecond: z.number().int().meta({ description: "Where the segment starts on the workout's timeline." }),
          durationSeconds: z.number().int(),
          reached: z.number().int().meta({ description: "Finished sessions that got to this segment." }),
          stopped: z.number().int().meta({ description: "Finished sessions under 90% whose last reported segment was this one." }),
          stopRate: Rate.meta({ description: "stopped / reached." }),
        }),
      )
      .meta({ description: "The playlist in order, with where finished sessions stopped." }),
    stoppedBeforeFirstSegment: z.number().int().meta({ description: "Finished sessions under 90% that never reported a segment." }),
    ratings: z.array(AnalyticsOptionVotes),
    difficulty: z.array(AnalyticsOptionVotes),
  })
  .meta({ id: "WorkoutAnalytics" });

export const PlanAnalytics = z
  .object({
    plan: z.object({ id: z.string(), name: z.string(), durationWeeks: z.number().int(), daysPerWeek: z.number().int() }),
    range: AnalyticsRange,
    totals: AnalyticsPlays.meta({ description: "Sessions of the plan's workouts by members enrolled in it, over the range." }),
    enrollments: z.object({ active: z.number().int(), startedInRange: z.number().int(), endedInRange: z.number().int() }),
    series: z.array(AnalyticsPlayPoint),
    weeks: z
      .array(
        z.object({
          week: z.number().int(),
          scheduledWorkouts: z.number().int().meta({ description: "Workouts the plan schedules in this week." }),
          membersReached: z.number().int().meta({ description: "Enrollments whose calendar has reached this week by `to`." }),
          membersActive: z.number().int().meta({ description: "Enrollments with a completed plan workout in this week." }),
          completions: z.number().int(),
          adherence: Rate.meta({ description: "completions / (scheduledWorkouts × membersReached), at most 1." }),
        }),
      )
      .meta({ description: "Progress through the plan's weeks over every enrollment (not limited to the range)." }),
  })
  .meta({ id: "PlanAnalytics" });

export const AnalyticsAdherence = z
  .object({ last7Days: Percent, last30Days: Percent, last90Days: Percent, previous30Days: Percent.meta({ description: "The 30 days before the last 30." }) })
  .meta({ id: "AnalyticsAdherence", description: "Completed sessions against the active plan's schedule, in windows ending at `to`." });

const AttentionReasons = z.array(z.enum(["adherence_drop", "inactive"])).meta({
  description:
    "Why the member needs attention (empty when on track): adherence_drop, the last 30 days at least 20 points below the 30 before; inactive, no session for 7 days or more during the active plan.",
});

export const MemberAnalytics = z
  .object({
    member: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable(), externalId: z.string().nullable() }),
    range: AnalyticsRange,
    activePlan: z
      .object({ id: z.string(), name: z.string(), startDate: Day, week: z.number().int().meta({ description: "Plan week `to` falls in." }) })
      .nullable(),
    adherence: AnalyticsAdherence,
    needsAttention: z.boolean(),
    attentionReasons: AttentionReasons,
    streak: z.object({
      currentWeeks: z.number().int().meta({ description: "ISO weeks in a row, up to this or last week, with a completed session." }),
      longestWeeks: z.number().int().meta({ description: "Longest such run in the 400 days ending at `to`." }),
    }),
    totals: z.object({ starts: z.number().int(), completions: z.number().int(), minutes: z.number() }),
    lastActiveDay: Day.nullable(),
    daysInactive: z.number().int().nullable(),
    series: z.array(z.object({ start: Day, starts: z.number().int(), completions: z.number().int(), minutes: z.number() })),
  })
  .meta({ id: "MemberAnalytics" });

export const MemberAttention = z
  .object({
    endUserId: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    externalId: z.string().nullable(),
    activePlan: z.object({ id: z.string(), name: z.string() }).nullable(),
    adherence: AnalyticsAdherence,
    lastActiveDay: Day.nullable(),
    daysInactive: z.number().int().nullable(),
    needsAttention: z.boolean(),
    attentionReasons: AttentionReasons,
    asOf: Day.meta({ description: "The day the status was computed for (hourly job)." }),
  })
  .meta({ id: "MemberAttention" });

const ContentRank = z
  .object({ workoutId: z.string(), name: z.string(), starts: z.number().int(), completions: z.number().int(), completionRate: Rate, minutes: z.number() })
  .meta({ id: "AnalyticsContentRank" });

export const AnalyticsOverview = z
  .object({
    range: AnalyticsRange,
    activeMembers: z
      .object({ day: z.number().int(), week: z.number().int(), month: z.number().int() })
      .meta({ description: "Members with a session on `to`, in its ISO week and in its month." }),
    totals: AnalyticsPlays,
    series: z.array(
      z.object({ start: Day, ...playFields, activeMembers: z.number().int().meta({ description: "Members active in the bucket (daily or weekly actives)." }) }),
    ),
    topContent: z.array(ContentRank).meta({ description: "Up to 5 most played workouts." }),
    bottomContent: z.array(ContentRank).meta({ description: "Up to 5 workouts with the lowest completion rate among those played at least 3 times." }),
    needsAttention: z.object({ total: z.number().int(), members: z.array(MemberAttention).meta({ description: "The first 5." }) }),
    autopilot: z.object({ succeeded: z.number().int(), failed: z.number().int(), skippedLimit: z.number().int(), skippedPremiumLost: z.number().int() }),
    social: z.object({ published: z.number().int(), failed: z.number().int() }).meta({ description: "Social posts due in the range." }),
    exports: z.object({ rendered: z.number().int(), failed: z.number().int() }),
    apiUsage: z.object({
      units: z.number().int().meta({ description: "Weighted rate-limit units in the range." }),
      requests: z.number().int(),
      hourlyCap: z.number().int(),
      dailyCap: z.number().int().meta({ description: "Per API key and day." }),
      peakDay: z.object({ day: Day, units: z.number().int(), shareOfDailyCap: Rate }),
      series: z.array(z.object({ start: Day, units: z.number().int(), requests: z.number().int() })).meta({ description: "Per UTC day." }),
    }),
  })
  .meta({ id: "AnalyticsOverview" });

const OrgParams = z.object({ organizationId: HexId });
const common = { tag: "Analytics", auth: ["X-Api-Key"] as ["X-Api-Key"], weight: 1 as const };
const RANGE_NOTE =
  "`from`/`to` are inclusive UTC days (default: the 30 days ending today), at most 400 days apart; `from` after `to` or a longer range is 400 ValidationError.";

export const getAnalyticsOverview = defineOperation({
  operationId: "AnalyticsApi_getOverview",
  method: "get",
  path: "/v1/orgs/{organizationId}/analytics/overview",
  ...common,
  summary: "Workspace dashboard",
  description: `Active members (day, week, month), plays, completions and minutes over time, top and bottom content, members needing attention, autopilot, social and export outcomes, and API usage against the plan's caps. ${RANGE_NOTE}`,
  params: OrgParams,
  query: AnalyticsQuery,
  success: { status: 200, description: "The dashboard.", schema: z.object({ data: AnalyticsOverview }) },
  errors: [403, 404],
});

export const getWorkoutAnalytics = defineOperation({
  operationId: "AnalyticsApi_getWorkoutAnalytics",
  method: "get",
  path: "/v1/orgs/{organizationId}/analytics/workouts/{workoutId}",
  ...common,
  summary: "One workout's plays, drop-off and feedback",
  description: `Starts, completions, completion rate, median share watched, drop-off along the workout's playlist, ratings and difficulty feedback, by day or week. ${RANGE_NOTE}`,
  params: z.object({ organizationId: HexId, workoutId: HexId }),
  query: AnalyticsQuery,
  success: { status: 200, description: "The workout's analytics.", schema: z.object({ data: WorkoutAnalytics }) },
  errors: [403, 404],
});

export const getPlanAnalytics = defineOperation({
  operationId: "AnalyticsApi_getPlanAnalytics",
  method: "get",
  path: "/v1/orgs/{organizationId}/analytics/plans/{planId}",
  ...common,
  summary: "One plan's plays, enrollments and progress through weeks",
  description: `Sessions of the plan's workouts by enrolled members, enrollments, and per plan week how many members reached it, trained in it and completed its workouts. ${RANGE_NOTE}`,
  params: z.object({ organizationId: HexId, planId: HexId }),
  query: AnalyticsQuery,
  success: { status: 200, description: "The plan's analytics.", schema: z.object({ data: PlanAnalytics }) },
  errors: [403, 404],
});

export const getMemberAnalytics = defineOperation({
  operationId: "AnalyticsApi_getMemberAnalytics",
  method: "get",
  path: "/v1/orgs/{organizationId}/analytics/members/{endUserId}",
  ...common,
  summary: "One member's adherence and history",
  description: `Adherence to the active plan over the 7, 30 and 90 days ending at \`to\`, week streaks, sessions and minutes, last activity and the needs-attention verdict. The member is a 24-hex id, external id or email. ${RANGE_NOTE}`,
  params: z.object({
    organizationId: HexId,
    endUserId: z.string().min(1).max(320).meta({ description: "The member: 24-hex user id, external id, or email (case-insensitive)." }),
  }),
  query: AnalyticsQuery,
  success: { status: 200, description: "The member's analytics.", schema: z.object({ data: MemberAnalytics }) },
  errors: [403, 404],
});

export const listMemberAnalytics = defineOperation({
  operationId: "AnalyticsApi_listMembers",
  method: "get",
  path: "/v1/orgs/{organizationId}/analytics/members",
  ...common,
  summary: "Members with an active plan: adherence and needs-attention",
  description:
    "One row per active member with an active plan, as of the hourly status job: adherence (7, 30, 90 days and the 30 before), last activity and the needs-attention verdict. `needsAttention=true` lists only those needing attention (largest adherence drop, then longest silence, first); `false` only those on track.",
  params: OrgParams,
  query: z.object({ needsAttention: QueryBoolean.optional(), limit: limitParam(100, 20), offset: offsetParam, locale: ReadLocaleParam }).strict(),
  success: { status: 200, description: "A page of members.", schema: listOf(MemberAttention) },
  errors: [403, 404],
});
