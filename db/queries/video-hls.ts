import { eq, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { videoHlsPackages } from "../schema";

export type VideoHlsRow = typeof videoHlsPackages.$inferSelect;

/** The HLS package row of a stored video file, or null. */
export async function findVideoHls(db: Tx, videoKey: string): Promise<VideoHlsRow | null> {
  const [row] = await db.select().from(videoHlsPackages).where(eq(videoHlsPackages.videoKey, videoKey));
  return row ?? null;
}

/** Records a finished package (replacing an older or failed one). */
export async function markVideoHlsReady(db: Tx, videoKey: string, masterKey: string): Promise<void> {
  await db
    .insert(videoHlsPackages)
    .values({ videoKey, status: "ready", masterKey, attempts: 1 })
    .onConflictDoUpdate({
      target: videoHlsPackages.videoKey,
      set: { status: "ready", masterKey, lastError: null, attempts: sql`${videoHlsPackages.attempts} + 1`, updatedAt: new Date() },
    });
}

/**
 * Records a failed attempt; a package that was ready stays ready (its files are still stored and
 * the new attempt was only a refresh). Returns the attempts so far.
 */
export async function markVideoHlsFailed(db: Tx, videoKey: string, error: string): Promise<number> {
  const [row] = await db
    .insert(videoHlsPackages)
    .values({ videoKey, status: "failed", attempts: 1, lastError: error })
    .onConflictDoUpdate({
      target: videoHlsPackages.videoKey,
      set: {
        status: sql`case when ${videoHlsPackages.status} = 'ready' then 'ready' else 'failed' end`,
        lastError: error,
        attempts: sql`${videoHlsPackages.attempts} + 1`,
        updatedAt: new Date(),
      },
    })
    .returning({ attempts: videoHlsPackages.attempts });
  return row?.attempts ?? 1;
}

/**
 * Live clips of at least `minSeconds` whose video file has no package yet, or only failed attempts
 * (fewer than `maxAttempts`, the last one before `retryBefore`): one clip id per file.
 */
export async function listUnpackagedLongClips(db: Tx, opts: { minSeconds: number; maxAttempts: number; retryBefore: Date; limit: number }): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select distinct on (a.video_key) a.id
    from video_assets a
    left join video_hls_packages h on h.video_key = a.video_key
    where a.deleted_at is null and a.duration_seconds >= ${opts.minSeconds}
      and (h.video_key is null or (h.status = 'failed' and h.attempts < ${opts.maxAttempts} and h.updated_at < ${opts.retryBefore.toISOString()}::timestamptz))
    order by a.video_key, a.created_at
    limit ${opts.limit}
  `);
  return rows.map((r) => r.id);
}
