import { type SQL, and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import { type Tx, clientOf } from "../client";
import { freshReader } from "../fresh-batch";
import {
  type AudioType,
  type Difficulty,
  type SegmentKind,
  type VideoAssetKind,
  WORKOUT_DIFFICULTY_RANK_SQL,
  instructionAudio,
  organizations,
  trainers,
  videoAssets,
  workoutCategories,
  workoutSegments,
  workouts,
} from "../schema";

/**
 * Workout reads of the content catalog. The org list only shows published, live rows; that
 * predicate is written as literal SQL (never a bound parameter) so the partial indexes of
 * db/schema/workouts.ts match under generic plans of prepared statements too.
 */
export const LISTED_WORKOUT = sql`${workouts.status} = 'published' and ${workouts.deletedAt} is null`;

/**
 * A text[] bound as ONE parameter (drizzle would expand a bare JS array to a parenthesized
 * list), so a statement's text does not depend on the list's length and stays preparable.
 */
export function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}

/**
 * Runs a fixed-shape statement as a prepared statement, parsed and planned once per pooled
 * connection instead of on every call (drizzle prepares only named builder queries), on the pool
 * or on a transaction's connection: after its first use on a connection a statement costs one
 * round trip (Bind/Execute) instead of two (Parse/Describe, then Bind/Execute).
 */
export async function queryPrepared<T>(db: Tx, query: SQL): Promise<T[]> {
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  return (await clientOf(db).unsafe(text, params as never[], { prepare: true })) as unknown as T[];
}

/** Columns every workout shape needs (list item and detail). */
export const workoutListColumns = {
  id: workouts.id,
  organizationId: workouts.organizationId,
  // Names as scalar subqueries, not joins: a page reads them for its own rows only (after its
  // sort and limit), by primary key, so no list plan scans the organizations or trainers table.
  organizationName: sql<string>`(select o.name from organizations o where o.id = ${workouts.organizationId})`.as("organization_name"),
  trainerId: workouts.trainerId,
  trainerName: sql<string | null>`(select t.name from trainers t where t.id = ${workouts.trainerId})`.as("trainer_name"),
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
  musicPoolIds: workouts.musicPoolIds,
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
    .leftJoin(trainers, eq(trainers.id, workouts.trainerId))
    .where(eq(workouts.id, workoutId))
    .limit(1)
    .prepare("findWorkoutById")
    .execute();
  return row ?? null;
}

export type WorkoutDetailRow = NonNullable<Awaited<ReturnType<typeof findWorkoutById>>>;

export const WORKOUT_SORT_FIELDS = ["createdAt", "updatedAt", "name", "duration", "difficulty"] as const;
export type WorkoutSortField = (typeof WORKOUT_SORT_FIELDS)[number];

export interface WorkoutSearch {
  /** Every word must occur (substring of the lower-cased search document, trigram GIN index). */
  words: string[];
  /** The whole lower-cased query, for relevance. */
  phrase: string;
  /**
   * The fuzzy fallback's corrections: per word (same index), the workspace words that count in
   * its place (any of them must occur). Absent for the plain substring search.
   */
  spellings?: string[][];
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
  /** Workouts whose clips use any of these equipment ids (the clips the `equipment` field is derived from). */
  equipmentIds?: string[];
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
    categoryConds.push(sql`exists (select 1 from workout_categories wc where wc.workout_id = ${workouts.id} and wc.category_id in ${args.categoryIds})`);
  }
  if (args.customCategories?.length) categoryConds.push(sql`${workouts.customCategories} && ${textArray(args.customCategories)}`);
  if (categoryConds.length) conds.push(sql`(${sql.join(categoryConds, sql` or `)})`);
  if (args.equipmentIds?.length) conds.push(usesEquipment(args.equipmentIds));
  if (args.search) {
    const { words, spellings } = args.search;
    words.forEach((w, i) => {
      const options = spellings?.[i] ?? [w];
      const likes = options.map((o) => sql`${workouts.searchText} like ${containsPattern(o)}`);
      conds.push(likes.length === 1 ? likes[0]! : sql`(${sql.join(likes, sql` or `)})`);
    });
  }
  return and(...conds)!;
}

