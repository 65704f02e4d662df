import type { PlanListRow } from "@/db/queries/plans";
import type { AssetRelations, VideoAssetRow } from "@/db/queries/video-assets";
import type { WorkoutFacetRow, WorkoutListRow } from "@/db/queries/workouts";
import { AUDIO_TYPES } from "@/db/schema";
import type { ReferenceIndex } from "@/server/ai/types";
import { type Locale, pickText } from "@/server/core/locale";
import { type AudioTrack, imageUrl, isoTime, pickTrack, signMedia, signedUrl, videoObject } from "./media";
import { equipmentList, namedList } from "./reference";

/** Content rows to their API resources: workouts (list items and facets), plans and video assets. */

// Workouts

/** Categories, equipment and muscle weights of one workout, grouped from the facet rows. */
export interface WorkoutFacets {
  categoryIds: string[];
  equipmentIds: Set<string>;
  muscleWeights: Map<string, number>;
}

export function groupFacets(rows: readonly WorkoutFacetRow[]): Map<string, WorkoutFacets> {
  const out = new Map<string, WorkoutFacets>();
  for (const r of rows) {
    let f = out.get(r.workout_id);
    if (!f) {
      f = { categoryIds: [], equipmentIds: new Set(), muscleWeights: new Map() };
      out.set(r.workout_id, f);
    }
    if (r.rel === "category") f.categoryIds.push(r.ref_id);
    else if (r.rel === "equipment") f.equipmentIds.add(r.ref_id);
    else f.muscleWeights.set(r.ref_id, (f.muscleWeights.get(r.ref_id) ?? 0) + r.weight);
  }
  return out;
}

/**
 * Share of the planned work per muscle group in percent (one decimal), largest first, ties by
 * name. Weights are seconds of work times the clip's share for that muscle.
 */
export function muscleGroupPercentages(weights: Map<string, number>, ref: ReferenceIndex, locale: Locale) {
  let total = 0;
  for (const [id, w] of weights) if (ref.muscleById.has(id) && w > 0) total += w;
  if (total <= 0) return [];
  const out: { muscleGroupId: string; muscleGroupName: string; percentage: number }[] = [];
  for (const [id, w] of weights) {
    const e = ref.muscleById.get(id);
    if (!e || w <= 0) continue;
    out.push({ muscleGroupId: id, muscleGroupName: pickText(e.name, locale), percentage: Math.round((w / total) * 1000) / 10 });
  }
  return out.sort((a, b) => b.percentage - a.percentage || a.muscleGroupName.localeCompare(b.muscleGroupName));
}

/** Average rating from the denormalized sum and count; 0 while nobody has rated. */
export function ratingOf(row: { ratingSum: number; ratingCount: number }): number {
  return row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 100) / 100 : 0;
}

/** The ids and owners every workout and plan item starts with, each beside its legacy underscore twin. */
function ownedIdentity(row: { id: string; organizationId: string; trainerId: string | null }) {
  return {
    id: row.id,
    _id: row.id,
    organizationId: row.organizationId,
    _teamId: row.organizationId,
    ownerId: row.trainerId,
    _ownerId: row.trainerId,
  };
}

const EMPTY_FACETS: WorkoutFacets = { categoryIds: [], equipmentIds: new Set(), muscleWeights: new Map() };

/** The org list item: the detail's fields without shareLink, images, audio and music fields. */
export function workoutListItem(row: WorkoutListRow, facets: WorkoutFacets | undefined, ref: ReferenceIndex, locale: Locale) {
  const f = facets ?? EMPTY_FACETS;
  return {
    ...ownedIdentity(row),
    name: pickText(row.name, locale),
    description: pickText(row.description, locale),
    duration: row.duration,
    difficulty: row.difficulty,
    visibility: row.visibility,
    locked: row.locked,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    trainer: row.trainerId && row.trainerName !== null ? { id: row.trainerId, name: row.trainerName } : null,
    categories: namedList(ref.categoryById, f.categoryIds, locale),
    customCategories: row.customCategories,
    tags: row.tags,
    equipment: equipmentList(ref, f.equipmentIds, locale),
    muscleGroupPercentages: muscleGroupPercentages(f.muscleWeights, ref, locale),
    preview: { url: signedUrl(row.previewVideoKey), poster: imageUrl(row.previewPosterKey), thumbnail: imageUrl(row.previewThumbnailKey) },
    organization: { id: row.organizationId, name: row.organizationName },
    rating: ratingOf(row),
    presentationStyle: row.presentationStyle,
    skipWorkoutPreview: row.skipWorkoutPreview,
    skipWorkoutCompletionScreen: row.skipWorkoutCompletionScreen,
    videoAudioMode: row.videoAudioMode,
    allowAssessment: row.allowAssessment,
    assessmentType: row.assessmentType,
  };
}

