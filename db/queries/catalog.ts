import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { planWorkouts, plans, videoAssets, workoutSegments, workouts } from "../schema";
import { STOCK_ORGANIZATION_ID } from "../reference/ids";

/**
 * Lean, indexed reads of the catalog for the AI engines: the exercise pool, exercise details
 * for the few clips a result uses, and candidate workouts and plans. Each is one round trip
 * whatever the number of rows (aggregates are correlated subqueries on primary keys).
 */

export interface PoolRow {
  id: string;
  organizationId: string;
  stockTier: "free" | "premium" | null;
  nameEn: string;
  skillLevel: "beginner" | "intermediate" | "advanced" | null;
  collectionName: string | null;
  coach: string | null;
  estimatedRepDuration: number;
  impact: "low" | "high";
  movementPattern: string | null;
  isStretch: boolean;
  categoryKeys: string[];
  muscles: [string, number][];
  equipmentIds: string[];
}

const poolColumns = {
  id: videoAssets.id,
  organizationId: videoAssets.organizationId,
  stockTier: videoAssets.stockTier,
  nameEn: sql<string>`coalesce(${videoAssets.name}->>'en-US', '')`,
  skillLevel: videoAssets.skillLevel,
  collectionName: videoAssets.collectionName,
  coach: videoAssets.coach,
  estimatedRepDuration: videoAssets.estimatedRepDuration,
  impact: videoAssets.impact,
  movementPattern: videoAssets.movementPattern,
  isStretch: videoAssets.isStretch,
  categoryKeys: videoAssets.categoryKeys,
  muscles: sql<
    [string, number][]
  >`coalesce((select json_agg(json_build_array(m.muscle_group_id, m.share) order by m.share desc, m.muscle_group_id) from video_asset_muscle_groups m where m.video_asset_id = ${videoAssets.id}), '[]'::json)`,
  equipmentIds: sql<
    string[]
  >`coalesce((select array_agg(e.equipment_id order by e.equipment_id) from video_asset_equipment e where e.video_asset_id = ${videoAssets.id}), '{}'::text[])`,
};

/** Single-exercise clips of a workspace (team exercises), live only. */
export function listTeamPoolExercises(db: Tx, organizationId: string): Promise<PoolRow[]> {
  return db
    .select(poolColumns)
    .from(videoAssets)
    .where(
      and(
        eq(videoAssets.organizationId, organizationId),
        eq(videoAssets.kind, "single-exercise"),
        isNull(videoAssets.deletedAt),
        isNull(videoAssets.stockTier),
      ),
    )
    .orderBy(asc(videoAssets.id))
    .execute() as Promise<PoolRow[]>;
}

/** Single-exercise clips of the platform stock catalog for the given tiers. */
export function listStockPoolExercises(db: Tx, tiers: ("free" | "premium")[]): Promise<PoolRow[]> {
  if (tiers.length === 0) return Promise.resolve([]);
  return db
    .select(poolColumns)
    .from(videoAssets)
    .where(
      and(
        eq(videoAssets.organizationId, STOCK_ORGANIZATION_ID),
        eq(videoAssets.kind, "single-exercise"),
        isNull(videoAssets.deletedAt),
        inArray(videoAssets.stockTier, tiers),
      ),
    )
    .orderBy(asc(videoAssets.id))
    .execute() as Promise<PoolRow[]>;
}

/** Pool rows for given clip ids (a workout's own exercises, whatever their source). */
export function listPoolExercisesByIds(db: Tx, ids: string[]): Promise<PoolRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(poolColumns)
    .from(videoAssets)
    .where(and(inArray(videoAssets.id, ids), eq(videoAssets.kind, "single-exercise")))
    .orderBy(asc(videoAssets.id))
    .execute() as Promise<PoolRow[]>;
}

/** Everything the response needs about the few clips a result uses. */
export function listExerciseDetails(db: Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: videoAssets.id,
      organizationId: videoAssets.organizationId,
      name: videoAssets.name,
      description: videoAssets.description,
      thumbnailKey: videoAssets.thumbnailKey,
      posterKey: videoAssets.posterKey,
      videoKey: videoAssets.videoKey,
      coach: videoAssets.coach,
      collectionName: videoAssets.collectionName,
      skillLevel: videoAssets.skillLevel,
      estimatedRepDuration: videoAssets.estimatedRepDuration,
      categoryKeys: videoAssets.categoryKeys,
    })
    .from(videoAssets)
    .where(inArray(videoAssets.id, ids));
}

export type WorkoutFactsRow = {
  workoutId: string;
  exerciseIds: string[];
  equipmentCategoryIds: string[];
  equipmentIds: string[];
  hasHighImpact: boolean;
  maxSkillRank: number;
  movementPatterns: string[];
  /** Exercise segments in order: [exerciseId, seconds, isStretch, primary muscle]. */
  sequence: [string, number, boolean, string | null][];
  breakSeconds: number[];
};

