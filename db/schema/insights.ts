import { sql } from "drizzle-orm";
import { date, index, jsonb, pgTable, real, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "./columns";
import { organizations } from "./organizations";
import { endUsers } from "./people";

export const HEALTH_DATA_TYPES = ["activity", "sleep", "steps", "body_metrics", "heart_rate", "hydration", "oxygenation", "scores"] as const;
export type HealthDataType = (typeof HEALTH_DATA_TYPES)[number];

/** One pushed or wearable-synced health record; idempotent on (member, dataType, externalId). */
export const healthEntries = pgTable(
  "health_entries",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    endUserId: text().notNull().references(() => endUsers.id, { onDelete: "cascade" }),
    dataType: text().$type<HealthDataType>().notNull(),
    externalId: text().notNull(),
    /** api: pushed through the API; wearable: synced from a device integration. */
    source: text().$type<"api" | "wearable" | "session">().notNull(),
    recordedAt: ts("recorded_at").notNull(),
    /** The member-local calendar day the entry counts for. */
    localDate: date({ mode: "string" }).notNull(),
    values: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("health_entries_key_uq").on(t.endUserId, t.dataType, t.externalId),
    index("health_entries_user_day_idx").on(t.endUserId, t.localDate),
  ],
);

/** One nutrition log contribution; with an externalId a repeat replaces it. */
export const nutritionEntries = pgTable(
  "nutrition_entries",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    endUserId: text().notNull().references(() => endUsers.id, { onDelete: "cascade" }),
    externalId: text(),
    localDate: date({ mode: "string" }).notNull(),
    loggedAt: ts("logged_at").notNull(),
    caloriesKcal: real(),
    proteinG: real(),
    carbsG: real(),
    fatG: real(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("nutrition_entries_external_uq").on(t.endUserId, t.externalId).where(sql`${t.externalId} is not null`),
    index("nutrition_entries_user_day_idx").on(t.endUserId, t.localDate),
  ],
);

/** Daily digest cache per member-local day; dropped when data for that day changes. */
export const insightDigests = pgTable(
  "insight_digests",
  {
    id: id(),
    endUserId: text().notNull().references(() => endUsers.id, { onDelete: "cascade" }),
    localDate: date({ mode: "string" }).notNull(),
    digest: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("insight_digests_user_day_uq").on(t.endUserId, t.localDate)],
);
