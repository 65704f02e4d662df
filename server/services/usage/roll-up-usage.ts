import type { Db } from "@/db/client";
import { rollUpHourlyUsage } from "@/db/queries/usage";
import { hourOf } from "@/server/services/usage/usage-tally";

/**
 * Hourly buckets older than this are rolled into daily ones. The usage report's hourly views cover
 * the last 24 hours, so they only ever read hourly rows; 48 leaves a day of slack for late flushes.
 */
export const ROLL_UP_AFTER_HOURS = 48;
/** Hourly rows moved per statement: each batch is one short transaction. */
const BATCH = 20_000;

/**
 * The `roll-up-usage` job's work: moves every hourly usage bucket that started more than
 * ROLL_UP_AFTER_HOURS before the current hour into its UTC day's bucket (usage_daily), batch by
 * batch, each batch one atomic statement. Answers how many hourly rows it moved.
 */
export async function rollUpUsage(db: Db, now = new Date()): Promise<{ hourlyRowsRolledUp: number; before: string }> {
  const before = new Date(hourOf(now.getTime()) - ROLL_UP_AFTER_HOURS * 3_600_000);
  let moved = 0;
  for (;;) {
    const n = await rollUpHourlyUsage(db, { before, limit: BATCH });
    moved += n;
    if (n < BATCH) break;
  }
  return { hourlyRowsRolledUp: moved, before: before.toISOString() };
}
