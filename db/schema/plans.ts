import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { type Translations, createdAt, deletedAt, id, updatedAt } from "./columns";
import { organizations } from "./organizations";
import { endUsers, trainers } from "./people";
import type { Difficulty } from "./workouts";
import { workouts } from "./workouts";

/** end-user-ai-generated plans are readable by id and never listed. */
export const PLAN_VISIBILITIES = ["public", "private", "end-user-ai-generated"] as const;
export type PlanVisibility = (typeof PLAN_VISIBILITIES)[number];
export const PLAN_SOURCES = ["team", "template", "ai-generated", "ai-adapted"] as const;

export const plans = pgTable(
  "plans",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    trainerId: text().references(() => trainers.id),
    name: jsonb().$type<Translations>().notNull(),
    description: jsonb().$type<Translations>().notNull().default({}),
    searchText: text().notNull().default(""),
    difficulty: text().$type<Difficulty>().notNull(),
    visibility: text().$type<PlanVisibility>().notNull(),
    status: text().$type<"draft" | "published">().notNull().default("published"),
    source: text().$type<(typeof PLAN_SOURCES)[number]>().notNull().default("team"),
    goalIds: text().array().notNull().default(sql`'{}'::text[]`),
    categoryIds: text().array().notNull().default(sql`'{}'::text[]`),
    durationWeeks: integer().notNull(),
    daysPerWeek: integer().notNull(),
    /** The member a generated or adapted plan was made for. */
    endUserId: text().references(() => endUsers.id, { onDelete: "set null" }),
    /** The plan an adapted plan was derived from. */
    basePlanId: text(),
    generationId: text(),
    /** Extra document fields of generated plans (reasoning, progression notes). */
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => {
    /** What the org plan list can show: published, live, never end-user-ai-generated. */
    const listed = sql`${t.status} = 'published' and ${t.deletedAt} is null and ${t.visibility} in ('public', 'private')`;
    return [
      index("plans_org_list_idx").on(t.organizationId, t.status, t.visibility, t.createdAt),
      index("plans_listed_created_idx").on(t.organizationId, t.createdAt, t.id).where(listed),
      index("plans_listed_updated_idx").on(t.organizationId, t.updatedAt, t.id).where(listed),
      index("plans_listed_name_idx").on(t.organizationId, sql`(${t.name}->>'en-US')`).where(listed),
      index("plans_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    ];
  },
);

/** A scheduled workout of a plan: week and day (1-based). */
export const planWorkouts = pgTable(
  "plan_workouts",
  {
    id: id(),
    planId: text().notNull().references(() => plans.id, { onDelete: "cascade" }),
    week: integer().notNull(),
    day: integer().notNull(),
    position: integer().notNull().default(0),
    workoutId: text().notNull().references(() => workouts.id),
    /** Per-occurrence progression applied by generate/adapt (volume and intensity factors). */
    prescription: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [uniqueIndex("plan_workouts_slot_uq").on(t.planId, t.week, t.day, t.position), index("plan_workouts_workout_idx").on(t.workoutId)],
);
