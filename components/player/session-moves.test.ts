import { describe, expect, it } from "vitest";
import { describeStatus, retryAfterOf } from "./api";
import { sessionsWanted } from "./embed-frame";
import { progressOf, sessionMoves } from "./session-moves";

const snap = (phase: "preview" | "playing" | "completed", extra: Partial<{ paused: boolean; epoch: number; finish: "complete" | "end" | null }> = {}) => ({
  phase,
  paused: false,
  epoch: 1,
  finish: null,
  ...extra,
});

describe("session moves", () => {
  it("starts when playback begins (also after a restart from the completion screen)", () => {
    expect(sessionMoves(null, snap("playing"))).toEqual([{ kind: "start" }]);
    expect(sessionMoves(snap("preview"), snap("playing"))).toEqual([{ kind: "start" }]);
    expect(sessionMoves(snap("completed"), snap("playing", { epoch: 9 }))).toEqual([{ kind: "start" }]);
    expect(sessionMoves(null, snap("preview"))).toEqual([]);
  });

  it("patches on segment changes and on pause, not on ticks or resume", () => {
    expect(sessionMoves(snap("playing"), snap("playing", { epoch: 2 }))).toEqual([{ kind: "patch" }]);
    expect(sessionMoves(snap("playing"), snap("playing", { paused: true }))).toEqual([{ kind: "patch" }]);
    expect(sessionMoves(snap("playing", { paused: true }), snap("playing"))).toEqual([]);
    expect(sessionMoves(snap("playing"), snap("playing"))).toEqual([]);
  });

  it("finishes with a final patch, completing or ending as the player did", () => {
    expect(sessionMoves(snap("playing"), snap("completed", { finish: "complete" }))).toEqual([{ kind: "patch" }, { kind: "finish", how: "complete" }]);
    expect(sessionMoves(snap("playing"), snap("completed", { finish: "end" }))).toEqual([{ kind: "patch" }, { kind: "finish", how: "end" }]);
    expect(sessionMoves(snap("completed"), snap("completed"))).toEqual([]);
  });

  it("reports whole seconds played", () => {
    expect(progressOf({ played: 12.6 })).toBe(13);
    expect(progressOf({ played: -1 })).toBe(0);
  });

  it("records sessions for sessionMode or an endUserId, unless sessionMode says off", () => {
    expect(sessionsWanted({ sessionMode: null, endUserId: null })).toBe(false);
    expect(sessionsWanted({ sessionMode: "true", endUserId: null })).toBe(true);
    expect(sessionsWanted({ sessionMode: "1", endUserId: null })).toBe(true);
    expect(sessionsWanted({ sessionMode: null, endUserId: "a@b.c" })).toBe(true);
    expect(sessionsWanted({ sessionMode: "false", endUserId: "a@b.c" })).toBe(false);
    expect(sessionsWanted({ sessionMode: "off", endUserId: null })).toBe(false);
  });
});

describe("player errors", () => {
  it("turns statuses into codes and sentences", () => {
    expect(describeStatus(401).code).toBe("unauthorized");
    expect(describeStatus(403).code).toBe("forbidden");
    expect(describeStatus(404, "This plan")).toEqual({ code: "not_found", message: "This plan is not available." });
    expect(describeStatus(429, undefined, 12)).toEqual({ code: "rate_limited", message: "Too many requests right now. Please try again in 12 seconds." });
    expect(describeStatus(429).message).toMatch(/shortly/);
    expect(describeStatus(500).code).toBe("server_error");
  });

  it("reads Retry-After, then X-RateLimit-Reset", () => {
    expect(retryAfterOf(new Headers({ "retry-after": "7" }))).toBe(7);
    expect(retryAfterOf(new Headers({ "x-ratelimit-reset": "1000" }), 995_000)).toBe(5);
    expect(retryAfterOf(new Headers())).toBeUndefined();
  });
});
