import { INSTRUCTION_CUE_AT } from "@/lib/player-timing";
import type { AudioCue, MusicTrack, PlayerSegment, PlayerWorkout, SegmentVideo } from "./model";
import { type AudioMix, audioMixOf } from "@/lib/audio-mix";

/**
 * Converts the API's workout detail, playlist and music playlist (the /v1 shapes, also returned
 * by the hosted pages' internal route) into the player's model. Types here are the fields the
 * player reads, not the whole contract.
 */

interface ApiAudio {
  url: string;
  type?: string;
  locale?: string;
  scriptText?: string;
}
interface ApiVideo {
  url: string;
  /** A long clip's HLS master (additive; absent for short or not yet packaged clips). */
  hlsUrl?: string;
  poster?: string | null;
  thumbnail?: string | null;
  loop?: number;
}
interface ApiCaption {
  locale: string;
  label: string;
  url: string;
}
interface Named {
  id: string;
  name: string;
}

type ApiSegment =
  | { intro: { id: string; duration: number; audio: ApiAudio | null; video: { url: string; hlsUrl?: string }; captions?: ApiCaption[] } }
  | { outro: { id: string; duration: number; audio: ApiAudio | null; video: { url: string; hlsUrl?: string }; captions?: ApiCaption[] } }
  | {
      exercise: {
        id: string;
        exerciseId?: string;
        duration: number;
        name: string;
        reps: number | null;
        pace: string | null;
        weightLevel: string | null;
        rpe: number | null;
        amrap: boolean;
        equipment: Named[];
        intro: { audio: ApiAudio | null; video: ApiVideo };
        main: { video: ApiVideo; instructionAudio: ApiAudio[] };
        captions?: ApiCaption[];
      };
    }
  | {
      class: {
        id: string;
        duration: number;
        name: string;
        intro: { audio: ApiAudio | null; video: ApiVideo };
        skipIntro: boolean;
        main: { video: ApiVideo };
        chapters?: { name: string; startTimeSec: number; endTimeSec: number }[];
        captions?: ApiCaption[];
      };
    }
  | { multiExercise: { id: string; duration: number; name: string; main: { video: ApiVideo } } }
  | { promo: { id: string; duration: number; name: string; main: { video: ApiVideo } } }
  | { educational: { id: string; duration: number; name: string; main: { video: ApiVideo } } }
  | { break: { id: string; duration: number; video: ApiVideo | null; imageUrl?: string | null } };

export interface ApiPlaylist {
  data: ApiSegment[];
  presentationStyle?: string;
}

export interface ApiWorkoutDetail {
  id: string;
  name: string;
  description: string;
  duration: number;
  difficulty: string;
  skipWorkoutPreview: boolean;
  skipWorkoutCompletionScreen: boolean;
  preview?: { poster: string | null; thumbnail: string | null } | null;
  images?: { cover: string | null; thumbnail: string | null } | null;
  mixBgMusic?: boolean;
  /** Which sources play (lib/audio-mix.ts). */
  videoAudioMode?: string;
}

export interface ApiMusic {
  tracks: { url: string; name: string }[];
}

/** `{ hlsUrl }` when the playlist gives one (the players prefer it, see player.tsx). */
const hlsOf = (v: { hlsUrl?: string }): Pick<SegmentVideo, "hlsUrl"> => (v.hlsUrl ? { hlsUrl: v.hlsUrl } : {});

const video = (v: ApiVideo, opts: { muted: boolean }): SegmentVideo => ({
  url: v.url,
  ...hlsOf(v),
  poster: v.poster ?? null,
  loop: v.loop === -1,
  muted: opts.muted,
});

const cue = (a: ApiAudio, role: AudioCue["role"], at: number): AudioCue => ({
  url: a.url,
  at,
  role,
  locale: a.locale,
  text: a.scriptText || undefined,
});

/** `{ captions }` when the playlist gives some (the field is optional and additive). */
function captionsOf(captions: ApiCaption[] | undefined): Pick<PlayerSegment, "captions"> {
  return captions?.length ? { captions: captions.map((c) => ({ locale: c.locale, label: c.label, url: c.url })) } : {};
}

function exerciseFacts(e: { pace: string | null; weightLevel: string | null; rpe: number | null; amrap: boolean; equipment: Named[] }): string[] {
  const facts: string[] = [];
  if (e.amrap) facts.push("AMRAP");
  if (e.pace) facts.push(`${e.pace} pace`);
  if (e.weightLevel) facts.push(`${e.weightLevel} weight`);
  if (e.rpe !== null) facts.push(`RPE ${e.rpe}`);
  for (const q of e.equipment) facts.push(q.name);
  return facts;
}

