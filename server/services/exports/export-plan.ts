import type { Db } from "@/db/client";
import { audioMixOf } from "@/lib/audio-mix";
import { type ExportSegmentRow, findExportWorkout, listExportSegments, listVoiceTracks } from "@/db/queries/exports";
import { listPoolTracks } from "@/db/queries/music";
import type { AudioType } from "@/db/schema";
import { DEFAULT_LOCALE, type Locale, SUPPORTED_LOCALES, isSupportedLocale, languageOf } from "@/server/api/locale";
import { digest } from "@/server/media/render/cache";
import { RENDER_REVISION } from "@/server/media/render/format";
import type { RenderSegment } from "@/server/media/render/timeline";
import { exerciseWindowSeconds } from "@/server/services/content/get-playlist";

/**
 * The exports mix what the workout's `videoAudioMode` says (lib/audio-mix.ts, the same rule as the
 * players): voice-over, the own sound of clips that play once (intro, outro, class, multiExercise,
 * promo, educational) and the music pool. Looped exercise demos never contribute sound: a few
 * seconds repeated for a minute is noise, not content.
 */
/** The inputs every locale shares: the picture, the clips' sound and the music. */
export interface CommonInputs {
  segments: RenderSegment[];
  music: string[];
}

export interface ExportPlan {
  workoutId: string;
  organizationId: string;
  /** Locales to render, the first one first (see exportLocales). */
  locales: Locale[];
  common: CommonInputs;
  /** Per locale: per segment, the voice tracks in the order they speak. */
  voices: Record<string, string[][]>;
  /** Per locale: the version (hash of every input that decides the bytes). */
  versions: Record<string, string>;
  /** Planned length in seconds (the playlist's). */
  seconds: number;
}

export type PlanOutcome = { plan: ExportPlan } | { skip: "not-found" | "not-published" | "no-playlist" };

const EXPORT_LOCALE_ALIASES: Record<string, Locale> = { no: "nb-NO", "no-no": "nb-NO", nb: "nb-NO" };

/**
 * Exports never fall back to English: a requested locale must be a supported one (exact,
 * case-insensitive or an alias such as `no`), otherwise nothing can have been rendered for it.
 */
export function resolveExportLocale(requested: string): Locale | null {
  if (isSupportedLocale(requested)) return requested;
  const lower = requested.toLowerCase();
  if (EXPORT_LOCALE_ALIASES[lower]) return EXPORT_LOCALE_ALIASES[lower];
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase() === lower) ?? null;
}

/** Voice track types spoken in each segment kind, in order. */
const VOICE_TYPES: Partial<Record<string, AudioType[]>> = {
  intro: ["workoutIntro"],
  outro: ["workoutOutro"],
  exercise: ["exerciseCue", "exerciseInstruction"],
  class: ["exerciseCue"],
};

function fileSeconds(row: ExportSegmentRow): number {
  return row.assetDurationSeconds && row.assetDurationSeconds > 0 ? row.assetDurationSeconds : (row.durationSeconds ?? 0);
}

/**
 * The locales a workout is exported in: every supported locale of its voice tracks, the trainer's
 * preferred one first (then its language, then the rest alphabetically), so the export most
 * callers ask for is ready first. A workout without voice-over is exported once, in the
 * preferred locale.
 */
