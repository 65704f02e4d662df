/**
 * The export's timeline, frame-exact: every segment of the playlist gets the frames between its
 * planned start and end (rounded to the frame rate), filled with its visual: whole copies of the
 * clip (or of a still unit) as often as they fit, plus the clip's first frames for the remainder.
 * Positions are absolute, so rounding never accumulates: a segment that ends a frame or two early
 * or late (to avoid encoding a tiny remainder) hands the difference to the next one, and the
 * export's length stays within a frame or two of the playlist's.
 */

/** What a segment shows. `clip`: a video from storage; `still`: an image from storage, or black (null). */
export type Visual = { type: "clip"; key: string } | { type: "still"; key: string | null };

export interface RenderSegment {
  /** The playlist kind (intro, exercise, break, ...), for logs. */
  kind: string;
  /** Planned seconds, exactly as the playlist's `duration`. */
  seconds: number;
  visual: Visual;
  /** Storage key of a clip whose own sound plays once from the segment's start, or null. */
  sound: string | null;
}

/** A piece of the concatenation: the whole base, or its first `frames` frames (re-encoded). */
export interface Piece {
  base: string;
  frames: number;
  whole: boolean;
}

export interface TimelineSegment {
  startFrame: number;
  frames: number;
  pieces: Piece[];
}

/** Frames a segment may end early or late instead of encoding a remainder that short. */
export const SNAP_FRAMES = 2;

export function visualId(v: Visual): string {
  return v.type === "clip" ? `clip:${v.key}` : `still:${v.key ?? "black"}`;
}

/** Fills `budget` frames with a base of `baseFrames` frames: whole loops plus a prefix. */
export function fill(budget: number, baseFrames: number, base: string): Piece[] {
  if (budget <= 0 || baseFrames <= 0) return [];
  let loops = Math.floor(budget / baseFrames);
  let rest = budget - loops * baseFrames;
  if (loops === 0 && rest <= SNAP_FRAMES) return [];
  if (rest > 0 && rest <= SNAP_FRAMES && loops > 0) rest = 0;
  else if (rest > 0 && baseFrames - rest <= SNAP_FRAMES) {
    loops++;
    rest = 0;
  }
  const pieces: Piece[] = Array.from({ length: loops }, () => ({ base, frames: baseFrames, whole: true }));
  if (rest > 0) pieces.push({ base, frames: rest, whole: false });
  return pieces;
}

/**
 * Lays the segments out on the frame grid. `baseFrames` gives the frame count of every visual
 * (see visualId).
 */
export function buildTimeline(segments: readonly RenderSegment[], baseFrames: ReadonlyMap<string, number>, fps: number): TimelineSegment[] {
  const out: TimelineSegment[] = [];
  let plannedEnd = 0;
  let frame = 0;
  for (const s of segments) {
    plannedEnd += Math.max(0, s.seconds);
    const budget = Math.round(plannedEnd * fps) - frame;
    const base = visualId(s.visual);
    const frames = baseFrames.get(base);
    if (frames === undefined) throw new Error(`no frame count for ${base}`);
    const pieces = fill(budget, frames, base);
    const used = pieces.reduce((n, p) => n + p.frames, 0);
    out.push({ startFrame: frame, frames: used, pieces });
    frame += used;
  }
  return out;
}

export function totalFrames(timeline: readonly TimelineSegment[]): number {
  const last = timeline[timeline.length - 1];
  return last ? last.startFrame + last.frames : 0;
}
