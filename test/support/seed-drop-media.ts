import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { renderSeedDropMedia } from "@/db/seed/drops";
import { getMediaStorage } from "@/server/media/storage";
import { SEED_DROP_MEDIA_LOCK } from "@/test/shared-fixtures";

/**
 * Test support (not used by the service): the seed drops' rendered media, which the global setup
 * renders in the background (test/shared-fixtures.ts) while it holds an advisory lock. Waits for
 * that lock, then renders whatever is still missing (nothing, unless the background render failed),
 * so a file that reads the media finds every file present.
 */
export async function ensureSeedDropMedia(): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SEED_DROP_MEDIA_LOCK}))`);
    await renderSeedDropMedia(getMediaStorage());
  });
}