export function exportLocales(voiceLocales: Iterable<string>, preferred: Locale): Locale[] {
  const set = [...new Set([...voiceLocales].filter(isSupportedLocale))].sort();
  if (set.length === 0) return [preferred];
  const rank = (l: string) => (l === preferred ? 0 : languageOf(l) === languageOf(preferred) ? 1 : 2);
  return set.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Everything the exports of a workout depend on, read in a few statements: the segments (with the
 * playlist's durations), the clips' voice tracks per locale (exact locale, else the same
 * language; never another language, so a German export never speaks English), the music pool
 * in order (organization pools, then the trainer's, each track once, as many as the workout's
 * length needs) and the versions that hash it all.
 */
export async function loadExportPlan(db: Db, workoutId: string): Promise<PlanOutcome> {
  const workout = await findExportWorkout(db, workoutId);
  if (!workout) return { skip: "not-found" };
  if (workout.status !== "published" || workout.deletedAt) return { skip: "not-published" };
  const mix = audioMixOf(workout.videoAudioMode, workout.mixBgMusic);
  const rows = await listExportSegments(db, workoutId);
  const segments: RenderSegment[] = [];
  const voiceSlots: { assetId: string | null; types: AudioType[] }[] = [];
  for (const row of rows) {
    if (row.kind === "break") {
      const visual = row.assetVideoKey
        ? { type: "clip" as const, key: row.assetVideoKey }
        : { type: "still" as const, key: row.breakImageKey ?? workout.coverKey ?? null };
      segments.push({ kind: "break", seconds: row.durationSeconds ?? 0, visual, sound: null });
      voiceSlots.push({ assetId: null, types: [] });
      continue;
    }
    if (!row.assetVideoKey) continue; // a clip that no longer exists is skipped, as in the playlist
    const exercise = row.kind === "exercise";
    const seconds = exercise ? exerciseWindowSeconds(row) : fileSeconds(row);
    const sound = !exercise && mix.clipSound ? row.assetVideoKey : null;
    segments.push({ kind: row.kind, seconds, visual: { type: "clip", key: row.assetVideoKey }, sound });
    const types = !mix.voice || (row.kind === "class" && row.skipIntro) ? [] : (VOICE_TYPES[row.kind] ?? []);
    voiceSlots.push({ assetId: row.videoAssetId, types });
  }
  if (segments.length === 0) return { skip: "no-playlist" };
  const seconds = segments.reduce((s, x) => s + Math.max(0, x.seconds), 0);

  const assetIds = [...new Set(voiceSlots.filter((v) => v.types.length).map((v) => v.assetId!))];
  const tracks = await listVoiceTracks(db, assetIds);
  const usedTypes = new Set(voiceSlots.flatMap((v) => v.types));
  const relevant = tracks.filter((t) => usedTypes.has(t.type));
  const preferred = resolveExportLocale(workout.trainerPreferredLocale ?? "") ?? DEFAULT_LOCALE;
  const locales = exportLocales(
    relevant.map((t) => t.locale),
    preferred,
  );

  const byAsset = new Map<string, typeof relevant>();
  for (const t of relevant) byAsset.set(t.videoAssetId, [...(byAsset.get(t.videoAssetId) ?? []), t]);
  const pick = (assetId: string, type: AudioType, locale: Locale) => {
    const candidates = (byAsset.get(assetId) ?? []).filter((t) => t.type === type);
    return (candidates.find((t) => t.locale === locale) ?? candidates.find((t) => languageOf(t.locale) === languageOf(locale)))?.assetKey ?? null;
  };

  const music: string[] = [];
  if (mix.music) {
    const seen = new Set<string>();
    let covered = 0;
    const pool = await listPoolTracks(db, workout.organizationId, workout.trainerId);
    // Organization pools first, then the trainer's, each in its own order.
    const ordered = [...pool.filter((t) => !t.poolTrainerId), ...pool.filter((t) => t.poolTrainerId)];
    for (const t of ordered) {
      if (covered >= seconds) break;
      if (seen.has(t.assetKey)) continue;
      seen.add(t.assetKey);
      music.push(t.assetKey);
      covered += Math.max(t.durationSeconds, 0);
    }
  }

  const common: CommonInputs = { segments, music };
  const voices: Record<string, string[][]> = {};
  const versions: Record<string, string> = {};
  for (const locale of locales) {
    voices[locale] = voiceSlots.map((slot) => (slot.assetId ? slot.types.map((type) => pick(slot.assetId!, type, locale)).filter((k): k is string => !!k) : []));
    versions[locale] = digest(JSON.stringify({ revision: RENDER_REVISION, common, voices: voices[locale] }));
  }
  return { plan: { workoutId, organizationId: workout.organizationId, locales, common, voices, versions, seconds } };
}
