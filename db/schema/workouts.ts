import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex } from "drizzle-orm/pg-core";
import { type Translations, createdAt, deletedAt, id, ts, updatedAt } from "./columns";
import { videoAssets } from "./exercises";
import { organizations } from "./organizations";
import { trainers } from "./people";
import { categories } from "./reference";

export const DIFFICULTIES = ["beginner", "intermediate", "advanced"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const WORKOUT_VISIBILITIES = ["public", "private"] as const;
export const CONTENT_STATUSES = ["draft", "published"] as const;
/** team: made in the workspace; template: platform templates copied in; ai-generated: autopilot output. */
export const WORKOUT_SOURCES = ["team", "template", "ai-generated"] as const;

/**
 * Difficulty in its natural order (beginner < intermediate < advanced) as SQL; the list's
 * `sort=difficulty` uses exactly this expression so workouts_org_difficulty_rank_idx serves it.
 */
export const WORKOUT_DIFFICULTY_RANK_SQL = sql.raw(`(case "difficulty" when 'beginner' then 1 when 'intermediate' then 2 else 3 end)`);

export interface MusicPlaylists {
  spotify: { url: string } | null;
  appleMusic: { url: string } | null;
  youtubeMusic: { url: string } | null;
}

export const workouts = pgTable(
  "workouts",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    trainerId: text().references(() => trainers.id),
    name: jsonb().$type<Translations>().notNull(),
    description: jsonb().$type<Translations>().notNull().default({}),
    /** Every translation of name and description, lower-cased: the fuzzy-search document. */
    searchText: text().notNull().default(""),
    /** Planned length in seconds (sum of the playlist). */
    duration: integer().notNull(),
    difficulty: text().$type<Difficulty>().notNull(),
    visibility: text().$type<(typeof WORKOUT_VISIBILITIES)[number]>().notNull(),
    status: text().$type<(typeof CONTENT_STATUSES)[number]>().notNull().default("published"),
    source: text().$type<(typeof WORKOUT_SOURCES)[number]>().notNull().default("team"),
    locked: boolean().notNull().default(false),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** Workspace-defined categories, matched by `custom:<name>` tokens. */
    customCategories: text().array().notNull().default(sql`'{}'::text[]`),
    presentationStyle: text().notNull().default("full"),
    mixBgMusic: boolean().notNull().default(true),
    skipWorkoutPreview: boolean().notNull().default(false),
    skipWorkoutCompletionScreen: boolean().notNull().default(false),
    videoAudioMode: text().notNull().default("full"),
    allowAssessment: boolean().notNull().default(false),
    assessmentType: text(),
    previewVideoKey: text(),
    previewPosterKey: text(),
    previewThumbnailKey: text(),
    coverKey: text(),
    thumbnailKey: text(),
    musicPlaylists: jsonb().$type<MusicPlaylists>().notNull().default({ spotify: null, appleMusic: null, youtubeMusic: null }),
    /**
     * Music pools the workout plays (chosen in the console's builder). Empty: the organization's
     * pools plus its trainer's, as before pools could be chosen.
     */
    musicPoolIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** Denormalized from feedback in the same transaction, so lists never aggregate. */
    ratingSum: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    /**
     * Last change of the rating. A rating is not an edit (updatedAt stays), but cached renderings
     * that show the rating key their version on both (db/queries/workouts.ts).
     */
    ratedAt: ts("rated_at"),
    publishedAt: ts("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => {
    /** The org workout list only ever reads published, live rows: partial indexes stay small and allow index-only counts. */
    const listed = sql`${t.status} = 'published' and ${t.deletedAt} is null`;
    return [
      index("workouts_org_list_idx").on(t.organizationId, t.status, t.createdAt),
      index("workouts_listed_created_idx").on(t.organizationId, t.createdAt, t.id).where(listed),
      // Every scalar list filter (and the id, for category semi-joins) in one narrow index: exact totals of any
      // filter combination are index-only scans.
      index("workouts_listed_filters_idx").on(t.organizationId, t.difficulty, t.visibility, t.allowAssessment, t.duration, t.id).where(listed),
      // The workspace content version (latest change of any workout, deleted ones included) that keys cached list totals.
      index("workouts_org_updated_idx").on(t.organizationId, t.updatedAt),
      index("workouts_org_rated_idx").on(t.organizationId, t.ratedAt),
      index("workouts_listed_updated_idx").on(t.organizationId, t.updatedAt, t.id).where(listed),
      index("workouts_org_visibility_idx").on(t.organizationId, t.visibility, t.createdAt).where(listed),
      index("workouts_org_difficulty_idx").on(t.organizationId, t.difficulty, t.createdAt).where(listed),
      index("workouts_org_difficulty_rank_idx").on(t.organizationId, sql`${WORKOUT_DIFFICULTY_RANK_SQL}`, t.createdAt).where(listed),
      index("workouts_org_duration_idx").on(t.organizationId, t.duration).where(listed),
      index("workouts_org_assessment_idx").on(t.organizationId, t.createdAt).where(sql`${listed} and ${t.allowAssessment}`),
      index("workouts_org_name_idx").on(t.organizationId, sql`(${t.name}->>'en-US')`).where(listed),
      index("workouts_custom_categories_idx").using("gin", t.customCategories),
      index("workouts_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    ];
  },
);

/**
 * The vocabulary of each workspace's listed workouts: every word (3+ letters, no digits) of their
 * search documents, with how many workouts contain it. Kept exact by statement-level triggers on
 * workouts (migration 0003_search_words_triggers). The list's fuzzy fallback corrects misspelled query
 * words against it (trigram similarity on a few thousand short words) instead of comparing the
 * query with every long search document.
 */
export const workoutSearchWords = pgTable(
  "workout_search_words",
  {
    organizationId: text().notNull(),
    word: text().notNull(),
    workouts: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.word] }), index("workout_search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);

export const workoutCategories = pgTable(
  "workout_categories",
  {
    workoutId: text()
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    categoryId: text()
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.workoutId, t.categoryId] }), index("workout_categories_category_idx").on(t.categoryId, t.workoutId)],
);

