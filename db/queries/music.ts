import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Tx } from "../client";
import { musicPoolTracks, musicPools, musicTracks } from "../schema";

/**
 * Tracks of the organization's pools and of one trainer's pools, one row per pool membership
 * (a track in several pools appears several times; the service deduplicates).
 */
export function listPoolTracks(db: Tx, organizationId: string, trainerId: string | null) {
  return db
    .select({
      poolId: musicPools.id,
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
        trainerId ? or(isNull(musicPools.trainerId), eq(musicPools.trainerId, trainerId)) : isNull(musicPools.trainerId),
      ),
    )
    .orderBy(asc(musicPools.id), asc(musicPoolTracks.position));
}