/**
 * A workout uses equipment when a clip its playlist plays (exercise and class clips, every clip of
 * a multiExercise block) or an analysed class chapter names it: the same clips listWorkoutFacets
 * derives the `equipment` field from. Used by the hosted grids' equipment filter.
 */
function usesEquipment(equipmentIds: string[]): SQL {
  const ids = textArray(equipmentIds);
  return sql`exists (
    select 1 from workout_segments s
    where s.workout_id = ${workouts.id} and s.kind in ('exercise', 'multiExercise', 'class') and (
      exists (
        select 1 from video_asset_equipment e
        where e.equipment_id = any(${ids})
          and e.video_asset_id = any(case when s.kind = 'multiExercise' and coalesce(cardinality(s.exercise_ids), 0) > 0 then s.exercise_ids else array[s.video_asset_id] end)
      )
      or (s.kind = 'class' and exists (
        select 1 from video_assets a cross join lateral jsonb_array_elements(a.chapters) c
        where a.id = s.video_asset_id and a.chapters is not null and (c.value->'equipmentIds') ?| ${ids}
      ))
    )
  )`;
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
      key.field === "createdAt"
        ? sql`${workouts.createdAt}`
        : key.field === "updatedAt"
          ? sql`${workouts.updatedAt}`
          : key.field === "duration"
            ? sql`${workouts.duration}`
            : key.field === "difficulty"
              ? WORKOUT_DIFFICULTY_RANK_SQL
              : localizedName(args.locale);
    out.push(sql`${expr} ${dir}`);
  }
  const first = args.sort[0]?.direction ?? "desc";
  if (!args.sort.some((k) => k.field === "createdAt")) out.push(first === "desc" ? desc(workouts.createdAt) : asc(workouts.createdAt));
  out.push(first === "desc" ? desc(workouts.id) : asc(workouts.id));
  return out;
}

/**
 * One page of the org workout list (every filter, search and order applied in SQL), each row
 * also carrying the workspace content version (see getWorkoutsVersion), read in the same statement.
 */
export function listOrgWorkoutPage(db: Tx, args: ListWorkoutsArgs) {
  return db
    .select({
      ...workoutListColumns,
      contentVersion: sql<string>`${workspaceVersionSql(args.organizationId)}`,
    })
    .from(workouts)
    .where(listConditions(args))
    .orderBy(...orderBy(args))
    .limit(args.limit)
    .offset(args.offset);
}

/** The exact number of workouts matching the list's filters and search (limit, offset and order do not matter). */
export async function countOrgWorkouts(db: Tx, args: ListWorkoutsArgs): Promise<number> {
  const [row] = await countOrgWorkoutsQuery(db, args);
  return row?.n ?? 0;
}

/** The statement countOrgWorkouts runs (also explained by the plan checks). */
export function countOrgWorkoutsQuery(db: Tx, args: ListWorkoutsArgs) {
  return db.select({ n: sql<number>`count(*)::int` }).from(workouts).where(listConditions(args));
}

/**
 * Close spellings of query words among the words of a workspace's listed workouts (the
 * trigger-kept vocabulary, workout_search_words): for each word, up to `per` words with pg_trgm
 * similarity over its threshold (0.3), most similar (then most used) first.
 */
export function findSpellingsQuery(organizationId: string, words: string[], per = 3): SQL {
  return sql`
    select q.i::int as i, c.word, c.sim
    from unnest(${textArray(words)}) with ordinality as q(word, i)
    cross join lateral (
      select s.word, similarity(s.word, q.word)::float8 as sim
      from workout_search_words s
      where s.word % q.word and s.organization_id = ${organizationId} and s.workouts > 0
      order by sim desc, s.workouts desc, s.word
      limit ${per}
    ) c`;
}

export async function findSpellings(db: Tx, organizationId: string, words: string[]): Promise<{ i: number; word: string; sim: number }[]> {
  return queryPrepared(db, findSpellingsQuery(organizationId, words));
}

/** Listed workouts by id, in the order of `ids` (ids no longer listed are dropped). */
export async function listWorkoutsByIds(db: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(workoutListColumns)
    .from(workouts)
    .where(and(sql`${workouts.id} = any(${textArray(ids)})`, LISTED_WORKOUT))
    .prepare("listWorkoutsByIds")
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A workspace's content version as SQL: its latest workout change and latest rating change (one
 * backward probe each of workouts_org_updated_idx and workouts_org_rated_idx).
 */
