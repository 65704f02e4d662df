import type { CastPhase, CastWorkout } from "@/db/schema/cast";

/**
 * The cast session's playback state machine, pure: no database, no clock of its own (`now` is passed
 * in), no sockets. The service loads a row, calls `transition`, persists the state it answers and
 * runs the listed effects; the status view and the available actions are derived here too, so the
 * rules live in exactly one place.
 *
 * Phases: idle (no workout) -> loaded -> playing <-> paused -> completed (done) -> loaded (another
 * workout); ended (terminated or expired) is terminal. Pairing a controller is orthogonal to the
 * phase (device disconnect never stops playback) and is handled by the service.
 *
 * The timeline: `position` is the index of the current playlist segment, or `segments.length` once
 * the end of the playlist was reached ("at end", waiting for done). While playing, time-based
 * segments advance on the clock; a rep-based exercise holds until done_exercise or next.
 */

export const CONTROL_ACTIONS = ["play", "pause", "next", "prev", "restart", "done_exercise", "done"] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

/** Everything that can happen to a session's playback. */
export const CAST_EVENT_TYPES = ["load", "start", ...CONTROL_ACTIONS, "terminate", "expire"] as const;
export type CastEventType = (typeof CAST_EVENT_TYPES)[number];
export type CastEvent = { type: "load"; workout: CastWorkout } | { type: Exclude<CastEventType, "load"> };

/** The actions a controller may offer: lifecycle (load, start) and controls. */
export const OFFERED_ACTIONS = ["load", "start", ...CONTROL_ACTIONS] as const;
export type OfferedAction = (typeof OFFERED_ACTIONS)[number];

export interface CastState {
  phase: CastPhase;
  workout: CastWorkout | null;
  position: number;
  /** Milliseconds played in the current segment and in the whole workout, up to `clockStartedAt`. */
  segmentElapsedMs: number;
  playedMs: number;
  /** Epoch milliseconds when playback last resumed; null while not playing. */
  clockStartedAt: number | null;
}

/** Side effects the service runs in the same transaction as the state change. */
export type CastEffect =
  /** Create the workout session (start). */
  | { kind: "startWorkoutSession" }
  /** Complete the workout session: `complete` (progress 1) when the end was reached, else `end` with the played seconds. */
  | { kind: "finishWorkoutSession"; mode: "end" | "complete"; playedSeconds: number }
  /** Forget the previous workout session (a new workout was loaded). */
  | { kind: "clearWorkoutSession" };

export type Refusal = { ok: false; code: "Conflict" | "Gone"; message: string };
export type Transition = {
  ok: true;
  state: CastState;
  effects: CastEffect[];
  /** The phase changed (playing -> paused...). */
  phaseChanged: boolean;
  /** A segment (re)starts: start, next, prev, restart, done_exercise, or the clock moved to another segment. */
  positionChanged: boolean;
};

type Step = (s: CastState, now: number, event: CastEvent) => { state: CastState; effects?: CastEffect[] } | Refusal;

const refuse = (message: string, code: Refusal["code"] = "Conflict"): Refusal => ({ ok: false, code, message });

export const MESSAGES = {
  ended: "The cast session has ended; create a new one.",
  noWorkout: "No workout is loaded: load one first.",
  notStarted: "The workout is loaded but not started: start it first.",
  inProgress: "A workout is in progress: send done before loading another.",
  alreadyStarted: "The workout has already started: use restart to play it from the beginning.",
  finished: "The workout is finished: load a workout to play again.",
  atEnd: "The end of the workout was reached: send done to finish it.",
  notRepBased: "The current segment is not a rep-based exercise: done_exercise is offered only while status reports currentExerciseIsRepBased true.",
} as const;

const segmentsOf = (s: CastState) => s.workout?.segments ?? [];
const isAtEnd = (s: CastState) => s.position >= segmentsOf(s).length;
const durationMs = (seconds: number) => Math.max(0, Math.round(seconds * 1000));

