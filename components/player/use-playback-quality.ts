"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import type { PlayerSnapshot } from "./snapshot";

/**
 * Measures playback quality for the session record (PATCH/end/complete `quality`, the
 * PlaybackQuality schema): startup time (the member's start to the first frame playing), stalls
 * (a playing video waiting for data) and their total time, and errors by code. Media events do not
 * bubble, so they are caught on the document in the capture phase: no change to the player's
 * <video> elements is needed. Completion per segment comes from the host events' bookkeeping.
 */

export interface PlaybackQualityReport {
  startupMs: number | null;
  stalls: number;
  stallMs: number;
  errors: { code: string; count: number }[];
  segments: { index: number; plannedSeconds: number; playedSeconds: number; completed: boolean }[];
}

export interface QualityState {
  startAt: number | null;
  startupMs: number | null;
  stallStartedAt: number | null;
  stalls: number;
  stallMs: number;
  errors: Map<string, number>;
  /** Playing and not paused (stalls only count then). */
  active: boolean;
}

export function newQualityState(): QualityState {
  return { startAt: null, startupMs: null, stallStartedAt: null, stalls: 0, stallMs: 0, errors: new Map(), active: false };
}

/** A player snapshot: the start is the first move from preview to playing. */
export function qualityOnSnapshot(q: QualityState, s: PlayerSnapshot, now: number): void {
  if (s.phase === "playing" && q.startAt === null) q.startAt = now;
  const active = s.phase === "playing" && !s.paused;
  if (!active && q.stallStartedAt !== null) {
    // Paused or ended while stalled: the stall ends there.
    q.stallMs += now - q.stallStartedAt;
    q.stallStartedAt = null;
  }
  q.active = active;
}

/** A media event of the player's video: `playing` ends startup or a stall, `waiting` starts a stall, `error` counts. */
export function qualityOnMedia(q: QualityState, type: string, now: number): void {
  if (type === "playing") {
    if (q.startAt !== null && q.startupMs === null) q.startupMs = Math.max(0, Math.round(now - q.startAt));
    if (q.stallStartedAt !== null) {
      q.stallMs += now - q.stallStartedAt;
      q.stallStartedAt = null;
    }
  } else if (type === "waiting") {
    // Before the first frame it is startup, not a stall.
    if (q.active && q.startupMs !== null && q.stallStartedAt === null) {
      q.stalls++;
      q.stallStartedAt = now;
    }
  } else if (type === "error") {
    qualityOnError(q, "media_unavailable");
  }
}

export function qualityOnError(q: QualityState, code: string): void {
  q.errors.set(code, (q.errors.get(code) ?? 0) + 1);
}

export function qualityReport(q: QualityState, segments: PlaybackQualityReport["segments"], now: number): PlaybackQualityReport {
  const open = q.stallStartedAt !== null ? now - q.stallStartedAt : 0;
  return {
    startupMs: q.startupMs === null ? null : Math.min(600_000, q.startupMs),
    stalls: q.stalls,
    stallMs: Math.round(q.stallMs + open),
    errors: [...q.errors].slice(0, 20).map(([code, count]) => ({ code, count })),
    segments: segments.slice(0, 1000),
  };
}

/** Binds the measurements to the page's media and a player's snapshots. */
export function usePlaybackQuality(summary: () => { index: number; durationSeconds: number; playedSeconds: number; completed: boolean }[]) {
  const state = useRef<QualityState>(newQualityState());
  const summaryRef = useRef(summary);
  summaryRef.current = summary;
  useEffect(() => {
    const onMedia = (e: Event) => {
      if (e.target instanceof HTMLVideoElement) qualityOnMedia(state.current, e.type, performance.now());
    };
    for (const t of ["playing", "waiting", "error"]) document.addEventListener(t, onMedia, true);
    return () => {
      for (const t of ["playing", "waiting", "error"]) document.removeEventListener(t, onMedia, true);
    };
  }, []);
  const onSnapshot = useCallback((s: PlayerSnapshot) => qualityOnSnapshot(state.current, s, performance.now()), []);
  const noteError = useCallback((code: string) => qualityOnError(state.current, code), []);
  const report = useCallback(
    (): PlaybackQualityReport =>
      qualityReport(
        state.current,
        summaryRef.current().map((s) => ({
          index: s.index,
          plannedSeconds: Math.min(86_400, s.durationSeconds),
          playedSeconds: Math.min(86_400, s.playedSeconds),
          completed: s.completed,
        })),
        performance.now(),
      ),
    [],
  );
  return useMemo(() => ({ onSnapshot, noteError, report }), [onSnapshot, noteError, report]);
}
