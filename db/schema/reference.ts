import { integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { type Translations, id } from "./columns";
import { organizations } from "./organizations";

/**
 * Platform reference data shared by every workspace. Ids are derived from the stable key
 * (see db/reference/ids.ts) so every database agrees on them.
 */
export const categories = pgTable(
  "categories",
  { id: id(), key: text().notNull(), name: jsonb().$type<Translations>().notNull(), sortOrder: integer().notNull().default(0) },
  (t) => [uniqueIndex("categories_key_uq").on(t.key)],
);

export const equipmentCategories = pgTable(
  "equipment_categories",
  {
    id: id(),
    key: text().notNull(),
    name: jsonb().$type<Translations>().notNull(),
    /** Broader grouping, English (e.g. "Weights"). */
    category: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("equipment_categories_key_uq").on(t.key)],
);

export const equipment = pgTable(
  "equipment",
  {
    id: id(),
    key: text().notNull(),
    name: jsonb().$type<Translations>().notNull(),
    equipmentCategoryId: text().references(() => equipmentCategories.id),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("equipment_key_uq").on(t.key)],
);

export const muscleGroups = pgTable(
  "muscle_groups",
  { id: id(), key: text().notNull(), name: jsonb().$type<Translations>().notNull(), sortOrder: integer().notNull().default(0) },
  (t) => [uniqueIndex("muscle_groups_key_uq").on(t.key)],
);

/** Plan goals (GET /v1/plans/metadata, recommend and generate goalIds). */
export const goals = pgTable(
  "goals",
  { id: id(), key: text().notNull(), name: jsonb().$type<Translations>().notNull(), sortOrder: integer().notNull().default(0) },
  (t) => [uniqueIndex("goals_key_uq").on(t.key)],
);

export const FEEDBACK_KINDS = ["rating", "difficulty"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** Per-organization rating and difficulty options that feedback references by id. */
export const feedbackOptions = pgTable(
  "feedback_options",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    kind: text().$type<FeedbackKind>().notNull(),
    key: text().notNull(),
    value: integer().notNull(),
    label: jsonb().$type<Translations>().notNull(),
  },
  (t) => [uniqueIndex("feedback_options_org_kind_key_uq").on(t.organizationId, t.kind, t.key)],
);