function workspaceVersionSql(organizationId: SQL | string): SQL {
  return sql`(coalesce((select max(v.updated_at) from workouts v where v.organization_id = ${organizationId})::text, 'none') || '/' || coalesce((select max(v.rated_at) from workouts v where v.organization_id = ${organizationId})::text, ''))`;
}

/** Content versions of workspaces (see workspaceVersionSql). */
async function readWorkspaceVersions(db: Tx, organizationIds: string[]): Promise<Map<string, string>> {
  const rows = await queryPrepared<{ id: string; v: string }>(db, sql`select o.id, ${workspaceVersionSql(sql`o.id`)} as v from unnest(${textArray(organizationIds)}) as o(id)`);
  return new Map(rows.map((r) => [r.id, r.v]));
}

const workspaceVersion = freshReader(readWorkspaceVersions);

/**
 * The workspace content version: the latest change to any of its workouts (deleted and draft
 * ones included). Read fresh on every call; outside a transaction concurrent calls share
 * statements (db/fresh-batch.ts).
 */
export async function getWorkoutsVersion(db: Tx, organizationId: string): Promise<string> {
  return (await workspaceVersion(db, organizationId)) ?? "none";
}

export type WorkoutListRow = Awaited<ReturnType<typeof listWorkoutsByIds>>[number];

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
  const rows = await queryPrepared<{ workout_id: string; rel: WorkoutFacetRow["rel"]; ref_id: string; weight: number | string }>(
    db,
    sql`
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
  `,
  );
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
 * Equipment ids, weighted muscle groups and spoken tracks (every locale and type) of the clip
 * whose id is the SQL expression `idRef`, as three columns (`equipment_ids`, `muscles`, `audio`).
 */
export function assetRelationColumns(idRef: string): SQL {
  return sql.raw(`
    coalesce((select array_agg(e.equipment_id order by e.equipment_id) from video_asset_equipment e where e.video_asset_id = ${idRef}), '{}') as equipment_ids,
    coalesce((select json_agg(json_build_object('id', m.muscle_group_id, 'share', m.share) order by m.share desc, m.muscle_group_id)
              from video_asset_muscle_groups m where m.video_asset_id = ${idRef}), '[]') as muscles,
    coalesce((select json_agg(json_build_object('id', ia.id, 'locale', ia.locale, 'type', ia.type, 'assetKey', ia.asset_key,
                                                'scriptText', ia.script_text, 'createdAt', ia.created_at) order by ia.type, ia.locale)
              from instruction_audio ia where ia.video_asset_id = ${idRef}), '[]') as audio`);
}

type VideoAssetChapter = NonNullable<(typeof videoAssets.$inferSelect)["chapters"]>[number];

export interface PlaylistRow {
  segmentId: string;
  position: number;
  kind: SegmentKind;
  videoAssetId: string | null;
  exerciseIds: string[] | null;
  /** The segment's name (or else its clip's) already picked for the locale in SQL. */
  name: string;
  durationSeconds: number;
  workSeconds: number | null;
  reps: number | null;
  pace: string | null;
  weightLevel: string | null;
  rpe: number | null;
  amrap: boolean;
  skipIntro: boolean;
  breakImageKey: string | null;
  assetKind: VideoAssetKind | null;
  assetVideoKey: string | null;
  assetPosterKey: string | null;
  assetThumbnailKey: string | null;
  assetDurationSeconds: number | null;
  assetEstimatedRepDuration: number | null;
  assetChapters: VideoAssetChapter[] | null;
  /** The master playlist of the clip's HLS package (long clips, once packaged), or null. */
  assetHlsKey: string | null;
}

export interface PlaylistAssetRelations {
  id: string;
  equipmentIds: string[];
  muscles: { id: string; share: number }[];
  audio: { id: string; locale: string; type: AudioType; assetKey: string; scriptText: string | null }[];
  /** Every scripted spoken track of the clip (all locales): what its caption tracks cover. */
  voiced?: { locale: string; type: AudioType }[];
}

/**
 * A translation map's text for a locale, in SQL, with pickText's order: exact, the same
 * language (first key), en-US, en-GB, any non-empty value.
 */
