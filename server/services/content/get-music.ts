import { randomInt } from "node:crypto";
import type { Db } from "@/db/client";
import { listPoolTracks } from "@/db/queries/music";
import type { Caller } from "@/server/core/caller";
import { signMedia } from "./media";
import { findReadableWorkout } from "./get-workout";

/** Unbiased in-place Fisher-Yates shuffle. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Background music for a persisted workout: the pools chosen for it in the console, else the
 * organization's pools plus the workout trainer's pools, each track once, in a fresh random
 * order per request. A workout that does not mix background music (`mixBgMusic` false) gets no
 * tracks. `totalDuration` is the summed length of the returned tracks, not trimmed to the workout.
 */
export async function getWorkoutMusic(db: Db, caller: Caller, workoutId: string) {
  const workout = await findReadableWorkout(db, caller, workoutId);
  if (!workout.mixBgMusic) return { tracks: [], totalDuration: 0, workoutDuration: workout.duration };
  const rows = await listPoolTracks(db, workout.organizationId, workout.trainerId, workout.musicPoolIds);
  const unique = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!unique.has(r.trackId)) unique.set(r.trackId, r);
  const tracks = shuffle([...unique.values()]).map((t) => ({
    id: t.trackId,
    name: t.name,
    artist: t.artist,
    duration: t.durationSeconds,
    filename: t.filename,
    url: signMedia(t.assetKey),
    bpm: t.bpm,
  }));
  const totalDuration = Math.round(tracks.reduce((sum, t) => sum + t.duration, 0) * 100) / 100;
  return { tracks, totalDuration, workoutDuration: workout.duration };
}
