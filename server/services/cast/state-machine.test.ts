import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CAST_PHASES, type CastPhase, type CastSegment, type CastWorkout } from "@/db/schema/cast";
import {
  CAST_EVENT_TYPES,
  type CastEvent,
  type CastEventType,
  type CastState,
  MESSAGES,
  MOVES,
  OFFERED_ACTIONS,
  availableActions,
  settle,
  transition,
  viewOf,
} from "./state-machine";

const seg = (id: string, duration: number, repBased = false): CastSegment => ({
  id,
  kind: "exercise",
  name: id,
  duration,
  reps: repBased ? 10 : null,
  repBased,
});

/** intro 10 s, timed exercise 30 s, rep-based exercise (20 s window), break 15 s, outro 5 s. */
const WORKOUT: CastWorkout = {
  id: "w".repeat(24),
  name: "Test",
  duration: 80,
  difficulty: "beginner",
  locale: "en-US",
  segments: [
    { ...seg("intro", 10), kind: "intro" },
    seg("timed", 30),
    seg("reps", 20, true),
    { ...seg("rest", 15), kind: "break" },
    { ...seg("outro", 5), kind: "outro" },
  ],
};
const T0 = 1_700_000_000_000;
const REPS = 2;

/** A state in each phase; the active ones sit on the rep-based exercise, so every control applies. */
function stateIn(phase: CastPhase): CastState {
  const base: CastState = { phase, workout: WORKOUT, position: 0, segmentElapsedMs: 0, playedMs: 0, clockStartedAt: null };
  if (phase === "idle") return { ...base, workout: null };
  if (phase === "playing") return { ...base, position: REPS, segmentElapsedMs: 3000, playedMs: 43_000, clockStartedAt: T0 };
  if (phase === "paused") return { ...base, position: REPS, segmentElapsedMs: 3000, playedMs: 43_000 };
  if (phase === "completed") return { ...base, position: 5, playedMs: 80_000 };
  return base;
}

const eventOf = (type: CastEventType): CastEvent => (type === "load" ? { type, workout: WORKOUT } : { type });

type Outcome = CastPhase | "Conflict" | "Gone";
const C = "Conflict" as const;
const G = "Gone" as const;
/** The full table, written independently of MOVES: every phase against every event. */
const EXPECTED: Record<CastPhase, Record<CastEventType, Outcome>> = {
  idle: { load: "loaded", start: C, play: C, pause: C, next: C, prev: C, restart: C, done_exercise: C, done: C, terminate: "ended", expire: "ended" },
  loaded: { load: "loaded", start: "playing", play: C, pause: C, next: C, prev: C, restart: C, done_exercise: C, done: C, terminate: "ended", expire: "ended" },
  playing: {
    load: C,
    start: C,
    play: "playing",
    pause: "paused",
    next: "playing",
    prev: "playing",
    restart: "playing",
    done_exercise: "playing",
    done: "completed",
    terminate: "ended",
    expire: "ended",
  },
  paused: {
    load: C,
    start: C,
    play: "playing",
    pause: "paused",
    next: "paused",
    prev: "paused",
    restart: "playing",
    done_exercise: "paused",
    done: "completed",
    terminate: "ended",
    expire: "ended",
  },
  completed: { load: "loaded", start: C, play: C, pause: C, next: C, prev: C, restart: C, done_exercise: C, done: C, terminate: "ended", expire: "ended" },
  ended: { load: G, start: G, play: G, pause: G, next: G, prev: G, restart: G, done_exercise: G, done: G, terminate: G, expire: G },
};

describe("cast state machine: the table of moves", () => {
  for (const phase of CAST_PHASES) {
    for (const type of CAST_EVENT_TYPES) {
      it(`${phase} + ${type} -> ${EXPECTED[phase][type]}`, () => {
        const r = transition(stateIn(phase), eventOf(type), T0 + 1000);
        const outcome = r.ok ? r.state.phase : r.code;
        expect(outcome).toBe(EXPECTED[phase][type]);
        if (!r.ok) expect(r.message.length).toBeGreaterThan(10);
      });
    }
  }

  it("declares a move for exactly the accepted pairs", () => {
    for (const phase of CAST_PHASES) {
      const declared = Object.keys(MOVES[phase]).sort();
      const accepted = CAST_EVENT_TYPES.filter((t) => !["Conflict", "Gone"].includes(EXPECTED[phase][t])).sort();
      expect(declared).toEqual(accepted);
    }
  });

  it("refuses with a message that tells the client what to do", () => {
    const msg = (phase: CastPhase, type: CastEventType) => {
      const r = transition(stateIn(phase), eventOf(type), T0);
      return r.ok ? null : r.message;
    };
    expect(msg("idle", "play")).toBe(MESSAGES.noWorkout);
    expect(msg("loaded", "next")).toBe(MESSAGES.notStarted);
    expect(msg("playing", "load")).toBe(MESSAGES.inProgress);
    expect(msg("paused", "start")).toBe(MESSAGES.alreadyStarted);
    expect(msg("completed", "play")).toBe(MESSAGES.finished);
    expect(msg("ended", "terminate")).toBe(MESSAGES.ended);
  });
});

