"use client";

import { useCallback, useMemo, useRef } from "react";
import { type CompletedMessage, type OutgoingPlayerMessage, postToHost } from "./messages";
import type { PlayerSegment } from "./model";
import type { PlayerSnapshot } from "./snapshot";

/**
 * The typed playback events a player posts to its host (version 1, messages.ts): FORMA_SEGMENT_STARTED
 * and FORMA_SEGMENT_COMPLETED around each segment, FORMA_PROGRESS at most once a second while
 * playing, FORMA_PAUSED, and FORMA_COMPLETED with planned against played seconds per segment.
 * Pure bookkeeping over the player's snapshots (`hostEventsFor`), so it is unit-tested without a
 * browser; `useHostEvents` binds it to a player and postToHost.
 */

/** Timed segments count as completed when at least this share of them played. */
const DONE_SHARE = 0.9;
const PROGRESS_EVERY_MS = 1000;

type Seg = Pick<PlayerSegment, "kind" | "duration" | "timing" | "exerciseId">;

export interface HostEventState {
  /** The segment playing (index and epoch) and the played clock when it started. */
  current: { index: number; epoch: number; playedAtStart: number } | null;
  /** Played seconds per segment index, summed over its plays. */
  played: Map<number, number>;
  /** Segments left after playing to their end (or, rep-based, by the member moving on). */
  done: Set<number>;
  paused: boolean;
  lastProgressAt: number;
  finished: boolean;
}

export function newHostEventState(): HostEventState {
  return { current: null, played: new Map(), done: new Set(), paused: false, lastProgressAt: 0, finished: false };
}

const ref = (segments: readonly Seg[], index: number) => {
  const s = segments[index];
  return { index, kind: s?.kind ?? "exercise", ...(s?.exerciseId ? { exerciseId: s.exerciseId } : {}), durationSeconds: Math.max(0, round(s?.duration ?? 0)) };
};
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The messages one snapshot causes, given what was seen before (`state` is updated in place).
 * `now` is a clock in milliseconds (FORMA_PROGRESS throttling).
 */
export function hostEventsFor(
  state: HostEventState,
  segments: readonly Seg[],
  s: PlayerSnapshot,
  now: number,
  sessionId: string | null = null,
): OutgoingPlayerMessage[] {
  const out: OutgoingPlayerMessage[] = [];
  const leave = (completedAt: "move" | "end") => {
    const cur = state.current;
    if (!cur) return;
    const playedHere = Math.max(0, s.played - cur.playedAtStart);
    const total = (state.played.get(cur.index) ?? 0) + playedHere;
    state.played.set(cur.index, total);
    const seg = segments[cur.index];
    const timed = seg?.timing === "countdown";
    const ran = timed ? total >= (seg?.duration ?? 0) * DONE_SHARE : completedAt === "move" ? s.index > cur.index || s.phase === "completed" : false;
    if (ran) state.done.add(cur.index);
    out.push({ type: "FORMA_SEGMENT_COMPLETED", ...ref(segments, cur.index), playedSeconds: round(playedHere) });
    state.current = null;
  };

  if (s.phase === "playing") {
    if (state.finished) {
      // Played again after the end (restart): a new run.
      Object.assign(state, newHostEventState());
    }
    if (!state.current || state.current.epoch !== s.epoch || state.current.index !== s.index) {
      leave("move");
      state.current = { index: s.index, epoch: s.epoch, playedAtStart: s.played };
      out.push({ type: "FORMA_SEGMENT_STARTED", ...ref(segments, s.index) });
    }
    if (s.paused && !state.paused) out.push({ type: "FORMA_PAUSED", index: s.index, playedSeconds: round(s.played) });
    state.paused = s.paused;
    if (!s.paused && now - state.lastProgressAt >= PROGRESS_EVERY_MS) {
      state.lastProgressAt = now;
      out.push({
        type: "FORMA_PROGRESS",
        index: s.index,
        segmentCount: s.segmentCount,
        elapsedSeconds: round(Math.max(0, s.elapsed)),
        remainingSeconds: s.remaining === null ? null : round(Math.max(0, s.remaining)),
        playedSeconds: round(s.played),
      });
    }
  } else if (s.phase === "completed" && !state.finished) {
    const how = s.finish ?? "complete";
    leave(how === "complete" ? "move" : "end");
    state.finished = true;
    const summary = segmentSummary(state, segments, s.played);
    out.push({ type: "FORMA_COMPLETED", how, sessionId, playedSeconds: round(s.played), summary });
  }
  return out;
}

/**
 * Planned against played seconds per segment so far (the segment playing counts what it played
 * up to `played`, the player's clock now): FORMA_COMPLETED's summary, and the session's quality report.
 */
export function segmentSummary(state: HostEventState, segments: readonly Seg[], played: number): CompletedMessage["summary"] {
  return segments.map((_, i) => {
    const now = state.current?.index === i ? Math.max(0, played - state.current.playedAtStart) : 0;
    return { ...ref(segments, i), playedSeconds: round((state.played.get(i) ?? 0) + now), completed: state.done.has(i) };
  });
}

/**
 * Feeds a player's snapshots to `hostEventsFor` and posts the messages to the parent window;
 * `summary()` reads the per-segment completion for the session's quality report.
 */
export function useHostEvents(segments: readonly Seg[] | null): {
  report: (s: PlayerSnapshot, sessionId?: string | null) => void;
  summary: () => CompletedMessage["summary"];
} {
  const state = useRef<HostEventState>(newHostEventState());
  const forSegments = useRef<readonly Seg[] | null>(null);
  const played = useRef(0);
  const report = useCallback(
    (s: PlayerSnapshot, sessionId: string | null = null) => {
      if (!segments) return;
      if (forSegments.current !== segments) {
        forSegments.current = segments;
        state.current = newHostEventState();
      }
      played.current = s.played;
      for (const m of hostEventsFor(state.current, segments, s, Date.now(), sessionId)) postToHost(m);
    },
    [segments],
  );
  const summary = useCallback(() => (segments ? segmentSummary(state.current, segments, played.current) : []), [segments]);
  return useMemo(() => ({ report, summary }), [report, summary]);
}
