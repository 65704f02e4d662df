import { describe, expect, it } from "vitest";
import type { PlayerSegment } from "./model";
import { type PlayerAction, type PlayerState, commandAction, initialPlayerState, isRepBased, playerReducer, positionFraction, remainingSeconds } from "./reducer";

const seg = (id: string, timing: PlayerSegment["timing"], duration: number, extra: Partial<PlayerSegment> = {}): PlayerSegment => ({
  id,
  kind: timing === "media" ? "intro" : "exercise",
  name: id,
  duration,
  timing,
  video: { url: `/media/${id}.mp4`, poster: null, loop: timing !== "media", muted: true },
  imageUrl: null,
  audio: [],
  reps: timing === "reps" ? 10 : null,
  facts: [],
  ...extra,
});

const SEGMENTS = [seg("intro", "media", 5), seg("squat", "countdown", 30), seg("rest", "countdown", 10, { kind: "break", video: null }), seg("pushup", "reps", 20), seg("outro", "media", 4)];
const reduce = playerReducer(SEGMENTS);
const run = (actions: PlayerAction[], from: PlayerState = initialPlayerState()) => actions.reduce(reduce, from);
const ticks = (seconds: number, step = 0.25): PlayerAction[] => Array.from({ length: Math.round(seconds / step) }, () => ({ type: "TICK", dt: step }));

