import type { Db } from "@/db/client";
import { notFound } from "@/server/core/errors";
import type { Caller } from "@/server/core/caller";
import { type Locale, resolveReadLocale } from "@/server/core/locale";
import { getWorkoutMusic } from "@/server/services/content/get-music";
import { getPlaylist } from "@/server/services/content/get-playlist";
import { findReadableWorkout, getWorkout } from "@/server/services/content/get-workout";
import { type Viewer, asPageNotFound, viewerMayPlay } from "./viewer";

/**
 * Everything the grids' player needs for one workout in one answer: the workout detail, its
 * playlist and its music, each exactly as /v1 renders them (the same services), for a workout
 * the viewer may play (public; assigned to the signed-in member; or scheduled in a plan the
 * viewer may open, named by `planId`). Anything else is 404.
 */
export async function getViewerPlayer(db: Db, viewer: Viewer, workoutId: string, opts: { planId?: string; locale?: string | null }) {
  const locale = resolveReadLocale(opts.locale);
  const row = await asPageNotFound(findReadableWorkout(db, viewer.caller, workoutId), "Workout not found.");
  if (!(await viewerMayPlay(db, viewer, row, opts.planId))) throw notFound("Workout not found.");
  return playerData(db, viewer.caller, workoutId, locale);
}

/** Detail, playlist and music of a workout the caller's page was allowed to play (the callers decide). */
export async function playerData(db: Db, caller: Caller, workoutId: string, locale: Locale) {
  const [workout, playlist, music] = await Promise.all([
    getWorkout(db, caller, workoutId, locale),
    getPlaylist(db, caller, workoutId, locale),
    getWorkoutMusic(db, caller, workoutId),
  ]);
  return { workout, playlist: JSON.parse(playlist.text) as unknown, music };
}

/** The workout detail for a dedicated player page's first paint (same visibility rule). */
export async function getViewerWorkout(db: Db, viewer: Viewer, workoutId: string, opts: { planId?: string; locale?: string | null }) {
  const row = await asPageNotFound(findReadableWorkout(db, viewer.caller, workoutId), "Workout not found.");
  if (!(await viewerMayPlay(db, viewer, row, opts.planId))) throw notFound("Workout not found.");
  return getWorkout(db, viewer.caller, workoutId, resolveReadLocale(opts.locale));
}
