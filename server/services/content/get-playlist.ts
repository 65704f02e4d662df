import type { Db } from "@/db/client";
import { type PlaylistAssetRelations, type PlaylistRow, findPlaylist, findWorkoutVersion } from "@/db/queries/workouts";
import type { Caller } from "@/server/core/caller";
import { notFound } from "@/server/core/errors";
import { SerializedJson } from "@/server/core/serialized-json";
import type { Locale } from "@/server/core/locale";
import { type AudioObject, type VideoObject, audioObject, hlsUrlOf, imageUrl, pickTrack, signedUrl, videoObject } from "./media";
import { VersionedCache } from "./list-cache";
import { musclesByShare, namedList } from "./reference";
import type { ReferenceIndex } from "@/server/ai/types";
import { type CaptionRole, type CaptionTrackRef, segmentCaptions } from "@/server/services/captions/clip-captions";
import { getReferenceIndex } from "@/server/services/metadata/reference-cache";

type Named = { id: string; name: string };

interface SegmentBase {
  id: string;
  duration: number;
}
interface Facets {
  equipment: Named[];
  muscleGroups: Named[];
}
interface ChapterData {
  name: string;
  startTimeSec: number;
  endTimeSec: number;
  equipment: Named[];
  muscleGroups: Named[];
}
/** Caption tracks of the segment's spoken instructions, per locale (only when there are some). */
type Captioned = { captions?: CaptionTrackRef[] };
type VoiceSegment = SegmentBase & Captioned & { audio: AudioObject | null; video: { url: string; hlsUrl?: string } };
type ExerciseData = SegmentBase &
  Facets &
  Captioned & {
    kind: "exercise";
    exerciseId: string;
    name: string;
    reps: number | null;
    pace: string | null;
    weightLevel: string | null;
    rpe: number | null;
    amrap: boolean;
    intro: { audio: AudioObject | null; video: VideoObject };
    main: { video: VideoObject; instructionAudio: AudioObject[] };
  };
type ClassData = SegmentBase &
  Facets &
  Captioned & {
    kind: "class";
    exerciseId: string;
    name: string;
    intro: { audio: AudioObject | null; video: VideoObject };
    skipIntro: boolean;
    main: { video: VideoObject };
    chapters?: ChapterData[];
  };
type MultiExerciseData = SegmentBase &
  Facets & {
    kind: "multi-exercise";
    exerciseId: string;
    exerciseIds: string[];
    name: string;
    intro: { audio: AudioObject | null; video: VideoObject };
    main: { video: VideoObject };
  };
type MediaData<K extends "promo" | "educational"> = SegmentBase & { kind: K; exerciseId: string; name: string; main: { video: VideoObject } };

/** One playlist entry: a single-key object named after the segment kind. */
export type PlaylistSegmentData =
  | { intro: VoiceSegment & { kind: "workout-intro" } }
  | { outro: VoiceSegment & { kind: "workout-outro" } }
  | { exercise: ExerciseData }
  | { class: ClassData }
  | { multiExercise: MultiExerciseData }
  | { promo: MediaData<"promo"> }
  | { educational: MediaData<"educational"> }
  | { break: SegmentBase & { kind: "break"; video: VideoObject | null; imageUrl: string | null } };

/** A playlist segment row that plays a clip (the join found its video asset). */
type ClipRow = PlaylistRow & { assetVideoKey: string };

interface Ctx {
  locale: Locale;
  ref: ReferenceIndex;
  relations: Map<string, PlaylistAssetRelations>;
}

const NO_RELATIONS: PlaylistAssetRelations = { id: "", equipmentIds: [], muscles: [], audio: [] };

function clipVideo(row: ClipRow, loop: number): VideoObject {
  return videoObject({ videoKey: row.assetVideoKey, posterKey: row.assetPosterKey, thumbnailKey: row.assetThumbnailKey, hlsKey: row.assetHlsKey }, loop);
}

