import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/**
 * Marks a bench workspace's imported workouts as export-checked. Rendering thousands of exports in
 * the background is not what the scenarios built on them measure (the export scenario times a
 * render of its own), and without this the minute sweep (server/services/exports/sweep-exports.ts)
 * renders three of them a minute for the whole run, under every scenario that follows.
 */
export async function markExportsChecked(db: Db, organizationId: string): Promise<void> {
  await db.execute(sql`
    insert into workout_export_checks (workout_id, checked_at)
    select id, now() from workouts where organization_id = ${organizationId}
    on conflict (workout_id) do nothing`);
}
