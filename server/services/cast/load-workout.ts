import type { Db } from "@/db/client";
import { findCastableWorkout, listSegmentPacing } from "@/db/queries/cast";
import type { CastSegment, CastWorkout } from "@/db/schema/cast";
import type { Caller } from "@/server/core/caller";
import { forbidden, notFound } from "@/server/core/errors";
import { type Locale, pickText } from "@/server/core/locale";
import { getPlaylist } from "@/server/services/content/get-playlist";
import { workoutCast } from "./events";
import { readLiveSession, refusalError, runOnLiveSession } from "./session-access";
import { stateColumns, toCastState, toCastStatus } from "./serialize";
import { transition } from "./state-machine";

type PlaylistEntry = Record<string, { id: string; duration: number; name?: string | null; reps?: number | null }>;

/**
 * The workout's playlist as the state machine needs it, in the playlist's own order and with its
 * ids (so a display can jump to `currentSegment.id` in the playlist it fetched). An exercise is
 * rep-based when it is counted in reps rather than timed (no workSeconds, not AMRAP).
 */
async function castSegments(db: Db, caller: Caller, workoutId: string, locale: Locale): Promise<CastSegment[]> {
  const [rendered, pacing] = await Promise.all([getPlaylist(db, caller, workoutId, locale), listSegmentPacing(db, workoutId)]);
  const paced = new Map(pacing.map((p) => [p.id, p]));
  const entries = (JSON.parse(rendered.text) as { data: PlaylistEntry[] }).data;
  return entries.map((entry) => {
    const [kind, seg] = Object.entries(entry)[0]!;
    const p = paced.get(seg.id);
    const repBased = kind === "exercise" && !(p?.workSeconds && p.workSeconds > 0) && Boolean(p?.reps && p.reps > 0) && !p?.amrap;
    return { id: seg.id, kind, name: seg.name ?? null, duration: seg.duration, reps: seg.reps ?? null, repBased };
  });
}

/**
 * Loads a published workout of the session's organization on the display (unknown or unpublished
 * 404; another organization's 403; a workout without a playlist 404). Refused (409) while a workout
 * is in progress. Broadcasts `workout-cast`; the deprecated `workoutData` is never sent: the display
 * fetches the playlist itself.
 */
export async function loadCastWorkout(db: Db, caller: Caller, sessionId: string, input: { workoutId: string; locale: Locale }) {
  const session = await readLiveSession(db, caller, sessionId);
  const found = await findCastableWorkout(db, input.workoutId);
  if (!found) throw notFound("Workout not found.");
  if (found.organizationId !== session.organizationId) throw forbidden("The workout belongs to another organization than the cast session.");
  const workout: CastWorkout = {
    id: found.id,
    name: pickText(found.name, input.locale),
    duration: found.duration,
    difficulty: found.difficulty,
    locale: input.locale,
    segments: await castSegments(db, caller, found.id, input.locale),
  };
  return runOnLiveSession(db, caller, sessionId, (row, now) => {
    const t = transition(toCastState(row), { type: "load", workout }, now);
    if (!t.ok) throw refusalError(t);
    const forget = t.effects.some((e) => e.kind === "clearWorkoutSession");
    return {
      change: { ...stateColumns(t.state), workout, workoutId: workout.id, ...(forget ? { workoutSessionId: null, endUserId: null } : {}) },
      respond: (next) => {
        const status = toCastStatus(next, now);
        return { result: status, signals: [workoutCast(next, status)] };
      },
    };
  });
}
