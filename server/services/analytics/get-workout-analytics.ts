import { and, asc, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { workoutFeedback, workoutPlays, workoutStops, workoutWatchHistogram } from "@/db/queries/analytics";
import { workoutSegments, workouts } from "@/db/schema";
import { notFound } from "@/server/core/errors";
import { type Locale, pickText } from "@/server/core/locale";
import { playSeries, sumPlays } from "./plays";
import type { AnalyticsRange } from "./range";
import { fillBuckets, ratio } from "./range";

/** The median of a histogram of 5% buckets: the bucket holding the middle finished session. */
export function medianBucket(hist: { bucket: number; sessions: number }[]): number | null {
  const total = hist.reduce((a, h) => a + h.sessions, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const h of hist) {
    seen += h.sessions;
    if (seen * 2 >= total) return h.bucket / 100;
  }
  return null;
}

type Vote = { optionId: string; kind: "rating" | "difficulty"; key: string; value: number | null; label: Record<string, string>; votes: number };
const optionTotals = (votes: Vote[], kind: Vote["kind"], locale: Locale) => {
  const byId = new Map<string, { optionId: string; key: string; label: string; value: number | null; votes: number }>();
  for (const v of votes) {
    if (v.kind !== kind) continue;
    const o = byId.get(v.optionId) ?? { optionId: v.optionId, key: v.key, label: pickText(v.label, locale), value: v.value, votes: 0 };
    o.votes += v.votes;
    byId.set(v.optionId, o);
  }
  return [...byId.values()];
};
const ratingSummary = (votes: Vote[]) => {
  const rated = votes.filter((v) => v.kind === "rating" && v.value !== null);
  const count = rated.reduce((a, v) => a + v.votes, 0);
  const sum = rated.reduce((a, v) => a + (v.value ?? 0) * v.votes, 0);
  return { ratingAverage: count ? Math.round((sum / count) * 100) / 100 : null, ratingCount: count };
};

/**
 * One workout's plays, share watched, drop-off along its playlist and feedback over the range
 * (rollups only). 404 for a workout of another workspace or a deleted one.
 */
export async function getWorkoutAnalytics(db: Tx, args: { organizationId: string; workoutId: string; range: AnalyticsRange; locale: Locale }) {
  const { range } = args;
  const [workout] = await db
    .select({ id: workouts.id, name: workouts.name, duration: workouts.duration })
    .from(workouts)
    .where(and(eq(workouts.id, args.workoutId), eq(workouts.organizationId, args.organizationId), isNull(workouts.deletedAt)));
  if (!workout) throw notFound("Workout not found in this organization.");
  const [plays, hist, stops, votes, segments] = await Promise.all([
    workoutPlays(db, workout.id, range.from, range.to, range.interval),
    workoutWatchHistogram(db, workout.id, range.from, range.to),
    workoutStops(db, workout.id, range.from, range.to),
    workoutFeedback(db, workout.id, range.from, range.to, range.interval),
    db
      .select({
        id: workoutSegments.id,
        position: workoutSegments.position,
        kind: workoutSegments.kind,
        name: workoutSegments.name,
        durationSeconds: workoutSegments.durationSeconds,
      })
      .from(workoutSegments)
      .where(eq(workoutSegments.workoutId, workout.id))
      .orderBy(asc(workoutSegments.position)),
  ]);
  const totals = sumPlays(plays);
  const stoppedAt = new Map(stops.map((s) => [s.position, s.sessions]));
  const unplaced = stoppedAt.get(-1) ?? 0;
  let reached = totals.finishes - unplaced;
  let at = 0;
  const dropOff = segments.map((s) => {
    const stopped = stoppedAt.get(s.position) ?? 0;
    const row = {
      position: s.position,
      segmentId: s.id,
      kind: s.kind,
      name: pickText(s.name, args.locale) || null,
      startSecond: Math.round(at),
      durationSeconds: Math.round(s.durationSeconds),
      reached,
      stopped,
      stopRate: ratio(stopped, reached),
    };
    at += s.durationSeconds;
    reached -= stopped;
    return row;
  });
  return {
    workout: { id: workout.id, name: pickText(workout.name, args.locale), durationSeconds: workout.duration },
    range,
    totals: { ...totals, medianShareWatched: medianBucket(hist), ...ratingSummary(votes) },
    series: fillBuckets(range, playSeries(range, plays), (p, start) => {
      const inBucket = votes.filter((v) => v.start === start);
      return {
        ...p!,
        ...ratingSummary(inBucket),
        difficulty: optionTotals(inBucket, "difficulty", args.locale),
      };
    }),
    shareWatched: hist.map((h) => ({ share: h.bucket / 100, sessions: h.sessions })),
    dropOff,
    stoppedBeforeFirstSegment: unplaced,
    ratings: optionTotals(votes, "rating", args.locale),
    difficulty: optionTotals(votes, "difficulty", args.locale),
  };
}
