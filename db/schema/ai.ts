import { boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { organizations } from "./organizations";
import { trainers } from "./people";

/** Structured hard rules of a Programming DNA profile; applied by code, never by a model. */
export interface MethodologyRules {
  restSecondsMin?: number;
  restSecondsMax?: number;
  workRestRatio?: { work: number; rest: number };
  requireWarmup?: boolean;
  requireCooldown?: boolean;
  bannedExerciseIds?: string[];
  maxImpact?: "low" | "high";
  maxConsecutiveSetsPerMuscleGroup?: number;
  workSecondsMin?: number;
  workSecondsMax?: number;
  /** Movement patterns never programmed (e.g. "plyometric"); see video_assets.movement_pattern. */
  bannedMovementPatterns?: string[];
  /** Highest rate of perceived exertion (1-10) any set may prescribe. */
  maxRpe?: number;
}

/** Programming DNA: a team's (or one trainer's) way of programming. At most 10 per workspace. */
export const methodologyProfiles = pgTable(
  "methodology_profiles",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    ownerTrainerId: text().references(() => trainers.id, { onDelete: "cascade" }),
    scope: text().$type<"team" | "personal">().notNull(),
    name: text().notNull(),
    version: text().notNull(),
    applicability: text().$type<"workout" | "plan" | "both">().notNull(),
    isTeamDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    ruleSummary: text().notNull(),
    /** Private guidance text; never returned by the API. */
    guidance: text().notNull().default(""),
    rules: jsonb().$type<MethodologyRules>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("methodology_profiles_org_idx").on(t.organizationId)],
);

/** Generation Inspector snapshots, kept so GET /v1/orgs/{org}/generations/{id} can replay one. */
export const generations = pgTable(
  "generations",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    kind: text().$type<"workout" | "workout-adapt" | "plan" | "plan-adapt">().notNull(),
    engine: text().notNull(),
    methodology: jsonb().$type<Record<string, unknown> | null>(),
    inspection: jsonb().$type<Record<string, unknown>>().notNull(),
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    /** What was produced, in brief (exercise ids and durations, or the plan schedule), for later inspection. */
    result: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("generations_org_idx").on(t.organizationId, t.createdAt)],
);