/** What the engines need to know about the content of a few workouts, in one query. */
export async function listWorkoutFacts(db: Tx, workoutIds: string[]): Promise<Map<string, WorkoutFactsRow>> {
  const out = new Map<string, WorkoutFactsRow>();
  if (workoutIds.length === 0) return out;
  const rows = await db.execute<WorkoutFactsRow>(sql`
    select s.workout_id as "workoutId",
      coalesce(array_agg(distinct va.id) filter (where va.kind = 'single-exercise'), '{}'::text[]) as "exerciseIds",
      coalesce((select array_agg(distinct eq.equipment_category_id) from workout_segments s2
        join video_asset_equipment vae on vae.video_asset_id = s2.video_asset_id
        join equipment eq on eq.id = vae.equipment_id
        where s2.workout_id = s.workout_id and eq.equipment_category_id is not null), '{}'::text[]) as "equipmentCategoryIds",
      coalesce((select array_agg(distinct vae.equipment_id) from workout_segments s2
        join video_asset_equipment vae on vae.video_asset_id = s2.video_asset_id
        where s2.workout_id = s.workout_id), '{}'::text[]) as "equipmentIds",
      coalesce(bool_or(va.impact = 'high'), false) as "hasHighImpact",
      coalesce(max(case va.skill_level when 'advanced' then 2 when 'intermediate' then 1 else 0 end), 0)::int as "maxSkillRank",
      coalesce(array_agg(distinct va.movement_pattern) filter (where va.movement_pattern is not null), '{}'::text[]) as "movementPatterns",
      coalesce(json_agg(json_build_array(va.id, s.duration_seconds, va.is_stretch,
        (select m.muscle_group_id from video_asset_muscle_groups m where m.video_asset_id = va.id order by m.share desc, m.muscle_group_id limit 1))
        order by s.position) filter (where s.kind = 'exercise' and va.id is not null), '[]'::json) as "sequence",
      coalesce(array_agg(s.duration_seconds order by s.position) filter (where s.kind = 'break'), '{}'::real[]) as "breakSeconds"
    from workout_segments s
    left join video_assets va on va.id = s.video_asset_id
    where s.workout_id = any(${sql.param(workoutIds)}::text[])
    group by s.workout_id
  `);
  for (const r of rows) out.set(r.workoutId, { ...r, breakSeconds: (r.breakSeconds ?? []).map(Number) });
  return out;
}

/** A workout of an organization with its playlist, for adapt. Null when absent or deleted. */
export async function findWorkoutWithSegments(db: Tx, organizationId: string, workoutId: string) {
  // Three reads at once; segments and categories are discarded unless the workout is the organization's.
  const [[workout], segments, categories] = await Promise.all([
    db
      .select()
      .from(workouts)
      .where(and(eq(workouts.id, workoutId), eq(workouts.organizationId, organizationId), isNull(workouts.deletedAt)))
      .limit(1),
    db.select().from(workoutSegments).where(eq(workoutSegments.workoutId, workoutId)).orderBy(asc(workoutSegments.position)),
    db.execute<{ categoryId: string }>(sql`select category_id as "categoryId" from workout_categories where workout_id = ${workoutId} order by category_id`),
  ]);
  if (!workout) return null;
  return { workout, segments, categoryIds: [...categories].map((c) => c.categoryId) };
}

/** Public published plans of a workspace with the first scheduled workout's thumbnail. */
export async function listPlanCandidates(db: Tx, organizationId: string, limit: number) {
  const rows = await db.execute<{
    id: string;
    name: Record<string, string>;
    description: Record<string, string>;
    difficulty: "beginner" | "intermediate" | "advanced";
    goalIds: string[];
    categoryIds: string[];
    durationWeeks: number;
    daysPerWeek: number;
    trainerId: string | null;
    thumbnailKey: string | null;
    workoutCount: number;
  }>(sql`
    select p.id, p.name, p.description, p.difficulty, p.goal_ids as "goalIds", p.category_ids as "categoryIds",
      p.duration_weeks as "durationWeeks", p.days_per_week as "daysPerWeek", p.trainer_id as "trainerId",
      (select w.thumbnail_key from plan_workouts pw join workouts w on w.id = pw.workout_id
        where pw.plan_id = p.id order by pw.week, pw.day, pw.position limit 1) as "thumbnailKey",
      (select count(*)::int from plan_workouts pw where pw.plan_id = p.id) as "workoutCount"
    from plans p
    where p.organization_id = ${organizationId} and p.status = 'published' and p.visibility = 'public' and p.deleted_at is null
    order by p.created_at desc, p.id
    limit ${limit}
  `);
  return [...rows];
}

