"use client";

import { type Dispatch, useEffect } from "react";
import type { PlayerAction } from "./reducer";

const TICK_MS = 250;

/**
 * The clock: playback seconds advance (a TICK every 250 ms) only while playing and the clip is not
 * buffering. It starts again with each segment (`epoch`), so a segment entered between two ticks
 * is not credited with time spent in the one before (its cues would come early).
 */
export function usePlaybackClock(dispatch: Dispatch<PlayerAction>, playing: boolean, buffering: boolean, epoch: number): void {
  useEffect(() => {
    if (!playing || buffering) return;
    let last = performance.now();
    const id = window.setInterval(() => {
      const now = performance.now();
      dispatch({ type: "TICK", dt: (now - last) / 1000, epoch });
      last = now;
    }, TICK_MS);
    return () => {
      const now = performance.now();
      window.clearInterval(id);
      if (now - last > 20) dispatch({ type: "TICK", dt: (now - last) / 1000, epoch });
    };
  }, [playing, buffering, epoch, dispatch]); // dispatch never changes
}
