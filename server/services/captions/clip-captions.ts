import { and, eq, inArray } from "drizzle-orm";
import { INSTRUCTION_CUE_AT } from "@/lib/player-timing";
import type { Db } from "@/db/client";
import { type AudioType, instructionAudio } from "@/db/schema";
import { isSupportedLocale, languageOf } from "@/server/core/locale";
import { type Cue, captionLabel, renderVtt, speechCues, speechSeconds } from "@/server/media/captions";
import { signMedia } from "@/server/services/content/media";

/**
 * Caption tracks of a clip's spoken instructions, one per locale the clip is voiced in, timed as
 * the players speak them in a playlist segment (components/player/from-playlist.ts, lib/player-timing.ts): the intro
 * and outro voice-over from the segment's start; an exercise's cue from its start and its
 * instruction once the cue has finished and no earlier than INSTRUCTION_CUE_AT; a class's cue
 * from its start. The VTT is made on request from the stored scripts and lengths
 * (`captions/clips/{videoAssetId}/{role}/{locale}.vtt`, signed like every media URL), so it can
 * never disagree with the tracks it captions.
 */

export const CAPTION_ROLES = {
  intro: ["workoutIntro"],
  outro: ["workoutOutro"],
  exercise: ["exerciseCue", "exerciseInstruction"],
  class: ["exerciseCue"],
} as const satisfies Record<string, readonly AudioType[]>;
export type CaptionRole = keyof typeof CAPTION_ROLES;

export interface CaptionTrackRef {
  locale: string;
  label: string;
  url: string;
}

export const CLIP_CAPTIONS_PREFIX = "captions/clips/";

export function clipCaptionKey(videoAssetId: string, role: CaptionRole, locale: string): string {
  return `${CLIP_CAPTIONS_PREFIX}${videoAssetId}/${role}/${locale}.vtt`;
}

export function parseClipCaptionKey(key: string): { videoAssetId: string; role: CaptionRole; locale: string } | null {
  const m = /^captions\/clips\/([0-9a-f]{24})\/(intro|outro|exercise|class)\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.vtt$/.exec(key);
  return m ? { videoAssetId: m[1]!, role: m[2] as CaptionRole, locale: m[3]! } : null;
}

/**
 * The `captions` of a playlist segment: one signed track per supported locale in which the clip
 * has a scripted track of the role's types, sorted by locale. Empty when nothing is scripted.
 */
export function segmentCaptions(videoAssetId: string, role: CaptionRole, voiced: readonly { locale: string; type: string }[]): CaptionTrackRef[] {
  const types: readonly string[] = CAPTION_ROLES[role];
  const locales = [...new Set(voiced.filter((v) => types.includes(v.type) && isSupportedLocale(v.locale)).map((v) => v.locale))].sort();
  return locales.map((locale) => ({ locale, label: captionLabel(locale), url: signMedia(clipCaptionKey(videoAssetId, role, locale)) }));
}

interface ScriptedTrack {
  locale: string;
  type: AudioType;
  scriptText: string | null;
  durationSeconds: number | null;
}

/** The cues of a role in a locale: per type the exact locale's track, else the same language's. */
export function roleCues(role: CaptionRole, locale: string, tracks: readonly ScriptedTrack[]): Cue[] {
  const pick = (type: AudioType) => {
    const scripted = tracks.filter((t) => t.type === type && t.scriptText?.trim());
    return scripted.find((t) => t.locale === locale) ?? scripted.find((t) => languageOf(t.locale) === languageOf(locale)) ?? null;
  };
  const cues: Cue[] = [];
  let t = 0;
  CAPTION_ROLES[role].forEach((type, i) => {
    const track = pick(type);
    if (!track) return;
    const speech = { text: track.scriptText ?? "", seconds: track.durationSeconds };
    // The players start an exercise's instruction after its cue, and never before INSTRUCTION_CUE_AT.
    const start = role === "exercise" && i > 0 ? Math.max(t, INSTRUCTION_CUE_AT) : t;
    cues.push(...speechCues(speech, start));
    t = start + speechSeconds(speech);
  });
  return cues;
}

/** The VTT of `captions/clips/...`, or null when the key names nothing captioned. */
export async function renderClipCaptions(db: Db, key: string): Promise<string | null> {
  const ref = parseClipCaptionKey(key);
  if (!ref) return null;
  const tracks = await db
    .select({
      locale: instructionAudio.locale,
      type: instructionAudio.type,
      scriptText: instructionAudio.scriptText,
      durationSeconds: instructionAudio.durationSeconds,
    })
    .from(instructionAudio)
    .where(and(eq(instructionAudio.videoAssetId, ref.videoAssetId), inArray(instructionAudio.type, [...CAPTION_ROLES[ref.role]])));
  const cues = roleCues(ref.role, ref.locale, tracks);
  if (cues.length === 0) return null;
  return renderVtt(cues);
}
