/**
 * What a workout's `videoAudioMode` means, for every player and for the rendered exports alike
 * (the contract shows only `full`; this is Forma's reading, documented in docs/exports.md and the
 * OpenAPI description of the field). Imported by the server (exports, validation) and the
 * browser (players), so the rule is written once.
 *
 * - `full` (the default): voice-over, the clips' own sound and background music.
 * - `voice-and-music`: voice-over and music; the clips play silent.
 * - `music-only`: music alone; no voice-over, the clips play silent.
 * - `clip-only`: only the clips' own sound (an instructor-led class that brings its audio).
 *
 * Older rows may say `voice` (= voice-and-music) or `original` (= clip-only); unknown values count
 * as `full`. A workout's `mixBgMusic: false` leaves the music out in every mode.
 */
export const VIDEO_AUDIO_MODES = ["full", "voice-and-music", "music-only", "clip-only"] as const;
export type VideoAudioMode = (typeof VIDEO_AUDIO_MODES)[number];

export interface AudioMix {
  voice: boolean;
  clipSound: boolean;
  music: boolean;
}

const MIXES: Record<VideoAudioMode, AudioMix> = {
  full: { voice: true, clipSound: true, music: true },
  "voice-and-music": { voice: true, clipSound: false, music: true },
  "music-only": { voice: false, clipSound: false, music: true },
  "clip-only": { voice: false, clipSound: true, music: false },
};
const ALIASES: Record<string, VideoAudioMode> = { voice: "voice-and-music", original: "clip-only" };

export function videoAudioModeOf(value: string | null | undefined): VideoAudioMode {
  if (!value) return "full";
  if ((VIDEO_AUDIO_MODES as readonly string[]).includes(value)) return value as VideoAudioMode;
  return ALIASES[value] ?? "full";
}

/** The sources a player or an export mixes for a workout. */
export function audioMixOf(videoAudioMode: string | null | undefined, mixBgMusic = true): AudioMix {
  const mix = MIXES[videoAudioModeOf(videoAudioMode)];
  return mixBgMusic ? mix : { ...mix, music: false };
}