/**
 * Brings a playing state up to `now`: time-based segments whose window elapsed are left behind
 * (up to the end of the playlist), a rep-based exercise keeps counting without advancing. Played
 * time stops at the end of the playlist. Other phases are returned unchanged.
 */
export function settle(s: CastState, now: number): CastState {
  if (s.phase !== "playing" || s.clockStartedAt === null) return s;
  const segments = segmentsOf(s);
  let budget = Math.max(0, now - s.clockStartedAt);
  let { position, segmentElapsedMs, playedMs } = s;
  while (budget > 0 && position < segments.length) {
    const seg = segments[position]!;
    if (seg.repBased) {
      segmentElapsedMs += budget;
      playedMs += budget;
      budget = 0;
      break;
    }
    const left = Math.max(0, durationMs(seg.duration) - segmentElapsedMs);
    if (budget < left) {
      segmentElapsedMs += budget;
      playedMs += budget;
      budget = 0;
      break;
    }
    segmentElapsedMs = 0;
    playedMs += left;
    budget -= left;
    position++;
  }
  // A time-based segment whose window is exactly used up moves on even without remaining budget.
  while (position < segments.length && !segments[position]!.repBased && segmentElapsedMs >= durationMs(segments[position]!.duration)) {
    segmentElapsedMs = 0;
    position++;
  }
  if (position >= segments.length) segmentElapsedMs = 0;
  return { ...s, position, segmentElapsedMs, playedMs, clockStartedAt: now };
}

/** Moves to a segment (or the end marker), keeping the clock running when playing. */
function goTo(s: CastState, position: number, now: number): CastState {
  return { ...s, position, segmentElapsedMs: 0, clockStartedAt: s.phase === "playing" ? now : null };
}

const load: Step = (s, _now, e) => ({
  state: {
    phase: "loaded",
    workout: (e as Extract<CastEvent, { type: "load" }>).workout,
    position: 0,
    segmentElapsedMs: 0,
    playedMs: 0,
    clockStartedAt: null,
  },
  effects: s.phase === "completed" ? [{ kind: "clearWorkoutSession" }] : [],
});

const start: Step = (s, now) => ({
  state: { ...s, phase: "playing", position: 0, segmentElapsedMs: 0, playedMs: 0, clockStartedAt: now },
  effects: [{ kind: "startWorkoutSession" }],
});

const stay: Step = (s) => ({ state: s });
const pause: Step = (s) => ({ state: { ...s, phase: "paused", clockStartedAt: null } });
const resume: Step = (s, now) => ({ state: { ...s, phase: "playing", clockStartedAt: now } });

const next: Step = (s, now) => (isAtEnd(s) ? refuse(MESSAGES.atEnd) : { state: goTo(s, s.position + 1, now) });
const prev: Step = (s, now) => ({ state: goTo(s, Math.max(0, Math.min(s.position, segmentsOf(s).length) - 1), now) });
const restart: Step = (s, now) => ({ state: { ...s, phase: "playing", position: 0, segmentElapsedMs: 0, clockStartedAt: now } });

const doneExercise: Step = (s, now, e) => {
  const seg = segmentsOf(s)[s.position];
  if (!seg?.repBased) return refuse(MESSAGES.notRepBased);
  return next(s, now, e);
};

const done: Step = (s) => ({
  state: { ...s, phase: "completed", clockStartedAt: null },
  effects: [{ kind: "finishWorkoutSession", mode: isAtEnd(s) ? "complete" : "end", playedSeconds: Math.round(s.playedMs / 1000) }],
});

const end: Step = (s) => ({
  state: { ...s, phase: "ended", clockStartedAt: null },
  effects:
    s.phase === "playing" || s.phase === "paused"
      ? [{ kind: "finishWorkoutSession", mode: isAtEnd(s) ? "complete" : "end", playedSeconds: Math.round(s.playedMs / 1000) }]
      : [],
});

