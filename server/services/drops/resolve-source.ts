import type { Tx } from "@/db/client";
import {
  anyClipNeedsEquipment,
  findCategoryNames,
  findOrgClip,
  findOrgGroupWithClips,
  findOrgPlanWithWorkouts,
  findOrgWorkoutWithClips,
  listWorkoutClips,
  sumMuscleShares,
} from "@/db/queries/drop-sources";
import type { DropSourceType } from "@/db/schema";
import type { Translations } from "@/db/schema/columns";
import { badRequest } from "@/server/core/errors";

/** A clip of the reel a drop is cut from: a media key and its length. */
export interface ReelClip {
  key: string;
  seconds: number;
}

/**
 * What a drop is made of and written about: the clips in order (the reel), the thumbnail for the
 * cover, and the facts the copy writer turns into text (names stay translation maps).
 */
export interface DropSourceFacts {
  sourceType: DropSourceType;
  sourceId: string;
  name: Translations;
  thumbnailKey: string | null;
  clips: ReelClip[];
  categories: { key: string; name: Translations }[];
  /** The most worked muscle groups, largest share first (at most three). */
  muscles: { key: string; name: Translations }[];
  /** Distinct exercises (clips) in the source. */
  exerciseCount: number;
  /** The source's own planned length in seconds (0 for plans, which are described by weeks). */
  durationSeconds: number;
  difficulty: string | null;
  needsEquipment: boolean;
  /** Plans only: weeks and scheduled workouts. */
  weeks?: number;
  workoutCount?: number;
}

/** The reel never needs more than the longest variant (60 s): later clips are not read. */
const REEL_MAX_SECONDS = 60;
/** A plan contributes this many clips per scheduled workout, so the reel shows its range. */
const CLIPS_PER_PLAN_WORKOUT = 2;

function reelOf(clips: { id: string; videoKey: string; durationSeconds: number }[]): { reel: ReelClip[]; ids: string[] } {
  const reel: ReelClip[] = [];
  const ids: string[] = [];
  let total = 0;
  for (const c of clips) {
    if (ids.at(-1) === c.id) continue; // a clip repeated back to back (sets) shows once
    if (total >= REEL_MAX_SECONDS) break;
    reel.push({ key: c.videoKey, seconds: c.durationSeconds });
    ids.push(c.id);
    total += c.durationSeconds;
  }
  return { reel, ids };
}

function noSource(sourceType: DropSourceType): never {
  throw badRequest(`No ${sourceType} with this id exists in the organization.`, "sourceId");
}

/**
 * Resolves a drop's source in the organization: an exercise clip, an exercise group (collection),
 * a workout's playlist or a plan (workout collection). 400 when it is unknown, deleted, of another
 * organization, or has no clips to cut from.
 */
export async function resolveDropSource(db: Tx, organizationId: string, sourceType: DropSourceType, sourceId: string): Promise<DropSourceFacts> {
  let name: Translations;
  let thumbnailKey: string | null;
  let clipRows: { id: string; videoKey: string; durationSeconds: number; thumbnailKey: string | null; categoryKeys: string[] }[];
  let categoryKeys: string[];
  let durationSeconds: number;
  let difficulty: string | null = null;
  let extra: Pick<DropSourceFacts, "weeks" | "workoutCount"> = {};

  switch (sourceType) {
    case "exercise": {
      const clip = await findOrgClip(db, organizationId, sourceId);
      if (!clip) noSource(sourceType);
      name = clip.name;
      thumbnailKey = clip.thumbnailKey;
      clipRows = [clip];
      categoryKeys = clip.categoryKeys;
      durationSeconds = clip.durationSeconds;
      difficulty = clip.skillLevel;
      break;
    }
    case "exerciseCollection": {
      const found = await findOrgGroupWithClips(db, organizationId, sourceId);
      if (!found) noSource(sourceType);
      name = found.group.name;
      clipRows = found.clips;
      thumbnailKey = found.clips[0]?.thumbnailKey ?? null;
      categoryKeys = [...new Set(found.clips.flatMap((c) => c.categoryKeys))];
      const round = found.clips.reduce((s, c) => s + (c.workSeconds ?? Math.round((c.reps ?? 10) * c.estimatedRepDuration)), 0);
      durationSeconds = round * Math.max(1, found.group.rounds);
      break;
    }
    case "workout": {
      const found = await findOrgWorkoutWithClips(db, organizationId, sourceId);
      if (!found) noSource(sourceType);
      name = found.workout.name;
      thumbnailKey = found.workout.thumbnailKey;
      const exercises = found.clips.filter((c) => c.kind === "exercise");
      clipRows = exercises.length ? exercises : found.clips;
      thumbnailKey ??= clipRows[0]?.thumbnailKey ?? null;
      categoryKeys = found.categoryKeys;
      durationSeconds = found.workout.duration;
      difficulty = found.workout.difficulty;
      break;
    }
    case "workoutCollection": {
      const found = await findOrgPlanWithWorkouts(db, organizationId, sourceId);
      if (!found) noSource(sourceType);
      name = found.plan.name;
      const workoutIds = [...new Set(found.scheduled.map((s) => s.workoutId))];
      const all = await listWorkoutClips(db, workoutIds);
      clipRows = [];
      for (const wid of workoutIds) {
        const own = all.filter((c) => c.workoutId === wid && c.kind === "exercise");
        const distinct = own.filter((c, i) => own.findIndex((o) => o.id === c.id) === i && !clipRows.some((r) => r.id === c.id));
        clipRows.push(...distinct.slice(0, CLIPS_PER_PLAN_WORKOUT));
      }
      thumbnailKey = found.scheduled[0]?.thumbnailKey ?? clipRows[0]?.thumbnailKey ?? null;
      categoryKeys = found.categoryKeys.length ? found.categoryKeys : [...new Set(clipRows.flatMap((c) => c.categoryKeys))];
      durationSeconds = 0;
      difficulty = found.plan.difficulty;
      extra = { weeks: found.plan.durationWeeks, workoutCount: found.scheduled.length };
      break;
    }
  }

  const { reel, ids } = reelOf(clipRows);
  if (reel.length === 0) throw badRequest(`This ${sourceType} has no clips to cut a drop from.`, "sourceId");
  const distinctIds = [...new Set(clipRows.map((c) => c.id))];
  const [muscles, categories, needsEquipment] = await Promise.all([
    sumMuscleShares(db, ids),
    findCategoryNames(db, categoryKeys.slice(0, 4)),
    anyClipNeedsEquipment(db, distinctIds),
  ]);
  return {
    sourceType,
    sourceId,
    name,
    thumbnailKey,
    clips: reel,
    categories,
    muscles: muscles.slice(0, 3).map(({ key, name: n }) => ({ key, name: n })),
    exerciseCount: distinctIds.length,
    durationSeconds,
    difficulty,
    needsEquipment,
    ...extra,
  };
}