function pickTextSql(map: SQL, locale: string): SQL {
  const lang = locale.split("-")[0]!.toLowerCase();
  return sql`coalesce(nullif(${map}->>${locale}::text, ''),
    (select v from jsonb_each_text(${map}) e(k, v) where lower(split_part(k, '-', 1)) = ${lang}::text and v <> '' order by k limit 1),
    nullif(${map}->>'en-US', ''), nullif(${map}->>'en-GB', ''), (select v from jsonb_each_text(${map}) e(k, v) where v <> '' limit 1), '')`;
}

/**
 * A workout's whole playlist in ONE statement (the playlist is the hottest read): the workout
 * (any status; the caller decides), its segments in order with the clip each plays and the
 * name picked for `locale`, and for every clip involved (including the clips of multiExercise
 * blocks) its equipment, muscles and the best spoken track of each type for `locale` (exact,
 * same language, en-US, en-GB, en-AU, any: the order of pickLocalized). Null when the
 * workout does not exist.
 */
export async function findPlaylist(db: Tx, workoutId: string, locale: string) {
  const lang = locale.split("-")[0]!.toLowerCase();
  const [row] = await queryPrepared<{
    organization_id: string;
    status: string;
    deleted_at: string | null;
    presentation_style: string;
    segments: PlaylistRow[];
    relations: (Omit<PlaylistAssetRelations, "equipmentIds"> & { equipment_ids: string[] })[];
  }>(
    db,
    sql`
    with seg as (
      select s.id as "segmentId", s.position, s.kind, s.video_asset_id as "videoAssetId", s.exercise_ids as "exerciseIds",
        case when s.name is not null then ${pickTextSql(sql.raw("s.name"), locale)} else ${pickTextSql(sql.raw("a.name"), locale)} end as name,
        s.duration_seconds as "durationSeconds", s.work_seconds as "workSeconds", s.reps, s.pace, s.weight_level as "weightLevel", s.rpe, s.amrap,
        s.skip_intro as "skipIntro", s.break_image_key as "breakImageKey", a.kind as "assetKind", a.video_key as "assetVideoKey",
        a.poster_key as "assetPosterKey", a.thumbnail_key as "assetThumbnailKey", a.duration_seconds as "assetDurationSeconds",
        a.estimated_rep_duration as "assetEstimatedRepDuration", a.chapters as "assetChapters", h.master_key as "assetHlsKey"
      from workout_segments s
      left join video_assets a on a.id = s.video_asset_id
      left join video_hls_packages h on h.video_key = a.video_key and h.status = 'ready'
      where s.workout_id = ${workoutId}::text
    ),
    clip as (
      select distinct x as id from seg cross join lateral unnest(array["videoAssetId"] || coalesce("exerciseIds", '{}'::text[])) x where x is not null
    )
    select w.organization_id, w.status, w.deleted_at, w.presentation_style,
      (select coalesce(json_agg(seg order by seg.position), '[]') from seg) as segments,
      (select coalesce(json_agg(r), '[]') from (
        select clip.id,
          coalesce((select array_agg(e.equipment_id order by e.equipment_id) from video_asset_equipment e where e.video_asset_id = clip.id), '{}') as equipment_ids,
          coalesce((select json_agg(json_build_object('id', m.muscle_group_id, 'share', m.share) order by m.share desc, m.muscle_group_id)
                    from video_asset_muscle_groups m where m.video_asset_id = clip.id), '[]') as muscles,
          coalesce((select json_agg(json_build_object('id', t.id, 'locale', t.locale, 'type', t.type, 'assetKey', t.asset_key, 'scriptText', t.script_text))
                    from (select distinct on (ia.type) ia.* from instruction_audio ia where ia.video_asset_id = clip.id
                          order by ia.type, case when ia.locale = ${locale}::text then 0 when lower(split_part(ia.locale, '-', 1)) = ${lang}::text then 1
                            when ia.locale = 'en-US' then 2 when ia.locale = 'en-GB' then 3 when ia.locale = 'en-AU' then 4 else 5 end, ia.locale) t), '[]') as audio,
          coalesce((select json_agg(json_build_object('locale', ia.locale, 'type', ia.type) order by ia.locale, ia.type)
                    from instruction_audio ia where ia.video_asset_id = clip.id and coalesce(ia.script_text, '') <> ''), '[]') as voiced
        from clip) r) as relations
    from workouts w
    where w.id = ${workoutId}::text
  `,
  );
  if (!row) return null;
  const relations = new Map<string, PlaylistAssetRelations>();
  for (const r of row.relations) relations.set(r.id, { id: r.id, equipmentIds: r.equipment_ids ?? [], muscles: r.muscles ?? [], audio: r.audio ?? [], voiced: r.voiced ?? [] });
  return {
    organizationId: row.organization_id,
    status: row.status,
    deletedAt: row.deleted_at,
    presentationStyle: row.presentation_style,
    segments: row.segments,
    relations,
  };
}

