import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, id, ts, updatedAt } from "./columns";
import { organizations } from "./organizations";

/**
 * Social drops (ready-to-post videos with covers and copy), the accounts a workspace connected,
 * publish automations and the record of every scheduled post. Vocabulary (presets, aspect ratios,
 * platforms) lives in server/services/drops/presets.ts; the column types below repeat it as
 * literal unions so the schema has no service imports.
 */
export const DROP_SOURCE_TYPES = ["exercise", "exerciseCollection", "workout", "workoutCollection"] as const;
export type DropSourceType = (typeof DROP_SOURCE_TYPES)[number];
export const DROP_ASPECT_RATIOS = ["9:16", "1:1", "16:9"] as const;
export type DropAspectRatio = (typeof DROP_ASPECT_RATIOS)[number];
export const DROP_DURATIONS = [15, 30, 60] as const;
export type DropDuration = (typeof DROP_DURATIONS)[number];
export const CHANNEL_PRESETS = ["ig_reels", "ig_stories", "ig_carousel", "tiktok", "yt_shorts", "fb_reels", "yt_longform"] as const;
export type ChannelPreset = (typeof CHANNEL_PRESETS)[number];
export const SOCIAL_PLATFORMS = ["instagram", "tiktok", "youtube", "facebook"] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const SOCIAL_SOURCE_MODES = ["manual_fixed", "random_ready", "ai_insights", "ai_pick"] as const;
export type SocialSourceMode = (typeof SOCIAL_SOURCE_MODES)[number];

export interface CopyPack {
  hook: string;
  caption: string;
  hashtags: string[];
  cta: string;
  posterTagline: { primaryLine: string; secondaryLine: string };
}

/** One locale's copy: who wrote it and in which language it really is (fallbacks are English). */
export interface StoredCopyPack {
  copyPack: CopyPack;
  writer: "ai" | "template" | "editor";
  /** The language the texts are written in; differs from the key when the writer fell back. */
  writtenIn: string;
}

export const drops = pgTable(
  "drops",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sourceType: text().$type<DropSourceType>().notNull(),
    sourceId: text().notNull(),
    /** The source's name in the drop's locale when the drop was made (sources may be renamed or deleted later). */
    sourceName: text().notNull(),
    title: text().notNull(),
    sourceThumbnailKey: text(),
    locale: text().notNull().default("en-US"),
    channelPreset: text().$type<ChannelPreset>().notNull(),
    /** The variant an empty export answers. */
    defaultAspectRatio: text().$type<DropAspectRatio>().notNull(),
    defaultDurationSeconds: integer().notNull(),
    status: text().$type<"processing" | "ready" | "failed">().notNull().default("processing"),
    failureReason: text(),
    /** Copy per locale; the drop's own locale is always present once the drop is ready. */
    copyPacks: jsonb().$type<Record<string, StoredCopyPack>>().notNull().default({}),
    /** Locales the render job writes copy for (the drop's locale first). */
    copyLocales: text().array().notNull().default(sql`'{}'::text[]`),
    ctaUrl: text(),
    /** The source's category keys when the drop was made: a content signal for ai_pick and ai_insights. */
    categoryKeys: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => {
    const listed = sql`${t.status} = 'ready' and ${t.deletedAt} is null`;
    return [
      index("drops_org_listed_updated_idx").on(t.organizationId, t.updatedAt, t.id).where(listed),
      index("drops_org_listed_created_idx").on(t.organizationId, t.createdAt, t.id).where(listed),
      index("drops_org_source_idx").on(t.organizationId, t.sourceType, t.sourceId),
      index("drops_title_trgm_idx").using("gin", sql`lower(${t.title}) gin_trgm_ops`),
    ];
  },
);