function toSegment(entry: ApiSegment): PlayerSegment | null {
  if ("intro" in entry || "outro" in entry) {
    const isIntro = "intro" in entry;
    const s = isIntro ? entry.intro : entry.outro;
    return {
      id: s.id,
      kind: isIntro ? "intro" : "outro",
      name: isIntro ? "Get ready" : "Well done",
      duration: s.duration,
      timing: "media",
      // The voice-over comes as its own track, so the clip plays without its sound when there is one.
      video: { url: s.video.url, ...hlsOf(s.video), poster: null, loop: false, muted: Boolean(s.audio) },
      imageUrl: null,
      audio: s.audio ? [cue(s.audio, "voiceover", 0)] : [],
      reps: null,
      facts: [],
      ...captionsOf(s.captions),
    };
  }
  if ("exercise" in entry) {
    const e = entry.exercise;
    const repBased = e.reps !== null && e.reps > 0 && !e.amrap;
    const audio: AudioCue[] = [];
    if (e.intro.audio) audio.push(cue(e.intro.audio, "cue", 0));
    for (const a of e.main.instructionAudio) audio.push(cue(a, "instruction", INSTRUCTION_CUE_AT));
    return {
      id: e.id,
      kind: "exercise",
      ...(e.exerciseId ? { exerciseId: e.exerciseId } : {}),
      name: e.name,
      duration: e.duration,
      timing: repBased ? "reps" : "countdown",
      video: video(e.main.video, { muted: true }),
      imageUrl: e.main.video.poster ?? null,
      audio,
      reps: e.reps,
      facts: exerciseFacts(e),
      ...captionsOf(e.captions),
    };
  }
  if ("class" in entry) {
    const c = entry.class;
    return {
      id: c.id,
      kind: "class",
      name: c.name,
      duration: c.duration,
      timing: "media",
      video: video(c.main.video, { muted: false }),
      imageUrl: c.main.video.poster ?? null,
      audio: !c.skipIntro && c.intro.audio ? [cue(c.intro.audio, "cue", 0)] : [],
      reps: null,
      facts: [],
      chapters: c.chapters?.map((ch) => ({ name: ch.name, startTimeSec: ch.startTimeSec, endTimeSec: ch.endTimeSec })),
      ...(c.skipIntro ? {} : captionsOf(c.captions)),
    };
  }
  if ("break" in entry) {
    const b = entry.break;
    return {
      id: b.id,
      kind: "break",
      name: "Rest",
      duration: b.duration,
      timing: "countdown",
      video: b.video ? video(b.video, { muted: true }) : null,
      imageUrl: b.imageUrl ?? null,
      audio: [],
      reps: null,
      facts: [],
    };
  }
  const [kind, m] =
    "multiExercise" in entry
      ? (["multiExercise", entry.multiExercise] as const)
      : "promo" in entry
        ? (["promo", entry.promo] as const)
        : "educational" in entry
          ? (["educational", entry.educational] as const)
          : [null, null];
  if (!kind || !m) return null; // a kind this player does not know is skipped
  return {
    id: m.id,
    kind,
    name: m.name,
    duration: m.duration,
    timing: "media",
    video: video(m.main.video, { muted: false }),
    imageUrl: m.main.video.poster ?? null,
    audio: [],
    reps: null,
    facts: [],
  };
}

/** The player model of a stored workout. */
export function workoutFromPlaylist(detail: ApiWorkoutDetail, playlist: ApiPlaylist): PlayerWorkout {
  const mix = audioMixOf(detail.videoAudioMode);
  return {
    id: detail.id,
    name: detail.name,
    description: detail.description,
    poster: detail.images?.cover ?? detail.preview?.poster ?? detail.images?.thumbnail ?? detail.preview?.thumbnail ?? null,
    duration: detail.duration,
    difficulty: detail.difficulty,
    skipPreview: detail.skipWorkoutPreview,
    skipCompletionScreen: detail.skipWorkoutCompletionScreen,
    segments: playlist.data
      .map(toSegment)
      .filter((s): s is PlayerSegment => s !== null)
      .map((s) => withMix(s, mix)),
  };
}

/** A segment as the workout's audio mix plays it: no voice-over cues, or silent clips. */
function withMix(s: PlayerSegment, mix: AudioMix): PlayerSegment {
  if (mix.voice && mix.clipSound) return s;
  const audio = mix.voice ? s.audio : [];
  // Captions transcribe the voice-over: without it there is nothing to caption.
  const captions = mix.voice ? s.captions : undefined;
  // Without its voice-over an intro plays its own sound (it was muted only for the voice track).
  const muted = !mix.clipSound || (s.video?.muted === true && (s.kind !== "intro" || audio.length > 0));
  const { captions: _dropped, ...rest } = s;
  return { ...rest, audio, video: s.video ? { ...s.video, muted } : null, ...(captions ? { captions } : {}) };
}

/** The music a player mixes for a workout: none for modes without music or when mixBgMusic is off. */
export function playerMusic(detail: Pick<ApiWorkoutDetail, "mixBgMusic" | "videoAudioMode">, music: ApiMusic | null | undefined): MusicTrack[] {
  return audioMixOf(detail.videoAudioMode, detail.mixBgMusic !== false).music ? musicFromApi(music) : [];
}

/** Music tracks of GET /v1/workouts/{id}/music (none when the workout does not mix music). */
export function musicFromApi(music: ApiMusic | null | undefined): MusicTrack[] {
  return (music?.tracks ?? []).map((t) => ({ url: t.url, name: t.name }));
}