/** The few columns that decide whether a cached rendering of a workout is still current. */
type WorkoutVersionRow = { organization_id: string; status: string; deleted_at: string | null; version: string };

async function readWorkoutVersions(db: Tx, ids: string[]): Promise<Map<string, WorkoutVersionRow>> {
  const rows = await queryPrepared<WorkoutVersionRow & { id: string }>(
    db,
    sql`select id, organization_id, status, deleted_at, updated_at::text || '/' || coalesce(rated_at::text, '') as version from workouts where id = any(${textArray(ids)})`,
  );
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

const workoutVersion = freshReader(readWorkoutVersions);

/**
 * A workout's owner, state and version (updated_at), read fresh on every call: outside a
 * transaction, concurrent calls share statements (db/fresh-batch.ts) without reusing a read that
 * began before they were made.
 */
export async function findWorkoutVersion(db: Tx, workoutId: string): Promise<WorkoutVersionRow | null> {
  return (await workoutVersion(db, workoutId)) ?? null;
}

// --- Writes of the content services (server/services/content/create-workout.ts, publish-content.ts) ---

export type NewWorkout = typeof workouts.$inferInsert;
export type NewWorkoutSegment = typeof workoutSegments.$inferInsert;

/** Writes a workout, its categories and its playlist (call inside the caller's transaction). */
export async function insertWorkoutWithPlaylist(db: Tx, workout: NewWorkout, categoryIds: string[], segments: NewWorkoutSegment[]): Promise<void> {
  await db.insert(workouts).values(workout);
  if (categoryIds.length) await db.insert(workoutCategories).values(categoryIds.map((categoryId) => ({ workoutId: workout.id!, categoryId })));
  if (segments.length) await db.insert(workoutSegments).values(segments);
}

/** The clips a playlist may reference, with what its segments need (any organization; callers check access). */
export function listSegmentAssets(db: Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: videoAssets.id,
      organizationId: videoAssets.organizationId,
      kind: videoAssets.kind,
      stockTier: videoAssets.stockTier,
      durationSeconds: videoAssets.durationSeconds,
      estimatedRepDuration: videoAssets.estimatedRepDuration,
      videoKey: videoAssets.videoKey,
      posterKey: videoAssets.posterKey,
      thumbnailKey: videoAssets.thumbnailKey,
    })
    .from(videoAssets)
    .where(and(sql`${videoAssets.id} = any(${textArray(ids)})`, sql`${videoAssets.deletedAt} is null`));
}

/**
 * What frames a workspace's workouts: its newest intro and outro clips and the break image its
 * playlists use most, so a generated workout opens, rests and closes like the workspace's own.
 */
export async function findWorkspaceFraming(db: Tx, organizationId: string): Promise<{ introId: string | null; outroId: string | null; breakImageKey: string | null }> {
  const [row] = await db.execute<{ intro_id: string | null; outro_id: string | null; break_image_key: string | null }>(sql`
    select
      (select a.id from video_assets a where a.organization_id = ${organizationId} and a.kind = 'workout-intro' and a.deleted_at is null
        order by a.created_at desc, a.id limit 1) as intro_id,
      (select a.id from video_assets a where a.organization_id = ${organizationId} and a.kind = 'workout-outro' and a.deleted_at is null
        order by a.created_at desc, a.id limit 1) as outro_id,
      (select s.break_image_key from workout_segments s join workouts w on w.id = s.workout_id
        where w.organization_id = ${organizationId} and s.kind = 'break' and s.break_image_key is not null
        group by s.break_image_key order by count(*) desc, s.break_image_key limit 1) as break_image_key`);
  return { introId: row?.intro_id ?? null, outroId: row?.outro_id ?? null, breakImageKey: row?.break_image_key ?? null };
}

