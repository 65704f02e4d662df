import type { Db } from "@/db/client";
import { listReadyExports } from "@/db/queries/exports";
import type { Caller } from "@/server/core/caller";
import { notFound } from "@/server/core/errors";
import { DEFAULT_LOCALE, type Locale, languageOf } from "@/server/core/locale";
import { signMediaUrl } from "@/server/media/signing";
import { type MediaStorage, getMediaStorage } from "@/server/media/storage";
import { exportCaptionsKey } from "@/server/services/captions/export-captions";
import { exportHlsPrefix, masterKey } from "@/server/services/exports/export-hls";
import { loadExportPlan, resolveExportLocale } from "@/server/services/exports/export-plan";
import { findReadableWorkout } from "./get-workout";

interface ExportRow {
  locale: string;
  assetKey: string | null;
}

/**
 * Which finished export serves a request. Rows are newest first.
 * - video: no locale = the latest of any locale; a locale = exactly that locale.
 * - audio: the requested locale, or else the trainer's preferred one; exact first, then the
 *   newest of the same language (en-GB for en-US), never another language.
 */
export function selectExport<T extends ExportRow>(kind: "video" | "audio", rows: readonly T[], requested: Locale | undefined, preferred: Locale): T | null {
  if (kind === "video") return (requested ? rows.find((r) => r.locale === requested) : rows[0]) ?? null;
  const target = requested ?? preferred;
  return rows.find((r) => r.locale === target) ?? rows.find((r) => languageOf(r.locale) === languageOf(target)) ?? null;
}

/**
 * The presigned URL of a workout's rendered video or audio export, or 404 while there is none.
 * Only an export of the workout as it is now counts: after a change to its playlist, media or
 * voice-over the endpoints answer 404 ("still processing", as the contract says) until the new
 * version is rendered, never the previous one (whose signed URLs keep working until they expire).
 */
export async function getExportUrl(db: Db, caller: Caller, workoutId: string, kind: "video" | "audio", locale: string | undefined): Promise<string> {
  return signMediaUrl(await currentExportKey(db, caller, workoutId, kind, locale));
}

/**
 * The signed URL of the caption sidecar (WebVTT) of the video export that stream_url would
 * answer (same locale rule); 404 while that export is not ready, and for an export with nothing
 * spoken to caption (no voice-over, or none with a script).
 */
export async function getExportCaptionsUrl(db: Db, caller: Caller, workoutId: string, locale: string | undefined, storage: MediaStorage = getMediaStorage()): Promise<string> {
  const videoKey = await currentExportKey(db, caller, workoutId, "video", locale, "captions");
  const key = exportCaptionsKey(videoKey);
  if (!(await storage.exists(key))) throw notFound("This export has no captions: nothing with a script is spoken in it.");
  return signMediaUrl(key);
}

/**
 * The signed URL of the HLS master playlist of the video export that stream_url would answer
 * (same locale rule); 404 while that export is not ready or has no package (rendered before HLS).
 * Every URI inside is signed when the playlists are served, with this URL's expiry.
 */
export async function getExportHlsUrl(db: Db, caller: Caller, workoutId: string, locale: string | undefined, storage: MediaStorage = getMediaStorage()): Promise<string> {
  const videoKey = await currentExportKey(db, caller, workoutId, "video", locale, "HLS");
  const key = masterKey(exportHlsPrefix(videoKey));
  if (!(await storage.exists(key))) throw notFound("This export has no HLS package yet: it is packaged when the export is next rendered.");
  return signMediaUrl(key);
}

/** The storage key of the current, ready export a request selects; 404 while there is none. */
async function currentExportKey(db: Db, caller: Caller, workoutId: string, kind: "video" | "audio", locale: string | undefined, noun: string = kind): Promise<string> {
  const workout = await findReadableWorkout(db, caller, workoutId);
  let requested: Locale | undefined;
  if (locale !== undefined) {
    const resolved = resolveExportLocale(locale);
    if (!resolved) throw notFound(`No ${noun} export exists for locale ${locale}.`);
    requested = resolved;
  }
  const preferred = resolveExportLocale(workout.trainerPreferredLocale ?? "") ?? DEFAULT_LOCALE;
  const [outcome, ready] = await Promise.all([loadExportPlan(db, workout.id), listReadyExports(db, workout.id, kind)]);
  const versions = "plan" in outcome ? outcome.plan.versions : {};
  const current = ready.filter((r) => versions[r.locale] === r.version);
  const chosen = selectExport(kind, current, requested, preferred);
  if (!chosen?.assetKey) {
    throw notFound(requested ? `The ${noun} export for ${requested} is not rendered yet.` : `The ${noun} export of this workout is not rendered yet.`);
  }
  return chosen.assetKey;
}
