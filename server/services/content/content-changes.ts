import type { Db, Tx } from "@/db/client";
import { markExportsStale } from "@/db/queries/exports";
import { listPublishedWorkoutAnnouncements, listPublishedWorkoutsUsingMedia } from "@/db/queries/workouts";
import { type Locale, pickText } from "@/server/core/locale";
import { sendJobEventSafely } from "@/server/jobs";
import { enqueueWebhookEvent } from "@/server/services/webhooks/enqueue-webhook-event";

/**
 * Workouts a transaction published, announced only after it commits: the job event
 * `workouts/content.changed` (reason `published`) starts work that must see the committed rows
 * (export rendering). Writers record into it inside the transaction; whoever commits announces.
 */
export class ContentChanges {
  private readonly published = new Set<string>();
  /** Published workouts whose playlist or media changed (not published by this transaction). */
  private readonly changed = new Map<string, "playlist" | "media">();

  workoutPublished(workoutId: string): void {
    this.published.add(workoutId);
  }

  /** A published workout's rendered output is out of date (an edit in the console's builder, a media change). */
  workoutChanged(workoutId: string, reason: "playlist" | "media"): void {
    this.changed.set(workoutId, reason);
  }

  /**
   * Media used by published workouts changed (a clip's file, a voice track, a music track): every
   * published workout that uses it gets `workouts/content.changed` (reason `media`) after the
   * commit, and its export check is reset in this transaction (`markExportsStale`), so a lost
   * event is made up by the sweep within minutes. Answers the workouts.
   */
  async mediaChanged(tx: Tx, media: { videoAssetIds?: readonly string[]; musicTrackIds?: readonly string[] }): Promise<string[]> {
    const workoutIds = await listPublishedWorkoutsUsingMedia(tx, media);
    await markExportsStale(tx, workoutIds);
    for (const workoutId of workoutIds) this.workoutChanged(workoutId, "media");
    return workoutIds;
  }

  get publishedWorkoutIds(): string[] {
    return [...this.published];
  }

  /**
   * Announces the published workouts to the workspace's webhooks (workout.published), inside the
   * transaction that published them (the outbox: nothing is announced if it rolls back).
   */
  async recordWebhooks(tx: Tx): Promise<void> {
    await enqueueWorkoutPublished(tx, this.publishedWorkoutIds);
  }

  /** Sends one event per published or changed workout; call after the commit (never fails the caller). */
  async announce(): Promise<void> {
    for (const workoutId of this.published) await sendJobEventSafely({ name: "workouts/content.changed", data: { workoutId, reason: "published" } });
    for (const [workoutId, reason] of this.changed) {
      if (!this.published.has(workoutId)) await sendJobEventSafely({ name: "workouts/content.changed", data: { workoutId, reason } });
    }
  }
}

/** Runs content writes in one transaction and announces what it published once it has committed. */
export async function writeContent<T>(db: Db, fn: (tx: Tx, changes: ContentChanges) => Promise<T>): Promise<T> {
  const changes = new ContentChanges();
  const result = await db.transaction(async (tx) => {
    const r = await fn(tx, changes);
    await changes.recordWebhooks(tx);
    return r;
  });
  await changes.announce();
  return result;
}

/** One workout.published event per workout, named in its organization's default locale. */
export async function enqueueWorkoutPublished(tx: Tx, workoutIds: readonly string[]): Promise<void> {
  if (workoutIds.length === 0) return;
  for (const w of await listPublishedWorkoutAnnouncements(tx, workoutIds)) {
    await enqueueWebhookEvent(tx, {
      organizationId: w.organizationId,
      type: "workout.published",
      data: {
        workoutId: w.id,
        name: pickText(w.name, w.locale as Locale),
        visibility: w.visibility,
        difficulty: w.difficulty,
        duration: w.duration,
        publishedAt: (w.publishedAt ?? new Date()).toISOString(),
      },
    });
  }
}
