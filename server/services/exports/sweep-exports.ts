import type { Db } from "@/db/client";
import { exportCaptionsKey } from "@/server/services/captions/export-captions";
import { exportHlsPrefix, storedHlsKeys } from "./export-hls";
import { countExportRequestsInFlight, deleteExportRows, listPurgeableExports, listWorkoutsDueForExport, markExportsRequested } from "@/db/queries/exports";
import { log } from "@/server/core/log";
import type { JobIo } from "@/server/jobs/types";
import { pruneRenderCache } from "@/server/media/render/cache";
import { DEFAULT_MEDIA_URL_TTL_SECONDS } from "@/server/media/signing";
import { type MediaStorage, getMediaStorage } from "@/server/media/storage";

/**
 * The sweep is a safety net, not the main path (events are): it requests at most SWEEP_BATCH
 * renders a minute and never has more than SWEEP_IN_FLIGHT unanswered, so a large backlog (an
 * import without events) is worked off steadily in the background instead of flooding the queue.
 */
export const SWEEP_BATCH = 3;
export const SWEEP_IN_FLIGHT = 10;
/** A workout changed this recently has its event on the way. */
export const SETTLE_SECONDS = 120;
/** A request younger than this is waiting in the queue or rendering: not requested again. */
export const REQUEST_PENDING_MINUTES = 15;
/** Exports are re-verified this often even without a change (media edits that sent no event). */
export const REVERIFY_DAYS = 7;
/**
 * Local render cache files unused for this long are deleted: pieces and fetched sources after a
 * week; joined pictures (large, shared only by the locales of one workout) after an hour.
 */
const CACHE_MAX_AGE_MS = { default: 7 * 24 * 3600_000, timelines: 3600_000 };
let lastPrune = 0;

/**
 * The safety net behind the events, every minute: requests renders of published workouts whose
 * exports are missing, stale, stuck or failed (see SWEEP_BATCH), deletes the files of exports superseded longer ago than a signed URL lives, and
 * prunes the local render cache.
 */
export async function sweepWorkoutExports(db: Db, io: JobIo, storage: MediaStorage = getMediaStorage()) {
  const due = await io.run("find-due", async () => {
    const capacity = Math.min(SWEEP_BATCH, SWEEP_IN_FLIGHT - (await countExportRequestsInFlight(db, REQUEST_PENDING_MINUTES)));
    const ids = await listWorkoutsDueForExport(db, {
      limit: capacity,
      requestedWithinMinutes: REQUEST_PENDING_MINUTES,
      reverifyDays: REVERIFY_DAYS,
      settleSeconds: SETTLE_SECONDS,
    });
    await markExportsRequested(db, ids);
    return ids;
  });
  for (const workoutId of due) await io.sendEvent(`request-${workoutId}`, { name: "workouts/exports.pending", data: { workoutId, reason: "sweep" } });
  const purged = await io.run("purge", async () => {
    // A superseded file stays while URLs signed for it may still be used (about 7 days), plus a day.
    const before = new Date(Date.now() - (DEFAULT_MEDIA_URL_TTL_SECONDS + 24 * 3600) * 1000);
    const rows = await listPurgeableExports(db, { supersededBefore: before, limit: 200 });
    for (const r of rows) {
      if (!r.assetKey) continue;
      // A video's caption sidecar and HLS package go with it.
      const companions = r.assetKey.endsWith(".mp4") ? [exportCaptionsKey(r.assetKey), ...(await storedHlsKeys(storage, exportHlsPrefix(r.assetKey)))] : [];
      for (const key of [...companions, r.assetKey]) await storage.delete(key);
    }
    await deleteExportRows(
      db,
      rows.map((r) => r.id),
    );
    if (Date.now() - lastPrune > 3600_000) {
      lastPrune = Date.now();
      const pruned = await pruneRenderCache(CACHE_MAX_AGE_MS).catch(() => 0);
      if (pruned) log("info", "render cache pruned", { files: pruned });
    }
    return rows.length;
  });
  return { requested: due.length, purged };
}
