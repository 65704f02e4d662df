import { sql } from "drizzle-orm";
import { bigserial, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "./columns";
import { apiKeys } from "./api-keys";
import { workoutSessions } from "./members";
import { endUsers } from "./people";
import { organizations } from "./organizations";
import { workouts } from "./workouts";

/** The playback phases of a cast session (see server/services/cast/state-machine.ts for the moves). */
export const CAST_PHASES = ["idle", "loaded", "playing", "paused", "completed", "ended"] as const;
export type CastPhase = (typeof CAST_PHASES)[number];
export const CAST_END_REASONS = ["terminated", "expired"] as const;
export type CastEndReason = (typeof CAST_END_REASONS)[number];

/** One playlist entry as the cast state machine needs it (snapshotted when the workout is loaded). */
export interface CastSegment {
  /** The playlist segment id (the same ids GET /v1/workouts/{id}/playlist answers). */
  id: string;
  /** The playlist's kind key: intro, exercise, multiExercise, class, promo, educational, break, outro. */
  kind: string;
  name: string | null;
  /** Planned seconds (the playlist's `duration`). */
  duration: number;
  reps: number | null;
  /** An exercise counted in reps: it waits for done_exercise (or next) instead of advancing on time. */
  repBased: boolean;
}

/** What a cast session remembers of its loaded workout. */
export interface CastWorkout {
  id: string;
  name: string;
  duration: number;
  difficulty: string;
  locale: string;
  segments: CastSegment[];
}

/**
 * TV cast pairing sessions (80 minutes). The whole state of a session lives in its row, so a restart
 * or another instance loses nothing; every change takes the row lock and bumps `version`.
 */
export const castSessions = pgTable(
  "cast_sessions",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The key that created the session (informational). */
    apiKeyId: text().references(() => apiKeys.id, { onDelete: "set null" }),
    /** 6 digits, unique among sessions that have not ended. */
    code: text().notNull(),
    displayName: text().notNull(),
    phase: text().$type<CastPhase>().notNull().default("idle"),
    /** Bumped on every change; events carry it so clients can drop stale ones. */
    version: integer().notNull().default(1),
    controllerDeviceId: text(),
    controllerPairedAt: ts("controller_paired_at"),
    /** Join, socket connection or heartbeat of the paired controller; silent for 90 s = disconnected. */
    controllerLastSeenAt: ts("controller_last_seen_at"),
    workoutId: text().references(() => workouts.id, { onDelete: "set null" }),
    workout: jsonb().$type<CastWorkout>(),
    /** The workout session created by start and completed by done. */
    workoutSessionId: text().references(() => workoutSessions.id, { onDelete: "set null" }),
    endUserId: text().references(() => endUsers.id, { onDelete: "set null" }),
    /** Index of the current segment in `workout.segments`. */
    position: integer().notNull().default(0),
    /** Milliseconds played in the current segment, and in the whole workout, up to `clockStartedAt`. */
    segmentElapsedMs: integer().notNull().default(0),
    playedMs: integer().notNull().default(0),
    /** When playback last resumed; null while not playing. */
    clockStartedAt: ts("clock_started_at"),
    expiresAt: ts("expires_at").notNull(),
    endedAt: ts("ended_at"),
    endedReason: text().$type<CastEndReason>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cast_sessions_live_code_uq").on(t.code).where(sql`${t.phase} <> 'ended'`),
    /** The sweep: live sessions by expiry, silent controllers, and ended rows to purge. */
    index("cast_sessions_live_expiry_idx").on(t.expiresAt).where(sql`${t.phase} <> 'ended'`),
    index("cast_sessions_controller_seen_idx").on(t.controllerLastSeenAt).where(sql`${t.phase} <> 'ended' and ${t.controllerDeviceId} is not null`),
    index("cast_sessions_ended_idx").on(t.endedAt).where(sql`${t.phase} = 'ended'`),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * Socket.IO's PostgreSQL adapter stores broadcast payloads over NOTIFY's 8000-byte limit here
 * (table and columns as @socket.io/postgres-adapter expects them; it deletes old rows itself).
 */
export const socketIoAttachments = pgTable("socket_io_attachments", {
  id: bigserial({ mode: "number" }).unique(),
  createdAt: timestamp({ withTimezone: true, mode: "date" }).defaultNow(),
  payload: bytea(),
});
