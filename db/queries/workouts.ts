import { type SQL, and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../client";
import {
  type Difficulty,
  WORKOUT_DIFFICULTY_RANK_SQL,
  instructionAudio,
  organizations,
  trainers,
  videoAssets,
  workoutExports,
  workoutSegments,
  workouts,
} from "../schema";

/**
 * Workout reads of the content catalog. The org list only shows published, live rows; that
 * predicate is written as literal SQL (never a bound parameter) so the partial indexes of
 * db/schema/workouts.ts match under generic plans of prepared statements too.
 */
export const LISTED_WORKOUT = sql`${workouts.status} = 'published' and ${workouts.deletedAt} is null`;

/** A text[] literal of bound values (drizzle expands a bare JS array to a parenthesized list). */
export function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** Columns every workout shape needs (list item and detail). */
export const workoutListColumns = {
  id: workouts.id,
  organizationId: workouts.organizationId,
  organizationName: organizations.name,
  trainerId: workouts.trainerId,
  trainerName: trainers.name,
  name: workouts.name,
  description: workouts.description,
  duration: workouts.duration,
  difficulty: workouts.difficulty,
  visibility: workouts.visibility,
  locked: workouts.locked,
  tags: workouts.tags,
  customCategories: workouts.customCategories,
  presentationStyle: workouts.presentationStyle,
  skipWorkoutPreview: workouts.skipWorkoutPreview,
  skipWorkoutCompletionScreen: workouts.skipWorkoutCompletionScreen,
  videoAudioMode: workouts.videoAudioMode,
  allowAssessment: workouts.allowAssessment,
  assessmentType: workouts.assessmentType,
  previewVideoKey: workouts.previewVideoKey,
  previewPosterKey: workouts.previewPosterKey,
  previewThumbnailKey: workouts.previewThumbnailKey,
  ratingSum: workouts.ratingSum,
  ratingCount: workouts.ratingCount,
  createdAt: workouts.createdAt,
  updatedAt: workouts.updatedAt,
};

const detailColumns = {
  ...workoutListColumns,
  status: workouts.status,
  deletedAt: workouts.deletedAt,
  mixBgMusic: workouts.mixBgMusic,
  musicPlaylists: workouts.musicPlaylists,
  coverKey: workouts.coverKey,
  thumbnailKey: workouts.thumbnailKey,
  trainerPreferredLocale: trainers.preferredLocale,
};

/** One workout with its trainer and organization, whatever its status (the caller decides). */
export async function findWorkoutById(db: Tx, workoutId: string) {
  const [row] = await db
    .select(detailColumns)
    .from(workouts)
    .innerJoin(organizations, eq(organizations.id, workouts.organizationId))
    .leftJoin(trainers, eq(trainers.id, workouts.trainerId))
    .where(eq(workouts.id, workoutId))
    .limit(1);
  return row ?? null;
}

export type WorkoutDetailRow = NonNullable<Awaited<ReturnType<typeof findWorkoutById>>>;

export const WORKOUT_SORT_FIELDS = ["createdAt", "updatedAt", "name", "duration", "difficulty"] as const;
export type WorkoutSortField = (typeof WORKOUT_SORT_FIELDS)[number];

export interface WorkoutSearch {
  /** Every word must occur (substring of the lower-cased search document); the default mode. */
  words: string[];
  /** The whole lower-cased query, for relevance and for the fuzzy fallback. */
  phrase: string;
  /**
   * substring: words as substrings (trigram GIN index, LIKE). fuzzy: pg_trgm word similarity of
   * the phrase against the document (`%>`, same index); used when substring finds nothing.
   */
  mode: "substring" | "fuzzy";
}

export interface ListWorkoutsArgs {
  organizationId: string;
  limit: number;
  offset: number;
  locale: string;
  visibility?: "public" | "private";
  difficulty?: Difficulty;
  categoryIds?: string[];
  customCategories?: string[];
  minSeconds?: number;
  maxSeconds?: number;
  allowAssessment?: boolean;
  search?: WorkoutSearch;
  sort: { field: WorkoutSortField; direction: "asc" | "desc" }[];
}

function localizedName(locale: string): SQL {
  // en-US is written exactly like the index expression of workouts_org_name_idx.
  return locale === "en-US" ? sql`(${workouts.name}->>'en-US')` : sql`coalesce(${workouts.name}->>${locale}, ${workouts.name}->>'en-US')`;
}

function listConditions(args: ListWorkoutsArgs): SQL {
  const conds: SQL[] = [eq(workouts.organizationId, args.organizationId), LISTED_WORKOUT];
  if (args.visibility) conds.push(eq(workouts.visibility, args.visibility));
  if (args.difficulty) conds.push(eq(workouts.difficulty, args.difficulty));
  if (args.minSeconds !== undefined) conds.push(sql`${workouts.duration} >= ${args.minSeconds}`);
  if (args.maxSeconds !== undefined) conds.push(sql`${workouts.duration} <= ${args.maxSeconds}`);
  if (args.allowAssessment !== undefined) conds.push(args.allowAssessment ? sql`${workouts.allowAssessment}` : sql`not ${workouts.allowAssessment}`);
  const categoryConds: SQL[] = [];
  if (args.categoryIds?.length) {
    categoryConds.push(
      sql`exists (select 1 from workout_categories wc where wc.workout_id = ${workouts.id} and wc.category_id in ${args.categoryIds})`,
    );
  }
  if (args.customCategories?.length) categoryConds.push(sql`${workouts.customCategories} && ${textArray(args.customCategories)}`);
  if (categoryConds.length) conds.push(sql`(${sql.join(categoryConds, sql` or `)})`);
  if (args.search) {
    if (args.search.mode === "substring") {
      for (const w of args.search.words) conds.push(sql`${workouts.searchText} like ${containsPattern(w)}`);
    } else {
      conds.push(sql`${workouts.searchText} %> ${args.search.phrase}`);
    }
  }
  return and(...conds)!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` anywhere (LIKE's wildcards and escape character escaped). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern matching values that start with `text`. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

function orderBy(args: ListWorkoutsArgs): SQL[] {
  const s = args.search;
  if (s?.mode === "fuzzy") {
    return [sql`word_similarity(${s.phrase}, ${workouts.searchText}) desc`, desc(workouts.createdAt), desc(workouts.id)];
  }
  if (s) {
    // Relevance without per-row similarity maths: name starts with the query, then name
    // contains it, then a match elsewhere (other translations, descriptions); shorter names
    // first inside a tier (the closer trigram match), newest last.
    const name = sql`lower(${localizedName(args.locale)})`;
    return [
      sql`case when ${name} like ${prefixPattern(s.phrase)} then 0 when ${name} like ${containsPattern(s.phrase)} then 1 else 2 end`,
      sql`length(${name})`,
      desc(workouts.createdAt),
      desc(workouts.id),
    ];
  }
  const out: SQL[] = [];
  for (const key of args.sort) {
    const dir = key.direction === "desc" ? sql`desc` : sql`asc`;
    const expr =
      key.field === "createdAt" ? sql`${workouts.createdAt}`
      : key.field === "updatedAt" ? sql`${workouts.updatedAt}`
      : key.field === "duration" ? sql`${workouts.duration}`
      : key.field === "difficulty" ? WORKOUT_DIFFICULTY_RANK_SQL
      : localizedName(args.locale);
    out.push(sql`${expr} ${dir}`);
  }
  const first = args.sort[0]?.direction ?? "desc";
  if (!args.sort.some((k) => k.field === "createdAt")) out.push(first === "desc" ? desc(workouts.createdAt) : asc(workouts.createdAt));
  out.push(first === "desc" ? desc(workouts.id) : asc(workouts.id));
  return out;
}

/** One page of the org workout list (every filter, search and order applied in SQL). */
export function listOrgWorkoutPage(db: Tx, args: ListWorkoutsArgs) {
  return db
    .select(workoutListColumns)
    .from(workouts)
    .innerJoin(organizations, eq(organizations.id, workouts.organizationId))
    .leftJoin(trainers, eq(trainers.id, workouts.trainerId))
    .where(listConditions(args))
    .orderBy(...orderBy(args))
    .limit(args.limit)
    .offset(args.offset);
}

/** The exact number of workouts matching the list's filters and search (limit, offset and order do not matter). */
export async function countOrgWorkouts(db: Tx, args: ListWorkoutsArgs): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(workouts).where(listConditions(args));
  return row?.n ?? 0;
}

/** Listed workouts by id, in the order of `ids` (ids no longer listed are dropped). */
export async function listWorkoutsByIds(db: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(workoutListColumns)
    .from(workouts)
    .innerJoin(organizations, eq(organizations.id, workouts.organizationId))
    .leftJoin(trainers, eq(trainers.id, workouts.trainerId))
    .where(and(inArray(workouts.id, ids), LISTED_WORKOUT));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The workspace content version: the latest change to any of its workouts (deleted and draft
 * ones included). One backward probe of workouts_org_updated_idx.
 */
export async function getWorkoutsVersion(db: Tx, organizationId: string): Promise<string> {
  const [row] = await db.select({ v: sql<string | null>`max(${workouts.updatedAt})::text` }).from(workouts).where(eq(workouts.organizationId, organizationId));
  return row?.v ?? "none";
}

export type WorkoutListRow = Awaited<ReturnType<typeof listOrgWorkoutPage>>[number];

export interface WorkoutFacetRow {
  workout_id: string;
  rel: "category" | "equipment" | "muscle";
  ref_id: string;
  weight: number;
}

/**
 * Categories, equipment and weighted muscle groups of a page of workouts in one statement.
 * Equipment and muscles come from the clips the playlist plays: exercise clips weighted by
 * their planned seconds, multiExercise blocks split evenly over their clips, and analysed class
 * chapters weighted by chapter length.
 */
export async function listWorkoutFacets(db: Tx, workoutIds: string[]): Promise<WorkoutFacetRow[]> {
  if (workoutIds.length === 0) return [];
  const ids = textArray(workoutIds);
  const rows = await db.execute<{ workout_id: string; rel: WorkoutFacetRow["rel"]; ref_id: string; weight: number | string }>(sql`
    with seg as (
      select s.workout_id, s.kind, x.asset_id, s.duration_seconds / x.n as seconds
      from workout_segments s
      cross join lateral (
        select u as asset_id, count(*) over () as n
        from unnest(case when s.kind = 'multiExercise' and coalesce(cardinality(s.exercise_ids), 0) > 0 then s.exercise_ids else array[s.video_asset_id] end) u
      ) x
      where s.workout_id = any(${ids}) and s.kind in ('exercise', 'multiExercise', 'class') and x.asset_id is not null
    ),
    chapter as (
      select seg.workout_id, c.value as ch, greatest((c.value->>'endTimeSec')::float8 - (c.value->>'startTimeSec')::float8, 0) as seconds
      from seg
      join video_assets a on a.id = seg.asset_id and a.chapters is not null
      cross join lateral jsonb_array_elements(a.chapters) c
      where seg.kind = 'class'
    )
    select wc.workout_id, 'category' as rel, wc.category_id as ref_id, 0::float8 as weight
      from workout_categories wc where wc.workout_id = any(${ids})
    union all
    select seg.workout_id, 'equipment', e.equipment_id, 0 from seg join video_asset_equipment e on e.video_asset_id = seg.asset_id group by 1, 3
    union all
    select seg.workout_id, 'muscle', m.muscle_group_id, sum(seg.seconds * m.share) from seg join video_asset_muscle_groups m on m.video_asset_id = seg.asset_id group by 1, 3
    union all
    select chapter.workout_id, 'equipment', eq.value, 0 from chapter cross join lateral jsonb_array_elements_text(chapter.ch->'equipmentIds') eq group by 1, 3
    union all
    select chapter.workout_id, 'muscle', mg.value, sum(chapter.seconds / greatest(jsonb_array_length(chapter.ch->'muscleGroupIds'), 1))
      from chapter cross join lateral jsonb_array_elements_text(chapter.ch->'muscleGroupIds') mg group by 1, 3
  `);
  return rows.map((r) => ({ ...r, weight: Number(r.weight) }));
}

/** Voice-over tracks of the intro and outro clips of a workout's playlist (detail's audioIntro/audioOutro). */
export function listWorkoutVoiceOvers(db: Tx, workoutId: string) {
  return db
    .select({
      segmentKind: workoutSegments.kind,
      id: instructionAudio.id,
      locale: instructionAudio.locale,
      type: instructionAudio.type,
      assetKey: instructionAudio.assetKey,
      scriptText: instructionAudio.scriptText,
    })
    .from(workoutSegments)
    .innerJoin(instructionAudio, eq(instructionAudio.videoAssetId, workoutSegments.videoAssetId))
    .where(
      and(
        eq(workoutSegments.workoutId, workoutId),
        inArray(workoutSegments.kind, ["intro", "outro"]),
        inArray(instructionAudio.type, ["workoutIntro", "workoutOutro"]),
      ),
    );
}

/**
 * The workout (any status) and its playlist segments with the clip each plays, in order:
 * one statement. A workout without segments yields one row with null segment columns.
 */
export function listPlaylistRows(db: Tx, workoutId: string) {
  return db
    .select({
      workoutId: workouts.id,
      organizationId: workouts.organizationId,
      status: workouts.status,
      deletedAt: workouts.deletedAt,
      presentationStyle: workouts.presentationStyle,
      segmentId: workoutSegments.id,
      position: workoutSegments.position,
      kind: workoutSegments.kind,
      videoAssetId: workoutSegments.videoAssetId,
      exerciseIds: workoutSegments.exerciseIds,
      segmentName: workoutSegments.name,
      durationSeconds: workoutSegments.durationSeconds,
      workSeconds: workoutSegments.workSeconds,
      reps: workoutSegments.reps,
      pace: workoutSegments.pace,
      weightLevel: workoutSegments.weightLevel,
      rpe: workoutSegments.rpe,
      amrap: workoutSegments.amrap,
      skipIntro: workoutSegments.skipIntro,
      breakImageKey: workoutSegments.breakImageKey,
      assetKind: videoAssets.kind,
      assetName: videoAssets.name,
      assetVideoKey: videoAssets.videoKey,
      assetPosterKey: videoAssets.posterKey,
      assetThumbnailKey: videoAssets.thumbnailKey,
      assetDurationSeconds: videoAssets.durationSeconds,
      assetEstimatedRepDuration: videoAssets.estimatedRepDuration,
      assetChapters: videoAssets.chapters,
    })
    .from(workouts)
    .leftJoin(workoutSegments, eq(workoutSegments.workoutId, workouts.id))
    .leftJoin(videoAssets, eq(videoAssets.id, workoutSegments.videoAssetId))
    .where(eq(workouts.id, workoutId))
    .orderBy(asc(workoutSegments.position));
}

export type PlaylistRow = Awaited<ReturnType<typeof listPlaylistRows>>[number];

/** Finished exports of one kind, newest first (processing and failed rows never count). */
export function listReadyExports(db: Tx, workoutId: string, kind: "video" | "audio") {
  return db
    .select({ id: workoutExports.id, locale: workoutExports.locale, assetKey: workoutExports.assetKey, createdAt: workoutExports.createdAt, completedAt: workoutExports.completedAt })
    .from(workoutExports)
    .where(and(eq(workoutExports.workoutId, workoutId), eq(workoutExports.kind, kind), sql`${workoutExports.status} = 'ready'`, sql`${workoutExports.assetKey} is not null`))
    .orderBy(desc(workoutExports.createdAt), desc(workoutExports.id));
}
