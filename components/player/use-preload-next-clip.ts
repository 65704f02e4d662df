"use client";

import { useEffect, useRef } from "react";
import type { PlayerPhase } from "./reducer";
import type { PlayerSegment } from "./model";
import { isHlsUrl, sourceOf } from "./use-hls-source";

/** The next segment with a clip after `index`, to preload. */
function nextClip(segments: readonly PlayerSegment[], index: number, failedHls: ReadonlySet<string>): string | null {
  for (let i = index + 1; i < segments.length; i++) {
    const v = segments[i]!.video;
    if (!v) continue;
    const url = sourceOf(v, failedHls);
    return isHlsUrl(url) ? null : url; // a playlist is not preloaded by a bare element (nor its progressive twin, which will not play)
  }
  return null;
}

/**
 * Preloads the next clip off-document so the next segment starts without a stall; lets it go on
 * unmount. `failedHls`: HLS packages that failed in this player (their segments play the file).
 */
export function usePreloadNextClip(segments: readonly PlayerSegment[], index: number, phase: PlayerPhase, failedHls: ReadonlySet<string>): void {
  const preloader = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (phase === "completed") return;
    const url = nextClip(segments, phase === "preview" ? -1 : index, failedHls);
    if (!url) return;
    preloader.current ??= document.createElement("video");
    const p = preloader.current;
    if (p.getAttribute("src") === url) return;
    p.muted = true;
    p.preload = "auto";
    p.src = url;
    p.load();
  }, [index, phase, segments, failedHls]); // failedHls: one Set for the player's life
  useEffect(
    () => () => {
      preloader.current?.removeAttribute("src");
      preloader.current?.load();
    },
    [],
  );
}
