import type { Db } from "@/db/client";
import { findWorkoutById, findWorkoutVersion, listWorkoutFacets, listWorkoutVoiceOvers } from "@/db/queries/workouts";
import type { Caller } from "@/server/core/caller";
import { notFound } from "@/server/core/errors";
import type { Locale } from "@/server/core/locale";
import { publicBaseUrl } from "@/server/env";
import { SerializedJson } from "@/server/core/serialized-json";
import { VersionedCache } from "./list-cache";
import { audioObject, imageUrl, pickTrack } from "./media";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";
import { groupFacets, workoutListItem } from "./serialize";

/**
 * A published workout by id, public or private, for a caller of its organization (403
 * otherwise). Drafts and deleted workouts are 404, as are unknown ids.
 */
export async function findReadableWorkout(db: Db, caller: Caller, workoutId: string) {
  const row = await findWorkoutById(db, workoutId);
  if (row?.status !== "published" || row.deletedAt) throw notFound("Workout not found.");
  caller.assertOrganization(row.organizationId);
  return row;
}

/**
 * The detail response `{ data }`, serialized: reused per workout and locale while the workout's
 * version is unchanged (one batched primary-key read per request on a hit), like the playlist.
 */
export async function getWorkoutResponse(db: Db, caller: Caller, workoutId: string, locale: Locale): Promise<SerializedJson> {
  const version = await findWorkoutVersion(db, workoutId);
  if (version?.status !== "published" || version.deleted_at) throw notFound("Workout not found.");
  caller.assertOrganization(version.organization_id);
  return rendered.load(`${workoutId}:${locale}`, version.version, async () => new SerializedJson(JSON.stringify({ data: await getWorkout(db, caller, workoutId, locale) })));
}

/**
 * Rendered details per workout and locale, for at most RENDER_TTL_MS: that bounds staleness after
 * changes that do not bump the workout (a renamed trainer or organization, edited voice-overs)
 * and keeps signed URLs about 7 days from expiry.
 */
const RENDER_TTL_MS = 60_000;
const rendered = new VersionedCache<SerializedJson>(5_000, RENDER_TTL_MS);

/** Forget rendered details (tests that edit rows with direct SQL). */
export function clearWorkoutDetailCache(): void {
  rendered.clear();
}

/** The full workout detail, localized. */
export async function getWorkout(db: Db, caller: Caller, workoutId: string, locale: Locale) {
  const row = await findReadableWorkout(db, caller, workoutId);
  const [facetRows, voiceOvers, ref] = await Promise.all([listWorkoutFacets(db, [row.id]), listWorkoutVoiceOvers(db, row.id), getReferenceIndex(db)]);
  const intro = pickTrack(
    voiceOvers.filter((v) => v.segmentKind === "intro"),
    "workoutIntro",
    locale,
  );
  const outro = pickTrack(
    voiceOvers.filter((v) => v.segmentKind === "outro"),
    "workoutOutro",
    locale,
  );
  const share = new URL(`/workouts/${row.id}`, `${publicBaseUrl()}/`);
  share.searchParams.set("orgId", row.organizationId);
  return {
    ...workoutListItem(row, groupFacets(facetRows).get(row.id), ref, locale),
    images: { thumbnail: imageUrl(row.thumbnailKey), cover: imageUrl(row.coverKey) },
    audioIntro: intro ? audioObject(intro) : null,
    audioOutro: outro ? audioObject(outro) : null,
    musicPlaylists: {
      spotify: row.musicPlaylists.spotify ?? null,
      appleMusic: row.musicPlaylists.appleMusic ?? null,
      youtubeMusic: row.musicPlaylists.youtubeMusic ?? null,
    },
    mixBgMusic: row.mixBgMusic,
    shareLink: { url: share.toString() },
  };
}
