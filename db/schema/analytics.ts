import { boolean, date, index, integer, pgTable, primaryKey, real, smallint, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

/**
 * Analytics rollups (docs/analytics.md). Kept current by triggers on workout_sessions,
 * workout_feedback and plan_enrollments (migration analytics_rollup_triggers), so every write path
 * (the session and feedback services, the seed, a deleted session, a member's sessions detached
 * when the member is removed) moves them in its own transaction; the `analytics-backfill` job
 * rebuilds them from the raw rows. Days are UTC calendar days of the session's start. No foreign
 * keys: a rollup row never blocks deleting what it counts, and triggers take rows out with it.
 */

/** Per workout and UTC day: plays and how they ended. */
export const analyticsWorkoutDays = pgTable(
  "analytics_workout_days",
  {
    organizationId: text().notNull(),
    workoutId: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    /** Sessions started. */
    starts: integer().notNull().default(0),
    /** Sessions finished (ended or completed). */
    finishes: integer().notNull().default(0),
    /** Finished sessions that watched at least 90% of the workout. */
    completions: integer().notNull().default(0),
    /** Seconds trained in finished sessions. */
    seconds: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workoutId, t.day] }), index("analytics_workout_days_org_day_idx").on(t.organizationId, t.day)],
);

/** Per workout and day: finished sessions by share watched, in 5% buckets (0, 5, ... 100). */
export const analyticsWorkoutWatch = pgTable(
  "analytics_workout_watch",
  {
    workoutId: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    bucket: smallint().notNull(),
    sessions: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workoutId, t.day, t.bucket] })],
);

/** Per workout and day: finished sessions below 90% by the playlist position where they stopped. */
export const analyticsWorkoutStops = pgTable(
  "analytics_workout_stops",
  {
    workoutId: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    /** workout_segments.position of the last segment reported; -1 when none was reported. */
    position: integer().notNull(),
    sessions: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workoutId, t.day, t.position] })],
);

/** Per workout, day (of the feedback) and feedback option: how often it was chosen. */
export const analyticsFeedbackDays = pgTable(
  "analytics_feedback_days",
  {
    workoutId: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    optionId: text().notNull(),
    votes: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workoutId, t.day, t.optionId] })],
);

/** Per member and day. */
export const analyticsMemberDays = pgTable(
  "analytics_member_days",
  {
    organizationId: text().notNull(),
    endUserId: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    starts: integer().notNull().default(0),
    completions: integer().notNull().default(0),
    seconds: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.endUserId, t.day] })],
);

/** Per member and calendar period (day, ISO week, month): sessions started, to count active members. */
export const analyticsMemberPeriods = pgTable(
  "analytics_member_periods",
  {
    organizationId: text().notNull(),
    endUserId: text().notNull(),
    kind: text().$type<"day" | "week" | "month">().notNull(),
    periodStart: date({ mode: "string" }).notNull(),
    starts: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.endUserId, t.kind, t.periodStart] })],
);

/** Per workspace and period: members with at least one session (moved when a member's period count leaves or reaches 0). */
export const analyticsOrgActive = pgTable(
  "analytics_org_active",
  {
    organizationId: text().notNull(),
    kind: text().$type<"day" | "week" | "month">().notNull(),
    periodStart: date({ mode: "string" }).notNull(),
    members: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind, t.periodStart] })],
);

/** Per workspace and day: every session, anonymous ones included. */
export const analyticsOrgDays = pgTable(
  "analytics_org_days",
  {
    organizationId: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    starts: integer().notNull().default(0),
    finishes: integer().notNull().default(0),
    completions: integer().notNull().default(0),
    seconds: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);

/**
 * Per plan and day: sessions of the plan's workouts by members enrolled in it (the enrollment
 * active when the row was counted and started on or before the session's day).
 */
export const analyticsPlanDays = pgTable(
  "analytics_plan_days",
  {
    organizationId: text().notNull(),
    planId: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    starts: integer().notNull().default(0),
    finishes: integer().notNull().default(0),
    completions: integer().notNull().default(0),
    seconds: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.planId, t.day] })],
);

/** Per enrollment and plan week (1-based, from the enrollment's start date): completed sessions of the plan's workouts. */
export const analyticsEnrollmentWeeks = pgTable(
  "analytics_enrollment_weeks",
  {
    enrollmentId: text().notNull(),
    planId: text().notNull(),
    week: integer().notNull(),
    completions: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.enrollmentId, t.week] }), index("analytics_enrollment_weeks_plan_idx").on(t.planId, t.week)],
);

/**
 * Per member with an active plan: adherence and the needs-attention verdict, computed by the
 * `analytics-member-status` job (hourly, and for one member on demand) so the workspace's
 * needs-attention list reads one row per member instead of their history.
 */
export const analyticsMemberStatus = pgTable(
  "analytics_member_status",
  {
    endUserId: text().primaryKey(),
    organizationId: text().notNull(),
    asOf: date({ mode: "string" }).notNull(),
    adherence7: real(),
    adherence30: real(),
    adherence90: real(),
    adherencePrevious30: real(),
    lastActiveDay: date({ mode: "string" }),
    /** Why the member needs attention ("adherence_drop", "inactive"); empty when on track. */
    attentionReasons: text().array().$type<("adherence_drop" | "inactive")[]>().notNull(),
    needsAttention: boolean().notNull(),
    computedAt: ts("computed_at").notNull().defaultNow(),
  },
  (t) => [index("analytics_member_status_attention_idx").on(t.organizationId, t.needsAttention)],
);