/** Equipment and muscle groups of clips (and analysed class chapters), named in the locale. */
function facetsOf(ctx: Ctx, assetIds: string[], extra?: { equipmentIds: string[]; muscleGroupIds: string[] }[]): Facets {
  const equipmentIds: string[] = [];
  const muscles: { id: string; share: number }[] = [];
  for (const id of assetIds) {
    const rel = ctx.relations.get(id) ?? NO_RELATIONS;
    equipmentIds.push(...rel.equipmentIds);
    muscles.push(...rel.muscles);
  }
  for (const c of extra ?? []) {
    equipmentIds.push(...c.equipmentIds);
    for (const m of c.muscleGroupIds) muscles.push({ id: m, share: 0 });
  }
  return { equipment: namedList(ctx.ref.equipmentById, equipmentIds, ctx.locale), muscleGroups: musclesByShare(ctx.ref, muscles, ctx.locale) };
}

/** `{ captions }` for a segment whose clip has scripted speech of the role, else nothing (the field is additive). */
function captionsOf(ctx: Ctx, assetId: string, role: CaptionRole): Captioned {
  const captions = segmentCaptions(assetId, role, (ctx.relations.get(assetId) ?? NO_RELATIONS).voiced ?? []);
  return captions.length ? { captions } : {};
}

function track(ctx: Ctx, assetId: string | null, type: Parameters<typeof pickTrack>[1]): AudioObject | null {
  if (!assetId) return null;
  const t = pickTrack((ctx.relations.get(assetId) ?? NO_RELATIONS).audio, type, ctx.locale);
  return t ? audioObject(t) : null;
}

/** The planned work window: time-based seconds, or reps times the clip's estimated rep duration. */
export function exerciseWindowSeconds(row: {
  workSeconds: number | null;
  reps: number | null;
  durationSeconds: number | null;
  assetEstimatedRepDuration: number | null;
}): number {
  if (row.workSeconds !== null && row.workSeconds > 0) return row.workSeconds;
  if (row.reps !== null && row.reps > 0 && row.assetEstimatedRepDuration) return Math.round(row.reps * row.assetEstimatedRepDuration * 10) / 10;
  return row.durationSeconds ?? 0;
}

/** File length for media segments (falls back to the planned seconds when unknown). */
function fileSeconds(row: PlaylistRow): number {
  return row.assetDurationSeconds && row.assetDurationSeconds > 0 ? row.assetDurationSeconds : (row.durationSeconds ?? 0);
}

