import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "./columns";
import { apiKeys } from "./api-keys";
import { organizations } from "./organizations";
import { endUsers } from "./people";
import { plans } from "./plans";
import { feedbackOptions } from "./reference";
import { workouts } from "./workouts";

/** Workouts assigned to a member's library. The primary key makes concurrent assigns idempotent. */
export const libraryWorkouts = pgTable(
  "library_workouts",
  {
    endUserId: text()
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    workoutId: text()
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.endUserId, t.workoutId] })],
);

export const libraryPlans = pgTable(
  "library_plans",
  {
    endUserId: text()
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    planId: text()
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.endUserId, t.planId] })],
);

/** A member's enrollment in a plan; at most one active enrollment per member (partial unique index). */
export const planEnrollments = pgTable(
  "plan_enrollments",
  {
    id: id(),
    endUserId: text()
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    planId: text()
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    startDate: date({ mode: "string" }).notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    endedAt: ts("ended_at"),
  },
  (t) => [
    uniqueIndex("plan_enrollments_one_active_uq").on(t.endUserId).where(sql`${t.isActive}`),
    index("plan_enrollments_user_plan_idx").on(t.endUserId, t.planId),
    /** Analytics: a plan's enrollments (GET .../analytics/plans/{planId}). */
    index("plan_enrollments_plan_idx").on(t.planId, t.startDate),
  ],
);

/** Email and push notifications, written in the transaction of the change they announce. */
export const notificationsOutbox = pgTable(
  "notifications_outbox",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    endUserId: text()
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    channel: text().$type<"email" | "push">().notNull(),
    template: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** Not claimable before this instant: the delivery lease while sending, the retry backoff after a failure. */
    availableAt: ts("available_at").notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
    /** Push rows: the push devices that already received this notification, so a retry after a partial failure never sends twice. */
    deliveredTo: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index("notifications_outbox_pending_idx").on(t.status, t.availableAt)],
);

export const PUSH_PLATFORMS = ["webPush", "fcm"] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/**
 * Where a member receives push notifications: a browser's Web Push subscription (endpoint plus
 * its encryption keys) or a partner app's FCM registration token. An address belongs to one
 * member at a time (unique per platform and address): a browser or phone that signs in as
 * someone else moves to them. Rows are pruned when the push service reports them gone.
 */
export const pushDevices = pgTable(
  "push_devices",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    endUserId: text().notNull().references(() => endUsers.id, { onDelete: "cascade" }),
    platform: text().$type<PushPlatform>().notNull(),
    /** The Web Push endpoint URL, or the FCM registration token. */
    address: text().notNull(),
    /** Web Push only: the subscription's P-256 public key and auth secret (base64url). */
    p256dh: text(),
    auth: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastDeliveredAt: ts("last_delivered_at"),
  },
  (t) => [uniqueIndex("push_devices_address_uq").on(t.platform, t.address), index("push_devices_member_idx").on(t.endUserId)],
);

/** What a player reports about playback quality (the PlaybackQuality schema of server/api/operations/sessions.ts). */
export interface SessionPlaybackQuality {
  startupMs: number | null;
  stalls: number;
  stallMs: number;
  errors: { code: string; count: number }[];
  segments: { index: number; plannedSeconds: number; playedSeconds: number; completed: boolean }[];
}

export const SESSION_STATUSES = ["started", "completed"] as const;

export const workoutSessions = pgTable(
  "workout_sessions",
  {
    id: id(),
    workoutId: text()
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The member (traineeId); null for anonymous key-only sessions. */
    endUserId: text().references(() => endUsers.id, { onDelete: "set null" }),
    apiKeyId: text().references(() => apiKeys.id, { onDelete: "set null" }),
    status: text().$type<(typeof SESSION_STATUSES)[number]>().notNull().default("started"),
    workoutSegmentId: text(),
    progressSeconds: integer().notNull().default(0),
    /** Seconds, capped at twice the expected workout length. */
    duration: integer().notNull().default(0),
    progress: real().notNull().default(0),
    expectedDuration: integer().notNull(),
    /**
     * How playback went, as the player last reported it (PATCH, end or complete `quality`): startup
     * time, stalls, errors and planned vs played seconds per segment. Null when never reported.
     */
    playbackQuality: jsonb().$type<SessionPlaybackQuality>(),
    completedAt: ts("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("workout_sessions_user_workout_idx").on(t.endUserId, t.workoutId, t.status, t.createdAt),
    /** At most one started session per member and workout: concurrent starts cannot both stay open. */
    uniqueIndex("workout_sessions_one_started_uq").on(t.endUserId, t.workoutId).where(sql`${t.status} = 'started' and ${t.endUserId} is not null`),
    index("workout_sessions_user_completed_idx").on(t.endUserId, t.completedAt),
  ],
);

export const workoutFeedback = pgTable(
  "workout_feedback",
  {
    id: id(),
    sessionId: text()
      .notNull()
      .references(() => workoutSessions.id, { onDelete: "cascade" }),
    workoutId: text()
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    endUserId: text().references(() => endUsers.id, { onDelete: "set null" }),
    ratingOptionId: text().references(() => feedbackOptions.id),
    difficultyOptionId: text().references(() => feedbackOptions.id),
    comment: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("workout_feedback_session_uq").on(t.sessionId), index("workout_feedback_workout_idx").on(t.workoutId)],
);
