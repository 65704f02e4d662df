import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex } from "drizzle-orm/pg-core";
import { type Translations, createdAt, deletedAt, id, updatedAt } from "./columns";
import { organizations } from "./organizations";
import { equipment, muscleGroups } from "./reference";

export const VIDEO_ASSET_KINDS = ["single-exercise", "class", "multi-exercise", "promo", "educational", "workout-intro", "workout-outro"] as const;
export type VideoAssetKind = (typeof VIDEO_ASSET_KINDS)[number];
export const SKILL_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export const EXECUTION_SIDES = ["both", "alternating", "left", "right", "none"] as const;

/** A workspace exercise video (and the other clips that playlists reference). */
export const videoAssets = pgTable(
  "video_assets",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    kind: text().$type<VideoAssetKind>().notNull(),
    /**
     * Set on clips of the platform stock catalog (owned by the platform stock organization):
     * free or premium. Null for workspace clips.
     */
    stockTier: text().$type<"free" | "premium">(),
    name: jsonb().$type<Translations>().notNull(),
    description: jsonb().$type<Translations>().notNull().default({}),
    /** Every translation of the name, lower-cased, for trigram-indexed substring search. */
    searchText: text().notNull().default(""),
    skillLevel: text().$type<(typeof SKILL_LEVELS)[number]>(),
    executionSide: text().$type<(typeof EXECUTION_SIDES)[number]>(),
    coach: text(),
    collectionName: text(),
    estimatedRepDuration: real().notNull().default(3),
    impact: text().$type<"low" | "high">().notNull().default("low"),
    movementPattern: text(),
    isStretch: boolean().notNull().default(false),
    /** Workout category keys the exercise suits (used by AI pools). */
    categoryKeys: text().array().notNull().default(sql`'{}'::text[]`),
    videoKey: text().notNull(),
    posterKey: text(),
    thumbnailKey: text(),
    durationSeconds: real().notNull(),
    /** Chapter analysis of class videos; null until analysed. */
    chapters: jsonb().$type<{ name: string; startTimeSec: number; endTimeSec: number; equipmentIds: string[]; muscleGroupIds: string[] }[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index("video_assets_org_created_idx").on(t.organizationId, t.createdAt),
    index("video_assets_org_kind_idx").on(t.organizationId, t.kind),
    index("video_assets_org_coach_idx").on(t.organizationId, t.coach),
    index("video_assets_org_collection_idx").on(t.organizationId, t.collectionName),
    index("video_assets_org_skill_idx").on(t.organizationId, t.skillLevel),
    index("video_assets_org_side_idx").on(t.organizationId, t.executionSide),
    index("video_assets_org_name_idx").on(t.organizationId, sql`(${t.name}->>'en-US')`),
    index("video_assets_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const videoAssetMuscleGroups = pgTable(
  "video_asset_muscle_groups",
  {
    videoAssetId: text().notNull().references(() => videoAssets.id, { onDelete: "cascade" }),
    muscleGroupId: text().notNull().references(() => muscleGroups.id),
    /** Share of the work on this muscle group, 0..1. */
    share: real().notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoAssetId, t.muscleGroupId] }), index("vamg_muscle_idx").on(t.muscleGroupId)],
);

export const videoAssetEquipment = pgTable(
  "video_asset_equipment",
  {
    videoAssetId: text().notNull().references(() => videoAssets.id, { onDelete: "cascade" }),
    equipmentId: text().notNull().references(() => equipment.id),
  },
  (t) => [primaryKey({ columns: [t.videoAssetId, t.equipmentId] }), index("vae_equipment_idx").on(t.equipmentId)],
);

export const AUDIO_TYPES = ["workoutIntro", "exerciseCue", "exerciseInstruction", "workoutOutro"] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];

/** Spoken instruction tracks of a single-exercise clip, one per locale and type. */
export const instructionAudio = pgTable(
  "instruction_audio",
  {
    id: id(),
    videoAssetId: text().notNull().references(() => videoAssets.id, { onDelete: "cascade" }),
    locale: text().notNull(),
    type: text().$type<AudioType>().notNull().default("exerciseInstruction"),
    assetKey: text().notNull(),
    scriptText: text(),
    durationSeconds: real(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("instruction_audio_asset_locale_type_uq").on(t.videoAssetId, t.locale, t.type)],
);

/** Exercise groups: circuits, sets and supersets built from workspace clips. */
export const exerciseGroups = pgTable(
  "exercise_groups",
  {
    id: id(),
    organizationId: text().notNull().references(() => organizations.id, { onDelete: "cascade" }),
    name: jsonb().$type<Translations>().notNull(),
    type: text().$type<"circuit" | "set" | "superset">().notNull(),
    rounds: integer().notNull().default(1),
    restBetweenRoundsSeconds: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index("exercise_groups_org_created_idx").on(t.organizationId, t.createdAt), index("exercise_groups_org_type_idx").on(t.organizationId, t.type, t.createdAt)],
);

export const exerciseGroupItems = pgTable(
  "exercise_group_items",
  {
    id: id(),
    groupId: text().notNull().references(() => exerciseGroups.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    videoAssetId: text().notNull().references(() => videoAssets.id),
    workSeconds: integer(),
    reps: integer(),
    restSeconds: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("exercise_group_items_pos_uq").on(t.groupId, t.position)],
);

export const VIDEO_HLS_STATUSES = ["ready", "failed"] as const;
export type VideoHlsStatus = (typeof VIDEO_HLS_STATUSES)[number];

/**
 * The adaptive (HLS) package of a long clip's video file (server/services/media-uploads/clip-hls.ts),
 * one row per stored video key: clips that share a file (the seeded libraries of every workspace
 * point at the same demo media) share its package. `ready`: `master_key` is the stored master
 * playlist, and playlists give the clip an `hlsUrl`; `failed`: the last attempt failed (the clip
 * plays progressively; the job system and the sweep retry up to a limit).
 */
export const videoHlsPackages = pgTable("video_hls_packages", {
  videoKey: text().primaryKey(),
  status: text().$type<VideoHlsStatus>().notNull(),
  /** The master playlist's storage key; set only when ready. */
  masterKey: text(),
  attempts: integer().notNull().default(0),
  lastError: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
