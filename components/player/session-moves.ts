import type { PlayerSnapshot } from "./snapshot";

/**
 * When a player reports a workout session (pure, unit-tested): start when playback begins,
 * PATCH on every segment change and pause (plus a 15-second cadence and when the page is
 * hidden, see use-session-tracker.ts), and end or complete when the workout finishes, with a
 * final PATCH first so the session carries the last position (the contract's recommended cadence).
 */

export type SessionMove = { kind: "start" } | { kind: "patch" } | { kind: "finish"; how: "complete" | "end" };

type Seen = Pick<PlayerSnapshot, "phase" | "paused" | "epoch" | "finish">;

/** PATCH at least this often while playing (the contract recommends every 10 to 30 seconds). */
export const PATCH_EVERY_MS = 15_000;

export function sessionMoves(prev: Seen | null, next: Seen): SessionMove[] {
  const wasPlaying = prev?.phase === "playing";
  if (next.phase === "playing" && !wasPlaying) return [{ kind: "start" }];
  if (next.phase === "completed" && wasPlaying) return [{ kind: "patch" }, { kind: "finish", how: next.finish ?? "complete" }];
  if (next.phase !== "playing" || !prev) return [];
  if (next.epoch !== prev.epoch) return [{ kind: "patch" }];
  if (next.paused && !prev.paused) return [{ kind: "patch" }];
  return [];
}

/** progressSeconds as the API takes it: whole seconds played, pauses excluded. */
export function progressOf(snapshot: Pick<PlayerSnapshot, "played">): number {
  return Math.max(0, Math.round(snapshot.played));
}