/** A rendered variant file as measured (server/services/drops/render-media.ts writes it). */
export interface DropVariantMedia {
  width: number;
  height: number;
  /** The platform size of the aspect; larger than width x height when the source is smaller (never upscaled). */
  platformWidth: number;
  platformHeight: number;
  limitedBySource: boolean;
  /** Measured on the finished file. */
  durationSeconds: number;
  bytes: number;
  fps: number;
  videoCodec: string;
  videoProfile: string;
  audioCodec: string;
  audioSampleRate: number;
  audioChannels: number;
}

/** One rendered video (aspect x duration) of a drop, with the cover of its aspect. */
export const dropVariants = pgTable(
  "drop_variants",
  {
    id: id(),
    dropId: text()
      .notNull()
      .references(() => drops.id, { onDelete: "cascade" }),
    aspectRatio: text().$type<DropAspectRatio>().notNull(),
    durationSeconds: integer().notNull(),
    status: text().$type<"processing" | "ready" | "failed">().notNull().default("processing"),
    /** Media keys, set when the files exist. */
    assetKey: text(),
    coverKey: text(),
    error: text(),
    /** Render attempts that failed; the render job retries the variant until DROP_RENDER_ATTEMPTS. */
    attempts: integer().notNull().default(0),
    /** What was measured on the finished file (size, length, codecs), set with the asset. */
    media: jsonb().$type<DropVariantMedia>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("drop_variants_uq").on(t.dropId, t.aspectRatio, t.durationSeconds)],
);

/**
 * Accounts a workspace connected in the console (never through the API): one per platform.
 * `adapter` names the platform adapter that posts for it ("sandbox" records instead of posting);
 * `credentialsRef` points at where a real adapter keeps its tokens (never the tokens themselves).
 */
export const socialAccounts = pgTable(
  "social_accounts",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    platform: text().$type<SocialPlatform>().notNull(),
    accountId: text().notNull(),
    accountName: text(),
    adapter: text().notNull().default("sandbox"),
    credentialsRef: text(),
    /**
     * The platform grant of an OAuth-connected account (null for the sandbox): the access and
     * refresh tokens as one JSON document sealed like webhook secrets (AES-256-GCM, `v1.`), never
     * in clear. See server/services/social/platforms/grants.ts.
     */
    tokens: text(),
    /** When the access token expires (null: it does not, or no grant). Refreshed before. */
    tokenExpiresAt: ts("token_expires_at"),
    /** The scopes the platform granted. */
    scopes: text().array().notNull().default(sql`'{}'::text[]`),
    /** `active`, or `reconnect` once the platform refused the grant (revoked, expired): posts are skipped until reconnected. */
    grantStatus: text().$type<"active" | "reconnect">().notNull().default("active"),
    /** Why the grant needs reconnecting, in the platform's words. */
    grantProblem: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("social_accounts_org_platform_uq").on(t.organizationId, t.platform)],
);

export type SocialSchedule = { type: "weekly"; timeZone: string; days: string[]; times: string[] } | { type: "cron"; timeZone: string; expression: string };

export interface CaptionOverride {
  caption?: string;
  hashtags?: string[];
  cta?: string;
}

export const socialPublishAutomations = pgTable(
  "social_publish_automations",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text().notNull(),
    status: text().$type<"draft" | "active">().notNull().default("draft"),
    sourceMode: text().$type<SocialSourceMode>().notNull(),
    platforms: text().array().$type<SocialPlatform[]>().notNull(),
    /** Preset per target platform (every target platform has one). */
    channelPresets: jsonb().$type<Partial<Record<SocialPlatform, ChannelPreset>>>().notNull(),
    /** manual_fixed: the drops posted in turn. */
    dropIds: text().array().notNull().default(sql`'{}'::text[]`),
    schedule: jsonb().$type<SocialSchedule>().notNull(),
    captionOverrides: jsonb().$type<Partial<Record<SocialPlatform, CaptionOverride>>>().notNull().default({}),
    locale: text().notNull().default("en-US"),
    /** manual_fixed: how many due times have been planned (the next drop is dropIds[cursor % n]). */
    cursor: integer().notNull().default(0),
    nextRunAt: ts("next_run_at"),
    lastRunAt: ts("last_run_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index("social_publish_org_updated_idx").on(t.organizationId, t.updatedAt).where(sql`${t.deletedAt} is null`),
    index("social_publish_org_created_idx").on(t.organizationId, t.createdAt).where(sql`${t.deletedAt} is null`),
    index("social_publish_due_idx").on(t.nextRunAt).where(sql`${t.status} = 'active' and ${t.deletedAt} is null`),
  ],
);