/**
 * The table of moves: for each phase, the events it accepts. Anything missing is refused with the
 * phase's message (`REFUSED`). Guards inside a step (next at the end, done_exercise on a segment
 * that is not rep-based) refuse with their own message.
 */
export const MOVES: Record<CastPhase, Partial<Record<CastEventType, Step>>> = {
  idle: { load, terminate: end, expire: end },
  loaded: { load, start, terminate: end, expire: end },
  playing: { play: stay, pause, next, prev, restart, done_exercise: doneExercise, done, terminate: end, expire: end },
  paused: { play: resume, pause: stay, next, prev, restart, done_exercise: doneExercise, done, terminate: end, expire: end },
  completed: { load, terminate: end, expire: end },
  ended: {},
};

/** Why a phase refuses an event it has no move for. */
export function refusalFor(phase: CastPhase, event: CastEventType): Refusal {
  if (phase === "ended") return refuse(MESSAGES.ended, "Gone");
  if (phase === "idle") return refuse(MESSAGES.noWorkout);
  if (phase === "loaded") return refuse(MESSAGES.notStarted);
  if (phase === "completed") return refuse(MESSAGES.finished);
  return refuse(event === "load" ? MESSAGES.inProgress : MESSAGES.alreadyStarted);
}

/** Events that always (re)start a segment, even when the index stays (prev on the first segment). */
const MOVES_THE_POSITION = new Set<CastEventType>(["start", "next", "prev", "restart", "done_exercise"]);

/** Applies one event at `now`: the next state and its effects, or why it is refused. */
export function transition(current: CastState, event: CastEvent, now: number): Transition | Refusal {
  const step = MOVES[current.phase][event.type];
  if (!step) return refusalFor(current.phase, event.type);
  const settled = settle(current, now);
  const result = step(settled, now, event);
  if ("ok" in result) return result;
  const state = settle(result.state, now);
  return {
    ok: true,
    state,
    effects: result.effects ?? [],
    phaseChanged: state.phase !== current.phase,
    positionChanged: state.position !== settled.position || MOVES_THE_POSITION.has(event.type),
  };
}

/** The lifecycle and control actions that would be accepted now (what a controller should offer). */
export function availableActions(s: CastState, now: number): OfferedAction[] {
  const probe: CastWorkout = s.workout ?? { id: "", name: "", duration: 0, difficulty: "", locale: "", segments: [] };
  return OFFERED_ACTIONS.filter((a) => transition(s, a === "load" ? { type: "load", workout: probe } : { type: a }, now).ok);
}

/** The derived view of a state at `now` (what GET status answers, minus session and device fields). */
export function viewOf(current: CastState, now: number) {
  const s = settle(current, now);
  const segments = segmentsOf(s);
  const active = s.phase === "playing" || s.phase === "paused";
  const seg = active ? segments[s.position] : s.phase === "loaded" ? segments[0] : undefined;
  const totalMs = segments.reduce((sum, x) => sum + durationMs(x.duration), 0);
  let doneMs = 0;
  for (let i = 0; i < Math.min(s.position, segments.length); i++) doneMs += durationMs(segments[i]!.duration);
  if (seg && active) doneMs += Math.min(s.segmentElapsedMs, durationMs(seg.duration));
  const progress = s.phase === "completed" && isAtEnd(s) ? 1 : active && totalMs > 0 ? Math.min(1, doneMs / totalMs) : 0;
  return {
    phase: s.phase,
    position: s.workout ? Math.min(s.position, segments.length) : null,
    segmentCount: segments.length,
    atEnd: active && isAtEnd(s),
    currentSegment: seg ? { index: active ? s.position : 0, ...seg } : null,
    currentExerciseIsRepBased: active && Boolean(seg?.repBased),
    segmentElapsedSeconds: active && seg ? Math.round(s.segmentElapsedMs / 100) / 10 : 0,
    elapsedSeconds: Math.round(s.playedMs / 100) / 10,
    progress: Math.round(progress * 10_000) / 10_000,
    availableActions: availableActions(s, now),
  };
}
