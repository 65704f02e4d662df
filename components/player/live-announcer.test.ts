import { describe, expect, it } from "vitest";
import { announcementFor } from "./live-announcer";
import type { PlayerSnapshot } from "./snapshot";
import { nextVolume } from "./use-player-keys";

const snap = (p: Partial<PlayerSnapshot>) =>
  ({
    phase: "playing",
    paused: false,
    index: 2,
    segmentCount: 12,
    epoch: 3,
    remaining: 20,
    segment: { id: "s", kind: "exercise", name: "Squats", timing: "countdown", duration: 30, reps: null },
    ...p,
  }) as PlayerSnapshot;

describe("live announcements", () => {
  it("announces an exercise change once, then each of the last five seconds once", () => {
    let last = "";
    const say = (s: Partial<PlayerSnapshot>) => {
      const a = announcementFor(snap(s), last);
      if (a) last = a.key;
      return a?.text ?? null;
    };
    expect(say({})).toBe("Exercise 3 of 12: Squats, 30 seconds");
    expect(say({ remaining: 19 })).toBeNull();
    expect(say({ remaining: 6 })).toBeNull();
    expect(say({ remaining: 5 })).toBe("5");
    expect(say({ remaining: 4.6 })).toBeNull();
    expect(say({ remaining: 4 })).toBe("4");
    expect(say({ remaining: 3.5, paused: true })).toBeNull();
    expect(say({ remaining: 0.2 })).toBe("1");
    expect(say({ epoch: 4, index: 3, segment: { id: "r", kind: "break", name: "Rest", timing: "countdown", duration: 15, reps: null } })).toBe(
      "Rest 4 of 12: Rest, 15 seconds",
    );
    expect(say({ epoch: 5, index: 4, remaining: null, segment: { id: "p", kind: "exercise", name: "Push-ups", timing: "reps", duration: 40, reps: 12 } })).toBe(
      "Exercise 5 of 12: Push-ups, 12 repetitions",
    );
    expect(
      say({ epoch: 5, index: 4, remaining: null, segment: { id: "p", kind: "exercise", name: "Push-ups", timing: "reps", duration: 40, reps: 12 } }),
    ).toBeNull();
    expect(announcementFor(snap({ phase: "preview" }), "")).toBeNull();
  });

  it("volume keys step by 10 % within 0..1", () => {
    expect(nextVolume(1, "ArrowUp")).toBe(1);
    expect(nextVolume(1, "ArrowDown")).toBe(0.9);
    expect(nextVolume(0.1, "ArrowDown")).toBe(0);
    expect(nextVolume(0, "ArrowDown")).toBe(0);
  });
});