function segment(row: PlaylistRow, ctx: Ctx): PlaylistSegmentData | null {
  const id = row.segmentId;
  if (row.kind === "break") {
    return { break: { kind: "break", id, duration: row.durationSeconds ?? 0, video: null, imageUrl: imageUrl(row.breakImageKey) } };
  }
  if (!row.assetVideoKey || !row.videoAssetId) return null; // a clip that no longer exists is skipped, never a 500
  const clip = row as ClipRow;
  switch (row.kind) {
    case "intro":
      return {
        intro: {
          kind: "workout-intro",
          id,
          duration: fileSeconds(row),
          audio: track(ctx, row.videoAssetId, "workoutIntro"),
          video: { url: signedUrl(clip.assetVideoKey)!, ...hlsUrlOf(row.assetHlsKey) },
          ...captionsOf(ctx, row.videoAssetId, "intro"),
        },
      };
    case "outro":
      return {
        outro: {
          kind: "workout-outro",
          id,
          duration: fileSeconds(row),
          audio: track(ctx, row.videoAssetId, "workoutOutro"),
          video: { url: signedUrl(clip.assetVideoKey)!, ...hlsUrlOf(row.assetHlsKey) },
          ...captionsOf(ctx, row.videoAssetId, "outro"),
        },
      };
    case "exercise": {
      const instruction = pickTrack((ctx.relations.get(row.videoAssetId) ?? NO_RELATIONS).audio, "exerciseInstruction", ctx.locale);
      return {
        exercise: {
          kind: "exercise",
          id,
          exerciseId: row.videoAssetId,
          duration: exerciseWindowSeconds(row),
          name: row.name,
          reps: row.reps,
          pace: row.pace,
          weightLevel: row.weightLevel,
          rpe: row.rpe,
          amrap: row.amrap ?? false,
          ...facetsOf(ctx, [row.videoAssetId]),
          intro: { audio: track(ctx, row.videoAssetId, "exerciseCue"), video: clipVideo(clip, -1) },
          main: { video: clipVideo(clip, -1), instructionAudio: instruction ? [audioObject(instruction)] : [] },
          ...captionsOf(ctx, row.videoAssetId, "exercise"),
        },
      };
    }
    case "class": {
      const chapters = row.assetChapters;
      return {
        class: {
          kind: "class",
          id,
          exerciseId: row.videoAssetId,
          duration: fileSeconds(row),
          name: row.name,
          ...facetsOf(ctx, [row.videoAssetId], chapters ?? undefined),
          intro: { audio: track(ctx, row.videoAssetId, "exerciseCue"), video: clipVideo(clip, 0) },
          skipIntro: row.skipIntro ?? false,
          main: { video: clipVideo(clip, 0) },
          ...(chapters
            ? {
                chapters: chapters.map((c) => ({
                  name: c.name,
                  startTimeSec: c.startTimeSec,
                  endTimeSec: c.endTimeSec,
                  equipment: namedList(ctx.ref.equipmentById, c.equipmentIds, ctx.locale),
                  muscleGroups: namedList(ctx.ref.muscleById, c.muscleGroupIds, ctx.locale),
                })),
              }
            : {}),
          ...(row.skipIntro ? {} : captionsOf(ctx, row.videoAssetId, "class")),
        },
      };
    }
    case "multiExercise": {
      const parts = row.exerciseIds?.length ? row.exerciseIds : [];
      return {
        multiExercise: {
          kind: "multi-exercise",
          id,
          exerciseId: row.videoAssetId,
          exerciseIds: parts,
          duration: fileSeconds(row),
          name: row.name,
          ...facetsOf(ctx, [row.videoAssetId, ...parts]),
          intro: { audio: null, video: clipVideo(clip, 0) },
          main: { video: clipVideo(clip, 0) },
        },
      };
    }
    case "promo":
      return { promo: { kind: "promo", id, exerciseId: row.videoAssetId, duration: fileSeconds(row), name: row.name, main: { video: clipVideo(clip, 0) } } };
    case "educational":
      return {
        educational: { kind: "educational", id, exerciseId: row.videoAssetId, duration: fileSeconds(row), name: row.name, main: { video: clipVideo(clip, 0) } },
      };
    default:
      return null;
  }
}

/**
 * The ordered playlist of a published workout: one statement (workout, segments with their
 * clips, and the equipment, muscles and spoken tracks of every clip), names from the cached
 * reference data, URLs signed in memory. Returns the serialized body (kept for reuse).
 */
export async function getPlaylist(db: Db, caller: Caller, workoutId: string, locale: Locale): Promise<SerializedJson> {
  const version = await findWorkoutVersion(db, workoutId);
  if (version?.status !== "published" || version.deleted_at) throw notFound("Workout not found.");
  caller.assertOrganization(version.organization_id);
  return rendered.load(`${workoutId}:${locale}`, version.version, () => renderPlaylist(db, workoutId, locale));
}

async function renderPlaylist(db: Db, workoutId: string, locale: Locale): Promise<SerializedJson> {
  const [playlist, ref] = await Promise.all([findPlaylist(db, workoutId, locale), getReferenceIndex(db)]);
  if (playlist?.status !== "published" || playlist.deletedAt) throw notFound("Workout not found.");
  if (playlist.segments.length === 0) throw notFound("This workout has no playlist.");
  const ctx: Ctx = { locale, ref, relations: playlist.relations };
  const data = playlist.segments.map((s) => segment(s, ctx)).filter((s): s is PlaylistSegmentData => s !== null);
  return new SerializedJson(JSON.stringify({ data, presentationStyle: playlist.presentationStyle }));
}

/**
 * Rendered playlists per workout and locale, reused while the workout's version (`updatedAt`) is
 * unchanged, for at most RENDER_TTL_MS: that bounds staleness after edits to shared clips or
 * spoken tracks (which do not bump the workout), and keeps signed URLs about 7 days from expiry.
 */
const RENDER_TTL_MS = 60_000;
const rendered = new VersionedCache<SerializedJson>(5_000, RENDER_TTL_MS);

/** Forget rendered playlists (tests that edit clips or segments with direct SQL). */
export function clearPlaylistCache(): void {
  rendered.clear();
}
