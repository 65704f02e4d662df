import type { SessionRow } from "@/db/queries/sessions";

/** The session resource: progress rounded to 4 decimals (stored as a real). */
export function toWorkoutSession(s: SessionRow) {
  return {
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    workoutId: s.workoutId,
    workoutSegmentId: s.workoutSegmentId,
    status: s.status,
    duration: s.duration,
    progress: Math.round(s.progress * 10_000) / 10_000,
    traineeId: s.endUserId,
    // Only once a player reported one: the contract's session shape is unchanged for clients that never send it.
    ...(s.playbackQuality ? { quality: s.playbackQuality } : {}),
  };
}

export type WorkoutSessionResource = ReturnType<typeof toWorkoutSession>;
