import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, real, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, id, ts, updatedAt } from "./columns";
import { organizations } from "./organizations";
import { trainers } from "./people";
import type { Difficulty } from "./workouts";

export const AUTOPILOT_STATUSES = ["draft", "active"] as const;
export const AUTOPILOT_SCOPES = ["ai_generate", "create_similar", "publish_existing"] as const;
export const AUTOPILOT_CONTENT_TYPES = ["workout", "program"] as const;
export const AUTOPILOT_REPEAT_MODES = ["daily", "weekly", "once"] as const;
export const AUTOPILOT_GUIDANCE_MODES = ["none", "custom", "ai_tuned", "ai_driven"] as const;
export const AUTOPILOT_EVENT_TYPES = ["success", "failed", "skipped_limit", "skipped_premium_lost"] as const;

export type AutopilotStatus = (typeof AUTOPILOT_STATUSES)[number];
export type AutopilotScope = (typeof AUTOPILOT_SCOPES)[number];
export type AutopilotContentType = (typeof AUTOPILOT_CONTENT_TYPES)[number];
export type AutopilotRepeatMode = (typeof AUTOPILOT_REPEAT_MODES)[number];
export type AutopilotGuidanceMode = (typeof AUTOPILOT_GUIDANCE_MODES)[number];
export type AutopilotEventType = (typeof AUTOPILOT_EVENT_TYPES)[number];

/** Content autopilot: scheduled AI content tasks (docs/autopilot.md). */
export const autopilotTasks = pgTable(
  "autopilot_tasks",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The workspace's owning trainer when the task was created; null while the workspace has no trainer. */
    ownerId: text().references(() => trainers.id, { onDelete: "set null" }),
    name: text().notNull(),
    status: text().$type<AutopilotStatus>().notNull().default("draft"),
    scope: text().$type<AutopilotScope>().notNull(),
    contentType: text().$type<AutopilotContentType>().notNull(),
    difficultyOptions: text().array().$type<Difficulty[]>().notNull().default(sql`'{}'::text[]`),
    categoryIds: text().array().notNull().default(sql`'{}'::text[]`),
    goalIds: text().array().notNull().default(sql`'{}'::text[]`),
    durationMin: integer(),
    durationMax: integer(),
    includeFreeStock: boolean().notNull().default(true),
    includePremiumStock: boolean().notNull().default(false),
    includeTeamContent: boolean().notNull().default(true),
    repeatMode: text().$type<AutopilotRepeatMode>().notNull().default("once"),
    promptGuidanceMode: text().$type<AutopilotGuidanceMode>().notNull().default("none"),
    customPromptGuidance: text(),
    sourceContentId: text(),
    existingContentId: text(),
    nextRunAt: ts("next_run_at"),
    /** Runs that executed (success or failed): rotates categories and difficulties and seeds each run differently. */
    executions: integer().notNull().default(0),
    /**
     * The run in progress (docs/autopilot.md "Runs and locks"): a run claims the task (token and
     * lease) in a short transaction, calls the model with no lock held, and commits only while
     * its token is still here. A claim whose lease has passed is void (a crashed run).
     */
    runClaimToken: text(),
    runClaimedUntil: ts("run_claimed_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => {
    const live = sql`${t.deletedAt} is null`;
    return [
      index("autopilot_tasks_org_updated_idx").on(t.organizationId, t.updatedAt, t.id).where(live),
      index("autopilot_tasks_org_created_idx").on(t.organizationId, t.createdAt, t.id).where(live),
      // The scheduler's probe: only active, live tasks with a due time, oldest due first.
      index("autopilot_tasks_due_idx").on(t.nextRunAt).where(sql`${t.status} = 'active' and ${t.deletedAt} is null and ${t.nextRunAt} is not null`),
      // Runs in progress (counted against their owner's daily cap): the few claimed tasks.
      index("autopilot_tasks_claimed_idx").on(t.runClaimedUntil).where(sql`${t.runClaimedUntil} is not null`),
    ];
  },
);

export const autopilotEvents = pgTable(
  "autopilot_events",
  {
    id: id(),
    taskId: text()
      .notNull()
      .references(() => autopilotTasks.id, { onDelete: "cascade" }),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    ownerId: text(),
    /** Whose daily cap the run counts against: the owner, or the organization while the task has no owner. */
    capKey: text().notNull(),
    eventType: text().$type<AutopilotEventType>().notNull(),
    trigger: text().$type<"schedule" | "run_now">().notNull(),
    /** The due time a scheduled run served (unique per task: one outcome per due time); null for run-now. */
    scheduledFor: ts("scheduled_for"),
    resultContentId: text(),
    resultContentType: text().$type<"workout" | "program">(),
    errorMessage: text(),
    /** Minutes of new workout content the run created (counted against autopilotMinutesLimit). */
    contentMinutes: real().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("autopilot_events_org_idx").on(t.organizationId, t.createdAt, t.id),
    index("autopilot_events_task_idx").on(t.taskId, t.createdAt, t.id),
    uniqueIndex("autopilot_events_due_uq").on(t.taskId, t.scheduledFor),
    index("autopilot_events_cap_idx").on(t.capKey, t.createdAt).where(sql`${t.eventType} in ('success', 'failed')`),
  ],
);
