import { sql } from "drizzle-orm";
import { bigint, date, doublePrecision, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "./columns";
import { organizations } from "./organizations";
import { endUsers } from "./people";

export const HEALTH_DATA_TYPES = ["activity", "sleep", "steps", "body_metrics", "heart_rate", "hydration", "oxygenation", "scores"] as const;
export type HealthDataType = (typeof HEALTH_DATA_TYPES)[number];

/** Where a value came from: pushed through the API, or synced from a wearable integration. */
export type HealthSource = "api" | "wearable";

/** One write of an entry by one source: the instant it counts at, its member-local day and its values. */
export interface HealthWrite {
  recordedAt: string;
  localDate: string;
  values: Record<string, unknown>;
}

/**
 * One health record, idempotent on (member, dataType, externalId). The API and a wearable
 * integration may both write the same key: each source's last write is kept (`pushed`, `synced`),
 * the effective `values` are the synced ones overlaid by the pushed ones (pushed values win), and
 * `valueSources` records which source each effective value came from. Deleting a pushed entry
 * drops the pushed write and falls back to the synced one.
 */
export const healthEntries = pgTable(
  "health_entries",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    endUserId: text()
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    dataType: text().$type<HealthDataType>().notNull(),
    externalId: text().notNull(),
    /** The source whose write wins for the entry's time and day: api when anything was pushed, else wearable. */
    source: text().$type<HealthSource>().notNull(),
    recordedAt: ts("recorded_at").notNull(),
    /** The member-local calendar day the entry counts for. */
    localDate: date({ mode: "string" }).notNull(),
    /** Effective values: synced values overlaid by pushed values. */
    values: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Field name -> source of the effective value. */
    valueSources: jsonb().$type<Record<string, HealthSource>>().notNull().default({}),
    /** The last write pushed through the API, if any. */
    pushed: jsonb().$type<HealthWrite>(),
    /** The last write synced from a wearable, if any. */
    synced: jsonb().$type<HealthWrite>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("health_entries_key_uq").on(t.endUserId, t.dataType, t.externalId), index("health_entries_user_day_idx").on(t.endUserId, t.localDate)],
);

/** One nutrition log contribution; with an externalId a repeat replaces it. */
export const nutritionEntries = pgTable(
  "nutrition_entries",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    endUserId: text()
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    externalId: text(),
    localDate: date({ mode: "string" }).notNull(),
    loggedAt: ts("logged_at").notNull(),
    mealType: text().$type<"breakfast" | "lunch" | "dinner" | "snack">(),
    caloriesKcal: doublePrecision(),
    proteinG: doublePrecision(),
    carbsG: doublePrecision(),
    fatG: doublePrecision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("nutrition_entries_external_uq").on(t.endUserId, t.externalId).where(sql`${t.externalId} is not null`),
    index("nutrition_entries_user_day_idx").on(t.endUserId, t.localDate),
  ],
);

/** Orders every day-summary write, so a digest can tell whether its inputs changed since it was cached. */
export const insightRevisionSeq = pgSequence("insight_revision_seq");

/** An activity as the day summary keeps it (activities are events, so each one is listed). */
export interface DayActivity {
  externalId: string;
  activityType: string;
  name?: string;
  startedAt: string;
  durationS: number;
  distanceM?: number;
  activeEnergyKcal?: number;
  workoutSessionId?: string;
  source: HealthSource;
}

/**
 * A member's day, recomputed from health and nutrition entries whenever they change: day values
 * keyed `<dataType>.<field>` (pushed values take precedence over wearable ones per field), the
 * source of each value, and the day's activities. The digest reads these rows, not the entries.
 */
export const healthDaySummaries = pgTable(
  "health_day_summaries",
  {
    endUserId: text()
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    localDate: date({ mode: "string" }).notNull(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    values: jsonb().$type<Record<string, number>>().notNull(),
    sources: jsonb().$type<Record<string, HealthSource>>().notNull(),
    activities: jsonb().$type<DayActivity[]>().notNull(),
    /** Entries that fed the day, per data type (and `nutrition`). */
    entryCounts: jsonb().$type<Record<string, number>>().notNull(),
    revision: bigint({ mode: "number" }).notNull().default(sql`nextval('insight_revision_seq')`),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.endUserId, t.localDate] })],
);

/**
 * Daily digest cache per member-local day. A row is served only while its `fingerprint` (the
 * count and latest revision of the day summaries in the digest's 90-day window, plus the count
 * and latest completion of workout sessions in it) still matches, so any change to the data a
 * digest was built from invalidates it; writes also delete the affected rows eagerly.
 */
export const insightDigests = pgTable(
  "insight_digests",
  {
    id: id(),
    endUserId: text()
      .notNull()
      .references(() => endUsers.id, { onDelete: "cascade" }),
    localDate: date({ mode: "string" }).notNull(),
    /** Formula version: a deploy that changes the formulas bumps it and old rows stop matching. */
    version: integer().notNull(),
    fingerprint: text().notNull(),
    digest: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("insight_digests_user_day_uq").on(t.endUserId, t.localDate)],
);
