import type { Db } from "@/db/client";
import { markExportsRequested } from "@/db/queries/exports";
import { sendJobEventSafely } from "@/server/jobs";
/**
 * Asks for renders of the given workouts after they were committed, recording the request first
 * (the sweep does not ask again while it waits in the queue). An edit (`published`, `playlist`,
 * `media`) sends `workouts/content.changed`, rendered first at normal priority; `seed` sends
 * `workouts/exports.pending`, rendered in the background behind edits. Senders that only send the
 * event are fine too.
 */
export async function requestWorkoutExports(db: Db, workoutIds: string[], reason: "published" | "playlist" | "media" | "seed"): Promise<void> {
  await markExportsRequested(db, workoutIds);
  for (const workoutId of workoutIds) {
    await sendJobEventSafely(
      reason === "seed" ? { name: "workouts/exports.pending", data: { workoutId, reason } } : { name: "workouts/content.changed", data: { workoutId, reason } },
    );
  }
}
