import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { organizations } from "./organizations";

/** Team members who own content (workouts, plans, music pools, personal methodology profiles). */
export const trainers = pgTable(
  "trainers",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text().notNull(),
    email: text(),
    preferredLocale: text().notNull().default("en-US"),
    createdAt: createdAt(),
  },
  (t) => [index("trainers_org_idx").on(t.organizationId)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("end_users_org_email_uq").on(t.organizationId, sql`lower(${t.email})`),
    uniqueIndex("end_users_org_external_uq").on(t.organizationId, t.externalId),
    index("end_users_org_created_idx").on(t.organizationId, t.createdAt),
  ],
);