describe("cast state machine: guards and effects", () => {
  it("offers done_exercise only on a rep-based exercise", () => {
    const onTimed: CastState = { ...stateIn("playing"), position: 1, segmentElapsedMs: 0 };
    const r = transition(onTimed, { type: "done_exercise" }, T0);
    expect(r).toEqual({ ok: false, code: "Conflict", message: MESSAGES.notRepBased });
    expect(viewOf(onTimed, T0).currentExerciseIsRepBased).toBe(false);
    expect(availableActions(onTimed, T0)).not.toContain("done_exercise");
    const onReps = stateIn("playing");
    expect(viewOf(onReps, T0).currentExerciseIsRepBased).toBe(true);
    expect(availableActions(onReps, T0)).toContain("done_exercise");
    const moved = transition(onReps, { type: "done_exercise" }, T0);
    expect(moved.ok && moved.state.position).toBe(REPS + 1);
  });

  it("reports currentExerciseIsRepBased false outside playback", () => {
    const loadedOnReps: CastState = { ...stateIn("loaded"), workout: { ...WORKOUT, segments: [seg("r", 20, true)] } };
    expect(viewOf(loadedOnReps, T0).currentExerciseIsRepBased).toBe(false);
    expect(viewOf(loadedOnReps, T0).currentSegment?.id).toBe("r");
  });

  it("next walks to the end marker, then refuses; prev comes back; prev on the first segment restarts it", () => {
    let s: CastState = { ...stateIn("paused"), position: 4 };
    const r = transition(s, { type: "next" }, T0);
    expect(r.ok && r.state.position).toBe(5);
    s = (r as { state: CastState }).state;
    expect(viewOf(s, T0)).toMatchObject({ atEnd: true, currentSegment: null, position: 5 });
    expect(transition(s, { type: "next" }, T0)).toEqual({ ok: false, code: "Conflict", message: MESSAGES.atEnd });
    const back = transition(s, { type: "prev" }, T0);
    expect(back.ok && back.state.position).toBe(4);
    const first = transition({ ...s, position: 0, segmentElapsedMs: 4000 }, { type: "prev" }, T0);
    expect(first.ok && [first.state.position, first.state.segmentElapsedMs, first.positionChanged]).toEqual([0, 0, true]);
  });

  it("start creates the workout session; done completes it (complete at the end, end before)", () => {
    const started = transition(stateIn("loaded"), { type: "start" }, T0);
    expect(started.ok && started.effects).toEqual([{ kind: "startWorkoutSession" }]);
    const early = transition(stateIn("paused"), { type: "done" }, T0);
    expect(early.ok && early.effects).toEqual([{ kind: "finishWorkoutSession", mode: "end", playedSeconds: 43 }]);
    const atEnd = transition({ ...stateIn("paused"), position: 5 }, { type: "done" }, T0);
    expect(atEnd.ok && atEnd.effects).toEqual([{ kind: "finishWorkoutSession", mode: "complete", playedSeconds: 43 }]);
    expect(viewOf((atEnd as { state: CastState }).state, T0).progress).toBe(1);
  });

  it("terminate and expire finish a running workout session, and nothing else", () => {
    for (const type of ["terminate", "expire"] as const) {
      const running = transition(stateIn("playing"), { type }, T0 + 2000);
      expect(running.ok && running.effects).toEqual([{ kind: "finishWorkoutSession", mode: "end", playedSeconds: 45 }]);
      for (const phase of ["idle", "loaded", "completed"] as const) {
        const r = transition(stateIn(phase), { type }, T0);
        expect(r.ok && r.effects).toEqual([]);
      }
    }
  });

  it("loading after a finished workout forgets its workout session", () => {
    const r = transition(stateIn("completed"), { type: "load", workout: WORKOUT }, T0);
    expect(r.ok && r.effects).toEqual([{ kind: "clearWorkoutSession" }]);
    expect(r.ok && r.state).toMatchObject({ phase: "loaded", position: 0, playedMs: 0 });
  });

  it("lists the available actions per phase", () => {
    expect(availableActions(stateIn("idle"), T0)).toEqual(["load"]);
    expect(availableActions(stateIn("loaded"), T0)).toEqual(["load", "start"]);
    expect(availableActions(stateIn("playing"), T0)).toEqual(["play", "pause", "next", "prev", "restart", "done_exercise", "done"]);
    expect(availableActions(stateIn("completed"), T0)).toEqual(["load"]);
    expect(availableActions(stateIn("ended"), T0)).toEqual([]);
    for (const phase of CAST_PHASES) {
      for (const a of OFFERED_ACTIONS) {
        const accepted = transition(stateIn(phase), eventOf(a), T0).ok;
        expect(availableActions(stateIn(phase), T0).includes(a)).toBe(accepted);
      }
    }
  });
});