export const SEGMENT_KINDS = ["intro", "exercise", "multiExercise", "class", "promo", "educational", "break", "outro"] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** One entry of a workout's playlist, in order. */
export const workoutSegments = pgTable(
  "workout_segments",
  {
    id: id(),
    workoutId: text()
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    kind: text().$type<SegmentKind>().notNull(),
    /** The clip played (exercise, class, multiExercise, promo, educational, intro, outro). */
    videoAssetId: text().references(() => videoAssets.id),
    /** Extra clips of a multiExercise block. */
    exerciseIds: text().array(),
    name: jsonb().$type<Translations>(),
    /** Planned seconds: work window for exercises, file length for media, rest for breaks. */
    durationSeconds: real().notNull(),
    workSeconds: integer(),
    reps: integer(),
    pace: text(),
    weightLevel: text(),
    rpe: real(),
    amrap: boolean().notNull().default(false),
    skipIntro: boolean().notNull().default(false),
    breakImageKey: text(),
  },
  (t) => [uniqueIndex("workout_segments_pos_uq").on(t.workoutId, t.position)],
);

export const musicTracks = pgTable(
  "music_tracks",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text().notNull(),
    artist: text(),
    durationSeconds: real().notNull(),
    filename: text().notNull(),
    assetKey: text().notNull(),
    bpm: integer(),
    createdAt: createdAt(),
  },
  (t) => [index("music_tracks_org_idx").on(t.organizationId)],
);

/** A music pool of the organization (trainerId null) or of one trainer. */
export const musicPools = pgTable(
  "music_pools",
  {
    id: id(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    trainerId: text().references(() => trainers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("music_pools_org_idx").on(t.organizationId)],
);

export const musicPoolTracks = pgTable(
  "music_pool_tracks",
  {
    poolId: text()
      .notNull()
      .references(() => musicPools.id, { onDelete: "cascade" }),
    trackId: text()
      .notNull()
      .references(() => musicTracks.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.trackId] })],
);