describe("player reducer", () => {
  it("waits in the preview until started, then plays the first segment", () => {
    const s0 = initialPlayerState();
    expect(s0.phase).toBe("preview");
    expect(run([{ type: "TICK", dt: 5 }, { type: "NEXT" }])).toEqual(s0);
    const s1 = run([{ type: "START" }]);
    expect(s1).toMatchObject({ phase: "playing", index: 0, elapsed: 0, paused: false, epoch: 1 });
  });

  it("counts a countdown segment down and moves on exactly when its window has played", () => {
    const s = run([{ type: "START" }, { type: "NEXT" }, ...ticks(29.75)]);
    expect(s.index).toBe(1);
    expect(remainingSeconds(s, SEGMENTS[1])).toBeCloseTo(0.25);
    const after = run([{ type: "TICK", dt: 1 }], s);
    expect(after).toMatchObject({ index: 2, elapsed: 0 });
    // The tick that crossed the end counts only the window's remaining quarter second.
    expect(after.played).toBeCloseTo(30);
  });

  it("does not advance while paused, and pauses exclude time from played", () => {
    const s = run([{ type: "START" }, { type: "NEXT" }, ...ticks(5), { type: "PAUSE" }, ...ticks(60), { type: "PLAY" }, ...ticks(1)]);
    expect(s).toMatchObject({ index: 1, paused: false });
    expect(s.elapsed).toBeCloseTo(6);
    expect(s.played).toBeCloseTo(6);
  });

  it("keeps a rep-based exercise until done_exercise, counting up", () => {
    const atReps = run([{ type: "START" }, { type: "NEXT" }, { type: "NEXT" }, { type: "NEXT" }]);
    expect(atReps.index).toBe(3);
    expect(isRepBased(atReps, SEGMENTS)).toBe(true);
    const long = run(ticks(90), atReps);
    expect(long.index).toBe(3);
    expect(long.elapsed).toBeCloseTo(90);
    expect(remainingSeconds(long, SEGMENTS[3])).toBeNull();
    const done = run([commandAction("done_exercise")], long);
    expect(done).toMatchObject({ index: 4, elapsed: 0 });
  });

  it("ignores done_exercise on a timed segment", () => {
    const s = run([{ type: "START" }, { type: "NEXT" }]);
    expect(run([commandAction("done_exercise")], s)).toEqual(s);
  });

  it("drops a tick measured for a segment since left", () => {
    const s = run([{ type: "START" }, { type: "NEXT" }]);
    expect(run([{ type: "TICK", dt: 0.2, epoch: s.epoch - 1 }], s)).toEqual(s);
    expect(run([{ type: "TICK", dt: 0.2, epoch: s.epoch }], s).elapsed).toBeCloseTo(0.2);
  });

  it("ends media segments on MEDIA_ENDED of the current epoch only", () => {
    const s = run([{ type: "START" }]);
    expect(run([{ type: "MEDIA_ENDED", epoch: s.epoch - 1 }], s)).toEqual(s);
    expect(run([{ type: "MEDIA_ENDED", epoch: s.epoch }], s).index).toBe(1);
    // A looping exercise clip's end never ends the segment.
    const ex = run([{ type: "NEXT" }], s);
    expect(run([{ type: "MEDIA_ENDED", epoch: ex.epoch }], ex)).toEqual(ex);
  });

  it("completes after the last segment with finish=complete", () => {
    const s = run([{ type: "START" }, { type: "NEXT" }, { type: "NEXT" }, { type: "NEXT" }, { type: "DONE_EXERCISE" }, ...ticks(4)]);
    expect(s).toMatchObject({ phase: "completed", finish: "complete" });
    expect(positionFraction(s, SEGMENTS)).toBe(1);
    expect(run([{ type: "NEXT" }, ...ticks(3)], s)).toEqual(s);
  });

  it("prev goes one segment back (or restarts the first) with a new epoch", () => {
    const s = run([{ type: "START" }, { type: "NEXT" }, ...ticks(3)]);
    const back = run([commandAction("prev")], s);
    expect(back).toMatchObject({ index: 0, elapsed: 0, epoch: s.epoch + 1 });
    const again = run([commandAction("prev")], back);
    expect(again).toMatchObject({ index: 0, epoch: back.epoch + 1 });
  });

  it("restart goes back to the first segment, also from the completion screen, keeping played", () => {
    const s = run([{ type: "START" }, ...ticks(2), { type: "NEXT" }, { type: "NEXT" }, { type: "PAUSE" }]);
    const r = run([commandAction("restart")], s);
    expect(r).toMatchObject({ phase: "playing", index: 0, paused: false });
    expect(r.played).toBeCloseTo(2);
    const done = run([{ type: "FINISH", how: "end" }], r);
    expect(done).toMatchObject({ phase: "completed", finish: "end" });
    expect(run([{ type: "RESTART" }], done)).toMatchObject({ phase: "playing", index: 0, finish: null });
  });

  it("done completes the workout (cast semantics), end stops it early", () => {
    const s = run([{ type: "START" }, ...ticks(1)]);
    expect(run([commandAction("done")], s)).toMatchObject({ phase: "completed", finish: "complete" });
    expect(run([{ type: "FINISH", how: "end" }], s)).toMatchObject({ phase: "completed", finish: "end" });
  });

  it("maps every external command", () => {
    const s = run([{ type: "START" }]);
    expect(run([commandAction("pause")], s).paused).toBe(true);
    expect(run([commandAction("pause"), commandAction("play")], s).paused).toBe(false);
    expect(run([commandAction("next")], s).index).toBe(1);
    // play from the preview starts the workout, as a cast display's play does.
    expect(run([commandAction("play")]).phase).toBe("playing");
  });

  it("goes to a segment by index, once: the same move twice is one move", () => {
    const s = run([{ type: "START" }, ...ticks(2)]);
    const at3 = run([{ type: "GO_TO", index: 3 }], s);
    expect(at3).toMatchObject({ index: 3, elapsed: 0, epoch: s.epoch + 1 });
    expect(run([{ type: "GO_TO", index: 3 }], at3)).toBe(at3);
    expect(run([{ type: "GO_TO", index: 1 }], at3)).toMatchObject({ index: 1, epoch: at3.epoch + 1 });
    expect(run([{ type: "GO_TO", index: 99 }], s).index).toBe(SEGMENTS.length - 1);
    expect(run([{ type: "GO_TO", index: -2 }], at3).index).toBe(0);
    // Only while playing: the preview and the completion screen wait for their own moves.
    expect(run([{ type: "GO_TO", index: 2 }])).toEqual(initialPlayerState());
    const done = run([{ type: "FINISH", how: "complete" }], at3);
    expect(run([{ type: "GO_TO", index: 0 }], done)).toBe(done);
  });

  it("toggles music without touching playback", () => {
    const s = run([{ type: "START" }, { type: "TOGGLE_MUSIC" }]);
    expect(s).toMatchObject({ musicOn: false, phase: "playing", index: 0 });
    expect(run([{ type: "SET_MUSIC", on: true }], s).musicOn).toBe(true);
  });

  it("reports the position through the planned workout", () => {
    const total = SEGMENTS.reduce((n, x) => n + x.duration, 0);
    const s = run([{ type: "START" }, { type: "NEXT" }, ...ticks(10)]);
    expect(positionFraction(s, SEGMENTS)).toBeCloseTo((5 + 10) / total);
    expect(positionFraction(initialPlayerState(), SEGMENTS)).toBe(0);
  });

  it("does nothing for an empty playlist", () => {
    const empty = playerReducer([]);
    const s0 = initialPlayerState();
    expect(empty(s0, { type: "START" })).toEqual(s0);
  });

  it("ignores zero, negative and NaN ticks", () => {
    const s = run([{ type: "START" }]);
    expect(run([{ type: "TICK", dt: 0 }, { type: "TICK", dt: -1 }, { type: "TICK", dt: Number.NaN }], s)).toEqual(s);
  });
});
