import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../client";
import type { Translations } from "../schema/columns";
import {
  categories,
  equipment,
  exerciseGroupItems,
  exerciseGroups,
  muscleGroups,
  planWorkouts,
  plans,
  videoAssetEquipment,
  videoAssetMuscleGroups,
  videoAssets,
  workoutCategories,
  workoutSegments,
  workouts,
} from "../schema";

/** The clip fields a drop needs from a video asset. */
const clipColumns = {
  id: videoAssets.id,
  videoKey: videoAssets.videoKey,
  thumbnailKey: videoAssets.thumbnailKey,
  durationSeconds: videoAssets.durationSeconds,
  categoryKeys: videoAssets.categoryKeys,
};

export type SourceClipRow = { id: string; videoKey: string; thumbnailKey: string | null; durationSeconds: number; categoryKeys: string[] };

/** A live clip of the organization. */
export async function findOrgClip(db: Tx, organizationId: string, videoAssetId: string) {
  const [row] = await db
    .select({ ...clipColumns, name: videoAssets.name, skillLevel: videoAssets.skillLevel })
    .from(videoAssets)
    .where(and(eq(videoAssets.id, videoAssetId), eq(videoAssets.organizationId, organizationId), isNull(videoAssets.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A live exercise group of the organization and its live clips in item order. */
export async function findOrgGroupWithClips(db: Tx, organizationId: string, groupId: string) {
  const [group] = await db
    .select({ id: exerciseGroups.id, name: exerciseGroups.name, rounds: exerciseGroups.rounds })
    .from(exerciseGroups)
    .where(and(eq(exerciseGroups.id, groupId), eq(exerciseGroups.organizationId, organizationId), isNull(exerciseGroups.deletedAt)))
    .limit(1);
  if (!group) return null;
  const clips = await db
    .select({
      ...clipColumns,
      workSeconds: exerciseGroupItems.workSeconds,
      reps: exerciseGroupItems.reps,
      estimatedRepDuration: videoAssets.estimatedRepDuration,
    })
    .from(exerciseGroupItems)
    .innerJoin(videoAssets, eq(videoAssets.id, exerciseGroupItems.videoAssetId))
    .where(and(eq(exerciseGroupItems.groupId, groupId), isNull(videoAssets.deletedAt)))
    .orderBy(asc(exerciseGroupItems.position));
  return { group, clips };
}

/** Segment kinds whose clip shows training (intros, outros and breaks are branding and rest). */
const TRAINING_KINDS = ["exercise", "multiExercise", "class", "promo", "educational"] as const;

/** A live workout of the organization with the clips of its playlist, in order, exercise clips flagged. */
export async function findOrgWorkoutWithClips(db: Tx, organizationId: string, workoutId: string) {
  const [workout] = await db
    .select({
      id: workouts.id,
      name: workouts.name,
      duration: workouts.duration,
      difficulty: workouts.difficulty,
      thumbnailKey: sql<string | null>`coalesce(${workouts.thumbnailKey}, ${workouts.previewThumbnailKey})`,
    })
    .from(workouts)
    .where(and(eq(workouts.id, workoutId), eq(workouts.organizationId, organizationId), isNull(workouts.deletedAt)))
    .limit(1);
  if (!workout) return null;
  const [clips, cats] = await Promise.all([
    listWorkoutClips(db, [workoutId]),
    db
      .select({ key: categories.key })
      .from(workoutCategories)
      .innerJoin(categories, eq(categories.id, workoutCategories.categoryId))
      .where(eq(workoutCategories.workoutId, workoutId)),
  ]);
  return { workout, clips, categoryKeys: cats.map((c) => c.key) };
}

/** Training clips of several workouts' playlists in playlist order. */
export function listWorkoutClips(db: Tx, workoutIds: string[]) {
  if (workoutIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ...clipColumns, workoutId: workoutSegments.workoutId, kind: workoutSegments.kind })
    .from(workoutSegments)
    .innerJoin(videoAssets, eq(videoAssets.id, workoutSegments.videoAssetId))
    .where(and(inArray(workoutSegments.workoutId, workoutIds), inArray(workoutSegments.kind, [...TRAINING_KINDS]), isNull(videoAssets.deletedAt)))
    .orderBy(asc(workoutSegments.workoutId), asc(workoutSegments.position));
}

/** A live plan of the organization with its scheduled workouts in schedule order (live ones only). */
export async function findOrgPlanWithWorkouts(db: Tx, organizationId: string, planId: string) {
  const [plan] = await db
    .select({
      id: plans.id,
      name: plans.name,
      difficulty: plans.difficulty,
      categoryIds: plans.categoryIds,
      durationWeeks: plans.durationWeeks,
      daysPerWeek: plans.daysPerWeek,
    })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.organizationId, organizationId), isNull(plans.deletedAt)))
    .limit(1);
  if (!plan) return null;
  const scheduled = await db
    .select({ workoutId: planWorkouts.workoutId, thumbnailKey: sql<string | null>`coalesce(${workouts.thumbnailKey}, ${workouts.previewThumbnailKey})` })
    .from(planWorkouts)
    .innerJoin(workouts, eq(workouts.id, planWorkouts.workoutId))
    .where(and(eq(planWorkouts.planId, planId), isNull(workouts.deletedAt)))
    .orderBy(asc(planWorkouts.week), asc(planWorkouts.day), asc(planWorkouts.position));
  const cats = plan.categoryIds.length ? await db.select({ key: categories.key }).from(categories).where(inArray(categories.id, plan.categoryIds)) : [];
  return { plan, scheduled, categoryKeys: cats.map((c) => c.key) };
}

