import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { trainers, videoAssets, workoutSegments, workouts } from "@/db/schema";
import { newId } from "@/db/schema/columns";
import { EXERCISES } from "@/db/seed/data/exercises";
import type { JobEvent, JobIo } from "@/server/jobs";

/**
 * Test and benchmark support (not used by the service): small and long workouts built from a
 * seeded library's clips, and a job `io` that runs steps in place and records the events sent.
 */
export type SegmentSpec =
  | { kind: "intro" | "outro" | "promo" | "educational" | "class" | "multiExercise" }
  | { kind: "exercise"; exercise: string; workSeconds?: number; reps?: number }
  | { kind: "break"; seconds: number; image?: string | null };

export interface ExportWorkoutSpec {
  organizationId: string;
  exerciseIdByKey: Map<string, string>;
  segments: SegmentSpec[];
  /** Trainer by preferred locale (the seeded library has en-US and de-DE trainers). */
  trainerLocale?: string;
  mixBgMusic?: boolean;
  videoAudioMode?: string;
  name?: string;
}

const MEDIA_KINDS: Record<string, string> = {
  intro: "workout-intro",
  outro: "workout-outro",
  promo: "promo",
  educational: "educational",
  class: "class",
  multiExercise: "multi-exercise",
};

/** Inserts a published workout with the given playlist; returns its id. */
export async function createExportWorkout(db: Tx, spec: ExportWorkoutSpec): Promise<string> {
  const media = await db
    .select({ id: videoAssets.id, kind: videoAssets.kind, durationSeconds: videoAssets.durationSeconds })
    .from(videoAssets)
    .where(and(eq(videoAssets.organizationId, spec.organizationId), inArray(videoAssets.kind, Object.values(MEDIA_KINDS) as never[])))
    // The seeded clip of each kind, not one a test added later (a deliberately broken promo, say).
    .orderBy(videoAssets.createdAt, videoAssets.id);
  const trainerRows = await db.select().from(trainers).where(eq(trainers.organizationId, spec.organizationId));
  const trainer = trainerRows.find((t) => t.preferredLocale === (spec.trainerLocale ?? "en-US")) ?? trainerRows[0]!;
  const workoutId = newId();
  const rows = spec.segments.map((s, position) => {
    const common = { id: newId(), workoutId, position };
    if (s.kind === "break") return { ...common, kind: "break" as const, durationSeconds: s.seconds, breakImageKey: s.image === undefined ? "seed/images/break.jpg" : s.image };
    if (s.kind === "exercise") {
      const e = EXERCISES.find((x) => x.key === s.exercise)!;
      const seconds = s.workSeconds ?? Math.round((s.reps ?? 10) * e.estimatedRepDurationSeconds);
      return {
        ...common,
        kind: "exercise" as const,
        videoAssetId: spec.exerciseIdByKey.get(s.exercise)!,
        durationSeconds: seconds,
        workSeconds: s.workSeconds ?? null,
        reps: s.reps ?? null,
      };
    }
    const asset = media.find((m) => m.kind === MEDIA_KINDS[s.kind])!;
    return { ...common, kind: s.kind, videoAssetId: asset.id, durationSeconds: asset.durationSeconds ?? 0 };
  });
  await db.insert(workouts).values({
    id: workoutId,
    organizationId: spec.organizationId,
    trainerId: trainer.id,
    name: { "en-US": spec.name ?? "Export test workout" },
    duration: Math.round(rows.reduce((n, r) => n + r.durationSeconds, 0)),
    difficulty: "beginner",
    visibility: "public",
    status: "published",
    publishedAt: new Date(),
    mixBgMusic: spec.mixBgMusic ?? true,
    videoAudioMode: spec.videoAudioMode ?? "full",
  });
  await db.insert(workoutSegments).values(rows);
  return workoutId;
}

/**
 * About `minutes` of a typical interval workout: intro, rounds of timed and counted exercises with
 * breaks on the break image, a promo, an outro.
 */
export function intervalWorkout(minutes: number): SegmentSpec[] {
  const moves = ["squat", "push-up", "plank", "lunge", "mountain-climber", "glute-bridge", "burpee", "jumping-jack", "dumbbell-row", "russian-twist"];
  const segments: SegmentSpec[] = [{ kind: "intro" }];
  let seconds = 5 + 10 + 5;
  for (let i = 0; seconds < minutes * 60; i++) {
    const work = i % 3 === 2 ? { reps: 12 } : { workSeconds: 40 + (i % 4) * 5 };
    segments.push({ kind: "exercise", exercise: moves[i % moves.length]!, ...work });
    segments.push({ kind: "break", seconds: 15 + (i % 2) * 5 });
    seconds += ("workSeconds" in work ? (work.workSeconds ?? 30) : 30) + 15 + (i % 2) * 5;
    if (i === 10) segments.push({ kind: "promo" });
  }
  segments.push({ kind: "outro" });
  return segments;
}

/** Runs steps in place (like the local provider) and records the events a job sends. */
export function recordingIo(): JobIo & { events: JobEvent[]; steps: string[] } {
  const events: JobEvent[] = [];
  const steps: string[] = [];
  return {
    events,
    steps,
    run: async (id, fn) => {
      steps.push(id);
      return fn();
    },
    sleep: async () => {},
    sendEvent: async (_id, e) => {
      events.push(e);
    },
  };
}