export type DeliveryStatus = "pending" | "publishing" | "published" | "failed" | "skipped";

/**
 * One post an automation owes: one row per automation, platform and due time (the unique key
 * that keeps a due time from ever being posted twice). Workers claim rows with a lease; a failed
 * attempt puts the row back to pending with a later `nextAttemptAt` (backoff) until the attempts
 * run out.
 */
export const socialPublishDeliveries = pgTable(
  "social_publish_deliveries",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    automationId: text()
      .notNull()
      .references(() => socialPublishAutomations.id, { onDelete: "cascade" }),
    platform: text().$type<SocialPlatform>().notNull(),
    dueAt: ts("due_at").notNull(),
    status: text().$type<DeliveryStatus>().notNull().default("pending"),
    dropId: text(),
    channelPreset: text().$type<ChannelPreset>().notNull(),
    /** `<aspect>_<milliseconds>` of the exported video, once chosen. */
    variant: text(),
    /** Why this drop was chosen (source mode, ranking). */
    pickReason: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    leaseExpiresAt: ts("lease_expires_at"),
    lastError: text(),
    externalPostId: text(),
    /** The post's public address on the platform, when the platform tells. */
    externalPostUrl: text(),
    /**
     * A platform adapter's progress on this delivery (container, upload or publish id), saved
     * before each next step so a retry resumes instead of posting twice.
     */
    platformState: jsonb().$type<Record<string, unknown>>(),
    publishedAt: ts("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("social_publish_deliveries_due_uq").on(t.automationId, t.platform, t.dueAt),
    index("social_publish_deliveries_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'publishing')`),
    index("social_publish_deliveries_org_idx").on(t.organizationId, t.dueAt),
  ],
);

/** Every attempt at a delivery and how it ended (the audit trail the console shows). */
export const socialPublishAttempts = pgTable(
  "social_publish_attempts",
  {
    id: id(),
    deliveryId: text()
      .notNull()
      .references(() => socialPublishDeliveries.id, { onDelete: "cascade" }),
    organizationId: text().notNull(),
    attempt: integer().notNull(),
    outcome: text().$type<"published" | "failed" | "skipped">().notNull(),
    reason: text(),
    /** True when a failed attempt will be tried again. */
    willRetry: boolean().notNull().default(false),
    adapter: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("social_publish_attempts_delivery_idx").on(t.deliveryId, t.createdAt),
    index("social_publish_attempts_org_idx").on(t.organizationId, t.createdAt),
  ],
);

/**
 * What the recording sandbox adapter "posted": the text and media links a real platform would
 * have received. Unique per delivery, so a replayed post is recorded once.
 */
export const socialPublications = pgTable(
  "social_publications",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    deliveryId: text()
      .notNull()
      .references(() => socialPublishDeliveries.id, { onDelete: "cascade" }),
    automationId: text().notNull(),
    platform: text().$type<SocialPlatform>().notNull(),
    accountId: text().notNull(),
    dueAt: ts("due_at").notNull(),
    dropId: text().notNull(),
    channelPreset: text().$type<ChannelPreset>().notNull(),
    variant: text().notNull(),
    text: text().notNull(),
    copyPack: jsonb().$type<CopyPack>().notNull(),
    videoUrl: text().notNull(),
    coverUrl: text().notNull(),
    ctaUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("social_publications_delivery_uq").on(t.deliveryId),
    uniqueIndex("social_publications_due_uq").on(t.automationId, t.platform, t.dueAt),
    index("social_publications_org_idx").on(t.organizationId, t.createdAt),
  ],
);
