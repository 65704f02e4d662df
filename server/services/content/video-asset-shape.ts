import type { AssetRelations, VideoAssetRow } from "@/db/queries/video-assets";
import { AUDIO_TYPES } from "@/db/schema";
import { type Locale, pickText } from "@/server/core/locale";
import { type AudioTrack, isoTime, pickTrack, signMedia, videoObject } from "./media";
import { equipmentList } from "./reference";
import type { ReferenceIndex } from "@/server/ai/types";

const NO_RELATIONS: AssetRelations = { id: "", equipmentIds: [], muscles: [], audio: [] };

/** Muscle groups with their share of the work (0..1), largest first. */
export function muscleShares(ref: ReferenceIndex, muscles: readonly { id: string; share: number }[], locale: Locale) {
  return [...muscles]
    .filter((m) => ref.muscleById.has(m.id))
    .sort((a, b) => b.share - a.share)
    .map((m) => ({ id: m.id, name: pickText(ref.muscleById.get(m.id)!.name, locale), share: Math.round(m.share * 1000) / 1000 }));
}

/**
 * `audioInstructions[]` of a single-exercise clip. With a locale: the best track of each type
 * for it (exact, same language, English). Without: every stored locale. `scriptText` is
 * omitted when no transcript is stored.
 */
export function audioInstructions(tracks: readonly AudioTrack[], locale: Locale | undefined) {
  let chosen: AudioTrack[];
  if (locale) {
    chosen = [];
    for (const type of AUDIO_TYPES) {
      const t = pickTrack(tracks, type, locale);
      if (t) chosen.push(t);
    }
  } else {
    chosen = [...tracks];
  }
  return chosen.map((t) => ({
    id: t.id,
    createdAt: isoTime(t.createdAt ?? new Date(0)),
    assetUri: signMedia(t.assetKey),
    type: t.type,
    locale: t.locale,
    ...(t.scriptText !== null && t.scriptText !== undefined ? { scriptText: t.scriptText } : {}),
  }));
}

/** Fields every clip shape shares (workspace rows, the by-id detail, group exercises, stock rows). */
export function clipCore(row: VideoAssetRow, rel: AssetRelations | undefined, ref: ReferenceIndex, locale: Locale) {
  const r = rel ?? NO_RELATIONS;
  return {
    id: row.id,
    _id: row.id,
    kind: row.kind,
    name: pickText(row.name, locale),
    description: pickText(row.description, locale),
    skillLevel: row.skillLevel,
    executionSide: row.executionSide,
    coach: row.coach,
    collectionName: row.collectionName,
    duration: row.durationSeconds,
    estimatedRepDuration: row.estimatedRepDuration,
    equipment: equipmentList(ref, r.equipmentIds, locale),
    muscleGroups: muscleShares(ref, r.muscles, locale),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A workspace exercise video row. `locale` undefined means "not requested": names fall back to
 * English and every instruction locale is returned.
 */
export function videoAssetRow(row: VideoAssetRow, rel: AssetRelations | undefined, ref: ReferenceIndex, locale: Locale | undefined) {
  const loc = locale ?? "en-US";
  return {
    ...clipCore(row, rel, ref, loc),
    organizationId: row.organizationId,
    _teamId: row.organizationId,
    video: videoObject(row, row.kind === "single-exercise" ? -1 : 0),
    ...(row.kind === "single-exercise" ? { audioInstructions: audioInstructions((rel ?? NO_RELATIONS).audio, locale) } : {}),
  };
}
