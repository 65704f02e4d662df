import { sql } from "drizzle-orm";
import { index, integer, pgTable, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "./columns";
import { workouts } from "./workouts";

export const EXPORT_KINDS = ["video", "audio"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * rendering: claimed by a worker until `lease_until`; ready: served by the export endpoints;
 * failed: the last attempt failed (retried by the job system and the sweep up to a limit);
 * superseded: a newer version of the same workout, kind and locale is ready. Superseded files stay
 * in storage until every URL signed for them has expired (docs/exports.md).
 */
export const EXPORT_STATUSES = ["rendering", "ready", "failed", "superseded"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/**
 * Rendered full-workout exports (video MP4, audio M4A), one row per workout, kind, locale and
 * version. The version is a hash of every input that decides the rendered bytes (timeline, media
 * keys, voice tracks of the locale, music, mix settings), so equal inputs never render twice and a
 * rating or a renamed workout never re-renders.
 */
export const workoutExports = pgTable(
  "workout_exports",
  {
    id: id(),
    workoutId: text()
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    kind: text().$type<ExportKind>().notNull(),
    locale: text().notNull(),
    version: text().notNull(),
    status: text().$type<ExportStatus>().notNull().default("rendering"),
    /** Set in the same statement that makes the row ready; never points at a partial file. */
    assetKey: text(),
    /** Random per claim: only the worker holding the current claim may complete the row. */
    claimToken: text(),
    leaseUntil: ts("lease_until"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    bytes: integer(),
    durationSeconds: real(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    completedAt: ts("completed_at"),
    supersededAt: ts("superseded_at"),
  },
  (t) => [
    // One row per version: two workers can never both render (and store) the same one.
    uniqueIndex("workout_exports_version_uq").on(t.workoutId, t.kind, t.locale, t.version),
    // The endpoints: ready rows of one workout and kind, newest first.
    index("workout_exports_ready_idx")
      .on(t.workoutId, t.kind, t.completedAt)
      .where(sql`${t.status} = 'ready'`),
    // Equal inputs in another workout (seeded libraries, copies): reuse the file instead of rendering.
    index("workout_exports_reuse_idx")
      .on(t.version, t.kind, t.locale)
      .where(sql`${t.status} = 'ready'`),
    // The sweep: stuck claims, failed attempts, superseded files to purge.
    index("workout_exports_sweep_idx")
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} <> 'ready'`),
  ],
);

/**
 * Per workout: when its exports were last confirmed current (every locale ready at the version its
 * inputs hash to) and when a render was last requested. The sweep compares these with the
 * workout's `updated_at`, so a lost event or a crash never leaves a workout without exports, and a
 * request already queued is not queued again.
 */
export const workoutExportChecks = pgTable(
  "workout_export_checks",
  {
    workoutId: text()
      .primaryKey()
      .references(() => workouts.id, { onDelete: "cascade" }),
    /** The locales of the last confirmed set, first the one rendered first. */
    locales: text().array().notNull().default(sql`'{}'::text[]`),
    checkedAt: ts("checked_at"),
    requestedAt: ts("requested_at"),
  },
  (t) => [index("workout_export_checks_checked_idx").on(t.checkedAt)],
);