describe("cast state machine: the clock", () => {
  const started = () => {
    const r = transition(stateIn("loaded"), { type: "start" }, T0);
    if (!r.ok) throw new Error(r.message);
    return r.state;
  };

  it("advances time-based segments on the clock and holds on a rep-based exercise", () => {
    const s = started();
    expect(viewOf(s, T0 + 5_000)).toMatchObject({ position: 0, segmentElapsedSeconds: 5 });
    expect(viewOf(s, T0 + 12_000)).toMatchObject({ position: 1, segmentElapsedSeconds: 2 });
    expect(viewOf(s, T0 + 45_000)).toMatchObject({ position: 2, segmentElapsedSeconds: 5, currentExerciseIsRepBased: true });
    // Long after its 20 s window the rep-based exercise still waits for done_exercise.
    expect(viewOf(s, T0 + 300_000)).toMatchObject({ position: 2, segmentElapsedSeconds: 260, elapsedSeconds: 300 });
  });

  it("stops at the end of the playlist: played time stops, progress is 1 at the end", () => {
    const s = { ...started(), workout: { ...WORKOUT, segments: WORKOUT.segments.filter((x) => !x.repBased) } };
    const v = viewOf(s, T0 + 500_000);
    expect(v).toMatchObject({ atEnd: true, position: 4, currentSegment: null, elapsedSeconds: 60, progress: 1 });
  });

  it("pause freezes the clock and play resumes it", () => {
    const s = started();
    const paused = transition(s, { type: "pause" }, T0 + 4_000);
    if (!paused.ok) throw new Error();
    expect(viewOf(paused.state, T0 + 100_000)).toMatchObject({ phase: "paused", position: 0, segmentElapsedSeconds: 4, elapsedSeconds: 4 });
    const resumed = transition(paused.state, { type: "play" }, T0 + 100_000);
    if (!resumed.ok) throw new Error();
    expect(viewOf(resumed.state, T0 + 107_000)).toMatchObject({ position: 1, segmentElapsedSeconds: 1, elapsedSeconds: 11 });
  });

  it("restart goes back to the first segment and plays, keeping the played time", () => {
    const r = transition(stateIn("paused"), { type: "restart" }, T0);
    expect(r.ok && r.state).toMatchObject({ phase: "playing", position: 0, segmentElapsedMs: 0, playedMs: 43_000, clockStartedAt: T0 });
  });

  it("computes progress over the planned durations", () => {
    const v = viewOf({ ...stateIn("paused"), position: 2, segmentElapsedMs: 10_000 }, T0);
    expect(v.progress).toBe(Math.round((50 / 80) * 10_000) / 10_000);
  });

  it("keeps its invariants under any sequence of events and clock steps", () => {
    const events = fc.constantFrom<CastEventType>(...CAST_EVENT_TYPES);
    fc.assert(
      fc.property(fc.array(fc.tuple(events, fc.integer({ min: 0, max: 120_000 })), { maxLength: 40 }), (steps) => {
        let s: CastState = stateIn("idle");
        let now = T0;
        let lastPlayed = 0;
        for (const [type, dt] of steps) {
          now += dt;
          const before = s.phase;
          const r = transition(s, eventOf(type), now);
          if (!r.ok) {
            expect(EXPECTED[before][type] === "Gone" || r.code === "Conflict").toBe(true);
            continue;
          }
          s = r.state;
          const count = s.workout?.segments.length ?? 0;
          expect(s.position).toBeGreaterThanOrEqual(0);
          expect(s.position).toBeLessThanOrEqual(count);
          expect(s.phase === "playing").toBe(s.clockStartedAt !== null);
          if (type !== "load" && type !== "start") expect(s.playedMs).toBeGreaterThanOrEqual(lastPlayed);
          lastPlayed = s.playedMs;
          if (before === "ended") throw new Error("ended is terminal");
          const view = viewOf(s, now);
          expect(view.progress).toBeGreaterThanOrEqual(0);
          expect(view.progress).toBeLessThanOrEqual(1);
          if (view.availableActions.includes("done_exercise")) expect(view.currentExerciseIsRepBased).toBe(true);
        }
        // settle is idempotent at a given instant
        expect(settle(settle(s, now), now)).toEqual(settle(s, now));
      }),
      { numRuns: 300 },
    );
  });
});
