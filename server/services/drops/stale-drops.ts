import type { Tx } from "@/db/client";
import { claimStaleProcessingDrops, failProcessingVariants, lockOverdueProcessingDrops } from "@/db/queries/drops";
import { log } from "@/server/core/log";
import { markDropFailed } from "./drop-events";

/** Processing drops nobody touched for this long are handed to the render job again (a lost event, a crashed worker). */
export const STALE_DROP_MINUTES = 10;
/**
 * A drop still processing this long after it was requested is failed instead: its renders keep
 * stopping before they record an outcome (a worker that cannot load the renderer, a crash on every
 * attempt), and re-requesting it every few minutes would never end.
 */
export const DROP_DEADLINE_HOURS = 6;

/**
 * The stale-drop sweep (every five minutes): fails the stale drops past their deadline (drop.failed
 * to webhooks, their unfinished variants failed), then claims the other stale ones for another render
 * (touched now so the next sweep leaves them alone while they render). Its imports stay clear of the
 * renderer's (next/og, ffmpeg), so a renderer that cannot load still ends its drops.
 */
export async function sweepStaleDrops(db: Tx, now = new Date()): Promise<{ requeue: string[]; failed: string[] }> {
  const staleBefore = new Date(now.getTime() - STALE_DROP_MINUTES * 60_000);
  const overdue = await db.transaction(async (tx) => {
    const rows = await lockOverdueProcessingDrops(tx, { createdBefore: new Date(now.getTime() - DROP_DEADLINE_HOURS * 3_600_000), staleBefore });
    const reason = `Rendering did not finish within ${DROP_DEADLINE_HOURS} hours of the request.`;
    for (const drop of rows) {
      await failProcessingVariants(tx, drop.id, reason);
      await markDropFailed(tx, drop, reason); // reads the variants it announces, failed just above
    }
    return rows.map((d) => d.id);
  });
  if (overdue.length > 0) log("warn", "drops failed past their rendering deadline", { drops: overdue.length, hours: DROP_DEADLINE_HOURS });
  const requeue = await claimStaleProcessingDrops(db, { staleBefore, now });
  return { requeue, failed: overdue };
}
