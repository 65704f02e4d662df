import { describe, expect, it } from "vitest";
import { PlayerMessage } from "./messages";
import type { PlayerSnapshot } from "./snapshot";
import { hostEventsFor, newHostEventState } from "./use-host-events";

const segments = [
  { kind: "intro" as const, duration: 5, timing: "media" as const },
  { kind: "exercise" as const, duration: 30, timing: "countdown" as const, exerciseId: "0123456789abcdef01234567" },
  { kind: "exercise" as const, duration: 40, timing: "reps" as const, exerciseId: "89abcdef0123456789abcdef" },
  { kind: "break" as const, duration: 15, timing: "countdown" as const },
];

function snap(p: Partial<PlayerSnapshot>): PlayerSnapshot {
  return {
    phase: "playing",
    paused: false,
    index: 0,
    segmentCount: segments.length,
    segment: null,
    elapsed: 0,
    remaining: null,
    played: 0,
    musicOn: true,
    finish: null,
    epoch: 1,
    currentExerciseIsRepBased: false,
    ...p,
  } as PlayerSnapshot;
}

describe("host events (version 1)", () => {
  it("starts and completes segments in order, throttles progress to one a second, reports pauses and a planned-vs-done summary", () => {
    const st = newHostEventState();
    const all: { type: string; [k: string]: unknown }[] = [];
    const feed = (s: Partial<PlayerSnapshot>, now: number) => {
      for (const m of hostEventsFor(st, segments, snap(s), now, "sess1")) {
        const parsed = PlayerMessage.safeParse({ ...m, version: 1 });
        expect(parsed.success, JSON.stringify(m)).toBe(true);
        all.push(m as { type: string });
      }
    };
    expect(hostEventsFor(st, segments, snap({ phase: "preview" }), 0)).toEqual([]);
    feed({ index: 0, epoch: 1, played: 0 }, 1000);
    feed({ index: 0, epoch: 1, played: 0.25, elapsed: 0.25 }, 1250); // throttled
    feed({ index: 0, epoch: 1, played: 5, elapsed: 5 }, 2100);
    feed({ index: 1, epoch: 2, played: 5, remaining: 30 }, 2200); // intro ran out
    feed({ index: 1, epoch: 2, played: 20, elapsed: 15, remaining: 15, paused: true }, 3500);
    feed({ index: 1, epoch: 2, played: 20, elapsed: 15, remaining: 15, paused: true }, 4600); // paused: no progress, no second PAUSED
    feed({ index: 1, epoch: 2, played: 34, elapsed: 29, remaining: 1 }, 6000);
    feed({ index: 2, epoch: 3, played: 35 }, 6100); // timed exercise done
    feed({ index: 3, epoch: 4, played: 50 }, 7200); // reps: member moved on
    feed({ index: 3, epoch: 4, played: 52 }, 7300);
    feed({ phase: "completed", finish: "end", index: 3, epoch: 4, played: 52 }, 7400); // ended during the break (2 of 15 s)
    feed({ phase: "completed", finish: "end", index: 3, epoch: 4, played: 52 }, 7500); // once only

    expect(all.map((m) => m.type)).toEqual([
      "FORMA_SEGMENT_STARTED",
      "FORMA_PROGRESS",
      "FORMA_PROGRESS",
      "FORMA_SEGMENT_COMPLETED",
      "FORMA_SEGMENT_STARTED",
      "FORMA_PAUSED",
      "FORMA_PROGRESS",
      "FORMA_SEGMENT_COMPLETED",
      "FORMA_SEGMENT_STARTED",
      "FORMA_SEGMENT_COMPLETED",
      "FORMA_SEGMENT_STARTED",
      "FORMA_PROGRESS",
      "FORMA_SEGMENT_COMPLETED",
      "FORMA_COMPLETED",
    ]);
    expect(all[4]).toEqual({ type: "FORMA_SEGMENT_STARTED", index: 1, kind: "exercise", exerciseId: "0123456789abcdef01234567", durationSeconds: 30 });
    expect(all[7]).toMatchObject({ type: "FORMA_SEGMENT_COMPLETED", index: 1, playedSeconds: 30 });
    const completed = all.at(-1)!;
    expect(completed).toMatchObject({ how: "end", sessionId: "sess1", playedSeconds: 52 });
    expect(completed.summary).toEqual([
      { index: 0, kind: "intro", durationSeconds: 5, playedSeconds: 5, completed: true },
      { index: 1, kind: "exercise", exerciseId: "0123456789abcdef01234567", durationSeconds: 30, playedSeconds: 30, completed: true },
      { index: 2, kind: "exercise", exerciseId: "89abcdef0123456789abcdef", durationSeconds: 40, playedSeconds: 15, completed: true },
      { index: 3, kind: "break", durationSeconds: 15, playedSeconds: 2, completed: false },
    ]);
  });

  it("a skipped timed segment is not completed; previous does not complete a rep-based one; a restart after the end is a new run", () => {
    const st = newHostEventState();
    hostEventsFor(st, segments, snap({ index: 1, epoch: 1, played: 0 }), 0);
    hostEventsFor(st, segments, snap({ index: 2, epoch: 2, played: 3 }), 10); // skipped after 3 of 30 s
    hostEventsFor(st, segments, snap({ index: 1, epoch: 3, played: 4 }), 20); // previous from the rep-based one
    const end = hostEventsFor(st, segments, snap({ phase: "completed", finish: "complete", index: 1, epoch: 3, played: 4 }), 30);
    const summary = (end.at(-1) as { summary: { completed: boolean; playedSeconds: number }[] }).summary;
    expect(summary.map((s) => s.completed)).toEqual([false, false, false, false]);
    const again = hostEventsFor(st, segments, snap({ index: 0, epoch: 4, played: 0 }), 40);
    expect(again[0]).toMatchObject({ type: "FORMA_SEGMENT_STARTED", index: 0 });
    expect(st.played.size).toBe(0);
  });
});