/** A live workout of an organization with what publishing and autopilot checks need. */
export async function findOrgWorkoutState(db: Tx, organizationId: string, workoutId: string) {
  const [row] = await db
    .select({
      id: workouts.id,
      status: workouts.status,
      source: workouts.source,
      duration: workouts.duration,
      // Qualified by hand: drizzle renders a single-table select's columns unqualified, which the subquery would resolve to s.id.
      segments: sql<number>`(select count(*)::int from workout_segments s where s.workout_id = "workouts"."id")`,
    })
    .from(workouts)
    .where(and(eq(workouts.id, workoutId), eq(workouts.organizationId, organizationId), sql`${workouts.deletedAt} is null`))
    .limit(1);
  return row ?? null;
}

/**
 * Moves a live workout from one status to the other (bumping updated_at, which versions every
 * cached list, playlist and facet of it). Returns whether a row changed.
 */
export async function setWorkoutStatus(db: Tx, organizationId: string, workoutId: string, from: "draft" | "published", to: "draft" | "published"): Promise<boolean> {
  const rows = await db
    .update(workouts)
    .set({ status: to, updatedAt: new Date(), ...(to === "published" ? { publishedAt: sql`coalesce(${workouts.publishedAt}, now())` } : {}) })
    .where(and(eq(workouts.id, workoutId), eq(workouts.organizationId, organizationId), eq(workouts.status, from), sql`${workouts.deletedAt} is null`))
    .returning({ id: workouts.id });
  return rows.length > 0;
}

/** A live workout of an organization, locked for an edit in the caller's transaction. */
export async function lockOrgWorkout(db: Tx, organizationId: string, workoutId: string) {
  const [row] = await db
    .select({ id: workouts.id, status: workouts.status, locked: workouts.locked })
    .from(workouts)
    .where(and(eq(workouts.id, workoutId), eq(workouts.organizationId, organizationId), sql`${workouts.deletedAt} is null`))
    .for("update");
  return row ?? null;
}

/** Replaces a workout's columns, categories and playlist (call inside the caller's transaction). */
export async function replaceWorkoutContent(db: Tx, workoutId: string, columns: Partial<NewWorkout>, categoryIds: string[], segments: NewWorkoutSegment[]): Promise<void> {
  await db.update(workouts).set(columns).where(eq(workouts.id, workoutId));
  await db.delete(workoutCategories).where(eq(workoutCategories.workoutId, workoutId));
  if (categoryIds.length) await db.insert(workoutCategories).values(categoryIds.map((categoryId) => ({ workoutId, categoryId })));
  await db.delete(workoutSegments).where(eq(workoutSegments.workoutId, workoutId));
  if (segments.length) await db.insert(workoutSegments).values(segments);
}

// --- The console's library (every live workout of a workspace: drafts and private ones too) ---

export interface WorkspaceWorkoutFilter {
  organizationId: string;
  /** Lower-cased words that must all appear in the search document. */
  words?: string[];
  status?: "draft" | "published";
  visibility?: "public" | "private";
  difficulty?: Difficulty;
  limit: number;
  offset: number;
}

/** A page of a workspace's live workouts, most recently changed first, and the total that matches. */
export async function listWorkspaceWorkoutPage(db: Tx, f: WorkspaceWorkoutFilter) {
  const conds: SQL[] = [eq(workouts.organizationId, f.organizationId), sql`${workouts.deletedAt} is null`];
  for (const w of f.words ?? []) conds.push(sql`${workouts.searchText} like ${containsPattern(w)}`);
  if (f.status) conds.push(eq(workouts.status, f.status));
  if (f.visibility) conds.push(eq(workouts.visibility, f.visibility));
  if (f.difficulty) conds.push(eq(workouts.difficulty, f.difficulty));
  const where = and(...conds)!;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: workouts.id,
        name: workouts.name,
        status: workouts.status,
        visibility: workouts.visibility,
        difficulty: workouts.difficulty,
        duration: workouts.duration,
        source: workouts.source,
        locked: workouts.locked,
        thumbnailKey: workouts.thumbnailKey,
        updatedAt: workouts.updatedAt,
        publishedAt: workouts.publishedAt,
        segments: sql<number>`(select count(*)::int from workout_segments s where s.workout_id = "workouts"."id")`,
      })
      .from(workouts)
      .where(where)
      .orderBy(desc(workouts.updatedAt), desc(workouts.id))
      .limit(f.limit)
      .offset(f.offset),
    db.$count(workouts, where),
  ]);
  return { rows, total };
}