/** A plan of an organization with its schedule. Null when absent or deleted. */
export async function findPlanWithWorkouts(db: Tx, organizationId: string, planId: string) {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.organizationId, organizationId), isNull(plans.deletedAt)))
    .limit(1);
  if (!plan) return null;
  const schedule = await db
    .select({
      week: planWorkouts.week,
      day: planWorkouts.day,
      position: planWorkouts.position,
      workoutId: planWorkouts.workoutId,
      prescription: planWorkouts.prescription,
    })
    .from(planWorkouts)
    .where(eq(planWorkouts.planId, planId))
    .orderBy(asc(planWorkouts.week), asc(planWorkouts.day), asc(planWorkouts.position));
  return { plan, schedule };
}

export type WorkoutRefRow = {
  id: string;
  name: Record<string, string>;
  description: Record<string, string>;
  duration: number;
  difficulty: "beginner" | "intermediate" | "advanced";
  source: "team" | "template" | "ai-generated";
  trainerId: string | null;
  thumbnailKey: string | null;
  previewVideoKey: string | null;
  previewPosterKey: string | null;
  previewThumbnailKey: string | null;
  ratingSum: number;
  ratingCount: number;
  categoryIds: string[];
};

/** Workouts by id within an organization (any visibility), lean. */
export async function listWorkoutsByIds(db: Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.execute<WorkoutRefRow>(sql`
    select w.id, w.name, w.description, w.duration, w.difficulty, w.source, w.trainer_id as "trainerId",
      w.thumbnail_key as "thumbnailKey", w.preview_video_key as "previewVideoKey", w.preview_poster_key as "previewPosterKey",
      w.preview_thumbnail_key as "previewThumbnailKey", w.rating_sum as "ratingSum", w.rating_count as "ratingCount",
      coalesce((select array_agg(wc.category_id order by wc.category_id) from workout_categories wc where wc.workout_id = w.id), '{}'::text[]) as "categoryIds"
    from workouts w
    where w.organization_id = ${organizationId} and w.id = any(${sql.param(ids)}::text[]) and w.deleted_at is null
  `);
  return [...rows];
}

// --- Versions and the lean catalog behind the AI caches (server/services/personalization/catalog-cache.ts)

/** Version of an organization's exercise clips (count and latest change). */
export async function readTeamExerciseVersion(db: Tx, organizationId: string): Promise<string> {
  const [row] = await db.execute<{ n: number; u: string | null }>(sql`
    select count(*)::int as n, max(updated_at)::text as u from video_assets
    where organization_id = ${organizationId} and kind = 'single-exercise'`);
  return `${row?.n ?? 0}|${row?.u ?? ""}`;
}

/** Version of an organization's published workouts (count and latest change), read on every use of the cached catalog. */
export async function readPublishedWorkoutsVersion(db: Tx, organizationId: string): Promise<string> {
  const [row] = await db.execute<{ n: number; u: string | null }>(sql`
    select count(*)::int as n, max(updated_at)::text || '/' || coalesce(max(rated_at)::text, '') as u from workouts
    where organization_id = ${organizationId} and status = 'published' and deleted_at is null`);
  return `${row?.n ?? 0}|${row?.u ?? ""}`;
}

/** The lean catalog of an organization's published workouts (all visibilities), with category ids. */
export async function listCatalogWorkouts(db: Tx, organizationId: string): Promise<CatalogWorkout[]> {
  const rows = await db.execute<CatalogWorkout>(sql`
    select w.id, w.difficulty, w.duration, w.source, w.visibility, w.trainer_id as "trainerId", w.rating_sum as "ratingSum",
      w.rating_count as "ratingCount", w.updated_at::text as "updatedAt", coalesce(c.ids, '{}'::text[]) as "categoryIds"
    from workouts w
    left join (
      select wc.workout_id, array_agg(wc.category_id order by wc.category_id) as ids
      from workout_categories wc join workouts w2 on w2.id = wc.workout_id
      where w2.organization_id = ${organizationId}
      group by wc.workout_id
    ) c on c.workout_id = w.id
    where w.organization_id = ${organizationId} and w.status = 'published' and w.deleted_at is null
    order by w.id`);
  return [...rows].map((r) => ({ ...r, duration: Number(r.duration), ratingSum: Number(r.ratingSum), ratingCount: Number(r.ratingCount) }));
}

export type CatalogWorkout = {
  id: string;
  difficulty: "beginner" | "intermediate" | "advanced";
  duration: number;
  source: "team" | "template" | "ai-generated";
  visibility: "public" | "private";
  trainerId: string | null;
  ratingSum: number;
  ratingCount: number;
  categoryIds: string[];
  updatedAt: string;
};
