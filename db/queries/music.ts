import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../client";
import { musicPoolTracks, musicPools, musicTracks } from "../schema";

/**
 * Tracks of the organization's pools and of one trainer's pools (or of the named pools only, when a
 * workout chose its pools), one row per pool membership (a track in several pools appears several
 * times; the service deduplicates).
 */
export function listPoolTracks(db: Tx, organizationId: string, trainerId: string | null, poolIds: readonly string[] = []) {
  return db
    .select({
      poolId: musicPools.id,
      poolTrainerId: musicPools.trainerId,
      trackId: musicTracks.id,
      name: musicTracks.name,
      artist: musicTracks.artist,
      durationSeconds: musicTracks.durationSeconds,
      filename: musicTracks.filename,
      assetKey: musicTracks.assetKey,
      bpm: musicTracks.bpm,
    })
    .from(musicPools)
    .innerJoin(musicPoolTracks, eq(musicPoolTracks.poolId, musicPools.id))
    .innerJoin(musicTracks, eq(musicTracks.id, musicPoolTracks.trackId))
    .where(
      and(
        eq(musicPools.organizationId, organizationId),
        poolIds.length
          ? inArray(musicPools.id, [...poolIds])
          : trainerId
            ? or(isNull(musicPools.trainerId), eq(musicPools.trainerId, trainerId))
            : isNull(musicPools.trainerId),
      ),
    )
    .orderBy(asc(musicPools.id), asc(musicPoolTracks.position));
}

/** The organization's music pools (organization-wide and per trainer) with their track counts. */
export function listOrganizationPools(db: Tx, organizationId: string) {
  return db
    .select({
      id: musicPools.id,
      name: musicPools.name,
      trainerId: musicPools.trainerId,
      tracks: sql<number>`(select count(*)::int from music_pool_tracks t where t.pool_id = "music_pools"."id")`,
    })
    .from(musicPools)
    .where(eq(musicPools.organizationId, organizationId))
    .orderBy(asc(musicPools.name), asc(musicPools.id));
}

/** Which of these pool ids are pools of the organization. */
export async function findOrganizationPoolIds(db: Tx, organizationId: string, poolIds: string[]): Promise<string[]> {
  if (poolIds.length === 0) return [];
  const rows = await db
    .select({ id: musicPools.id })
    .from(musicPools)
    .where(and(eq(musicPools.organizationId, organizationId), inArray(musicPools.id, poolIds)));
  return rows.map((r) => r.id);
}
