/**
 * The player's own view of a workout: an ordered list of segments with everything a screen
 * needs (what to show, how long, how it ends, what to say), whatever the source was: a stored
 * workout's playlist (GET /v1/workouts/{id}/playlist, see `from-playlist.ts`) or a generated or
 * adapted workout JSON resolved clip by clip (see `from-generated.ts`). The reducer and the
 * media effects only ever see this shape, so the embed, the JSON receiver, the grids' overlay
 * and the cast display play the same way.
 */

export type SegmentKind = "intro" | "exercise" | "break" | "class" | "multiExercise" | "promo" | "educational" | "outro";

/**
 * How a segment ends:
 * - `countdown`: after `duration` seconds of playback (time-based exercises, AMRAP, rests);
 * - `reps`: when the member presses "done" (rep-based exercises; `duration` is only the estimate);
 * - `media`: when its video ends or `duration` (the file length) has played, whichever is first.
 */
export type SegmentTiming = "countdown" | "reps" | "media";

/** A spoken track played once, in order, no earlier than `at` seconds into its segment. */
export interface AudioCue {
  url: string;
  at: number;
  role: "voiceover" | "cue" | "instruction";
  locale?: string;
  text?: string;
}

export interface SegmentVideo {
  /** The progressive file (MP4). */
  url: string;
  /**
   * The same video as HLS (a long clip's package, playlist `video.hlsUrl`): played in its place
   * when present (natively or through hls.js, use-hls-source.ts), `url` when it fails.
   */
  hlsUrl?: string;
  poster: string | null;
  /** Loop the clip until the segment ends (exercise demos); otherwise it plays once. */
  loop: boolean;
  /** Mute the clip's own sound (demo loops and clips whose voice comes as a separate cue). */
  muted: boolean;
}

/** A WebVTT caption track of a segment's speech (cue times from the segment's start). */
export interface CaptionTrack {
  locale: string;
  label: string;
  url: string;
}

export interface PlayerSegment {
  /** The playlist segment id (sent as workoutSegmentId on session PATCH) or the generated instance id. */
  id: string;
  kind: SegmentKind;
  /** The exercise's video asset id (exercise segments), for the host events (FORMA_SEGMENT_*). */
  exerciseId?: string;
  name: string;
  /** Seconds: the work window (exercises, rests) or the file length (media segments). */
  duration: number;
  timing: SegmentTiming;
  video: SegmentVideo | null;
  /** Still image for rests (and a fallback when a segment has no video). */
  imageUrl: string | null;
  audio: AudioCue[];
  reps: number | null;
  /** Short facts shown under the name: pace, weight, RPE, equipment. */
  facts: string[];
  /** Caption tracks of the segment's spoken cues, one per locale (playlist `captions`). */
  captions?: CaptionTrack[];
  /** Class chapters (positions inside the video), when analysed. */
  chapters?: { name: string; startTimeSec: number; endTimeSec: number }[];
}

export interface PlayerWorkout {
  /** The stored workout id; null for generated JSON (no sessions, no music). */
  id: string | null;
  name: string;
  description: string;
  poster: string | null;
  /** Planned seconds. */
  duration: number;
  difficulty: string | null;
  skipPreview: boolean;
  skipCompletionScreen: boolean;
  segments: PlayerSegment[];
}

export interface MusicTrack {
  url: string;
  name: string;
}

/** Total planned seconds of a segment list (rep-based segments count their estimate). */
export function plannedSeconds(segments: readonly PlayerSegment[]): number {
  return Math.round(segments.reduce((sum, s) => sum + s.duration, 0));
}

/** mm:ss (or h:mm:ss) for countdowns and durations. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(r).padStart(2, "0")}`;
}
