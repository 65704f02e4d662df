import { openPostgres } from "../db/connect";
import { getDb } from "../db/client";

/** The advisory lock that orders the seed drops' render between the global setup and the workers. */
export const SEED_DROP_MEDIA_LOCK = "forma-test-seed-drop-media";

/**
 * Runs once per test run (global setup): platform reference data, stock catalog and demo media.
 * The seed drops' rendered media (about 17 s of ffmpeg and next/og that only a few files read) is
 * rendered in the background while the first tests run: the setup holds an advisory lock until it
 * is done, and `ensureSeedDropMedia` (test/support/seed-drop-media.ts) waits for that lock before
 * reading the files. Resolves when the render has finished (awaited at teardown).
 */
export async function prepareSharedFixtures(url: string): Promise<{ dropMedia: Promise<void> }> {
  const { seedPlatform } = await import("../db/seed/seed");
  const { renderSeedDropMedia } = await import("../db/seed/drops");
  const { getMediaStorage } = await import("../server/media/storage");
  await seedPlatform(getDb(), { dropMedia: false });
  const storage = getMediaStorage();
  const lockSql = openPostgres(url, { max: 1, onnotice: () => {} });
  const lock = await lockSql.reserve();
  await lock`select pg_advisory_lock(hashtext(${SEED_DROP_MEDIA_LOCK}))`;
  const dropMedia = renderSeedDropMedia(storage)
    .catch((err: unknown) => console.error("rendering the seed drops' media failed (the first test that needs it renders it again)", err))
    .finally(async () => {
      await lock`select pg_advisory_unlock(hashtext(${SEED_DROP_MEDIA_LOCK}))`.catch(() => {});
      lock.release();
      await lockSql.end();
    });
  return { dropMedia };
}
