import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "./columns";
import { organizations } from "./organizations";

/** Console roles: owners also manage API keys and members; trainers manage content. */
export const TRAINER_ROLES = ["owner", "trainer"] as const;
export type TrainerRole = (typeof TRAINER_ROLES)[number];
export const TRAINER_STATUSES = ["active", "suspended"] as const;
export type TrainerStatus = (typeof TRAINER_STATUSES)[number];

/**
 * Team members who own content (workouts, plans, music pools, personal methodology profiles) and
 * sign in to the console. A trainer belongs to one workspace; one with a password is a console
 * account, and its email is unique among console accounts (the sign-in name).
 */
export const trainers = pgTable(
  "trainers",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text().notNull(),
    email: text(),
    preferredLocale: text().notNull().default("en-US"),
    /** scrypt hash in PHC form (server/services/console/passwords.ts); null: no console access. */
    passwordHash: text(),
    role: text().$type<TrainerRole>().notNull().default("trainer"),
    status: text().$type<TrainerStatus>().notNull().default("active"),
    lastSignInAt: ts("last_sign_in_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("trainers_org_idx").on(t.organizationId),
    uniqueIndex("trainers_console_email_uq").on(sql`lower(${t.email})`).where(sql`${t.passwordHash} is not null`),
  ],
);

export const END_USER_STATUSES = ["active", "suspended"] as const;
export type EndUserStatus = (typeof END_USER_STATUSES)[number];

/** Members of an organization (the people who train). */
export const endUsers = pgTable(
  "end_users",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    email: text(),
    externalId: text(),
    name: text(),
    status: text().$type<EndUserStatus>().notNull().default("active"),
    preferredLocale: text().notNull().default("en-US"),
    timeZone: text().notNull().default("UTC"),
    /**
     * Moves (from insight_revision_seq) whenever data a digest is built from changes: a day summary
     * written or deleted, a workout session completed or removed. Kept by triggers (the migration
     * named insights_revision_triggers), so every write path counts; cached digests key on it.
     */
    insightsRevision: bigint({ mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("end_users_org_email_uq").on(t.organizationId, sql`lower(${t.email})`),
    uniqueIndex("end_users_org_external_uq").on(t.organizationId, t.externalId),
    index("end_users_org_created_idx").on(t.organizationId, t.createdAt),
  ],
);