/** A live workout of a workspace with its categories and ordered playlist (the console's builder). */
export async function findWorkoutForEditing(db: Tx, organizationId: string, workoutId: string) {
  const [row] = await db
    .select()
    .from(workouts)
    .where(and(eq(workouts.id, workoutId), eq(workouts.organizationId, organizationId), sql`${workouts.deletedAt} is null`));
  if (!row) return null;
  const [categories, segments] = await Promise.all([
    db.select({ categoryId: workoutCategories.categoryId }).from(workoutCategories).where(eq(workoutCategories.workoutId, workoutId)),
    db
      .select({
        segment: workoutSegments,
        clipName: videoAssets.name,
        clipKind: videoAssets.kind,
        clipThumbnailKey: videoAssets.thumbnailKey,
        clipDuration: videoAssets.durationSeconds,
        clipStockTier: videoAssets.stockTier,
      })
      .from(workoutSegments)
      .leftJoin(videoAssets, eq(videoAssets.id, workoutSegments.videoAssetId))
      .where(eq(workoutSegments.workoutId, workoutId))
      .orderBy(asc(workoutSegments.position)),
  ]);
  return { workout: row, categoryIds: categories.map((c) => c.categoryId), segments };
}

/** Names and kinds of clips by id (the builder shows the extra clips of multi-exercise blocks). */
export function listClipLabels(db: Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: videoAssets.id, name: videoAssets.name, kind: videoAssets.kind, thumbnailKey: videoAssets.thumbnailKey })
    .from(videoAssets)
    .where(inArray(videoAssets.id, ids));
}

/** Which of these workouts are published, live workouts of the organization. */
export async function listPublishedWorkoutIds(db: Tx, organizationId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: workouts.id })
    .from(workouts)
    .where(and(eq(workouts.organizationId, organizationId), inArray(workouts.id, ids), LISTED_WORKOUT));
  return rows.map((r) => r.id);
}

/** What a workout.published webhook says about each workout, with its organization's default locale for the name. */
export function listPublishedWorkoutAnnouncements(db: Tx, workoutIds: readonly string[]) {
  return db
    .select({
      id: workouts.id,
      organizationId: workouts.organizationId,
      name: workouts.name,
      visibility: workouts.visibility,
      difficulty: workouts.difficulty,
      duration: workouts.duration,
      publishedAt: workouts.publishedAt,
      locale: organizations.defaultLocale,
    })
    .from(workouts)
    .innerJoin(organizations, eq(organizations.id, workouts.organizationId))
    .where(inArray(workouts.id, [...workoutIds]));
}

/**
 * Published, live workouts whose rendered exports use any of these clips (a playlist segment
 * plays it, or speaks its voice tracks) or music tracks (a pool the workout's music comes from:
 * the organization's pools and its trainer's). A workout whose mix leaves the music out is
 * included too: its export version decides whether anything is rendered again.
 */
export async function listPublishedWorkoutsUsingMedia(db: Tx, media: { videoAssetIds?: readonly string[]; musicTrackIds?: readonly string[] }): Promise<string[]> {
  const clips = media.videoAssetIds ?? [];
  const tracks = media.musicTrackIds ?? [];
  if (clips.length === 0 && tracks.length === 0) return [];
  const rows = await db.execute<{ id: string }>(sql`
    select w.id from workouts w
    where w.status = 'published' and w.deleted_at is null
      and (
        exists (select 1 from workout_segments s where s.workout_id = w.id and s.video_asset_id = any(${textArray(clips)}))
        or exists (
          select 1 from music_pool_tracks pt
          join music_pools p on p.id = pt.pool_id
          where pt.track_id = any(${textArray(tracks)}) and p.organization_id = w.organization_id
            and (p.trainer_id is null or p.trainer_id = w.trainer_id)
        )
      )
    order by w.id`);
  return rows.map((r) => r.id);
}