export type WorkoutListItemData = ReturnType<typeof workoutListItem>;

// ---------------------------------------------------------------------------------------------
// Plans

/** The org plan list item (also the head of the plan document). */
export function planListItem(row: PlanListRow, ref: ReferenceIndex, locale: Locale) {
  return {
    ...ownedIdentity(row),
    name: pickText(row.name, locale),
    description: pickText(row.description, locale),
    difficulty: row.difficulty,
    visibility: row.visibility,
    durationWeeks: row.durationWeeks,
    daysPerWeek: row.daysPerWeek,
    workoutCount: Number(row.workoutCount),
    goals: namedList(ref.goalById, row.goalIds, locale),
    categories: namedList(ref.categoryById, row.categoryIds, locale),
    trainer: row.trainerId && row.trainerName !== null ? { id: row.trainerId, name: row.trainerName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Video assets

const NO_RELATIONS: AssetRelations = { id: "", equipmentIds: [], muscles: [], audio: [] };

/** Muscle groups with their share of the work (0..1), largest first. */
export function muscleShares(ref: ReferenceIndex, muscles: readonly { id: string; share: number }[], locale: Locale) {
  return [...muscles]
    .filter((m) => ref.muscleById.has(m.id))
    .sort((a, b) => b.share - a.share)
    .map((m) => ({ id: m.id, name: pickText(ref.muscleById.get(m.id)!.name, locale), share: Math.round(m.share * 1000) / 1000 }));
}

/**
 * `audioInstructions[]` of a single-exercise clip. With a locale: the best track of each type
 * for it (exact, same language, English). Without: every stored locale. `scriptText` is
 * omitted when no transcript is stored.
 */
export function audioInstructions(tracks: readonly AudioTrack[], locale: Locale | undefined) {
  let chosen: AudioTrack[];
  if (locale) {
    chosen = [];
    for (const type of AUDIO_TYPES) {
      const t = pickTrack(tracks, type, locale);
      if (t) chosen.push(t);
    }
  } else {
    chosen = [...tracks];
  }
  return chosen.map((t) => ({
    id: t.id,
    createdAt: isoTime(t.createdAt ?? new Date(0)),
    assetUri: signMedia(t.assetKey),
    type: t.type,
    locale: t.locale,
    ...(t.scriptText !== null && t.scriptText !== undefined ? { scriptText: t.scriptText } : {}),
  }));
}

/** Fields every clip shape shares (workspace rows, the by-id detail, group exercises, stock rows). */
export function clipCore(row: VideoAssetRow, rel: AssetRelations | undefined, ref: ReferenceIndex, locale: Locale) {
  const r = rel ?? NO_RELATIONS;
  return {
    id: row.id,
    _id: row.id,
    kind: row.kind,
    name: pickText(row.name, locale),
    description: pickText(row.description, locale),
    skillLevel: row.skillLevel,
    executionSide: row.executionSide,
    coach: row.coach,
    collectionName: row.collectionName,
    duration: row.durationSeconds,
    estimatedRepDuration: row.estimatedRepDuration,
    equipment: equipmentList(ref, r.equipmentIds, locale),
    muscleGroups: muscleShares(ref, r.muscles, locale),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A workspace exercise video row. `locale` undefined means "not requested": names fall back to
 * English and every instruction locale is returned.
 */
export function videoAssetRow(row: VideoAssetRow, rel: AssetRelations | undefined, ref: ReferenceIndex, locale: Locale | undefined) {
  const loc = locale ?? "en-US";
  return {
    ...clipCore(row, rel, ref, loc),
    organizationId: row.organizationId,
    _teamId: row.organizationId,
    video: videoObject(row, row.kind === "single-exercise" ? -1 : 0),
    ...(row.kind === "single-exercise" ? { audioInstructions: audioInstructions((rel ?? NO_RELATIONS).audio, locale) } : {}),
  };
}
