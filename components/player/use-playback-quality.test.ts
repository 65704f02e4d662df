import { describe, expect, it } from "vitest";
import type { PlayerSnapshot } from "./snapshot";
import { newQualityState, qualityOnError, qualityOnMedia, qualityOnSnapshot, qualityReport } from "./use-playback-quality";

const snap = (p: Partial<PlayerSnapshot>) => ({ phase: "playing", paused: false, ...p }) as PlayerSnapshot;

describe("playback quality", () => {
  it("measures startup from the start to the first frame, counts stalls only after it, and totals their time", () => {
    const q = newQualityState();
    qualityOnSnapshot(q, snap({ phase: "preview" }), 0);
    qualityOnMedia(q, "playing", 50); // preview loop before the start: not startup
    expect(q.startupMs).toBeNull();
    qualityOnSnapshot(q, snap({}), 1000);
    qualityOnMedia(q, "waiting", 1100); // loading the first clip: startup, not a stall
    qualityOnMedia(q, "playing", 1750);
    qualityOnMedia(q, "waiting", 5000);
    qualityOnMedia(q, "waiting", 5100); // same stall
    qualityOnMedia(q, "playing", 5600);
    qualityOnMedia(q, "waiting", 9000);
    qualityOnSnapshot(q, snap({ paused: true }), 9400); // paused while stalled: the stall ends
    qualityOnMedia(q, "waiting", 9500); // paused: not a stall
    qualityOnMedia(q, "error", 9600);
    qualityOnError(q, "network");
    qualityOnError(q, "network");
    const r = qualityReport(q, [{ index: 0, plannedSeconds: 30, playedSeconds: 8, completed: false }], 10_000);
    expect(r).toEqual({
      startupMs: 750,
      stalls: 2,
      stallMs: 1000,
      errors: [
        { code: "media_unavailable", count: 1 },
        { code: "network", count: 2 },
      ],
      segments: [{ index: 0, plannedSeconds: 30, playedSeconds: 8, completed: false }],
    });
  });

  it("counts a stall still going on at report time", () => {
    const q = newQualityState();
    qualityOnSnapshot(q, snap({}), 0);
    qualityOnMedia(q, "playing", 200);
    qualityOnMedia(q, "waiting", 1000);
    expect(qualityReport(q, [], 1600)).toMatchObject({ startupMs: 200, stalls: 1, stallMs: 600 });
  });
});