/** Muscle shares summed over clips (a clip used twice counts twice), largest first. */
export async function sumMuscleShares(db: Tx, videoAssetIds: string[]): Promise<{ key: string; name: Translations; share: number }[]> {
  if (videoAssetIds.length === 0) return [];
  const uses = new Map<string, number>();
  for (const id of videoAssetIds) uses.set(id, (uses.get(id) ?? 0) + 1);
  const rows = await db
    .select({ videoAssetId: videoAssetMuscleGroups.videoAssetId, key: muscleGroups.key, name: muscleGroups.name, share: videoAssetMuscleGroups.share })
    .from(videoAssetMuscleGroups)
    .innerJoin(muscleGroups, eq(muscleGroups.id, videoAssetMuscleGroups.muscleGroupId))
    .where(inArray(videoAssetMuscleGroups.videoAssetId, [...uses.keys()]));
  const byKey = new Map<string, { key: string; name: Translations; share: number }>();
  for (const r of rows) {
    const entry = byKey.get(r.key) ?? { key: r.key, name: r.name, share: 0 };
    entry.share += r.share * (uses.get(r.videoAssetId) ?? 1);
    byKey.set(r.key, entry);
  }
  return [...byKey.values()].sort((a, b) => b.share - a.share || a.key.localeCompare(b.key));
}

/** Whether any of the clips needs equipment (an exercise mat does not count: everyone has a floor). */
export async function anyClipNeedsEquipment(db: Tx, videoAssetIds: string[]): Promise<boolean> {
  if (videoAssetIds.length === 0) return false;
  const [row] = await db
    .select({ id: videoAssetEquipment.videoAssetId })
    .from(videoAssetEquipment)
    .innerJoin(equipment, eq(equipment.id, videoAssetEquipment.equipmentId))
    .where(and(inArray(videoAssetEquipment.videoAssetId, videoAssetIds), ne(equipment.key, "mat")))
    .limit(1);
  return Boolean(row);
}

/** Category names by key (reference data, translated). */
export async function findCategoryNames(db: Tx, keys: string[]): Promise<{ key: string; name: Translations }[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: categories.key, name: categories.name, sortOrder: categories.sortOrder })
    .from(categories)
    .where(inArray(categories.key, keys));
  const order = new Map(keys.map((k, i) => [k, i]));
  return rows.sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0)).map(({ key, name }) => ({ key, name }));
}
