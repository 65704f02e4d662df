import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, id, ts, updatedAt } from "./columns";
import { organizations } from "./organizations";
import { trainers } from "./people";

export const autopilotTasks = pgTable(
  "autopilot_tasks",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    ownerId: text().references(() => trainers.id),
    name: text().notNull(),
    status: text().$type<"draft" | "active">().notNull().default("draft"),
    scope: text().$type<"ai_generate" | "create_similar" | "publish_existing">().notNull(),
    contentType: text().$type<"workout" | "program">().notNull(),
    difficultyOptions: text().array().notNull().default(sql`'{}'::text[]`),
    categoryIds: text().array().notNull().default(sql`'{}'::text[]`),
    goalIds: text().array().notNull().default(sql`'{}'::text[]`),
    durationMin: integer(),
    durationMax: integer(),
    includeFreeStock: boolean().notNull().default(true),
    includePremiumStock: boolean().notNull().default(false),
    includeTeamContent: boolean().notNull().default(true),
    repeatMode: text().$type<"daily" | "weekly" | "once">().notNull().default("once"),
    promptGuidanceMode: text().$type<"none" | "custom" | "ai_tuned" | "ai_driven">().notNull().default("none"),
    customPromptGuidance: text(),
    sourceContentId: text(),
    existingContentId: text(),
    nextRunAt: ts("next_run_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index("autopilot_tasks_org_idx").on(t.organizationId, t.updatedAt), index("autopilot_tasks_due_idx").on(t.status, t.nextRunAt)],
);

export const autopilotEvents = pgTable(
  "autopilot_events",
  {
    id: id(),
    taskId: text().notNull().references(() => autopilotTasks.id, { onDelete: "cascade" }),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    ownerId: text(),
    eventType: text().$type<"success" | "failed" | "skipped_limit" | "skipped_premium_lost">().notNull(),
    resultContentId: text(),
    resultContentType: text(),
    errorMessage: text(),
    createdAt: createdAt(),
  },
  (t) => [index("autopilot_events_org_idx").on(t.organizationId, t.createdAt), index("autopilot_events_task_idx").on(t.taskId, t.createdAt)],
);

export interface CopyPack {
  hook: string;
  caption: string;
  hashtags: string[];
  cta: string;
  posterTagline: { primaryLine: string; secondaryLine: string };
}

export const drops = pgTable(
  "drops",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    sourceType: text().$type<"exercise" | "exerciseCollection" | "workout" | "workoutCollection">().notNull(),
    sourceId: text().notNull(),
    sourceName: text().notNull(),
    title: text().notNull(),
    sourceThumbnailKey: text(),
    locale: text().notNull().default("en-US"),
    channelPreset: text().notNull(),
    status: text().$type<"processing" | "ready" | "failed">().notNull().default("processing"),
    copyPack: jsonb().$type<CopyPack>().notNull(),
    ctaUrl: text(),
    coverKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("drops_org_idx").on(t.organizationId, t.status, t.updatedAt)],
);

export const dropVariants = pgTable(
  "drop_variants",
  {
    id: id(),
    dropId: text().notNull().references(() => drops.id, { onDelete: "cascade" }),
    aspectRatio: text().$type<"9:16" | "1:1" | "16:9">().notNull(),
    durationSeconds: integer().notNull(),
    assetKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("drop_variants_uq").on(t.dropId, t.aspectRatio, t.durationSeconds)],
);

export const SOCIAL_PLATFORMS = ["instagram", "tiktok", "youtube", "facebook"] as const;

/** Accounts connected in the team workspace app (never through the API). */
export const socialAccounts = pgTable(
  "social_accounts",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    platform: text().$type<(typeof SOCIAL_PLATFORMS)[number]>().notNull(),
    accountId: text().notNull(),
    accountName: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("social_accounts_org_platform_uq").on(t.organizationId, t.platform)],
);

export const socialPublishAutomations = pgTable(
  "social_publish_automations",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: text().notNull(),
    status: text().$type<"draft" | "active">().notNull().default("draft"),
    sourceMode: text().$type<"manual_fixed" | "random_ready" | "ai_insights" | "ai_pick">().notNull(),
    platforms: text().array().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    nextRunAt: ts("next_run_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index("social_publish_org_idx").on(t.organizationId, t.updatedAt)],
);

export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    endUserId: text().notNull(),
    title: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index("chat_conversations_user_idx").on(t.organizationId, t.endUserId, t.updatedAt)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    conversationId: text().notNull().references(() => chatConversations.id, { onDelete: "cascade" }),
    role: text().$type<"user" | "assistant" | "system">().notNull(),
    content: text().notNull(),
    proposedActions: jsonb().$type<Record<string, unknown>[]>(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_conv_idx").on(t.conversationId, t.createdAt)],
);

/** TV cast pairing sessions (80 minutes). */
export const castSessions = pgTable(
  "cast_sessions",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    code: text().notNull(),
    displayName: text().notNull(),
    status: text().$type<"waiting" | "paired" | "ended">().notNull().default("waiting"),
    controllerDeviceId: text(),
    workoutId: text(),
    workoutSessionId: text(),
    playback: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("cast_sessions_live_code_uq").on(t.code).where(sql`${t.status} <> 'ended'`)],
);
