import type { PlayerSegment } from "./model";

/**
 * The player's moves as a pure reducer over a segment list: which segment plays, how far into
 * it, whether it is paused, and how much has actually been played (pauses excluded, the session's
 * progressSeconds). Clocks, `<video>` and `<audio>` live outside (player.tsx) and only dispatch
 * TICK and MEDIA_ENDED; everything else comes from the controls, the host or a cast display
 * through the same commands, so the moves are unit-tested without a browser.
 */

export type PlayerPhase = "preview" | "playing" | "completed";

export interface PlayerState {
  phase: PlayerPhase;
  index: number;
  /** Seconds played into the current segment (pauses excluded). */
  elapsed: number;
  /** Seconds played in total (pauses excluded); restarts and skips do not reset it. */
  played: number;
  paused: boolean;
  musicOn: boolean;
  /** How the workout finished: all segments played or `done` (complete), or ended early by the member (end). */
  finish: "complete" | "end" | null;
  /** Increments on every (re)start of a segment, so media effects restart even on the same index. */
  epoch: number;
}

/** External commands, the cast pairing's control actions included (same names). */
export type PlayerCommand = "play" | "pause" | "next" | "prev" | "restart" | "done_exercise" | "done";

export type PlayerAction =
  | { type: "START" }
  /** `epoch`: the segment the clock measured; a tick measured for a segment since left is dropped. */
  | { type: "TICK"; dt: number; epoch?: number }
  | { type: "MEDIA_ENDED"; epoch: number }
  | { type: "PLAY" }
  | { type: "PAUSE" }
  | { type: "TOGGLE_PAUSE" }
  | { type: "NEXT" }
  | { type: "PREV" }
  | { type: "RESTART" }
  /**
   * Plays segment `index` (clamped), unless it already plays: an absolute move, so a cast display
   * that brings the player to the session's position twice (an event and a resync) moves once.
   */
  | { type: "GO_TO"; index: number }
  | { type: "DONE_EXERCISE" }
  /** `complete`: the cast's `done` (the session is completed); `end`: the member stops early (session ended). */
  | { type: "FINISH"; how: "complete" | "end" }
  | { type: "TOGGLE_MUSIC" }
  | { type: "SET_MUSIC"; on: boolean };

export function initialPlayerState(opts: { musicOn?: boolean } = {}): PlayerState {
  return { phase: "preview", index: 0, elapsed: 0, played: 0, paused: false, musicOn: opts.musicOn ?? true, finish: null, epoch: 0 };
}

/** The reducer action for an external command. */
export function commandAction(command: PlayerCommand): PlayerAction {
  switch (command) {
    case "play":
      return { type: "PLAY" };
    case "pause":
      return { type: "PAUSE" };
    case "next":
      return { type: "NEXT" };
    case "prev":
      return { type: "PREV" };
    case "restart":
      return { type: "RESTART" };
    case "done_exercise":
      return { type: "DONE_EXERCISE" };
    case "done":
      return { type: "FINISH", how: "complete" };
  }
}

function enter(state: PlayerState, index: number): PlayerState {
  return { ...state, phase: "playing", index, elapsed: 0, epoch: state.epoch + 1 };
}

function advance(state: PlayerState, segments: readonly PlayerSegment[]): PlayerState {
  if (state.index + 1 >= segments.length) return { ...state, phase: "completed", paused: false, finish: "complete" };
  return enter(state, state.index + 1);
}

/** Makes a reducer for one segment list (the list never changes while a workout plays). */
export function playerReducer(segments: readonly PlayerSegment[]) {
  return (state: PlayerState, action: PlayerAction): PlayerState => {
    if (action.type === "TOGGLE_MUSIC") return { ...state, musicOn: !state.musicOn };
    if (action.type === "SET_MUSIC") return state.musicOn === action.on ? state : { ...state, musicOn: action.on };
    if (segments.length === 0) return state;

    if (state.phase === "preview") {
      // Any "go" from the preview starts the workout; other moves wait for it.
      if (action.type === "START" || action.type === "PLAY" || action.type === "TOGGLE_PAUSE") return { ...enter(state, 0), paused: false };
      if (action.type === "FINISH" && action.how === "complete") return { ...state, phase: "completed", finish: "complete" };
      return state;
    }
    if (state.phase === "completed") {
      if (action.type === "RESTART") return { ...enter(state, 0), paused: false, finish: null };
      return state;
    }

    const segment = segments[state.index]!;
    switch (action.type) {
      case "START":
        return state;
      case "TICK": {
        if (state.paused || !(action.dt > 0) || (action.epoch !== undefined && action.epoch !== state.epoch)) return state;
        // One tick never plays past the end of the segment: the rest belongs to the next one.
        const room = segment.timing === "reps" ? action.dt : Math.max(0, segment.duration - state.elapsed);
        const dt = Math.min(action.dt, room);
        const next = { ...state, elapsed: state.elapsed + dt, played: state.played + dt };
        if (segment.timing !== "reps" && next.elapsed >= segment.duration) return advance(next, segments);
        return next;
      }
      case "MEDIA_ENDED":
        // Only the media segment that is still current may end itself (late events are ignored).
        if (action.epoch !== state.epoch || segment.timing !== "media") return state;
        return advance(state, segments);
      case "PLAY":
        return state.paused ? { ...state, paused: false } : state;
      case "PAUSE":
        return state.paused ? state : { ...state, paused: true };
      case "TOGGLE_PAUSE":
        return { ...state, paused: !state.paused };
      case "NEXT":
        return advance(state, segments);
      case "PREV":
        return enter(state, Math.max(0, state.index - 1));
      case "RESTART":
        return { ...enter(state, 0), paused: false };
      case "GO_TO": {
        const index = Math.min(Math.max(0, Math.trunc(action.index) || 0), segments.length - 1);
        return index === state.index ? state : enter(state, index);
      }
      case "DONE_EXERCISE":
        return segment.timing === "reps" ? advance(state, segments) : state;
      case "FINISH":
        return { ...state, phase: "completed", paused: false, finish: action.how };
      default:
        return state;
    }
  };
}

/** Seconds left in the current segment (counting up has no end for rep-based ones: null). */
export function remainingSeconds(state: PlayerState, segment: PlayerSegment | undefined): number | null {
  if (!segment || segment.timing === "reps") return null;
  return Math.max(0, segment.duration - state.elapsed);
}

/** Share of the planned workout behind the current position (0..1), for the progress bar. */
export function positionFraction(state: PlayerState, segments: readonly PlayerSegment[]): number {
  if (state.phase === "completed") return 1;
  const total = segments.reduce((sum, s) => sum + s.duration, 0);
  if (total <= 0 || state.phase === "preview") return 0;
  const before = segments.slice(0, state.index).reduce((sum, s) => sum + s.duration, 0);
  const current = segments[state.index];
  const within = current ? Math.min(state.elapsed, current.duration) : 0;
  return Math.min(1, (before + within) / total);
}

/** What a cast display or host reports about playback (see PlayerSnapshot in player.tsx). */
export function isRepBased(state: PlayerState, segments: readonly PlayerSegment[]): boolean {
  return state.phase === "playing" && segments[state.index]?.timing === "reps";
}
